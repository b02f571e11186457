package ui

import (
	"fmt"
	"mcpbrowser/ui/filedialog"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
)

// BenchmarkChooserBigFolder opens a folder of many files and goes to its
// last item with End, then back with Home (the keyboard's place once moved
// one item at a time through Fyne's list, which keeps its own private).
func BenchmarkChooserBigFolder(b *testing.B) {
	for _, n := range []int{500, 5000} {
		b.Run(fmt.Sprint(n, " files"), func(b *testing.B) { benchChooserFolder(b, n) })
	}
}

func benchChooserFolder(b *testing.B, n int) {
	dir := b.TempDir()
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%d.json", i)), nil, 0o600); err != nil {
			b.Fatal(err)
		}
	}
	old := filedialog.ChooserFolder
	filedialog.ChooserFolder = dir
	b.Cleanup(func() { filedialog.ChooserFolder = old })
	a := newSerialApp(b)
	var win fyne.Window
	onUI(func() {
		win = a.NewWindow("bench")
		win.Resize(fyne.NewSize(1024, 640))
		win.Show()
	})
	b.ResetTimer()
	for b.Loop() {
		onUI(func() {
			ch := filedialog.ShowFileChooser(win, filedialog.ChooseOpen, "Open", "", filedialog.JsonFiles, func(string) {})
			ch.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
			ch.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
			ch.List.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
			ch.Dlg.Hide()
		})
	}
}
