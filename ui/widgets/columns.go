// Package widgets holds the main window's reusable pieces that know nothing
// of MCP: the layouts that place its columns and the detail area, and text
// that wraps to a fixed number of lines. See docs/window.md.
package widgets

import (
	"math"

	"fyne.io/fyne/v2"
)

// Column widths of the main window, in Fyne units.
const (
	ServersWidth   = 230
	SideMin        = 300
	SideMax        = 520
	ListMin        = 220
	ListMax        = 300
	NarrowBelow    = 1280 // below this width the servers column collapses
	MinWindowWidth = 880
	MinWindowHigh  = 560
)

// Columns places the window's three columns — servers, middle, side panel —
// from the width alone. It never reads the children's minimum sizes, so a
// long name cannot widen a column and a new selection never moves an edge,
// and it asks for a fixed minimum so the window never resizes itself.
type Columns struct {
	// SideHidden hides the side panel (View → Side panel).
	SideHidden bool
	// OnNarrow, if set, is called from Layout when the servers column
	// collapses (true) or comes back (false), so a switcher can take its place.
	OnNarrow func(narrow bool)

	narrow, known bool
}

// Widths returns the servers, middle and side widths for a window width w.
func (c *Columns) Widths(w float32) (servers, middle, side float32) {
	if !c.SideHidden {
		side = float32(math.Round(float64(min(max(w*0.3, SideMin), SideMax))))
	}
	if w >= NarrowBelow {
		servers = ServersWidth
	}
	middle = max(w-servers-side, 0)
	return
}

// Layout places objects [servers, middle, side].
func (c *Columns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	sv, mid, side := c.Widths(size.Width)
	narrow := sv == 0
	if !c.known || narrow != c.narrow {
		c.known, c.narrow = true, narrow
		if c.OnNarrow != nil {
			c.OnNarrow(narrow)
		}
	}
	x := float32(0)
	for i, w := range []float32{sv, mid, side} {
		if i >= len(objs) {
			break
		}
		o := objs[i]
		if w == 0 {
			o.Hide()
			continue
		}
		o.Show()
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

// MinSize is fixed: see docs/window.md.
func (c *Columns) MinSize([]fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(MinWindowWidth, MinWindowHigh)
}

// ListDetail places the tool list and the detail column beside each other:
// the list gets a quarter of the width within [ListMin, ListMax].
type ListDetail struct{}

// ListWidth is the list's width in a middle column of width w.
func ListWidth(w float32) float32 {
	return float32(math.Round(float64(min(max(w*0.25, ListMin), ListMax))))
}

// Layout places objects [list, detail].
func (ListDetail) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	lw := ListWidth(size.Width)
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(lw, size.Height))
	if len(objs) > 1 {
		objs[1].Move(fyne.NewPos(lw, 0))
		objs[1].Resize(fyne.NewSize(max(size.Width-lw, 0), size.Height))
	}
}

// MinSize asks for nothing beyond the list's minimum width.
func (ListDetail) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(ListMin+200, 200) }
