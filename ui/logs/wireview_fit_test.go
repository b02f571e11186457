package logs

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

func TestFitTextCutsToWidth(t *testing.T) {
	test.NewTempApp(t)
	size := theme.TextSize()
	long := "GET http://127.0.0.1:18099/v1/pets?limit=20 → 200 OK"
	full := fyne.MeasureText(long, size, fyne.TextStyle{Monospace: true}).Width
	cases := []struct {
		width   float32
		cut     bool
		wantAll bool
	}{
		{full + 10, false, true},
		{full / 2, true, false},
		{1, true, false},
	}
	for _, c := range cases {
		got := fitText(long, c.width, size, fyne.TextStyle{Monospace: true})
		if c.wantAll && got != long {
			t.Errorf("width %v: %q cut though it fits", c.width, got)
		}
		if c.cut {
			if !strings.HasSuffix(got, "…") || !strings.HasPrefix(long, strings.TrimSuffix(got, "…")) {
				t.Errorf("width %v: %q is not a cut of the text", c.width, got)
			}
			if w := fyne.MeasureText(got, size, fyne.TextStyle{Monospace: true}).Width; w > c.width && got != "…" {
				t.Errorf("width %v: %q is %v wide", c.width, got, w)
			}
		}
	}
}
