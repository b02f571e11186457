package widgets

import "unicode/utf8"

// Chinese, Japanese and Korean characters (and full-width punctuation) are
// drawn about twice as wide as a monospace Latin letter, by the system's CJK
// font: wrapping counts them as two columns, so a translated line or a
// server's CJK text is not cut off at the panel's edge.

// runeCols is how many monospace columns r takes.
func runeCols(r rune) int {
	switch {
	case r < 0x1100:
		return 1
	case r <= 0x115f, // Hangul Jamo
		r >= 0x2e80 && r <= 0x303e, // CJK radicals, symbols and punctuation
		r >= 0x3041 && r <= 0x33ff, // kana, CJK compatibility
		r >= 0x3400 && r <= 0x4dbf, // CJK extension A
		r >= 0x4e00 && r <= 0x9fff, // CJK unified ideographs
		r >= 0xa960 && r <= 0xa97f, // Hangul Jamo extended-A
		r >= 0xac00 && r <= 0xd7a3, // Hangul syllables
		r >= 0xf900 && r <= 0xfaff, // CJK compatibility ideographs
		r >= 0xfe30 && r <= 0xfe4f, // CJK compatibility forms
		r >= 0xff00 && r <= 0xff60, // full-width forms
		r >= 0xffe0 && r <= 0xffe6,
		r >= 0x20000 && r <= 0x3fffd: // CJK extensions B and on
		return 2
	}
	return 1
}

// wrapCols cuts s into pieces of at most n columns (n ≥ 1), a wide
// character never split from itself; count only, when out is nil.
func wrapCols(s string, n int, out *[]string) int {
	lines, cols, start := 1, 0, 0
	for i, r := range s {
		w := runeCols(r)
		if cols+w > n && cols > 0 {
			if out != nil {
				*out = append(*out, s[start:i])
			}
			lines, cols, start = lines+1, 0, i
		}
		cols += w
	}
	if out != nil {
		*out = append(*out, s[start:])
	}
	return lines
}

// narrowOnly reports whether every character of s takes one column.
func narrowOnly(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			for _, r := range s[i:] {
				if runeCols(r) != 1 {
					return false
				}
			}
			return true
		}
	}
	return true
}
