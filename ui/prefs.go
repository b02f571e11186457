package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// Preference keys for what the window remembers between runs. The servers
// file is the person's; these are only the window's own habits.
const (
	prefWindowWidth  = "window.width"
	prefWindowHeight = "window.height"
	prefSplitPrefix  = "split."
	prefLastServer   = "selection.server"
)

// defaultWindowSize fits the four columns on a 1366×768 laptop screen.
var defaultWindowSize = fyne.NewSize(1320, 800)

// minRememberedSize keeps a remembered size from making the window unusable
// (a half-initialised window can report a tiny size on the way out).
var minRememberedSize = fyne.NewSize(640, 400)

// windowPrefs reads and writes the window's remembered size and split positions.
type windowPrefs struct {
	p fyne.Preferences
}

// windowSize is the size the window had when it was last closed.
func (w windowPrefs) windowSize() fyne.Size {
	width := float32(w.p.FloatWithFallback(prefWindowWidth, float64(defaultWindowSize.Width)))
	height := float32(w.p.FloatWithFallback(prefWindowHeight, float64(defaultWindowSize.Height)))
	if width < minRememberedSize.Width || height < minRememberedSize.Height {
		return defaultWindowSize
	}
	return fyne.NewSize(width, height)
}

func (w windowPrefs) setWindowSize(s fyne.Size) {
	if s.Width < minRememberedSize.Width || s.Height < minRememberedSize.Height {
		return
	}
	w.p.SetFloat(prefWindowWidth, float64(s.Width))
	w.p.SetFloat(prefWindowHeight, float64(s.Height))
}

// restoreSplit sets the split's offset from the preferences, or to def.
func (w windowPrefs) restoreSplit(name string, s *container.Split, def float64) {
	off := w.p.FloatWithFallback(prefSplitPrefix+name, def)
	if off <= 0.02 || off >= 0.98 {
		off = def // a divider dragged to the edge would hide a whole pane next time
	}
	s.SetOffset(off)
}

func (w windowPrefs) saveSplit(name string, s *container.Split) {
	w.p.SetFloat(prefSplitPrefix+name, s.Offset)
}

func (w windowPrefs) lastServer() string     { return w.p.String(prefLastServer) }
func (w windowPrefs) setLastServer(n string) { w.p.SetString(prefLastServer, n) }
