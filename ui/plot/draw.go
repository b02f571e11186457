package plot

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"os"
	"strings"

	"fyne.io/fyne/v2/lang"
	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"mcpbrowser/internal/i18n"
)

// Colours of the dots.
var (
	OKColor   = color.NRGBA{R: 0x29, G: 0x79, B: 0xff, A: 0xff}
	FailColor = color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xff}
)

// DrawDots draws every point into img (its whole bounds is the plot area):
// time across, latency up, each call a 2×2 dot. With 10,000 calls this is a
// few milliseconds, cheap enough for every frame.
func DrawDots(img *image.RGBA, s *Series, sc Scale) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w < 2 || h < 2 || sc.TMax <= 0 || sc.MSMax <= sc.MSMin {
		return
	}
	for _, p := range s.Points {
		x := int(p.T / sc.TMax * float64(w-2))
		y := h - 2 - int(sc.Y(p.MS)*float64(h-2))
		x, y = min(max(x, 0), w-2), min(max(y, 0), h-2)
		c := OKColor
		if p.Failed {
			c = FailColor
		}
		i := img.PixOffset(b.Min.X+x, b.Min.Y+y)
		setPix(img.Pix[i:], c)
		setPix(img.Pix[i+4:], c)
		i += img.Stride
		setPix(img.Pix[i:], c)
		setPix(img.Pix[i+4:], c)
	}
}

func setPix(p []uint8, c color.NRGBA) {
	p[0], p[1], p[2], p[3] = c.R, c.G, c.B, c.A
}

// Render draws the whole picture for saving as PNG: the dots over time on
// the left, the histogram on the right, axes and labels, a title. Its words
// and units are the window's (lang); text beyond ASCII is drawn with a
// system font that has it (pngFace).
func Render(s *Series, title string, width, height int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	ink := color.NRGBA{0x30, 0x30, 0x30, 0xff}
	grey := color.NRGBA{0xc0, 0xc0, 0xc0, 0xff}
	sc := s.Scale()
	const left, top, bottom, gap = 70, 30, 40, 50
	histW := width / 4
	dots := image.Rect(left, top, width-histW-gap, height-bottom)
	hist := image.Rect(width-histW-10, top, width-10, height-bottom)
	counts := s.Histogram(HistogramBins, sc)
	most := 1
	for _, c := range counts {
		most = max(most, c)
	}
	labels := renderLabels(sc, title, most, dots, hist)
	var all strings.Builder
	for _, l := range labels {
		all.WriteString(l.text)
	}
	face, done := pngFace(all.String())
	defer done()

	// Dots, with axes.
	for ms := sc.MSMin * 10; ms < sc.MSMax*0.999; ms *= 10 {
		hline(img, dots.Min.X, dots.Max.X, dots.Max.Y-int(sc.Y(ms)*float64(dots.Dy())), grey)
	}
	DrawDots(img.SubImage(dots).(*image.RGBA), s, sc)
	hline(img, dots.Min.X, dots.Max.X, dots.Max.Y, ink)
	vline(img, dots.Min.X-1, dots.Min.Y, dots.Max.Y, ink)

	// Histogram: latency up (the same axis as the dots), count across.
	binH := float64(hist.Dy()) / float64(len(counts))
	for i, c := range counts {
		w := int(float64(c) / float64(most) * float64(hist.Dx()))
		y1 := hist.Max.Y - int(float64(i)*binH)
		y0 := hist.Max.Y - int(float64(i+1)*binH) + 1
		draw.Draw(img, image.Rect(hist.Min.X, y0, hist.Min.X+w, y1), image.NewUniform(OKColor), image.Point{}, draw.Src)
	}
	vline(img, hist.Min.X-1, hist.Min.Y, hist.Max.Y, ink)
	for _, l := range labels {
		label(img, face, l.x, l.y, l.text, ink)
	}
	return img
}

// A placedLabel is one text of the PNG and where its baseline starts.
type placedLabel struct {
	x, y int
	text string
}

// renderLabels are the PNG's texts: the title, the latency and time axes,
// the histogram's count axis, and the two captions.
func renderLabels(sc Scale, title string, most int, dots, hist image.Rectangle) []placedLabel {
	ls := []placedLabel{{10, 18, title}, {8, dots.Min.Y + 10, FmtMS(sc.MSMax)}}
	for ms := sc.MSMin * 10; ms < sc.MSMax*0.999; ms *= 10 {
		ls = append(ls, placedLabel{8, dots.Max.Y - int(sc.Y(ms)*float64(dots.Dy())) + 4, FmtMS(ms)})
	}
	return append(ls,
		placedLabel{8, dots.Max.Y, FmtMS(sc.MSMin)},
		placedLabel{dots.Min.X, dots.Max.Y + 16, FmtSeconds(0)},
		placedLabel{dots.Max.X - 60, dots.Max.Y + 16, FmtSeconds(sc.TMax)},
		placedLabel{dots.Min.X + dots.Dx()/2 - 60, dots.Max.Y + 32, lang.L("latency of each call over time (log scale)")},
		placedLabel{hist.Min.X, hist.Max.Y + 16, "0"},
		placedLabel{hist.Max.X - 50, hist.Max.Y + 16, fmt.Sprint(most)},
		placedLabel{hist.Min.X, hist.Max.Y + 32, lang.L("calls per latency")})
}

// HistogramBins is the number of bars.
const HistogramBins = 30

func hline(img *image.RGBA, x0, x1, y int, c color.Color) {
	for x := x0; x < x1; x++ {
		img.Set(x, y, c)
	}
}

func vline(img *image.RGBA, x, y0, y1 int, c color.Color) {
	for y := y0; y <= y1; y++ {
		img.Set(x, y, c)
	}
}

func label(img *image.RGBA, face font.Face, x, y int, s string, c color.Color) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// pngFace is a face that can draw text: the small bitmap font for ASCII,
// else a system font that has every character (a CJK one for Chinese), at
// the bitmap font's size. Without one, the bitmap font leaves the other
// characters out. done frees the font.
func pngFace(text string) (face font.Face, done func()) {
	fallback := font.Face(basicfont.Face7x13)
	if !needsSystemFont(text) {
		return fallback, func() {}
	}
	file, index, ok := i18n.FontFileFor(text)
	if !ok {
		return fallback, func() {}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return fallback, func() {}
	}
	coll, err := sfnt.ParseCollection(data)
	if err != nil {
		return fallback, func() {}
	}
	f, err := coll.Font(index)
	if err != nil {
		return fallback, func() {}
	}
	face, err = opentype.NewFace(f, &opentype.FaceOptions{Size: 12, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return fallback, func() {}
	}
	return face, func() { face.Close() }
}

func needsSystemFont(s string) bool {
	for _, r := range s {
		if r > 0x7e && r != 'µ' {
			return true
		}
	}
	return false
}

// FmtMS formats a latency for axis labels, in the window's language.
func FmtMS(ms float64) string {
	switch {
	case ms >= 1000:
		return lang.L("{{.N}} s", map[string]any{"N": fmt.Sprintf("%.3g", ms/1000)})
	case ms >= 1:
		return lang.L("{{.N}} ms", map[string]any{"N": fmt.Sprintf("%.3g", ms)})
	}
	return lang.L("{{.N}} µs", map[string]any{"N": fmt.Sprintf("%.3g", ms*1000)})
}

// FmtSeconds formats a time for axis labels, in the window's language.
func FmtSeconds(s float64) string {
	return lang.L("{{.N}} s", map[string]any{"N": fmt.Sprintf("%.3g", s)})
}
