package i18n

import (
	"regexp"
	"strings"

	"fyne.io/fyne/v2/lang"
)

// The core (mcp/…) words its failure explanations in English. Explain
// translates them for people by matching the known sentences; anything it
// does not know passes through unchanged. It needs no Fyne app: lang works
// without one (English until Setup has loaded a language).

// A coreRule turns one English sentence of the core into a translation
// key; the named groups of re are the key's {{.Template}} fields.
type coreRule struct {
	re  *regexp.Regexp
	key string
	// explain lists the groups that are themselves core sentences
	// (an install hint) and are translated in turn.
	explain []string
}

func rule(re, key string, explain ...string) coreRule {
	return coreRule{regexp.MustCompile("^" + re + "$"), key, explain}
}

// coreRules: the most specific first. Keys are the English text itself,
// as in the translation files.
var coreRules = []coreRule{
	// A connect failure's reason as the check messages (mcp/checks) still
	// carry it in text.
	rule(`the server exited with code (?P<Code>-?\d+)\.?`, "the server exited with code {{.Code}}."),
	rule(`could not start the server: the program (?P<Command>".*") was not found\. (?P<Hint>.*)\. PATH searched: (?P<Path>.*)`,
		"could not start the server: the program {{.Command}} was not found. {{.Hint}}. PATH searched: {{.Path}}", "Hint", "Path"),
	rule(`could not start the server: the program (?P<Command>".*") was not found\. PATH searched: (?P<Path>.*)`,
		"could not start the server: the program {{.Command}} was not found. PATH searched: {{.Path}}", "Path"),
	// The PATH searched, when the login shell's was asked too (mcp/transport lookpath).
	rule(`(?P<Path>\S*) \(and the login shell's PATH: (?P<ShellPath>\S*)\)`, "{{.Path}} (and the login shell's PATH: {{.ShellPath}})"),
	rule(`could not start the server (?P<Command>".*?"): (?P<Err>.*)`, "could not start the server {{.Command}}: {{.Err}}", "Err"),
	rule(`It comes with Node\.js: install Node\.js \(https://nodejs\.org\) and try again`,
		"It comes with Node.js: install Node.js (https://nodejs.org) and try again"),
	rule(`It comes with uv: install uv \(https://docs\.astral\.sh/uv/\) and try again`,
		"It comes with uv: install uv (https://docs.astral.sh/uv/) and try again"),
	rule(`Install Python 3 and try again`, "Install Python 3 and try again"),
	rule(`Install Docker and make sure it is running`, "Install Docker and make sure it is running"),
	rule(`Check the command's spelling, or give its full path`, "Check the command's spelling, or give its full path"),
}

// coreTails are the fixed sentences the core appends to an explanation,
// each followed by lines the server printed ("\n  …"), which stay as they are.
var coreTails = []string{
	` It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise "connectTimeout" for a slow one.`,
	" It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):",
	" Last stderr lines:",
}

// explainText translates a failure explanation from the core, given as
// English text, into the language Setup chose. Its head sentence is matched against a table of the core's
// English sentences; the fixed sentences appended after it are translated
// one by one, and what the server printed is kept as it came. Text it does
// not know comes back unchanged.
func explainText(msg string) string {
	cut := len(msg)
	for _, t := range coreTails {
		if i := strings.Index(msg, t); i >= 0 && i < cut {
			cut = i
		}
	}
	if nl := strings.IndexByte(msg, '\n'); nl >= 0 && nl < cut {
		cut = nl
	}
	head, tail := msg[:cut], msg[cut:]
	out := explainSentence(head)
	for _, t := range coreTails {
		tail = strings.ReplaceAll(tail, t, " "+lang.L(strings.TrimPrefix(t, " ")))
	}
	if strings.HasSuffix(out, "。") {
		// Chinese puts no space after a full stop.
		tail = strings.TrimPrefix(tail, " ")
	}
	return out + tail
}

func explainSentence(s string) string {
	if out, ok := applyRules(coreRules, s, explainSentence); ok {
		return out
	}
	return s
}

// applyRules translates s by the first of rules that matches it, its
// explain groups through sub; ok is false when none matches.
func applyRules(rules []coreRule, s string, sub func(string) string) (out string, ok bool) {
	for _, r := range rules {
		m := r.re.FindStringSubmatch(s)
		if m == nil {
			continue
		}
		data := map[string]string{}
		for i, name := range r.re.SubexpNames() {
			if name != "" {
				data[name] = m[i]
			}
		}
		for _, name := range r.explain {
			data[name] = sub(data[name])
		}
		return lang.L(r.key, data), true
	}
	return s, false
}
