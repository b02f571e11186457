package i18n

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/fontscan"
)

// The Simplified Chinese family is found wherever it stands among the
// system's fonts (the Japanese face of the same collection comes first
// there), with its bold face when one is installed.
func TestPickSC(t *testing.T) {
	face := func(family, file string, index int, weight font.Weight) fontscan.Footprint {
		f := footprint(hanSample + "abc")
		f.Family = family
		f.Location = fontscan.Location{File: file, Index: uint16(index)}
		f.Aspect = font.Aspect{Style: font.StyleNormal, Weight: weight}
		return f
	}
	const reg, bold = "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"
	jp, sc := face("Noto Sans CJK JP", reg, 0, font.WeightNormal), face("Noto Sans CJK SC", reg, 2, font.WeightNormal)
	jpBold, scBold := face("Noto Sans CJK JP", bold, 0, font.WeightBold), face("Noto Sans CJK SC", bold, 2, font.WeightBold)
	jpMono, scMono := face("Noto Sans Mono CJK JP", reg, 5, font.WeightNormal), face("Noto Sans Mono CJK SC", reg, 7, font.WeightNormal)
	latin := footprint("abc")
	latin.Family = "Noto Sans SC" // a family of the list without the characters
	scReg := FontFace{"Noto Sans CJK SC", reg, 2}
	tests := []struct {
		name  string
		fonts []fontscan.Footprint
		want  ChineseFaces
		ok    bool
	}{
		{"SC after JP, with bold and mono", []fontscan.Footprint{jp, jpBold, jpMono, scBold, scMono, sc},
			ChineseFaces{scReg, FontFace{"Noto Sans CJK SC", bold, 2}, FontFace{"Noto Sans Mono CJK SC", reg, 7}}, true},
		{"no bold: the regular face for both; no mono", []fontscan.Footprint{jp, jpMono, sc}, ChineseFaces{Regular: scReg, Bold: scReg}, true},
		{"only Japanese", []fontscan.Footprint{jp, jpBold, jpMono}, ChineseFaces{}, false},
		{"a listed family without the characters", []fontscan.Footprint{latin}, ChineseFaces{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := pickSC(tt.fonts)
			if got != tt.want || ok != tt.ok {
				t.Errorf("got %+v %v, want %+v %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// scJPDiffer are characters whose Simplified Chinese and Japanese forms
// differ in Noto Sans CJK, four of the and three of the window's
// own words (服务器, 工具, 资源).
const scJPDiffer = "令直角骨器具源"

// notoCJK is Debian's Noto Sans CJK collection (fonts-noto-cjk, which
// scripts/deps.sh installs for the tests): face 0 is Japanese, face 2
// Simplified Chinese; all share one CFF table, so a glyph ID names the same
// outline in every face.
const notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"

// The face the Chinese window is given is a font of its own (go-text's
// ParseTTF reads it, as Fyne will) whose characters are the Simplified
// Chinese forms of face 2, not the Japanese ones of face 0.
func TestSimplifiedChineseFaceDrawsSCForms(t *testing.T) {
	if _, err := os.Stat(notoCJK); err != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatalf("fonts-noto-cjk is not installed (scripts/deps.sh installs it): %v", err)
		}
		t.Skip("fonts-noto-cjk is not installed")
	}
	useCacheDir(t)
	faces, ok := SimplifiedChineseFaces()
	if !ok {
		t.Fatal("no Simplified Chinese face found although Noto Sans CJK is installed")
	}
	if faces.Regular.Family != "Noto Sans CJK SC" || faces.Bold.Family != "Noto Sans CJK SC" || faces.Regular == faces.Bold || faces.Mono.Family != "Noto Sans Mono CJK SC" {
		t.Errorf("faces %+v, want Noto Sans CJK SC regular and bold, Noto Sans Mono CJK SC", faces)
	}
	data, err := faces.Regular.Data()
	if err != nil {
		t.Fatal(err)
	}
	face, err := font.ParseTTF(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("the extracted face does not parse as a single font: %v", err)
	}
	f, err := os.Open(notoCJK)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	collection, err := font.ParseTTC(f)
	if err != nil || len(collection) < 3 {
		t.Fatalf("%s: %d faces, %v", notoCJK, len(collection), err)
	}
	jp, sc := collection[0], collection[2]
	for _, r := range scJPDiffer + "A" {
		got, ok := face.NominalGlyph(r)
		if !ok {
			t.Errorf("%c has no glyph in the extracted face", r)
			continue
		}
		wantSC, _ := sc.NominalGlyph(r)
		notJP, _ := jp.NominalGlyph(r)
		if got != wantSC {
			t.Errorf("%c is glyph %d, face 2 (SC) has %d, face 0 (JP) %d", r, got, wantSC, notJP)
		}
		if r == 'A' {
			continue
		}
		// The forms really differ: the outlines of the two glyphs are not the same.
		if reflect.DeepEqual(face.GlyphData(got), jp.GlyphData(notJP)) {
			t.Errorf("%c: the SC and JP outlines are the same; the test shows nothing", r)
		}
	}
	if a, b := face.Upem(), sc.Upem(); a != b {
		t.Errorf("units per em %d, face 2 has %d", a, b)
	}
}

// faceFile copies a face (slimmed: slimFace): every table of the directory, at four-byte
// offsets, with checksums that add up (head's adjustment makes the file's
// sum 0xB1B0AFBA).
func TestFaceFileChecksums(t *testing.T) {
	if _, err := os.Stat(notoCJK); err != nil {
		t.Skip("fonts-noto-cjk is not installed")
	}
	data, err := faceFile(notoCJK, 2)
	if err != nil {
		t.Fatal(err)
	}
	if string(data[:4]) != "OTTO" {
		t.Errorf("sfnt version %q, want OTTO (CFF outlines)", data[:4])
	}
	if sum := checksum(data); sum != 0xB1B0AFBA {
		t.Errorf("the file's checksum is %#x, want 0xB1B0AFBA", sum)
	}
	if _, err := faceFile(notoCJK, 99); err == nil {
		t.Error("face 99 of a 10-face collection was read")
	}
}
