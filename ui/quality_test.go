package ui

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"log"
	"mcpbrowser/ui/widgets"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/lint"
)

func TestQualityMarks(t *testing.T) {
	rep := lint.Report{Findings: []lint.Finding{
		{Rule: "desc-arg-missing", Severity: lint.Info, Kind: lint.KindTool, Target: "a"},
		{Rule: "desc-missing", Severity: lint.Warning, Kind: lint.KindTool, Target: "a"},
		{Rule: "name-chars", Severity: lint.Error, Kind: lint.KindTool, Target: "b"},
		{Rule: "desc-arg-missing", Severity: lint.Info, Kind: lint.KindTool, Target: "c"},
		{Rule: "annot-none", Severity: lint.Info, Kind: lint.KindServer},
	}}
	marks := qualityMarks(rep)
	tests := []struct {
		tool  string
		count int
		worst lint.Severity
		text  string
	}{
		{"a", 2, lint.Warning, "2 issues"},
		{"b", 1, lint.Error, "1 issue"},
		{"c", 1, lint.Info, "1 note"},
		{"d", 0, "", ""},
	}
	for _, tt := range tests {
		m := marks[tt.tool]
		if m.count != tt.count || m.worst != tt.worst || (tt.count > 0 && m.badgeText() != tt.text) {
			t.Errorf("%s: %+v (%q), want %d %s %q", tt.tool, m, m.badgeText(), tt.count, tt.worst, tt.text)
		}
	}
	if len(marks) != 3 {
		t.Errorf("server findings have no tool badge: %+v", marks)
	}
}

// The tool list shows a badge with the count of findings beside the tools
// that have any, and none beside the others.
func TestToolListQualityBadge(t *testing.T) {
	test.NewTempApp(t)
	l := newToolList(func(*sdk.Tool) {})
	w := test.NewTempWindow(t, l.root)
	w.Resize(fyne.NewSize(400, 400))
	l.setTools("s", []*sdk.Tool{{Name: "good"}, {Name: "bad"}})
	l.setQuality(map[string]qualityMark{"bad": {count: 3, worst: lint.Warning}})
	text := shownText(l.root)
	if !strings.Contains(text, "3 issues") || strings.Count(text, "issue") != 1 {
		t.Fatalf("list shows:\n%s", text)
	}
	l.setQuality(nil)
	if text := shownText(l.root); strings.Contains(text, "issue") {
		t.Fatalf("badge left after the findings went:\n%s", text)
	}
}

// The report groups findings by rule, says each rule's why once, and each
// tool is a link that opens the tool.
func TestLintReportWindow(t *testing.T) {
	a := test.NewTempApp(t)
	rep := lint.Run(lint.Surface{Server: "srv", Tools: []lint.Tool{
		{Name: "one", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "two", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}})
	var opened []string
	win := newLintReport(a, rep, func(name string) { opened = append(opened, name) })
	defer win.Close()
	text := shownText(win.Content())
	rule, _ := lint.Lookup("desc-missing")
	for _, want := range []string{"srv:", rule.Title + " (2)", rule.ID, rule.Why, "Cost: about"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, rule.Why) != 1 {
		t.Errorf("the why is shown %d times", strings.Count(text, rule.Why))
	}
	b := findButton(win.Content(), "two")
	if b == nil {
		t.Fatalf("no link to tool two:\n%s", text)
	}
	test.Tap(b)
	if len(opened) != 1 || opened[0] != "two" {
		t.Fatalf("opened %v", opened)
	}
}

// A run in the panel: the plot gets every call, the figures are shown, and
// the run saves as CSV, JSON and PNG.
func TestLoadPanel(t *testing.T) {
	a := newSerialApp(t)
	calls := 0
	target := sleepyTarget(200*time.Microsecond, nil)
	var p *loadPanel
	onUI(func() {
		p = newLoadPanel(a, t.Context(), target)
		p.win.Show()
		p.concurrency.SetText("3")
		p.count.SetText("500")
		test.Tap(p.startBtn)
	})
	deadline := time.Now().Add(30 * time.Second)
	for {
		var done bool
		onUI(func() { done = p.run == nil && p.summary.Calls == 500 })
		if done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the run did not end")
		}
		time.Sleep(20 * time.Millisecond)
	}
	var figures string
	onUI(func() {
		figures = p.figures.Text
		calls = p.plot.Series.Len()
		if p.saveBtns[0].Disabled() || !p.stopBtn.Disabled() || p.startBtn.Disabled() {
			t.Error("buttons not back to idle after the run")
		}
	})
	if calls != 500 || !strings.Contains(figures, "500 of 500 calls") || !strings.Contains(figures, "p99") || !strings.Contains(figures, "errors: none") {
		t.Fatalf("plot has %d calls; figures:\n%s", calls, figures)
	}
	dir := t.TempDir()
	for _, kind := range []string{"csv", "json", "png"} {
		path := filepath.Join(dir, "run."+kind)
		var err error
		onUI(func() { err = p.saveTo(path, kind) })
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		f, _ := os.Open(path)
		switch kind {
		case "csv":
			rows, err := csv.NewReader(f).ReadAll()
			if err != nil || len(rows) != 501 || rows[0][2] != "latency_ms" {
				t.Errorf("csv: %d rows, %v", len(rows), err)
			}
		case "json":
			var v struct {
				Calls   []struct{ LatencyMs float64 }
				Summary struct{ Calls int }
			}
			if err := json.NewDecoder(f).Decode(&v); err != nil || len(v.Calls) != 500 || v.Summary.Calls != 500 {
				t.Errorf("json: %d calls, %v", len(v.Calls), err)
			}
		case "png":
			img, err := png.Decode(f)
			if err != nil || img.Bounds().Dx() != 1200 {
				t.Errorf("png: %v", err)
			}
		}
		f.Close()
	}
	onUI(func() {
		p.count.SetText("lots")
		test.Tap(p.startBtn)
		if !strings.Contains(p.status.Text, "whole number") {
			t.Errorf("a bad count says %q", p.status.Text)
		}
	})
}

