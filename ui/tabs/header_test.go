package tabs

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/uitest"
)

// The server header keeps its height whatever the capabilities line says:
// the line is written when the server connects, and its length depends on
// how that went, so a header sized by it moved the tabs under it (by 15 px
// at 1024×640 from one start to the next).
func TestServerHeaderHeightDoesNotFollowItsText(t *testing.T) {
	test.NewTempApp(t)
	h := newServerHeader(nil, func() {})
	w := test.NewTempWindow(t, h.root)
	w.Resize(fyne.NewSize(715, 300)) // the detail column's width at 1024×640
	texts := []string{
		"",
		"Connecting …",
		"Protocol 2025-11-25 (fell back: server/discover: method not found). Declared: tools (listChanged); not declared: resources, prompts, completions, logging",
		"Protocol 2025-11-25 (fell back: no answer to server/discover within 1.5s). Declared: tools (listChanged); not declared: resources, prompts, completions, logging",
		strings.Repeat("Declared: tools (listChanged), resources (subscribe, listChanged), prompts (listChanged). ", 6),
	}
	var heights []float32
	for _, text := range texts {
		h.caps.SetText(text)
		heights = append(heights, h.root.MinSize().Height)
		if got, room := h.caps.Size().Height, h.caps.MinSize().Height; got < room {
			t.Errorf("%q: the line has %v px and needs %v", text, got, room)
		}
	}
	for i, ht := range heights {
		if ht != heights[0] {
			t.Errorf("the header is %v px tall with %q and %v px with %q", ht, texts[i], heights[0], texts[0])
		}
	}
	// The note (a ping's answer) takes the last line rather than a new one.
	h.caps.SetText(texts[3])
	h.say("Ping: the server answered in 2 ms (at 12:00:00).")
	if got := h.root.MinSize().Height; got != heights[0] {
		t.Errorf("with the ping's note the header is %v px tall, without %v", got, heights[0])
	}
	// (Labels are transparent: their padding may overlap, their text not.)
	pad := theme.InnerPadding()
	if n, c := uitest.Place(h.note), uitest.Place(h.caps); !n.Inside(uitest.Place(h.capsBox)) || n.Y+pad < c.Y+c.H-pad-0.5 || h.note.Size().Height < h.note.MinSize().Height {
		t.Errorf("the note %+v is not on a line of its own under the capabilities %+v", n, c)
	}
	if c := h.caps.Size().Height; c < h.caps.MinSize().Height {
		t.Errorf("with the note, the capabilities have %v px, less than a line (%v)", c, h.caps.MinSize().Height)
	}
	h.say("")

	// Three lines show: the usual text at 1024×640 is not cut.
	h.caps.SetText(texts[3])
	probe := widget.NewLabel(texts[3])
	probe.SizeName, probe.Wrapping = h.caps.SizeName, fyne.TextWrapWord
	probe.Resize(fyne.NewSize(h.caps.Size().Width, 1000))
	if need := probe.MinSize().Height; need > h.caps.Size().Height {
		t.Errorf("the capabilities line needs %v px at 1024×640 and has %v: it is cut short", need, h.caps.Size().Height)
	}
}
