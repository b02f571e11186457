package quality

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/uitest"
	"mcpbrowser/mcp/load"
)

// A run for a duration: the panel asks the runner for a duration and no
// count, the run ends by itself, and the figures and the saved JSON say how
// long it was meant to last.
func TestLoadPanelForADuration(t *testing.T) {
	a := uitest.NewSerialApp(t)
	var asked load.Options
	target := sleepyTarget(time.Millisecond, &asked)
	var p *LoadPanel
	onUI(func() {
		p = NewLoadPanel(a, t.Context(), target)
		p.Win.Show()
		if p.durationBox.Visible() || !p.countBox.Visible() {
			t.Error("the panel does not start with the count")
		}
		p.limit.SetSelected("For a duration")
		if !p.durationBox.Visible() || p.countBox.Visible() {
			t.Error("choosing a duration does not show its field instead of the count")
		}
		p.duration.SetText("soon")
		test.Tap(p.StartBtn)
		if p.run != nil || !strings.Contains(p.status.Text, "the duration must be") {
			t.Errorf("a bad duration: running %v, status %q", p.run != nil, p.status.Text)
		}
		p.Concurrency.SetText("2")
		p.duration.SetText("300ms")
		test.Tap(p.StartBtn)
	})
	deadline := time.Now().Add(30 * time.Second)
	for done := false; !done; time.Sleep(20 * time.Millisecond) {
		onUI(func() { done = p.run == nil && p.summary.Calls > 0 && !p.StartBtn.Disabled() })
		if time.Now().After(deadline) {
			t.Fatal("the run did not end")
		}
	}
	if asked.Duration != 300*time.Millisecond || asked.Requests != 0 || asked.Concurrency != 2 {
		t.Errorf("the runner was asked for %+v, want 300ms at concurrency 2 and no count", asked)
	}
	var figures, status string
	var calls int
	var span float64
	onUI(func() {
		figures, status, calls, span = p.figures.Text, p.status.Text, p.summary.Calls, p.plot.Series.Span
	})
	if span != 0.3 {
		t.Errorf("the plot's time axis spans %v s, want the run's 0.3", span)
	}
	if !strings.Contains(figures, "calls in") || !strings.Contains(figures, "s of 300ms") || strings.Contains(figures, " of 0 calls") {
		t.Errorf("figures:\n%s", figures)
	}
	if !strings.HasPrefix(status, "Done:") {
		t.Errorf("status %q", status)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	var err error
	onUI(func() { err = p.saveTo(path, "json") })
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var saved struct {
		DurationS float64 `json:"durationS"`
		Requests  *int    `json:"requests"`
		Calls     []any   `json:"calls"`
	}
	if err := json.Unmarshal(data, &saved); err != nil || saved.DurationS != 0.3 || saved.Requests != nil || len(saved.Calls) != calls {
		t.Errorf("saved %s (%v)", data, err)
	}
}

// sleepyTarget is a tool whose every call takes d and succeeds; asked, if
// set, gets the options of the last run started.
func sleepyTarget(d time.Duration, asked *load.Options) LoadTarget {
	return LoadTarget{Server: "srv", Tool: "echo", Note: "test calls.",
		Start: func(ctx context.Context, opts load.Options) (*load.Run, error) {
			if asked != nil {
				*asked = opts
			}
			return load.Start(ctx, opts, func(context.Context, int) load.Outcome {
				time.Sleep(d)
				return load.Outcome{}
			}), nil
		}}
}

// A run in the panel: the plot gets every call, the figures are shown, and
// the run saves as CSV, JSON and PNG.
func TestLoadPanel(t *testing.T) {
	a := uitest.NewSerialApp(t)
	calls := 0
	target := sleepyTarget(200*time.Microsecond, nil)
	var p *LoadPanel
	onUI(func() {
		p = NewLoadPanel(a, t.Context(), target)
		p.Win.Show()
		p.Concurrency.SetText("3")
		p.Count.SetText("500")
		test.Tap(p.StartBtn)
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
		if p.saveBtns[0].Disabled() || !p.stopBtn.Disabled() || p.StartBtn.Disabled() {
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
		p.Count.SetText("lots")
		test.Tap(p.StartBtn)
		if !strings.Contains(p.status.Text, "whole number") {
			t.Errorf("a bad count says %q", p.status.Text)
		}
	})
}