// Run N times… on the demo server's echo opens the panel, and a run there
// calls a process of its own and ends with figures.
func TestRunManyTimesOnDemo(t *testing.T) {
	s := newShell(t, map[string]map[string]any{"demo": demoEntry()})
	s.pickTool("demo", "echo")
	onUI(func() {
		if err := s.w.form.Load(json.RawMessage(`{"message":"hi"}`)); err != nil {
			t.Error(err)
		}
		b := findButton(s.w.win.Content(), "Run N times…")
		if b == nil {
			t.Fatal("no Run N times… button")
		}
		test.Tap(b)
	})
	var panel fyne.Window
	onUI(func() {
		for _, w := range s.app.Driver().AllWindows() {
			if strings.HasPrefix(w.Title(), "Run echo many times") {
				panel = w
			}
		}
	})
	if panel == nil {
		t.Fatal("no panel window")
	}
	onUI(func() {
		c := panel.Content()
		setEntries(c, "2", "200")
		test.Tap(findButton(c, "Start"))
	})
	s.waitFor("the run's end", func() bool { return strings.Contains(shownText(panel.Content()), "Done: 200 calls") })
	text := shownText(panel.Content())
	if !strings.Contains(text, "errors: none") || !strings.Contains(text, "server peak memory") {
		t.Fatalf("panel:\n%s", text)
	}
	onUI(panel.Close)
}

// setEntries types into the first two entries of o: concurrency and count.
func setEntries(o fyne.CanvasObject, values ...string) {
	var entries []*widget.Entry
	var walk func(fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch v := o.(type) {
		case *widget.Entry:
			entries = append(entries, v)
		case *widgets.Entry:
			entries = append(entries, &v.Entry)
		case *fyne.Container:
			for _, c := range v.Objects {
				walk(c)
			}
		}
	}
	walk(o)
	for i, v := range values {
		if i < len(entries) {
			entries[i].SetText(v)
		}
	}
}

// The quality badge's words are made in the person's language; showing them
// must not look them up again as a key (Fyne logs "Translation failure"
// for "1 条提示"), while the fixed badges are translated.
func TestBadgeTextTranslatesOnlyTheFixedBadges(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	var logged bytes.Buffer
	log.SetOutput(&logged)
	t.Cleanup(func() { log.SetOutput(os.Stderr) })
	note := qualityMark{count: 1, worst: lint.Info}.badgeText()
	if i18n.HasLatinLetter(note) {
		t.Fatalf("quality badge in Chinese = %q", note)
	}
	for _, tt := range []struct{ label, want string }{
		{note, note},
		{badgeReadOnly.Label, lang.L("read-only")},
		{"", ""},
	} {
		if got := widgets.BadgeText(tt.label); got != tt.want {
			t.Errorf("badgeText(%q) = %q, want %q", tt.label, got, tt.want)
		}
	}
	if got := widgets.BadgeText(badgeReadOnly.Label); got == "read-only" {
		t.Errorf("the read-only badge stayed English: %q", got)
	}
	if strings.Contains(logged.String(), "Translation failure") {
		t.Errorf("a badge was looked up as a key:\n%s", logged.String())
	}
}
