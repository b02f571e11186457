package widgets

import (
	"image"
	"image/color"
	"math"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
)

// A monospace line that starts with Chinese is drawn on the same baseline
// as one that starts with a Latin letter, and whole: Fyne's painter set it
// on the CJK font's taller ascent, a few pixels low and cut at the bottom.
// It draws with the system's CJK font, as the window does.
func TestSetMonoTextDrawsHanOnTheMonospaceBaseline(t *testing.T) {
	if !i18n.SystemCanShow(i18n.SimplifiedChinese) {
		t.Skip("no font on this system has Chinese characters (fonts-noto-cjk)")
	}
	test.NewTempApp(t)
	const x, hanY, refY = 40, 10, 60
	for _, s := range []string{"中文", "直骨次 gjpqy", " 中文", "「引号」"} {
		t.Run(s, func(t *testing.T) {
			han := canvas.NewText("", color.White)
			han.TextStyle.Monospace = true
			SetMonoText(han, s, fyne.NewPos(x, hanY))
			if MonoText(han) != s {
				t.Errorf("MonoText = %q, want %q", MonoText(han), s)
			}
			// The same text after a Latin letter: the theme font's baseline.
			ref := canvas.NewText("x"+s, color.White)
			ref.TextStyle.Monospace = true
			ref.Move(fyne.NewPos(x-CharWidth(), refY))
			w := test.NewWindow(container.NewWithoutLayout(han, ref))
			defer w.Close()
			w.Resize(fyne.NewSize(300, 110))
			img := w.Canvas().Capture()
			lineH := int(MonoLineHeight()) + 4
			hanTop, hanBottom := inkRows(img, x, img.Bounds().Max.X, hanY-2, hanY+lineH)
			refTop, refBottom := inkRows(img, x, img.Bounds().Max.X, refY-2, refY+lineH)
			if top, _ := inkRows(img, 0, x, hanY-2, hanY+lineH); top >= 0 {
				t.Errorf("the anchor left of the text draws something, in row %d", top-hanY)
			}
			if hanTop < 0 || refTop < 0 {
				t.Fatalf("nothing drawn (rows %d, %d)", hanTop, refTop)
			}
			if hanTop-hanY != refTop-refY || hanBottom-hanY != refBottom-refY {
				t.Errorf("%q is drawn in rows %d–%d of its line, after a Latin letter in rows %d–%d",
					s, hanTop-hanY, hanBottom-hanY, refTop-refY, refBottom-refY)
			}
		})
	}
}

// inkRows is the first and last row in [y0, y1) with a pixel drawn in
// columns [x0, x1) (unlike the background at the picture's corner); -1, -1
// when none.
func inkRows(img image.Image, x0, x1, y0, y1 int) (top, bottom int) {
	bg := img.At(0, 0)
	top, bottom = -1, -1
	for y := y0; y < y1; y++ {
		for px := x0; px < x1; px++ {
			if img.At(px, y) != bg {
				if top < 0 {
					top = y
				}
				bottom = y
				break
			}
		}
	}
	return top, bottom
}

// Every line of a MonoLines, wrapped or not, starting with Chinese or not,
// is drawn on the monospace baseline: the log strip under the stderr list
// shows a selected line whole with it.
func TestMonoLinesDrawsEveryLineOnTheMonospaceBaseline(t *testing.T) {
	if !i18n.SystemCanShow(i18n.SimplifiedChinese) {
		t.Skip("no font on this system has Chinese characters (fonts-noto-cjk)")
	}
	test.NewTempApp(t)
	m := NewMonoLines()
	w := test.NewWindow(m)
	defer w.Close()
	w.SetPadded(false)
	w.Resize(fyne.NewSize(300, 200))
	pad := theme.InnerPadding()
	perLine := int((300 - 2*pad) / CharWidth())
	// The reference line starts with a letter, the second with Chinese,
	// the fourth is the wrapped end of the third.
	m.SetText("x中文 gjpqy\n中文 gjpqy\n" + strings.Repeat("x", perLine) + "中文 gjpqy")
	img := w.Canvas().Capture()
	if got := m.pieces(m.Size().Width); len(got) != 4 || got[3] != "中文 gjpqy" {
		t.Fatalf("the text makes lines %q at width %v", got, m.Size().Width)
	}
	band := func(i int) [2]int {
		// where the painter puts the line (it rounds up)
		y0 := int(math.Ceil(float64(pad + float32(i)*MonoLineHeight())))
		top, bottom := inkRows(img, 0, img.Bounds().Max.X, y0, y0+int(MonoLineHeight()))
		return [2]int{top - y0, bottom - y0}
	}
	for _, i := range []int{1, 3} {
		if got, want := band(i), band(0); got != want {
			t.Errorf("line %d is drawn in rows %d–%d of its line, the first line in rows %d–%d", i+1, got[0], got[1], want[0], want[1])
		}
	}
}
