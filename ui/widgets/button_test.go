package widgets

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestButtonKeys: a focused button is pressed by Space and by Enter (both
// Enter keys), as desktop buttons are; a disabled one is not, and other
// keys do nothing.
func TestButtonKeys(t *testing.T) {
	test.NewTempApp(t)
	for _, tc := range []struct {
		key      fyne.KeyName
		disabled bool
		presses  int
	}{
		{fyne.KeySpace, false, 1},
		{fyne.KeyReturn, false, 1},
		{fyne.KeyEnter, false, 1},
		{fyne.KeyReturn, true, 0},
		{fyne.KeyA, false, 0},
		{fyne.KeyTab, false, 0},
	} {
		t.Run(fmt.Sprintf("%s disabled=%v", tc.key, tc.disabled), func(t *testing.T) {
			presses := 0
			b := NewButton("Send", nil, func() { presses++ })
			if tc.disabled {
				b.Disable()
			}
			w := test.NewWindow(b)
			defer w.Close()
			w.Canvas().Focus(b)
			b.TypedKey(&fyne.KeyEvent{Name: tc.key})
			if presses != tc.presses {
				t.Errorf("%s pressed the button %d times, want %d", tc.key, presses, tc.presses)
			}
		})
	}
}
