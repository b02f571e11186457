package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Fyne's painter draws a canvas.Text on the baseline of the font of its
// first run of characters, into a picture as tall as the text's MinSize,
// which is measured with the style's own font (fyne internal/painter
// DrawString: y is the first run's ascent). A monospace line that starts
// with Chinese is drawn by the system's CJK font, whose ascent is about a
// quarter of the text size taller than DejaVu Sans Mono's: the whole line
// sits that much low and its bottom is cut off. Moving or enlarging the
// canvas.Text cannot help, the picture is cut to MinSize.
//
// So such a line gets an anchor first: a character of the theme's
// monospace font that draws nothing (U+FFF9 is blank and one column wide in
// Fyne's DejaVu Sans Mono; unlike spaces and zero-width characters, the
// shaper does not pass it over when choosing a font). The first run, and the
// baseline, are then the theme font's; the text is moved one anchor to the
// left so that its characters stand where they would.
const baselineAnchor = "\uFFF9"

// SetMonoText shows s in the monospace text t at pos, on the monospace
// font's baseline whatever s starts with.
func SetMonoText(t *canvas.Text, s string, pos fyne.Position) {
	if needsAnchor(s) {
		s = baselineAnchor + s
		pos.X -= fyne.MeasureText(baselineAnchor, t.TextSize, t.TextStyle).Width
	}
	t.Text = s
	t.Move(pos)
}

// MonoText is the text SetMonoText gave t, without the anchor.
func MonoText(t *canvas.Text) string {
	if len(t.Text) >= len(baselineAnchor) && t.Text[:len(baselineAnchor)] == baselineAnchor {
		return t.Text[len(baselineAnchor):]
	}
	return t.Text
}

// needsAnchor reports whether s may start with a character the theme's
// monospace font lacks: only a printable ASCII character first is sure to
// be the font's. The anchor does no harm where it was not needed.
func needsAnchor(s string) bool {
	return s != "" && (s[0] <= ' ' || s[0] >= 0x7f)
}
