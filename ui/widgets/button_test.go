package widgets

import (
	"fmt"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// pressKey types key on c as the desktop driver does: TypedKey to the
// focused widget, then the key's rune (if it has one) to the widget focused
// after that, then the release to the widget focused then.
func pressKey(c fyne.Canvas, key fyne.KeyName, r rune) {
	ev := &fyne.KeyEvent{Name: key}
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
	}
	if f := c.Focused(); f != nil && r != 0 {
		f.TypedRune(r)
	}
	if f, ok := c.Focused().(interface{ KeyUp(*fyne.KeyEvent) }); ok {
		f.KeyUp(ev)
	}
}

// TestButtonKeys: a focused button is pressed by Space and by Enter (both
// Enter keys), as desktop buttons are, once each; a disabled one is not,
// and other keys do nothing.
func TestButtonKeys(t *testing.T) {
	test.NewTempApp(t)
	for _, tc := range []struct {
		key      fyne.KeyName
		r        rune
		disabled bool
		presses  int
	}{
		{fyne.KeySpace, ' ', false, 1},
		{fyne.KeySpace, 0, false, 1}, // a Space with no rune presses on release
		{fyne.KeySpace, ' ', true, 0},
		{fyne.KeyReturn, 0, false, 1},
		{fyne.KeyEnter, 0, false, 1},
		{fyne.KeyReturn, 0, true, 0},
		{fyne.KeyA, 'a', false, 0},
		{fyne.KeyTab, 0, false, 0},
	} {
		t.Run(fmt.Sprintf("%s rune=%q disabled=%v", tc.key, tc.r, tc.disabled), func(t *testing.T) {
			presses := 0
			b := NewButton("Send", nil, func() { presses++ })
			if tc.disabled {
				b.Disable()
			}
			w := test.NewWindow(b)
			defer w.Close()
			w.Canvas().Focus(b)
			pressKey(w.Canvas(), tc.key, tc.r)
			if presses != tc.presses {
				t.Errorf("%s pressed the button %d times, want %d", tc.key, presses, tc.presses)
			}
		})
	}
}

// TestActivationKeyReachesNoOtherWidget: a button that makes a field and
// puts the keyboard in it ("+ Add item", "+ Add argument"), pressed with
// Space or Enter as the driver delivers them, leaves the new field empty.
func TestActivationKeyReachesNoOtherWidget(t *testing.T) {
	test.NewTempApp(t)
	for _, tc := range []struct {
		key fyne.KeyName
		r   rune
	}{{fyne.KeySpace, ' '}, {fyne.KeyReturn, 0}, {fyne.KeyEnter, 0}} {
		t.Run(string(tc.key), func(t *testing.T) {
			box := container.NewVBox()
			var made []*Entry
			w := test.NewWindow(box)
			defer w.Close()
			add := NewButton("+ Add item", nil, func() {
				e := NewEntry()
				made = append(made, e)
				box.Add(e)
				w.Canvas().Focus(e)
			})
			box.Add(add)
			w.Canvas().Focus(add)
			pressKey(w.Canvas(), tc.key, tc.r)
			if len(made) != 1 {
				t.Fatalf("%s pressed the button %d times, want 1", tc.key, len(made))
			}
			if w.Canvas().Focused() != made[0] {
				t.Fatalf("the keyboard is on %T, not in the new field", w.Canvas().Focused())
			}
			if got := made[0].Text; got != "" {
				t.Errorf("after %s on the button the new field holds %q, want it empty", tc.key, got)
			}
		})
	}
}

// TestConfirmationOpensOnTheSafeChoice: a confirmation opens with the
// keyboard on its dismiss button, so Enter right away answers no.
func TestConfirmationOpensOnTheSafeChoice(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewWindow(widget.NewLabel("behind"))
	w.Resize(fyne.NewSize(600, 400))
	answer := "none"
	d := NewCustomConfirm("Remove server", "Remove", "Keep", widget.NewLabel("Remove it?"), func(ok bool) {
		answer = map[bool]string{true: "yes", false: "no"}[ok]
	}, w)
	d.Show()
	f, ok := w.Canvas().Focused().(*Button)
	if !ok || f.Text != "Keep" {
		t.Fatalf("the confirmation opens with the keyboard on %T, not on Keep", w.Canvas().Focused())
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if answer != "no" {
		t.Errorf("Enter on opening answered %q, want no", answer)
	}
}

// TestFocusedButtonShowsARing: focus changes how a button looks, whatever
// its importance. Fyne shows focus by blending its focus colour over the
// button's; on a primary (blue) button that blend is the same blue, so Tab
// onto Run or Send showed nothing.
func TestFocusedButtonShowsARing(t *testing.T) {
	a := test.NewTempApp(t)
	a.Settings().SetTheme(theme.DefaultTheme())
	for _, imp := range []widget.Importance{widget.MediumImportance, widget.HighImportance, widget.DangerImportance, widget.LowImportance, widget.SuccessImportance, widget.WarningImportance} {
		b := NewButton("Run", theme.MediaPlayIcon(), func() {})
		b.Importance = imp
		other := NewButton("Other", nil, func() {})
		w := test.NewWindow(container.NewVBox(container.NewPadded(b), other))
		w.Resize(fyne.NewSize(200, 120))
		w.Canvas().Focus(other)
		plain := w.Canvas().Capture()
		w.Canvas().Focus(b)
		focused := w.Canvas().Capture()
		// Only the button's own box is compared (other's look changes too).
		r := b.Size()
		p := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		sc := w.Canvas().Scale()
		changed := 0
		for y := int(p.Y * sc); y < int((p.Y+r.Height)*sc); y++ {
			for x := int(p.X * sc); x < int((p.X+r.Width)*sc); x++ {
				if !similar(plain.At(x, y), focused.At(x, y)) {
					changed++
				}
			}
		}
		if min := int(r.Width + r.Height); changed < min {
			t.Errorf("importance %d: focus changed %d pixels of the button, want at least %d (a visible ring)", imp, changed, min)
		}
		w.Close()
	}
}

// similar reports whether a person would take a and b for one colour.
func similar(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	d := func(x, y uint32) uint32 {
		if x > y {
			return x - y
		}
		return y - x
	}
	// Visibly different: a channel moves by a fifth of its range.
	return max(d(r1, r2), d(g1, g2), d(b1, b2), d(a1, a2)) < 0x3333
}
