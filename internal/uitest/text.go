package uitest

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/ui/widgets"
)

// ShownText is the text a person can see in o: visible labels, entries,
// buttons, rich text and text grids, one per line.
func ShownText(o fyne.CanvasObject) string {
	var b strings.Builder
	collectText(o, &b)
	return b.String()
}

func collectText(o fyne.CanvasObject, b *strings.Builder) {
	if o == nil || !o.Visible() {
		return
	}
	line := func(s string) {
		if s != "" {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	if e, ok := o.(*widgets.Entry); ok {
		o = &e.Entry // what the person sees of it is an entry's
	}
	switch v := o.(type) {
	case *widget.Label:
		line(v.Text)
		return
	case *widget.Entry:
		if v.Password {
			line(strings.Repeat("•", len([]rune(v.Text))))
		} else {
			line(v.Text)
		}
		return
	case *widget.RichText:
		line(v.String())
		return
	case *widget.TextGrid:
		line(v.Text())
		return
	case *widget.Hyperlink:
		line(v.Text)
		return
	case *canvas.Text:
		line(v.Text)
		return
	case *fyne.Container:
		for _, c := range v.Objects {
			collectText(c, b)
		}
		return
	case fyne.Widget:
		if btn, ok := v.(*widget.Button); ok {
			line(btn.Text)
			return
		}
		if btn, ok := v.(*widgets.Button); ok {
			line(btn.Text)
			return
		}
		for _, c := range test.WidgetRenderer(v).Objects() {
			collectText(c, b)
		}
	}
}
