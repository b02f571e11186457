package lint

import (
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// Thresholds of the description rules, in characters.
const (
	shortDescription = 20
	longDescription  = 1024
)

func checkDescriptions(c *checker, s Surface) {
	for _, t := range s.Tools {
		desc := strings.TrimSpace(t.Description)
		switch {
		case desc == "":
			c.add("desc-missing", KindTool, t.Name, "description", msgToolNoDescription)
		case sameWords(desc, t.Name) || (t.Title != "" && sameWords(desc, t.Title)):
			c.add("desc-repeats-name", KindTool, t.Name, "description", msgDescRepeatsName, Args{"Description": strconv.Quote(desc)})
		case len([]rune(desc)) < shortDescription:
			c.add("desc-too-short", KindTool, t.Name, "description", msgDescShort, Args{"Description": strconv.Quote(desc), "Length": len([]rune(desc))})
		case len([]rune(desc)) > longDescription:
			c.add("desc-too-long", KindTool, t.Name, "description", msgDescLong, Args{"Length": len([]rune(desc))})
		}
		names, descs := properties(t.InputSchema)
		seen := map[string]string{}
		var bare []string
		for _, n := range names {
			if strings.TrimSpace(descs[n]) == "" {
				bare = append(bare, n)
			}
			low := strings.ToLower(n)
			if other, ok := seen[low]; ok {
				c.add("args-case-clash", KindTool, t.Name, "inputSchema.properties."+n, msgArgsCaseClash, Args{"First": strconv.Quote(other), "Second": strconv.Quote(n)})
			}
			seen[low] = n
		}
		// One finding per tool, not per argument: the fix is one edit.
		switch len(bare) {
		case 0:
		case 1:
			c.add("desc-arg-missing", KindTool, t.Name, "inputSchema.properties."+bare[0], msgArgNoDescription, Args{"Argument": strconv.Quote(bare[0])})
		default:
			c.add("desc-arg-missing", KindTool, t.Name, "inputSchema.properties", msgArgsNoDescription, Args{"Arguments": quoteList(bare)})
		}
	}
}

// sameWords reports whether a description says nothing but the name's words
// ("get_weather" vs "Get weather.").
func sameWords(desc, name string) bool {
	return words(desc) != "" && words(desc) == words(name)
}

// words lowercases s and splits it on everything but letters and digits,
// and on camelCase humps.
func words(s string) string {
	var b strings.Builder
	prevLower := false
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			if prevLower {
				b.WriteByte(' ')
			}
			b.WriteRune(unicode.ToLower(r))
			prevLower = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
			prevLower = true
		default:
			b.WriteByte(' ')
			prevLower = false
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// destructiveWords match a name or description that says it destroys something.
var destructiveWords = regexp.MustCompile(`(?i)(^|[^a-z])(delete|deletes|deleting|remove|removes|removing|drop|drops|dropping|overwrite|overwrites|overwriting|erase|erases|purge|purges|destroy|destroys|truncate|truncates)([^a-z]|$)`)

func checkAnnotations(c *checker, s Surface) {
	annotated := 0
	for _, t := range s.Tools {
		if t.Annotations.any() {
			annotated++
		}
	}
	for _, t := range s.Tools {
		a := t.Annotations
		if !a.any() && annotated > 0 {
			// When no tool has any hint, one server-level finding says so
			// instead of one per tool.
			c.add("annot-none", KindTool, t.Name, "annotations", msgNoHints)
		}
		if a != nil && isTrue(a.ReadOnlyHint) && isTrue(a.DestructiveHint) {
			c.add("annot-readonly-destructive", KindTool, t.Name, "annotations", msgReadOnlyDestructive)
		}
		if a != nil && isTrue(a.ReadOnlyHint) {
			continue // a tool that says it changes nothing is not asked about
		}
		if a != nil && a.DestructiveHint != nil {
			continue
		}
		says, word := "", ""
		if m := destructiveWords.FindStringSubmatch(words(t.Name)); m != nil {
			says, word = msgNameSaysDestroys, m[2]
		} else if m := destructiveWords.FindStringSubmatch(firstSentence(t.Description)); m != nil {
			says, word = msgDescSaysDestroys, m[2]
		}
		if says != "" {
			c.add("annot-destructive-unmarked", KindTool, t.Name, "annotations", says, Args{"Word": strconv.Quote(strings.ToLower(word))})
		}
	}
	if annotated == 0 && len(s.Tools) > 0 {
		c.add("annot-none", KindServer, "", "annotations", msgNoToolSetsHints, Args{"Count": len(s.Tools)})
	}
}

// firstSentence is the part of a description that says what the tool does;
// later sentences often mention deleting as something it does not do.
func firstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexAny(s, ".\n"); i > 0 {
		return s[:i]
	}
	return s
}

func isTrue(b *bool) bool { return b != nil && *b }

var clientName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// maxPrefixed is the longest tool name model APIs accept, which agents
// prefix with mcp__SERVER__.
const maxPrefixed = 64

func checkNames(c *checker, s Surface) {
	for _, t := range s.Tools {
		if !clientName.MatchString(t.Name) {
			c.add("name-chars", KindTool, t.Name, "name", msgNameChars, Args{"Name": strconv.Quote(t.Name)})
		}
		if s.Server != "" {
			full := "mcp__" + agentServerName(s.Server) + "__" + t.Name
			if len(full) > maxPrefixed {
				c.add("name-prefixed-too-long", KindTool, t.Name, "name", msgPrefixedLength, Args{"Name": full, "Length": len(full)})
			}
		}
	}
	if err := checkSimilarNames(c.ctx, c, s.Tools); err != nil {
		c.err = err
	}
}

// agentServerName is the server name as agents put it in a tool name:
// characters outside [a-zA-Z0-9_-] become _.
func agentServerName(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-') {
			return r
		}
		return '_'
	}, s)
}

// similar reports names a model can mix up: equal but for case or
// separators, or one edit apart when both are long enough for one letter
// not to be the whole point (add vs and).
func similar(a, b string) bool {
	if a == b {
		return false
	}
	na, nb := normalise(a), normalise(b)
	if na == nb {
		return true
	}
	if len(na) < 5 || len(nb) < 5 {
		return false
	}
	return editDistance(na, nb) <= 1
}

var separators = strings.NewReplacer("_", "", "-", "", ".", "")

func normalise(s string) string {
	return separators.Replace(strings.ToLower(s))
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

func checkPromptsAndResources(c *checker, s Surface) {
	for _, p := range s.Prompts {
		if strings.TrimSpace(p.Description) == "" {
			c.add("prompt-desc-missing", KindPrompt, p.Name, "description", msgPromptNoDescription)
		}
		for _, a := range p.Arguments {
			if strings.TrimSpace(a.Description) == "" {
				c.add("prompt-arg-desc-missing", KindPrompt, p.Name, "arguments."+a.Name, msgArgNoDescription, Args{"Argument": strconv.Quote(a.Name)})
			}
		}
	}
	for _, r := range s.Resources {
		if strings.TrimSpace(r.Description) == "" {
			name := r.Name
			if name == "" {
				name = r.URI
			}
			c.add("resource-desc-missing", KindResource, name, "description", msgResourceNoDesc)
		}
	}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
