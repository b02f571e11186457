package i18n

import (
	"strings"

	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/fontscan"
)

// FontFileFor finds a system font that has every character of sample, for
// drawing text outside Fyne (the load test's PNG): its file and its index
// in a collection (.ttc). A regular sans-serif face is preferred. ok is false
// when no font has them all.
func FontFileFor(sample string) (file string, index int, ok bool) {
	fonts, err := systemFonts()
	if err != nil {
		return "", 0, false
	}
	best, bestScore := -1, -1
	for i, f := range fonts {
		if !covers(f, sample) {
			continue
		}
		score := 0
		if f.Aspect.Weight == font.WeightNormal {
			score += 2
		}
		if f.Aspect.Style == font.StyleNormal {
			score += 2
		}
		if strings.Contains(strings.ToLower(f.Family), "sans") {
			score++
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		return "", 0, false
	}
	return fonts[best].Location.File, int(fonts[best].Location.Index), true
}

func covers(f fontscan.Footprint, sample string) bool {
	for _, r := range sample {
		if r > ' ' && !f.Runes.Contains(r) {
			return false
		}
	}
	return true
}
