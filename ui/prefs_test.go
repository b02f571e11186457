package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
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

	split := container.NewHSplit(widget.NewLabel("a"), widget.NewLabel("b"))
	p.restoreSplit("x", split, 0.3)
	if split.Offset != 0.3 {
		t.Errorf("first run offset %v, want the default 0.3", split.Offset)
	}
	split.SetOffset(0.42)
	p.saveSplit("x", split)
	other := container.NewHSplit(widget.NewLabel("a"), widget.NewLabel("b"))
	p.restoreSplit("x", other, 0.3)
	if other.Offset != 0.42 {
		t.Errorf("restored offset %v, want 0.42", other.Offset)
	}
	split.SetOffset(0.999) // dragged to the edge: the pane would be lost next time
	p.saveSplit("x", split)
	p.restoreSplit("x", other, 0.3)
	if other.Offset != 0.3 {
		t.Errorf("an edge offset was restored: %v", other.Offset)
	}
}

func TestWindowRemembersSizeAndSplits(t *testing.T) {
	a := newSerialApp(t)
	path := t.TempDir() + "/servers.json"
	var w *MainWindow
	onUI(func() {
		w = NewMainWindow(a, emptyManager(), path)
		w.win.Resize(fyne.NewSize(1111, 777))
		w.splits["outer"].SetOffset(0.25)
		w.savePrefs()
	})
	w.Close()
	onUI(func() {
		w2 := NewMainWindow(a, emptyManager(), path)
		defer w2.Close()
		if got := w2.prefs.windowSize(); got != fyne.NewSize(1111, 777) {
			t.Errorf("remembered size %v", got)
		}
		if got := w2.splits["outer"].Offset; got != 0.25 {
			t.Errorf("remembered outer split %v, want 0.25", got)
		}
	})
}
