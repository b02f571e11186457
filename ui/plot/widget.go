package plot

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A Latency is the plot widget: dots of latency over time on the left, the
// histogram on the right. Call Add (on the UI goroutine) with new samples,
// at most once a frame; the panel batches them.
type Latency struct {
	widget.BaseWidget
	Series Series
	scale  Scale
}

// NewLatency makes an empty plot.
func NewLatency() *Latency {
	p := &Latency{}
	p.scale = p.Series.Scale()
	p.ExtendBaseWidget(p)
	return p
}

// Update rescales and redraws after the series changed.
func (p *Latency) Update() {
	p.scale = p.Series.Scale()
	p.Refresh()
}

func (p *Latency) CreateRenderer() fyne.WidgetRenderer {
	r := &latencyRenderer{p: p}
	r.dots = canvas.NewRaster(r.drawDots)
	r.dots.ScaleMode = canvas.ImageScalePixels
	fg := theme.Color(theme.ColorNameForeground)
	r.frame = canvas.NewRectangle(color.Transparent)
	r.frame.StrokeColor = theme.Color(theme.ColorNameSeparator)
	r.frame.StrokeWidth = 1
	r.histFrame = canvas.NewRectangle(color.Transparent)
	r.histFrame.StrokeColor = r.frame.StrokeColor
	r.histFrame.StrokeWidth = 1
	for i := range r.labels {
		r.labels[i] = canvas.NewText("", fg)
		r.labels[i].TextSize = theme.CaptionTextSize()
	}
	for i := range r.decades {
		r.decades[i] = canvas.NewText("", fg)
		r.decades[i].TextSize = theme.CaptionTextSize()
	}
	r.bars = make([]*canvas.Rectangle, HistogramBins)
	for i := range r.bars {
		r.bars[i] = canvas.NewRectangle(OKColor)
	}
	r.objects = []fyne.CanvasObject{r.frame, r.dots, r.histFrame}
	for _, b := range r.bars {
		r.objects = append(r.objects, b)
	}
	for _, l := range r.labels {
		r.objects = append(r.objects, l)
	}
	for _, l := range r.decades {
		r.objects = append(r.objects, l)
	}
	r.Refresh()
	return r
}

// The labels, by index.
const (
	labelYMax = iota
	labelY0
	labelT0
	labelTMax
	labelCaption
	labelHistMax
	labelHistCaption
	labelCount
)

type latencyRenderer struct {
	p         *Latency
	frame     *canvas.Rectangle
	dots      *canvas.Raster
	histFrame *canvas.Rectangle
	bars      []*canvas.Rectangle
	labels    [labelCount]*canvas.Text
	decades   [maxDecades]*canvas.Text // the latency axis's labels between the ends
	objects   []fyne.CanvasObject
	size      fyne.Size

	img *image.RGBA // reused between frames
}

const axisW, axisH = 56, 34

// maxDecades is the most latency labels drawn between the axis's ends.
const maxDecades = 8

func (r *latencyRenderer) areas(size fyne.Size) (dots, hist rect) {
	histW := max(size.Width/4, 80)
	dots = rect{Pos: fyne.NewPos(axisW, 4), Size: fyne.NewSize(max(size.Width-axisW-histW-16, 10), max(size.Height-axisH-4, 10))}
	hist = rect{Pos: fyne.NewPos(size.Width-histW, 4), Size: fyne.NewSize(histW, dots.Size.Height)}
	return dots, hist
}

func (r *latencyRenderer) Layout(size fyne.Size) {
	r.size = size
	dots, hist := r.areas(size)
	r.frame.Move(dots.Pos)
	r.frame.Resize(dots.Size)
	r.dots.Move(dots.Pos)
	r.dots.Resize(dots.Size)
	r.histFrame.Move(hist.Pos)
	r.histFrame.Resize(hist.Size)
	r.layoutBars(hist)
	r.layoutLabels(dots, hist)
}

