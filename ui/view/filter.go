package view

import "strings"

// A Filter is what a person typed in a list's filter box, ready to test
// many rows against: every word must occur, in any case, anywhere in the
// row's text. The tool list and the Resources, Prompts, History and Checks
// tabs all filter by this one rule.
type Filter struct{ words []string }

// NewFilter reads query; a blank query lets every row through.
func NewFilter(query string) Filter {
	return Filter{words: strings.Fields(strings.ToLower(query))}
}

// Empty reports whether the filter lets every row through.
func (f Filter) Empty() bool { return len(f.words) == 0 }

// MatchLower reports whether haystack, already lower-cased (rows keep their
// text lower-cased once, so a keystroke only compares), has every word.
func (f Filter) MatchLower(haystack string) bool {
	for _, w := range f.words {
		if !strings.Contains(haystack, w) {
			return false
		}
	}
	return true
}

// Match reports whether the row with these texts has every word.
func (f Filter) Match(texts ...string) bool {
	if f.Empty() {
		return true
	}
	return f.MatchLower(Haystack(texts...))
}

// Haystack is a row's texts joined and lower-cased, for MatchLower.
func Haystack(texts ...string) string {
	return strings.ToLower(strings.Join(texts, "\n"))
}

// Indexes appends to out the indexes i < n whose haystack(i) matches.
func (f Filter) Indexes(n int, haystack func(i int) string, out []int) []int {
	for i := range n {
		if f.MatchLower(haystack(i)) {
			out = append(out, i)
		}
	}
	return out
}
