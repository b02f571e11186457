package view

import (
	"slices"
	"strings"
)

// A RankedTool is what the tool filter ranks a tool by.
type RankedTool struct {
	Name, Title, Description string
}

// The ranks of a tool for what was typed, best first.
const (
	rankExact     = iota // the name is what was typed
	rankNameStart        // the name starts with it
	rankNameHas          // the name contains it
	rankTitleHas         // the title contains it
	rankElsewhere        // only the description (or the words apart) match
)

// ToolRank is how well a tool that passed the filter fits what was typed,
// lower first: its name is it, starts with it, contains it; then its title;
// then the rest (the description). Case and the separators _ - . and space
// do not count, so "read text" ranks read_text_file as a start. Within a
// rank a tool that says it is deprecated comes after one that does not.
func ToolRank(typed string, t RankedTool) int {
	q := rankText(typed)
	r := rankElsewhere
	switch name := rankText(t.Name); {
	case q == "":
		r = rankElsewhere
	case name == q:
		r = rankExact
	case strings.HasPrefix(name, q):
		r = rankNameStart
	case strings.Contains(name, q):
		r = rankNameHas
	case strings.Contains(rankText(t.Title), q):
		r = rankTitleHas
	}
	r *= 2
	if ToolDeprecated(t) {
		r++
	}
	return r
}

// RankTools orders shown (indexes of tools that passed the filter) best
// first for what was typed, keeping the server's order within a rank. The
// tool list shows them in this order, and Enter in the filter takes the
// first.
func RankTools(typed string, shown []int, tool func(i int) RankedTool) {
	if rankText(typed) == "" {
		return
	}
	ranks := make(map[int]int, len(shown))
	for _, i := range shown {
		ranks[i] = ToolRank(typed, tool(i))
	}
	slices.SortStableFunc(shown, func(a, b int) int { return ranks[a] - ranks[b] })
}

// ToolDeprecated reports whether the tool says it is deprecated: "deprecated"
// in its title ("Read File (Deprecated)"), or its description opening with
// it or shouting it ("DEPRECATED: use read_text_file"). MCP has no field for
// it; a description merely mentioning another deprecated thing does not count.
func ToolDeprecated(t RankedTool) bool {
	d := strings.TrimSpace(t.Description)
	return strings.Contains(strings.ToLower(t.Title), "deprecated") ||
		strings.HasPrefix(strings.ToLower(d), "deprecated") ||
		strings.Contains(d, "DEPRECATED")
}

// rankText lower-cases s and makes its separators one space.
func rankText(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == '_' || r == '-' || r == '.' || r == ' ' || r == '\t' || r == '/'
	}), " ")
}
