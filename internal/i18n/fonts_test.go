package i18n

import (
	"testing"

	"fyne.io/fyne/v2/lang"
	"github.com/go-text/typesetting/fontscan"
)

func footprint(text string) fontscan.Footprint {
	var f fontscan.Footprint
	for _, r := range text {
		f.Runes.Add(r)
	}
	return f
}

// The window stays English when no font on the system has Chinese
// characters; one font with all of them is enough, several partial ones
// are not.
func TestAnyCoversNeedsOneFontWithEveryCharacter(t *testing.T) {
	latin := footprint("abcdefghijklmnopqrstuvwxyz")
	cjk := footprint(hanSample + "abc")
	half := []rune(hanSample)
	first, second := footprint(string(half[:4])), footprint(string(half[4:]))
	tests := []struct {
		name  string
		fonts []fontscan.Footprint
		want  bool
	}{
		{"no fonts", nil, false},
		{"Latin only", []fontscan.Footprint{latin}, false},
		{"a CJK font", []fontscan.Footprint{latin, cjk}, true},
		{"two halves", []fontscan.Footprint{first, second}, false},
	}
	for _, tt := range tests {
		if got := anyCovers(tt.fonts, hanSample); got != tt.want {
			t.Errorf("%s: anyCovers = %v, want %v", tt.name, got, tt.want)
		}
	}
	if !SystemCanShow(English) {
		t.Error("English needs no system font")
	}
}

// Setting up English after Chinese (what the window does when no font can
// show Chinese) leaves lang in English.
func TestSetupAgainSwitchesTheLanguage(t *testing.T) {
	t.Setenv("LC_ALL", "C.UTF-8")
	if _, err := Setup(SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	if got := lang.L("Run"); got == "Run" {
		t.Fatalf("Chinese setup: Run is %q", got)
	}
	if _, err := Setup(English); err != nil {
		t.Fatal(err)
	}
	if got := lang.L("Run"); got != "Run" {
		t.Errorf("English after Chinese: Run is %q", got)
	}
}
