package i18n

import (
	"fmt"

	"fyne.io/fyne/v2/lang"
)

// Check results (mcp/checks) carry what they say as keyed messages (a
// failure's expected and actual, why a check did not run); the functions
// here word them for the Checks tab and `mcpbrowser check`'s summary. The
// JUnit and TAP outputs stay in English.

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

// CheckValue is what a failure expected or what came instead (a keyed
// message, mcp/checks' Failure.Expected and Actual) in the chosen
// language; the values in it (JSON, quoted text) stay as they are.
func CheckValue(v any) string { return CheckMessage(v) }

// CheckFailure is a failure's line, as checks.Failure.String words it in
// English: "json sum: expected 5, got 6".
func CheckFailure(kind, path string, expected, actual any) string {
	return L("{{.Where}}: expected {{.Expected}}, got {{.Actual}}", map[string]any{
		"Where": CheckKind(kind, path), "Expected": CheckValue(expected), "Actual": CheckValue(actual)})
}

// CheckMessage is why a check did not run (mcp/checks' Result.Message, a
// keyed message, or an error) in the chosen language. A field named
// Outcome is a word of the check file (tool_error) and is named by its own
// key; text is as Explain words it.
func CheckMessage(v any) string {
	switch m := v.(type) {
	case Keyed:
		return Say(outcomesNamed(m))
	case error:
		if k, ok := keyedError(m); ok {
			return Say(outcomesNamed(k))
		}
	}
	return Explain(v)
}

// CheckError is an error of mcp/checks in the chosen language: a keyed
// message (what is wrong with a check file) by its key, with the causes it
// holds in turn; other errors as Explain words them.
func CheckError(err error) string { return CheckMessage(err) }

// outcomesNamed is m with its Outcome field, and those of the messages it
// holds, named in the chosen language; m itself when it has none (so a
// plural keeps its count).
func outcomesNamed(m Keyed) Keyed {
	k, _ := checkFields(m)
	return k
}

// checkFields is outcomesNamed, and whether it changed anything.
func checkFields(m Keyed) (Keyed, bool) {
	args := m.MessageArgs()
	data := make(map[string]any, len(args))
	changed := false
	for k, v := range args {
		data[k] = v
		switch v := v.(type) {
		case Keyed:
			if n, ok := checkFields(v); ok {
				data[k], changed = n, true
			}
		case string:
			if k == "Outcome" {
				data[k], changed = word(checkOutcomes, v), true
			}
		}
	}
	if !changed {
		return m, false
	}
	return keyedText{m.MessageKey(), data}, true
}

// keyedText is a keyed message whose fields are ready to be shown.
type keyedText struct {
	key  string
	args map[string]any
}

func (k keyedText) MessageKey() string          { return k.key }
func (k keyedText) MessageArgs() map[string]any { return k.args }

// CheckWords are mcp/checks' Words (its summary for people) in the
// language Setup chose.
type CheckWords struct{}

// L translates the template, filled with data.
func (CheckWords) L(template string, data map[string]any) string { return L(template, data) }

// Failure is CheckFailure.
func (CheckWords) Failure(kind, path string, expected, actual fmt.Stringer) string {
	return CheckFailure(kind, path, expected, actual)
}

// Message is CheckMessage.
func (CheckWords) Message(msg fmt.Stringer) string { return CheckMessage(msg) }

// Status is the summary's mark for a status: terse in English (ok, FAIL),
// and in Chinese the word the Checks tab shows (CheckStatus), so the
// command line and the window say a check "通过" by the same word (a test
// compares them).
func (CheckWords) Status(status string) string { return word(checkMarks, status) }
