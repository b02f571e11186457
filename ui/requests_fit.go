package ui

import (
	"mcpbrowser/ui/widgets"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// The inline requests at 1024×640 (docs/window.md): a request takes most of
// the detail column while it waits (widgets.Detail's Urgent), its answer
// part is compact, and when it comes on show the answer's field and buttons
// are scrolled into view with the keyboard in its first field, so the
// person never has to look for them.

// samplingReplyRows is how many lines the reply field shows; it grows no
// further (it scrolls), so the buttons under it stay in view.
const samplingReplyRows = 3

// samplingAnswer is the bottom of a sampling request: "Your reply" with the
// model name to report on the same line, the reply, then Send and Reject
// with the note beside them.
func samplingAnswer(reply, model *widgets.Entry, send, reject *widgets.Button, note *widget.Label) fyne.CanvasObject {
	reply.SetMinRowsVisible(samplingReplyRows)
	modelRow := container.NewBorder(nil, nil, widget.NewLabel(lang.L("Model name to report")), nil, model)
	return container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, widgets.BoldLabel(lang.L("Your reply")), nil, modelRow),
		reply,
		container.NewBorder(nil, nil, answerButtons(send, reject), nil, note))
}

// answerButtons are a request's buttons in a row at their own height, at
// the top of a note beside them that may take several lines.
func answerButtons(buttons ...fyne.CanvasObject) fyne.CanvasObject {
	return container.NewVBox(container.NewHBox(buttons...))
}

// revealAnswer scrolls the request on show so that its answer (first field
// to buttons) is in view, and puts the keyboard in its first field, unless
// the person is in a dialog. It does so again once the window has drawn
// the request (the real driver may lay the scroll's content out later).
func (p *requestPanel) revealAnswer() { p.reveal(true) }

// showQueue shows the queue (several requests wait) or hides it; the
// request on show, which the queue pushes down, has its answer revealed
// again (the keyboard stays where it is).
func (p *requestPanel) showQueue(on bool) {
	if on == p.queueBox.Visible() {
		return
	}
	if on {
		p.queueBox.Show()
	} else {
		p.queueBox.Hide()
	}
	if p.current != nil {
		p.reveal(false)
	}
}

// reveal scrolls the answer into view now and once more after the window
// has drawn it; focus puts the keyboard in its first field.
func (p *requestPanel) reveal(focus bool) {
	p.revealNow(focus)
	r := p.current
	fyne.Do(func() {
		if p.current == r {
			p.revealNow(focus)
		}
	})
}

func (p *requestPanel) revealNow(focus bool) {
	if p.area == nil || !p.visible {
		return
	}
	p.area.Refresh() // lay the new request out before measuring it
	var first fyne.Focusable
	var last fyne.CanvasObject
	switch {
	case p.reply != nil:
		first, last = p.reply, p.sendBtn
	case p.form != nil:
		if focus && p.form.FocusFirst() {
			first = p.deps.win.Canvas().Focused()
		}
		p.form.RevealFirst()
		last = p.acceptBtn
	case p.linkBtn != nil:
		last = p.linkBtn
	}
	b := p.noLongerNeeded() // its call was cancelled (requests_cancel.go)
	if b != nil {
		last = p.note // which says so, beside the buttons
		if focus {
			first = b
		}
	}
	if s := areaScroll(p.area); s != nil && last != nil {
		top := last
		if o, ok := first.(fyne.CanvasObject); ok {
			top = o
		}
		scrollToShow(s, top, last)
	}
	c := p.deps.win.Canvas()
	if focus && first != nil && c.Overlays().Top() == nil {
		c.Focus(first)
	}
}

// areaScroll is the scroll around the request on show.
func areaScroll(area *fyne.Container) *container.Scroll {
	for _, o := range area.Objects {
		if s, ok := o.(*container.Scroll); ok {
			return s
		}
	}
	return nil
}

// scrollToShow scrolls s the least that shows from top's top to last's
// bottom (as much of it as fits, from the top).
func scrollToShow(s *container.Scroll, top, last fyne.CanvasObject) {
	d := fyne.CurrentApp().Driver()
	origin := d.AbsolutePositionForObject(s.Content).Y
	y0 := d.AbsolutePositionForObject(top).Y - origin
	y1 := d.AbsolutePositionForObject(last).Y - origin + last.Size().Height
	view := s.Size().Height
	off := s.Offset.Y
	switch {
	case y1-y0 > view || y0 < off:
		off = y0
	case y1 > off+view:
		off = y1 - view
	default:
		return
	}
	s.ScrollToOffset(fyne.NewPos(0, max(off, 0)))
}
