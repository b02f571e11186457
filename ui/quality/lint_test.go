package quality

import (
	"bytes"
	"encoding/json"
	"log"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/ui/widgets"
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

// The report groups findings by rule, says each rule's why once, and each
// tool is a link that opens the tool.
func TestLintReportWindow(t *testing.T) {
	a := test.NewTempApp(t)
	rep := lint.Run(lint.Surface{Server: "srv", Tools: []lint.Tool{
		{Name: "one", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "two", InputSchema: json.RawMessage(`{"type":"object"}`)},
	}})
	var opened []string
	win := NewLintReport(a, rep, func(name string) { opened = append(opened, name) })
	defer win.Close()
	text := uitest.ShownText(win.Content())
	rule, _ := lint.Lookup("desc-missing")
	for _, want := range []string{"srv:", rule.Title + " (2)", rule.ID, rule.Why, "Cost: about"} {
		if !strings.Contains(text, want) {
			t.Errorf("report lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, rule.Why) != 1 {
		t.Errorf("the why is shown %d times", strings.Count(text, rule.Why))
	}
	b := uitest.FindButton(win.Content(), "two")
	if b == nil {
		t.Fatalf("no link to tool two:\n%s", text)
	}
	test.Tap(b)
	if len(opened) != 1 || opened[0] != "two" {
		t.Fatalf("opened %v", opened)
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
	// The tool list's read-only badge (ui/toolform), a fixed one.
	readOnly := widgets.Badge{Label: "read-only", Color: theme.ColorNameSuccess, Key: true}
	if i18n.HasLatinLetter(note) {
		t.Fatalf("quality badge in Chinese = %q", note)
	}
	for _, tt := range []struct {
		badge widgets.Badge
		want  string
	}{
		{widgets.Badge{Label: note}, note},
		{readOnly, lang.L("read-only")},
		{widgets.Badge{}, ""},
	} {
		if got := widgets.BadgeText(tt.badge); got != tt.want {
			t.Errorf("BadgeText(%q) = %q, want %q", tt.badge.Label, got, tt.want)
		}
	}
	if got := widgets.BadgeText(readOnly); got == "read-only" {
		t.Errorf("the read-only badge stayed English: %q", got)
	}
	if strings.Contains(logged.String(), "Translation failure") {
		t.Errorf("a badge was looked up as a key:\n%s", logged.String())
	}
}
