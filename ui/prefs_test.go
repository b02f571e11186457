package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

func TestWindowPrefsRoundTrip(t *testing.T) {
	a := test.NewTempApp(t)
	p := windowPrefs{a.Preferences()}
	if got := p.windowSize(); got != defaultWindowSize {
		t.Errorf("first run size %v, want the default %v", got, defaultWindowSize)
	}
	p.setWindowSize(fyne.NewSize(1000, 700))
	if got := p.windowSize(); got != fyne.NewSize(1000, 700) {
		t.Errorf("size %v after saving 1000×700", got)
	}
	p.setWindowSize(fyne.NewSize(10, 10)) // a window on its way out
	if got := p.windowSize(); got != fyne.NewSize(1000, 700) {
		t.Errorf("a tiny size replaced the remembered one: %v", got)
	}

}

func TestWindowRemembersSizeAndSidePanel(t *testing.T) {
	a := newSerialApp(t)
	path := t.TempDir() + "/servers.json"
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, emptyManager(), path)
		w.win.Resize(fyne.NewSize(1111, 777))
		w.toggleSide()
		w.savePrefs()
	})
	w.Close()
	onUI(func() {
		w2 := NewMainWindow(a, emptyManager(), path)
		defer w2.Close()
		if got := w2.prefs.windowSize(); got != fyne.NewSize(1111, 777) {
			t.Errorf("remembered size %v", got)
		}
		if !w2.columns.SideHidden {
			t.Errorf("the hidden side panel came back")
		}
	})
}

// Fyne writes its preferences file on every change notice, and one more
// within 100 ms makes it write again later, which at the app's stop raced
// its own re-read of the file ("Preferences load error: EOF"): saving the
// window is one notice, and none when nothing changed.
func TestSavingTheWindowIsOneChange(t *testing.T) {
	a := test.NewTempApp(t)
	changes := 0
	a.Preferences().AddChangeListener(func() { changes++ })
	p := windowPrefs{a.Preferences()}
	yes, no := true, false
	for _, tc := range []struct {
		name   string
		size   fyne.Size
		hidden *bool
		always bool
		want   int
	}{
		{"size and side panel, first time", fyne.NewSize(1000, 700), &yes, false, 1},
		{"the same again", fyne.NewSize(1000, 700), &yes, false, 0},
		{"the same again, as the app quits", fyne.NewSize(1000, 700), &yes, true, 1},
		{"only the side panel changed", fyne.NewSize(1000, 700), &no, false, 1},
		{"a window on its way out, side panel as it was", fyne.NewSize(10, 10), &no, false, 0},
		{"only the size changed", fyne.NewSize(1200, 700), nil, false, 1},
	} {
		changes = 0
		p.setWindow(tc.size, tc.hidden, tc.always)
		if changes != tc.want {
			t.Errorf("%s: %d change notices, want %d", tc.name, changes, tc.want)
		}
	}
	if got := p.windowSize(); got != fyne.NewSize(1200, 700) {
		t.Errorf("remembered size %v", got)
	}
	if a.Preferences().Bool(prefSideHidden) {
		t.Error("the side panel is remembered hidden")
	}
}
