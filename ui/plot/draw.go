package plot

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"

	"golang.org/x/image/font"
	"golang.org/x/image/font/basicfont"
	"golang.org/x/image/math/fixed"
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
// the left, the histogram on the right, axes and labels, a title.
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
	label(img, 10, 18, title, ink)

	// Dots, with axes.
	for ms := sc.MSMin * 10; ms < sc.MSMax*0.999; ms *= 10 {
		hline(img, dots.Min.X, dots.Max.X, dots.Max.Y-int(sc.Y(ms)*float64(dots.Dy())), grey)
	}
	DrawDots(img.SubImage(dots).(*image.RGBA), s, sc)
	hline(img, dots.Min.X, dots.Max.X, dots.Max.Y, ink)
	vline(img, dots.Min.X-1, dots.Min.Y, dots.Max.Y, ink)
	label(img, 8, dots.Min.Y+10, fmtMS(sc.MSMax), ink)
	for ms := sc.MSMin * 10; ms < sc.MSMax*0.999; ms *= 10 {
		y := dots.Max.Y - int(sc.Y(ms)*float64(dots.Dy()))
		label(img, 8, y+4, fmtMS(ms), ink)
	}
	label(img, 8, dots.Max.Y, fmtMS(sc.MSMin), ink)
	label(img, dots.Min.X, dots.Max.Y+16, "0 s", ink)
	label(img, dots.Max.X-60, dots.Max.Y+16, fmtSeconds(sc.TMax), ink)
	label(img, dots.Min.X+dots.Dx()/2-60, dots.Max.Y+32, "latency over time (log scale)", ink)

	// Histogram: latency up (the same axis as the dots), count across.
	counts := s.Histogram(HistogramBins, sc)
	most := 1
	for _, c := range counts {
		most = max(most, c)
	}
	binH := float64(hist.Dy()) / float64(len(counts))
	for i, c := range counts {
		w := int(float64(c) / float64(most) * float64(hist.Dx()))
		y1 := hist.Max.Y - int(float64(i)*binH)
		y0 := hist.Max.Y - int(float64(i+1)*binH) + 1
		draw.Draw(img, image.Rect(hist.Min.X, y0, hist.Min.X+w, y1), image.NewUniform(OKColor), image.Point{}, draw.Src)
	}
	vline(img, hist.Min.X-1, hist.Min.Y, hist.Max.Y, ink)
	label(img, hist.Min.X, hist.Max.Y+16, "0", ink)
	label(img, hist.Max.X-50, hist.Max.Y+16, fmt.Sprint(most), ink)
	label(img, hist.Min.X, hist.Max.Y+32, "calls per latency", ink)
	return img
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

func label(img *image.RGBA, x, y int, s string, c color.Color) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: basicfont.Face7x13, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

func fmtMS(ms float64) string {
	switch {
	case ms >= 1000:
		return fmt.Sprintf("%.3g s", ms/1000)
	case ms >= 1:
		return fmt.Sprintf("%.3g ms", ms)
	}
	return fmt.Sprintf("%.3g µs", ms*1000)
}

func fmtSeconds(s float64) string { return fmt.Sprintf("%.3g s", s) }

// FmtMS formats a latency for axis labels.
func FmtMS(ms float64) string { return fmtMS(ms) }

// FmtSeconds formats a time for axis labels.
func FmtSeconds(s float64) string { return fmtSeconds(s) }
