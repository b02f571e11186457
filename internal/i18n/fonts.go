package i18n

import (
	"github.com/go-text/typesetting/fontscan"
)

// Fyne's own font has no Chinese: the window draws Chinese with a font of
// the system's, found by go-text's font scan. Without one, every Chinese
// character is a box — a window nobody can read — so the window checks first
// and stays English (the README says what to install).

// hanSample is text every Chinese window shows (menus, tabs).
const hanSample = "文件服务器工具资源提示词帮助"

// SystemCanShow reports whether some font on the system has the characters
// of the language; English always can (Fyne brings its font). It reads the
// same font scan Fyne reads later (one scan per process, cached on disk), so
// it adds no work.
func SystemCanShow(language string) bool {
	if language != SimplifiedChinese {
		return true
	}
	fonts, err := systemFonts()
	if err != nil {
		return true // cannot tell: do as before
	}
	return anyCovers(fonts, hanSample)
}

// anyCovers reports whether one of the fonts has every character of sample.
func anyCovers(fonts []fontscan.Footprint, sample string) bool {
next:
	for _, f := range fonts {
		for _, r := range sample {
			if !f.Runes.Contains(r) {
				continue next
			}
		}
		return true
	}
	return false
}

type quietLogger struct{}

func (quietLogger) Printf(string, ...any) {}
