package ui

import (
	"maps"

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
	w.setWindow(s, nil, false)
}

// setWindow remembers the window's size and, when sideHidden is not nil,
// whether the side panel is hidden: in one change of the preferences, and,
// unless always, none when nothing changed (see setPrefs).
func (w windowPrefs) setWindow(s fyne.Size, sideHidden *bool, always bool) {
	values := map[string]any{}
	if s.Width >= minRememberedSize.Width && s.Height >= minRememberedSize.Height {
		values[prefWindowWidth], values[prefWindowHeight] = float64(s.Width), float64(s.Height)
	}
	if sideHidden != nil {
		values[prefSideHidden] = *sideHidden
	}
	setPrefs(w.p, values, always)
}

// prefValues is what Fyne's preferences offer besides fyne.Preferences:
// reading and writing several values under one change notice.
type prefValues interface {
	ReadValues(func(map[string]any))
	WriteValues(func(map[string]any))
}

// setPrefs gives the preferences these values (float64, bool or string)
// with one change notice; none when each already has its value, unless
// always.
//
// Fyne (2.7) writes its preferences file on every change notice, and
// another notice within 100 ms makes it write again 100 ms later; it
// re-reads the file on every change in its folder, except within 100 ms of
// its own write. Once the app has stopped, those re-reads run at once on a
// goroutine of their own, and a save then raced them ("Preferences load
// error: EOF"; see Run). Quitting saves with exactly one notice (always),
// on the UI goroutine, just before Fyne's own last write, which then falls
// within the 100 ms it ignores.
func setPrefs(p fyne.Preferences, values map[string]any, always bool) {
	pv, ok := p.(prefValues)
	if !ok {
		for k, v := range values {
			switch v := v.(type) {
			case float64:
				p.SetFloat(k, v)
			case bool:
				p.SetBool(k, v)
			case string:
				p.SetString(k, v)
			}
		}
		return
	}
	changed := always
	pv.ReadValues(func(m map[string]any) {
		for k, v := range values {
			if old, ok := m[k]; !ok || old != v {
				changed = true
			}
		}
	})
	if changed {
		pv.WriteValues(func(m map[string]any) { maps.Copy(m, values) })
	}
}

func (w windowPrefs) lastServer() string     { return w.p.String(prefLastServer) }
func (w windowPrefs) setLastServer(n string) { w.p.SetString(prefLastServer, n) }
