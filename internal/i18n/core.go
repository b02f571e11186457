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
	// Connecting (mcp/session.go explainConnectError, watch).
	rule(`the server did not answer initialize within (?P<Timeout>\S+)\.`,
		"the server did not answer initialize within {{.Timeout}}."),
	rule(`the server answered initialize but did not answer tools/list within (?P<Timeout>\S+)\.`,
		"the server answered initialize but did not answer tools/list within {{.Timeout}}."),
	rule(`the server exited with code (?P<Code>-?\d+) before it finished starting\.`,
		"the server exited with code {{.Code}} before it finished starting."),
	rule(`the server exited with code (?P<Code>-?\d+) while the call was running\.`,
		"the server exited with code {{.Code}} while the call was running."),
	rule(`the server exited with code (?P<Code>-?\d+) during (?P<Method>\S+)\.`,
		"the server exited with code {{.Code}} during {{.Method}}."),
	rule(`the server exited with code (?P<Code>-?\d+)\.?`,
		"the server exited with code {{.Code}}."),
	rule(`the server exited \(code 0\)`, "the server exited (code 0)"),
	rule(`the server was killed: (?P<Err>.*)`, "the server was killed: {{.Err}}", "Err"),
	rule(`signal: (?P<Signal>.+)`, "signal: {{.Signal}}"),
	rule(`the server closed the connection but is still running; stopping it\.`,
		"the server closed the connection but is still running; stopping it."),
	rule(`the connection to (?P<URL>\S+) closed\.`, "the connection to {{.URL}} closed."),
	rule(`connecting was cancelled`, "connecting was cancelled"),
	rule(`could not connect to (?P<URL>\S+): (?P<Err>.*)\. Check the URL and that the server is running\.`,
		"could not connect to {{.URL}}: {{.Err}}. Check the URL and that the server is running.", "Err"),
	rule(`could not initialize the session: (?P<Err>.*)`, "could not initialize the session: {{.Err}}", "Err"),
	rule(`signing in to (?P<URL>\S+) failed: (?P<Err>.*)`, "signing in to {{.URL}} failed: {{.Err}}", "Err"),
	// Starting a stdio server (mcp/transport StartError).
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
	// Calls and requests (mcp/calls.go, mcp/features.go).
	rule(`the server did not answer within (?P<Timeout>\S+) \(and sent no progress meanwhile\); the call was cancelled\. Raise "callTimeout" in the entry for slow tools\.`,
		`the server did not answer within {{.Timeout}} (and sent no progress meanwhile); the call was cancelled. Raise "callTimeout" in the entry for slow tools.`),
	rule(`the call ran longer than the (?P<Max>\S+) maximum and was cancelled\.`,
		"the call ran longer than the {{.Max}} maximum and was cancelled."),
	rule(`the server did not answer (?P<Method>\S+) within (?P<Timeout>\S+); the request was cancelled\. Raise "callTimeout" in the entry for a slow server\.`,
		`the server did not answer {{.Method}} within {{.Timeout}}; the request was cancelled. Raise "callTimeout" in the entry for a slow server.`),
	rule(`the server refused (?P<Method>\S+): (?P<Message>.*) \(JSON-RPC error (?P<Code>-?\d+), (?P<CodeName>[^)]*)\)\. The server does not declare the (?P<Capability>"[^"]*") capability, so this was to be expected`,
		"the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}}). The server does not declare the {{.Capability}} capability, so this was to be expected", "CodeName"),
	rule(`the server refused (?P<Method>\S+): (?P<Message>.*) \(JSON-RPC error (?P<Code>-?\d+), (?P<CodeName>[^)]*)\)`,
		"the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", "CodeName"),
	rule(`(?P<Method>[a-z]+/[A-Za-z/]+) ran out of time: (?P<Err>.*)`, "{{.Method}} ran out of time: {{.Err}}", "Err"),
	rule(`(?P<Method>[a-z]+/[A-Za-z/]+) failed: (?P<Err>.*)`, "{{.Method}} failed: {{.Err}}", "Err"),
	rule(`not connected: capabilities unknown`, "not connected: capabilities unknown"),
	rule(`the server refused the request: (?P<Message>.*) \(JSON-RPC error (?P<Code>-?\d+), (?P<CodeName>[^)]*)\)`,
		"the server refused the request: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", "CodeName"),
	rule(`the tool ran and reported an error`, "the tool ran and reported an error"),
	rule(`the server ran the tool at once instead of as a task`, "the server ran the tool at once instead of as a task"),
	rule(`the tool ran and reported an error: (?P<Text>.*)`, "the tool ran and reported an error: {{.Text}}"),
	rule(`the server's reply to (?P<Method>\S+) was not valid: (?P<Why>.*)`,
		"the server's reply to {{.Method}} was not valid: {{.Why}}"),
	rule(`the server was stopped while the call was running\.`, "the server was stopped while the call was running."),
	rule(`you cancelled the call; the server was told \(notifications/cancelled\)\.`,
		"you cancelled the call; the server was told (notifications/cancelled)."),
	rule(`you cancelled the request; the server was told \(notifications/cancelled\)\.`,
		"you cancelled the request; the server was told (notifications/cancelled)."),
	rule(`the call ran out of time: (?P<Err>.*)`, "the call ran out of time: {{.Err}}", "Err"),
	rule(`the request ran out of time and was cancelled\.`, "the request ran out of time and was cancelled."),
	rule(`the server is not connected\. Start \(or restart\) it first\.`,
		"the server is not connected. Start (or restart) it first."),
	rule(`the server went away while the call was running: (?P<Reason>.*)`,
		"the server went away while the call was running: {{.Reason}}", "Reason"),
	rule(`the server went away during (?P<Method>\S+): (?P<Reason>.*)`,
		"the server went away during {{.Method}}: {{.Reason}}", "Reason"),
	rule(`the server went away: (?P<Reason>.*)`, "the server went away: {{.Reason}}", "Reason"),
	rule(`the call failed: (?P<Err>.*)`, "the call failed: {{.Err}}", "Err"),
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
	// A skill whose files do not match its listing (mcp/skills.go).
	rule(`refused (?P<URI>\S+): (?P<Reason>.*); the skill was not loaded`, "refused {{.URI}}: {{.Reason}}; the skill was not loaded", "Reason"),
	rule(`it is (?P<Got>\d+) bytes, but the server's listing says (?P<Want>\d+)`, "it is {{.Got}} bytes, but the server's listing says {{.Want}}"),
	rule(`the server's listing gives no digest to check it against`, "the server's listing gives no digest to check it against"),
	rule(`the listing's digest (?P<Digest>"(?:[^"\\]|\\.)*") is not a sha256 digest this app can check`, "the listing's digest {{.Digest}} is not a sha256 digest this app can check"),
	rule(`its content does not match the digest in the server's listing \(sha256 (?P<Got>\S+), listed (?P<Want>\S+)\)`,
		"its content does not match the digest in the server's listing (sha256 {{.Got}}, listed {{.Want}})"),
	rule(`its front matter has no (?P<Key>"(?:[^"\\]|\\.)*"), but the server's listing does`, "its front matter has no {{.Key}}, but the server's listing does"),
	rule(`its front matter says (?P<Key>\S+): (?P<Got>.*), but the server's listing says (?P<Want>.*)`, "its front matter says {{.Key}}: {{.Got}}, but the server's listing says {{.Want}}"),
	// Filling a resource template (mcp/features.go ExpandTemplate).
	rule(`fill in (?P<Names>.+) to make a URI from (?P<Template>\S+)`, "fill in {{.Names}} to make a URI from {{.Template}}"),
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
	// The names of JSON-RPC error codes (mcp.RPCCodeName).
	rule(`parse error`, "parse error"),
	rule(`invalid request`, "invalid request"),
	rule(`method not found`, "method not found"),
	rule(`invalid params`, "invalid params"),
	rule(`internal error`, "internal error"),
	rule(`resource not found`, "resource not found"),
	rule(`URL elicitation required`, "URL elicitation required"),
	rule(`server error`, "server error"),
	rule(`application error`, "application error"),
	// The causes named after a colon (mcp/plaincause.go), and the few
	// words of Go's own a cause may still be given in.
	rule(`the connection was refused \(nothing is listening there\)`, "the connection was refused (nothing is listening there)"),
	rule(`the host name (?P<Host>".*") is not known`, "the host name {{.Host}} is not known"),
	rule(`the host name (?P<Host>".*") could not be looked up`, "the host name {{.Host}} could not be looked up"),
	rule(`the server's TLS certificate is not trusted`, "the server's TLS certificate is not trusted"),
	rule(`the network cannot reach that address`, "the network cannot reach that address"),
	rule(`the connection was broken off`, "the connection was broken off"),
	rule(`the server no longer knows this session \(it may have restarted\)`, "the server no longer knows this session (it may have restarted)"),
	rule(`no answer came in time`, "no answer came in time"),
	rule(`the connection closed`, "the connection closed"),
	rule(`the server sent an event of more than (?P<MB>\d+) MB without ending it; the stream was closed`, "the server sent an event of more than {{.MB}} MB without ending it; the stream was closed"),
	rule(`the request did not get through, or its reply could not be read: (?P<Cause>.*)`,
		"the request did not get through, or its reply could not be read: {{.Cause}}", "Cause"),
	rule(`the server's reply was over the limit of (?P<MiB>\d+) MiB and was not read`,
		"the server's reply was over the limit of {{.MiB}} MiB and was not read"),
	rule(`the server's reply had an HTTP header that could not be read \((?P<Detail>.*)\)`,
		"the server's reply had an HTTP header that could not be read ({{.Detail}})"),
	rule(`the server's reply could not be read as HTTP \((?P<Detail>.*)\)`,
		"the server's reply could not be read as HTTP ({{.Detail}})"),
	rule(`the server answered HTTP (?P<Code>\d{3}) (?P<Text>.*)`, "the server answered HTTP {{.Code}} {{.Text}}"),
	rule(`the server answered: (?P<Message>.*) \(JSON-RPC error (?P<Code>-?\d+)\)`, "the server answered: {{.Message}} (JSON-RPC error {{.Code}})"),
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
		if p, ok := data["Problems"]; ok {
			// The schema model's "field: problem; field: problem".
			data["Problems"] = FieldProblems(p)
		}
		return lang.L(r.key, data), true
	}
	return s, false
}
