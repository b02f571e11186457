package ui

import (
	"fyne.io/fyne/v2"
)

// Preference keys for what the window remembers between runs. The servers
// file is the person's; these are only the window's own habits.
const (
	prefWindowWidth  = "window.width"
	prefWindowHeight = "window.height"
	prefLastServer   = "selection.server"
)

// defaultWindowSize fits the four columns on a 1366×768 laptop screen.
var defaultWindowSize = fyne.NewSize(1280, 800)

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

func (w windowPrefs) lastServer() string     { return w.p.String(prefLastServer) }
func (w windowPrefs) setLastServer(n string) { w.p.SetString(prefLastServer, n) }
