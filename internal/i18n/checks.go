package i18n

import (
	"fyne.io/fyne/v2/lang"
)

// Check results (mcp/checks) are worded in English by the core, as its
// failure explanations are; the functions here translate them for the
// Checks tab and `mcpbrowser check`'s summary, by the same kind of table
// as Explain. The JUnit and TAP outputs stay in English.

// checkRules are the sentences of mcp/checks: what a failure expected and
// what came (expect.go, path.go), why a check was skipped or could not run
// (runner.go, the window's and the CLI's connect), and what is wrong with a
// check file (file.go).
var checkRules = []coreRule{
	// Expected and actual (expect.go).
	rule(`text containing (?P<Text>".*")`, "text containing {{.Text}}"),
	rule(`text matching (?P<Pattern>".*")`, "text matching {{.Pattern}}"),
	rule(`a value matching (?P<Pattern>".*")`, "a value matching {{.Pattern}}"),
	rule(`a pattern that does not compile: (?P<Err>.*)`, "a pattern that does not compile: {{.Err}}"),
	rule(`a valid path`, "a valid path"),
	rule(`structured content or JSON text`, "structured content or JSON text"),
	rule(`neither`, "neither"),
	rule(`a value there`, "a value there"),
	rule(`nothing there`, "nothing there"),
	rule(`a result that validates against the tool's outputSchema`, "a result that validates against the tool's outputSchema"),
	rule(`at most (?P<N>\d+) ms`, "at most {{.N}} ms"),
	rule(`(?P<N>\d+) ms`, "{{.N}} ms"),
	rule(`the tool declares no outputSchema`, "the tool declares no outputSchema"),
	rule(`no structuredContent`, "no structuredContent"),
	rule(`an outputSchema this app cannot read: (?P<Err>.*)`, "an outputSchema this app cannot read: {{.Err}}"),
	rule(`an outputSchema this app cannot resolve: (?P<Err>.*)`, "an outputSchema this app cannot resolve: {{.Err}}"),
	rule(`structuredContent that does not validate: (?P<Err>.*)`, "structuredContent that does not validate: {{.Err}}"),
	rule(`(?P<Outcome>success|tool_error|rpc_error|no_answer) \((?P<Message>.*)\)`, "{{.Outcome}} ({{.Message}})", "Outcome", "Message"),
	// The message of a tool error, with the tool's own text (mcp/calls.go).
	rule(`the tool ran and reported an error: (?P<Text>.*)`, "the tool ran and reported an error: {{.Text}}"),
	// A JSON path that cannot be read (path.go).
	rule(`a \[ has no \]`, "a [ has no ]"),
	rule(`\[(?P<Inner>.*)\] is not an array index`, "[{{.Inner}}] is not an array index"),
	rule(`an empty name between dots`, "an empty name between dots"),
	// Why a check did not run (runner.go, ui/quality/checks.go, cli/check.go).
	rule(`(?P<Tool>\S+) may destroy things and was not run; add "destructive: true" to the check if that is meant`,
		`{{.Tool}} may destroy things and was not run; add "destructive: true" to the check if that is meant`),
	rule(`the arguments cannot be written as JSON: (?P<Err>.*)`, "the arguments cannot be written as JSON: {{.Err}}"),
	rule(`could not connect to (?P<Name>".*?"): (?P<Reason>.*)`, "could not connect to {{.Name}}: {{.Reason}}", "Reason"),
	rule(`no server named (?P<Name>".*?") in the servers file`, "no server named {{.Name}} in the servers file"),
	rule(`no server named (?P<Name>".*")`, "no server named {{.Name}}"),
	rule(`(?P<Err>.*) \(approve it once: mcpbrowser approve (?P<Name>\S+)\)`, "{{.Err}} (approve it once: mcpbrowser approve {{.Name}})", "Err"),
	rule(`no server named (?P<Names>.*) in the servers file or the check file; give one with --server NAME=TARGET`,
		"no server named {{.Names}} in the servers file or the check file; give one with --server NAME=TARGET"),
	// A check file that cannot be read or written (file.go, record.go) says
	// so by key: see CheckError.
}

