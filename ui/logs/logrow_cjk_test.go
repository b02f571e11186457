package logs

import (
	"image"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/transport"
)

// A stderr or messages row whose text starts with Chinese (the app's own
// lines in the Chinese window, a server writing Chinese) is drawn on the
// same baseline as one that starts with a Latin letter, and whole. Fyne set
// such a line on the CJK font's taller ascent: a few pixels low, its bottom
// cut off. Drawn with the system's CJK font, as the window does.
func TestLogRowsDrawChineseOnTheMonospaceBaseline(t *testing.T) {
	if !i18n.SystemCanShow(i18n.SimplifiedChinese) {
		t.Skip("no font on this system has Chinese characters (fonts-noto-cjk)")
	}
	test.NewTempApp(t)
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	rows := map[string]func(text string, wrap bool) fyne.CanvasObject{
		"stderr": func(text string, wrap bool) fyne.CanvasObject {
			r := newLogRow()
			r.wrap = wrap
			r.set(transport.LogEntry{Kind: transport.LogStderr, Time: at, Text: text})
			return r
		},
		// The tag before the text: "应用" for the app's lines in Chinese, or
		// a server's own word for a level.
		"stderr tag": func(text string, wrap bool) fyne.CanvasObject {
			r := newLogRow()
			r.wrap = wrap
			r.set(transport.LogEntry{Kind: transport.LogMessage, Level: text, Time: at, Text: "x"})
			return r
		},
		"messages": func(text string, wrap bool) fyne.CanvasObject {
			r := newWireRow()
			r.wrap = wrap
			r.set(transport.WireEntry{Dir: transport.Received, Time: at, Summary: text, Size: 10})
			return r
		},
	}
	for name, row := range rows {
		for _, wrap := range []bool{false, true} {
			han, ref := inkOfRow(t, row("中文 gjpqy", wrap)), inkOfRow(t, row("x中文 gjpqy", wrap))
			if han != ref {
				t.Errorf("%s (wrap %v): a line starting with Chinese has ink in rows %d–%d, one starting with a letter in rows %d–%d",
					name, wrap, han[0], han[1], ref[0], ref[1])
			}
		}
	}
}

// inkOfRow draws row alone, one line high, and says which rows of it hold
// something drawn.
func inkOfRow(t *testing.T, row fyne.CanvasObject) [2]int {
	t.Helper()
	w := test.NewWindow(row)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(400, row.MinSize().Height+6))
	img := w.Canvas().Capture()
	return inkRowsOf(img)
}

// inkRowsOf is the first and last row with a pixel unlike the picture's
// top-left corner; -1, -1 when none.
func inkRowsOf(img image.Image) [2]int {
	bg := img.At(0, 0)
	out := [2]int{-1, -1}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.At(x, y) != bg {
				if out[0] < 0 {
					out[0] = y
				}
				out[1] = y
				break
			}
		}
	}
	return out
}
