package ui

import (
	"image"
	"image/color"
	"os"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
)

// notoCJK is Debian's Noto Sans CJK collection (fonts-noto-cjk, installed
// for the tests by scripts/deps.sh): face 0 is Japanese, face 2 Simplified
// Chinese.
const notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

// The Chinese window's theme draws Han in Simplified Chinese forms: text
// drawn by Fyne's own painter under it matches face 2 of Noto Sans CJK
// pixel for pixel and differs from face 0, the Japanese forms Fyne picks
// on its own (令直角骨 from the issue; 器具源 are in 服务器, 工具, 资源).
// Monospace likewise, with the monospace faces 7 and 5; the English
// window's theme is untouched (useChineseFont runs for the Chinese UI only).
func TestChineseThemeDrawsSimplifiedForms(t *testing.T) {
	if _, err := os.Stat(notoCJK); err != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatalf("fonts-noto-cjk is not installed (scripts/deps.sh installs it): %v", err)
		}
		t.Skip("fonts-noto-cjk is not installed")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // the faces are made here, not in the user's cache
	test.NewTempApp(t)
	th := newChineseTheme()
	if th == nil {
		t.Fatal("no Simplified Chinese face found although Noto Sans CJK is installed")
	}
	face := func(index int) fyne.Theme {
		r := &faceResource{face: i18n.FontFace{Family: "face", File: notoCJK, Index: index}, fallback: theme.DefaultTextFont()}
		return &chineseTheme{Theme: theme.DefaultTheme(), regular: r, bold: r, mono: r}
	}
	const text = "令直角骨器具源"
	for _, tt := range []struct {
		name   string
		style  fyne.TextStyle
		sc, jp int // the faces of the collection
	}{
		{"regular", fyne.TextStyle{}, 2, 0},
		{"monospace", fyne.TextStyle{Monospace: true}, 7, 5},
	} {
		got := drawWith(t, th, text, tt.style)
		sc, jp := drawWith(t, face(tt.sc), text, tt.style), drawWith(t, face(tt.jp), text, tt.style)
		if sameImage(sc, jp) {
			t.Fatalf("%s: faces %d and %d draw the text alike; the test shows nothing", tt.name, tt.sc, tt.jp)
		}
		if !sameImage(got, sc) {
			t.Errorf("%s: the Chinese theme does not draw the Simplified Chinese forms of face %d", tt.name, tt.sc)
		}
		if sameImage(got, jp) {
			t.Errorf("%s: the Chinese theme draws the Japanese forms of face %d", tt.name, tt.jp)
		}
		if sameImage(drawWith(t, theme.DefaultTheme(), text, tt.style), jp) {
			t.Logf("%s: as expected, Fyne's own theme draws the Japanese forms", tt.name)
		}
	}
	// The bold face is another file (NotoSansCJK-Bold.ttc): its drawing is not the regular one.
	if sameImage(drawWith(t, th, text, fyne.TextStyle{Bold: true}), drawWith(t, th, text, fyne.TextStyle{})) {
		t.Error("bold text is drawn like regular text")
	}
}

// drawWith draws text with Fyne's software painter under th.
func drawWith(t *testing.T, th fyne.Theme, text string, style fyne.TextStyle) image.Image {
	t.Helper()
	label := canvas.NewText(text, color.Black)
	label.TextSize = 32
	label.TextStyle = style
	w := test.NewTempWindow(t, container.NewThemeOverride(container.NewCenter(label), th))
	w.Resize(fyne.NewSize(400, 80))
	return w.Canvas().Capture()
}

func sameImage(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, a1 := a.At(x, y).RGBA()
			r2, g2, b2, a2 := b.At(x, y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				return false
			}
		}
	}
	return true
}