func (r *latencyRenderer) layoutBars(hist rect) {
	counts := r.p.Series.Histogram(HistogramBins, r.p.scale)
	most := 1
	for _, c := range counts {
		most = max(most, c)
	}
	binH := hist.Size.Height / float32(len(counts))
	for i, b := range r.bars {
		w := float32(counts[i]) / float32(most) * hist.Size.Width
		b.Move(fyne.NewPos(hist.Pos.X, hist.Pos.Y+hist.Size.Height-float32(i+1)*binH+0.5))
		b.Resize(fyne.NewSize(w, max(binH-1, 1)))
	}
	r.labels[labelHistMax].Text = itoa(most)
}

func (r *latencyRenderer) layoutLabels(dots, hist rect) {
	sc := r.p.scale
	l := r.labels
	l[labelYMax].Text = FmtMS(sc.MSMax)
	l[labelY0].Text = FmtMS(sc.MSMin)
	l[labelT0].Text = FmtSeconds(0)
	l[labelTMax].Text = FmtSeconds(sc.TMax)
	l[labelCaption].Text = lang.L("latency of each call over time (log scale)")
	l[labelHistCaption].Text = lang.L("calls per latency")
	right := func(t *canvas.Text, x, y float32) {
		m := t.MinSize()
		t.Move(fyne.NewPos(x-m.Width, y-m.Height/2))
	}
	right(l[labelYMax], dots.Pos.X-4, dots.Pos.Y+6)
	// A label at each whole decade between the ends.
	n := int(math.Round(math.Log10(sc.MSMax / sc.MSMin)))
	for i, t := range r.decades {
		if i+1 >= n {
			t.Hide()
			continue
		}
		ms := sc.MSMin * math.Pow(10, float64(i+1))
		t.Text = FmtMS(ms)
		t.Color = theme.Color(theme.ColorNameForeground)
		t.Show()
		right(t, dots.Pos.X-4, dots.Pos.Y+dots.Size.Height*float32(1-sc.Y(ms)))
		t.Resize(t.MinSize())
	}
	right(l[labelY0], dots.Pos.X-4, dots.Pos.Y+dots.Size.Height-6)
	below := dots.Pos.Y + dots.Size.Height + 2
	l[labelT0].Move(fyne.NewPos(dots.Pos.X, below))
	right(l[labelTMax], dots.Pos.X+dots.Size.Width, below+l[labelTMax].MinSize().Height/2)
	c := l[labelCaption].MinSize()
	l[labelCaption].Move(fyne.NewPos(dots.Pos.X+(dots.Size.Width-c.Width)/2, below+c.Height-2))
	l[labelHistMax].Move(fyne.NewPos(hist.Pos.X+hist.Size.Width-l[labelHistMax].MinSize().Width, below))
	hc := l[labelHistCaption].MinSize()
	l[labelHistCaption].Move(fyne.NewPos(hist.Pos.X+(hist.Size.Width-hc.Width)/2, below+hc.Height-2))
	for _, t := range l {
		t.Resize(t.MinSize())
	}
}

// drawDots is the raster's generator: the dots at the raster's pixel size.
func (r *latencyRenderer) drawDots(w, h int) image.Image {
	if r.img == nil || r.img.Bounds().Dx() != w || r.img.Bounds().Dy() != h {
		r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	} else {
		clear(r.img.Pix)
	}
	DrawDots(r.img, &r.p.Series, r.p.scale)
	return r.img
}

func (r *latencyRenderer) MinSize() fyne.Size { return fyne.NewSize(360, 200) }

func (r *latencyRenderer) Refresh() {
	fg := theme.Color(theme.ColorNameForeground)
	for _, t := range r.labels {
		t.Color = fg
	}
	if r.size.Width > 0 {
		r.Layout(r.size)
	}
	for _, o := range r.objects {
		o.Refresh()
	}
}

func (r *latencyRenderer) Objects() []fyne.CanvasObject { return r.objects }
func (r *latencyRenderer) Destroy()                     {}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

type rect struct {
	Pos  fyne.Position
	Size fyne.Size
}