// The outcomes, statuses and expectation kinds are words of the check
// file (outcome: tool_error) and of the reports; shown to people, they get
// a translation key of their own (the English is the word itself).
var (
	checkOutcomes = map[string]string{"success": "check outcome: success", "tool_error": "check outcome: tool_error",
		"rpc_error": "check outcome: rpc_error", "no_answer": "check outcome: no_answer"}
	checkStatuses = map[string]string{"passed": "check status: passed", "failed": "check status: failed",
		"error": "check status: error", "skipped": "check status: skipped"}
	checkMarks = map[string]string{"passed": "check mark: passed", "failed": "check mark: failed",
		"error": "check mark: error", "skipped": "check mark: skipped"}
	checkKinds = map[string]string{"outcome": "check expectation: outcome", "code": "check expectation: code",
		"text": "check expectation: text", "json": "check expectation: json", "outputSchema": "check expectation: outputSchema",
		"duration": "check expectation: duration", "snapshot": "check expectation: snapshot"}
)

// word translates one of those words; a word it does not know stays as it is.
func word(table map[string]string, w string) string {
	if key, ok := table[w]; ok {
		return lang.X(key, w)
	}
	return w
}

// CheckStatus is a check result's status (passed, failed, error, skipped)
// for people.
func CheckStatus(status string) string { return word(checkStatuses, status) }

// CheckKind says which expectation a failure is about ("outcome", "json
// items[0].name"), for people; the path stays as written.
func CheckKind(kind, path string) string {
	k := word(checkKinds, kind)
	if path == "" {
		return k
	}
	return L("{{.Kind}} {{.Path}}", map[string]any{"Kind": k, "Path": path})
}

// CheckValue translates what a failure expected or what came instead; the
// values in it (JSON, quoted text) stay as they are.
func CheckValue(s string) string { return checkSentence(s) }

// CheckFailure is a failure's line, as checks.Failure.String words it in
// English: "json sum: expected 5, got 6".
func CheckFailure(kind, path, expected, actual string) string {
	return L("{{.Where}}: expected {{.Expected}}, got {{.Actual}}", map[string]any{
		"Where": CheckKind(kind, path), "Expected": CheckValue(expected), "Actual": CheckValue(actual)})
}

// CheckMessage translates why a check did not run, given as text.
func CheckMessage(msg string) string { return checkSentence(msg) }

// CheckError is an error of mcp/checks in the chosen language: a keyed
// message (what is wrong with a check file) by its key, with the causes it
// holds in turn; other errors as CheckMessage words their text.
func CheckError(err error) string {
	if k, ok := keyedError(err); ok {
		return Say(k)
	}
	return CheckMessage(err.Error())
}

// CheckWords are mcp/checks' Words (its summary for people) in the
// language Setup chose.
type CheckWords struct{}

// L translates the template, filled with data.
func (CheckWords) L(template string, data map[string]any) string { return L(template, data) }

// Failure is CheckFailure.
func (CheckWords) Failure(kind, path, expected, actual string) string {
	return CheckFailure(kind, path, expected, actual)
}

// Message is CheckMessage.
func (CheckWords) Message(msg string) string { return CheckMessage(msg) }

// Status is the summary's mark for a status: terse in English (ok, FAIL),
// and in Chinese the word the Checks tab shows (CheckStatus), so the
// command line and the window say a check "通过" by the same word (a test
// compares them).
func (CheckWords) Status(status string) string { return word(checkMarks, status) }

// checkSentence translates by the check rules, an outcome word, or the
// core's sentences (a connect failure's reason); else s stays.
func checkSentence(s string) string {
	if out, ok := applyRules(checkRules, s, checkSentence); ok {
		return out
	}
	if _, ok := checkOutcomes[s]; ok {
		return word(checkOutcomes, s)
	}
	return Explain(s)
}
