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
