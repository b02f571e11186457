package i18n

import (
	"regexp"

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
	// Surface snapshots (mcp/surface).
	rule(`listing resources: (?P<Err>.*)`, "listing resources: {{.Err}}", "Err"),
	rule(`listing resource templates: (?P<Err>.*)`, "listing resource templates: {{.Err}}", "Err"),
	rule(`listing prompts: (?P<Err>.*)`, "listing prompts: {{.Err}}", "Err"),
	rule(`not a surface snapshot: it has no tools, resources, resourceTemplates or prompts`, "not a surface snapshot: it has no tools, resources, resourceTemplates or prompts"),
	rule(`not a surface snapshot: (?P<Err>.*)`, "not a surface snapshot: {{.Err}}", "Err"),
	rule(`(?P<Step>reading|writing|saving) the snapshot: (?P<Err>.*)`, "{{.Step}} the snapshot: {{.Err}}", "Step", "Err"),
	rule(`reading`, "reading"),
	rule(`writing`, "writing"),
	rule(`saving`, "saving"),
	// The servers file and server entries (mcp/config).
	rule(`server (?P<Name>"(?:[^"\\]|\\.)*"): (?P<Err>.*)`, "server {{.Name}}: {{.Err}}", "Err"),
	rule(`server (?P<Name>"(?:[^"\\]|\\.)*") is written twice; rename or remove one`, "server {{.Name}} is written twice; rename or remove one"),
	rule(`field (?P<Field>"[^"]*") must be (?P<Kind>a list|an object|a number|a string|a bool)`, "field {{.Field}} must be {{.Kind}}", "Kind"),
	rule(`a string`, "a string"),
	rule(`a bool`, "a bool"),
	rule(`a list`, "a list"),
	rule(`an object`, "an object"),
	rule(`a number`, "a number"),
	rule(`field "type" must be a string`, `field "type" must be a string`),
	rule(`must be a string or a list of strings`, "must be a string or a list of strings"),
	rule(`must be an object like \{"command": "…"\} or \{"url": "…"\}`, `must be an object like {"command": "…"} or {"url": "…"}`),
	rule(`must be an object of servers`, "must be an object of servers"),
	rule(`the file must be a JSON object like \{"mcpServers": \{…\}\}`, `the file must be a JSON object like {"mcpServers": {…}}`),
	rule(`"mcpServers" must be an object of servers, like \{"name": \{"command": …\}\}`, `"mcpServers" must be an object of servers, like {"name": {"command": …}}`),
	rule(`unknown transport type (?P<Type>"(?:[^"\\]|\\.)*"); use stdio, http, sse or openapi`, "unknown transport type {{.Type}}; use stdio, http, sse or openapi"),
	rule(`no command to start; set "command" \(and "args"\)`, `no command to start; set "command" (and "args")`),
	rule(`no URL; set "url" to the server's endpoint`, `no URL; set "url" to the server's endpoint`),
	rule(`no OpenAPI document; set "spec" to a file path or URL`, `no OpenAPI document; set "spec" to a file path or URL`),
	rule(`neither "command" nor "url" is set`, `neither "command" nor "url" is set`),
	// Files that cannot be read as what they should be: where, then what.
	rule(`(?P<File>\S+\.(?:json|toml|ya?ml)): (?P<Err>.*)`, "{{.File}}: {{.Err}}", "Err"),
	rule(`(?P<Path>[^:\n]+):(?P<Line>\d+):(?P<Column>\d+): (?P<Problem>.*)`, "{{.Path}}:{{.Line}}:{{.Column}}: {{.Problem}}", "Path", "Problem"),
	rule(`pasted text`, "pasted text"),
	rule(`not valid JSON: (?P<Err>.*)`, "not valid JSON: {{.Err}}", "Err"),
	rule(`not valid TOML: (?P<Err>.*)`, "not valid TOML: {{.Err}}"),
	// Go's JSON syntax errors.
	rule(`invalid character (?P<Char>'.+') looking for beginning of object key string`, "invalid character {{.Char}} looking for beginning of object key string"),
	rule(`invalid character (?P<Char>'.+') (?P<Where>after .*|looking for .*|in .*)`, "invalid character {{.Char}} {{.Where}}"),
	rule(`unexpected end of JSON input`, "unexpected end of JSON input"),
	rule(`(?P<Op>open|stat|lstat|read|write|mkdir|remove|rename|chdir) (?P<Path>\S+): no such file or directory`, "{{.Op}} {{.Path}}: no such file or directory"),
	rule(`(?P<Op>open|stat|lstat|read|write|mkdir|remove|rename|chdir) (?P<Path>\S+): permission denied`, "{{.Op}} {{.Path}}: permission denied"),
	rule(`(?P<Op>open|stat|lstat|read|write|mkdir|remove|rename|chdir) (?P<Path>\S+): is a directory`, "{{.Op}} {{.Path}}: is a directory"),
	rule(`connection refused`, "connection refused"),
	rule(`connection closed`, "connection closed"),
	rule(`broken pipe`, "broken pipe"),
	rule(`EOF`, "EOF"),
	rule(`permission denied`, "permission denied"),
	rule(`no such file or directory`, "no such file or directory"),
	rule(`context deadline exceeded`, "context deadline exceeded"),
	rule(`context canceled`, "context canceled"),
	// Arguments that do not fit a tool's schema (mcp/schema); the field
	// problems after the colon stay as they are.
	rule(`cannot use the arguments given: (?P<Problems>.*)`, "cannot use the arguments given: {{.Problems}}"),
}

// explainText translates a failure explanation from the core, given as
// English text, into the language Setup chose, by the table of the core's
// English sentences. Text it does not know comes back unchanged.
func explainText(msg string) string { return explainSentence(msg) }

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
		if p, ok := data["Problems"]; ok {
			// The schema model's "field: problem; field: problem".
			data["Problems"] = FieldProblems(p)
		}
		return lang.L(r.key, data), true
	}
	return s, false
}
