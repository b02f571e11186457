package plot

import (
	"image"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/i18n"
)

// The PNG's captions and units are the window's: in Chinese, no English
// word is drawn, and the Chinese is drawn with a font that has it (where the
// system has one), not left out.
func TestRenderSpeaksTheWindowsLanguage(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	var s Series
	s.Add(samples(200, 2*time.Second, func(i int) time.Duration { return time.Duration(1+i%50) * 100 * time.Microsecond }))
	sc := s.Scale()
	dots, hist := image.Rect(70, 30, 800, 480), image.Rect(850, 30, 1190, 480)
	var texts []string
	for _, l := range renderLabels(sc, "", 10, dots, hist) {
		texts = append(texts, l.text)
		if i18n.HasLatinLetter(l.text) {
			t.Errorf("English drawn into the PNG: %q", l.text)
		}
	}
	all := strings.Join(texts, "")
	if !needsSystemFont(all) {
		t.Fatalf("no Chinese in the labels: %q", texts)
	}
	if _, _, ok := i18n.FontFileFor(all); !ok {
		t.Skip("no system font with Chinese (install fonts-noto-cjk)")
	}
	face, done := pngFace(all)
	defer done()
	for _, r := range all {
		if _, ok := face.GlyphAdvance(r); !ok && r != ' ' {
			t.Errorf("the PNG's font has no %q: it would draw a box", r)
			break
		}
	}
}
