package i18n

import (
	"sync"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/fontscan"
)

// Fyne shapes text with no language, and when its own font lacks a
// character it takes the first system font that has it: for Han that is the
// Japanese face of Noto Sans CJK, whose forms of 令, 直, 角 … a reader in
// mainland China sees at once as foreign. So the Chinese window draws its
// text with a Simplified Chinese face of the system's, given to Fyne as the
// theme's font; a collection's face is written out as a font of its own
// (faceFile), since Fyne reads single faces only, and slimmed (slimFace),
// since Fyne keeps a parsed copy per text style.

// scFamilies are the Simplified Chinese sans-serif families looked for,
// best first (the order fontconfig's zh-cn rules give), and scMonoFamilies
// the monospace ones.
var (
	scFamilies = []string{
		"Noto Sans CJK SC", "Source Han Sans SC", "Source Han Sans CN",
		"Noto Sans SC", "WenQuanYi Micro Hei", "WenQuanYi Zen Hei",
	}
	scMonoFamilies = []string{"Noto Sans Mono CJK SC", "WenQuanYi Zen Hei Mono"}
)

// A FontFace is one face of a font file: Index is its place in a
// collection (0 for a plain font file).
type FontFace struct {
	Family string // as scFamilies spells it
	File   string
	Index  int
}

// ChineseFaces are the faces the Chinese window draws its text with.
type ChineseFaces struct {
	Regular, Bold FontFace
	// Mono is for monospace text; Family is "" when none is installed
	// (then Fyne's monospace font stays, and Chinese in it is Fyne's pick).
	Mono FontFace
}

// SimplifiedChineseFaces finds the system's Simplified Chinese faces: a
// regular one, a bold one (the regular one again when the family has no
// bold installed) and a monospace one if there is one. ok is false when
// no Simplified Chinese sans-serif face is installed.
func SimplifiedChineseFaces() (faces ChineseFaces, ok bool) {
	fonts, err := systemFonts()
	if err != nil {
		return ChineseFaces{}, false
	}
	return pickSC(fonts)
}

// pickSC picks from fonts the first family of scFamilies that has the
// characters of hanSample, its regular and its bold face, and the first
// monospace family of scMonoFamilies that has them.
func pickSC(fonts []fontscan.Footprint) (faces ChineseFaces, ok bool) {
	for _, family := range scFamilies {
		if reg, b := findFamily(fonts, family); reg != nil {
			faces.Regular = faceOf(family, reg)
			faces.Bold = faces.Regular
			if b != nil {
				faces.Bold = faceOf(family, b)
			}
			ok = true
			break
		}
	}
	if !ok {
		return ChineseFaces{}, false
	}
	for _, family := range scMonoFamilies {
		if reg, _ := findFamily(fonts, family); reg != nil {
			faces.Mono = faceOf(family, reg)
			break
		}
	}
	return faces, true
}

// findFamily finds the family's upright regular and bold faces that have
// the characters of hanSample.
func findFamily(fonts []fontscan.Footprint, family string) (regular, bold *fontscan.Footprint) {
	want := font.NormalizeFamily(family)
	for i := range fonts {
		f := &fonts[i]
		if font.NormalizeFamily(f.Family) != want || f.Aspect.Style != font.StyleNormal || !covers(*f, hanSample) {
			continue
		}
		switch {
		case f.Aspect.Weight == font.WeightNormal && regular == nil:
			regular = f
		case f.Aspect.Weight == font.WeightBold && bold == nil:
			bold = f
		}
	}
	return regular, bold
}

func faceOf(family string, f *fontscan.Footprint) FontFace {
	return FontFace{Family: family, File: f.Location.File, Index: int(f.Location.Index)}
}

// Data is the face as a font file of its own, as Fyne's theme fonts are,
// with the outlines of what the window does not draw left out (slimFace),
// from the user's cache folder after the first time (cachedFace).
func (f FontFace) Data() ([]byte, error) { return cachedFace(f.File, f.Index) }

// systemFonts is go-text's scan of the system's fonts, read once per
// process (the scan is cached on disk; reading the cache still costs).
var systemFonts = sync.OnceValues(func() ([]fontscan.Footprint, error) {
	return fontscan.SystemFonts(quietLogger{}, "")
})
