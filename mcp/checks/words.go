package checks

import (
	"fmt"
	"strings"
)

// Words put the summary for people (WriteSummary) into the reader's
// language. The summary's own lines are English templates, the key of
// their translation, with names and figures in {{.Fields}}; what a failure
// expected and got, and a result's message, are keyed messages (say.Msg,
// given as fmt.Stringer so that a translation need not import say). JUnit
// and TAP are for programs and stay in English.
type Words interface {
	// L is the template filled with data, in the reader's language.
	L(template string, data map[string]any) string
	// Failure is one failure's line (Failure.String in English).
	Failure(kind, path string, expected, actual fmt.Stringer) string
	// Message is a result's message (why it could not run, or was skipped).
	Message(fmt.Stringer) string
	// Status is the word a result's status (StatusPassed...) is shown by:
	// the summary's mark before each check. A translation gives the same
	// word the window's Checks tab shows for that status.
	Status(status string) string
}

// English is the summary as the code writes it.
type English struct{}

// L fills the template's {{.Fields}} with data.
func (English) L(template string, data map[string]any) string { return fill(template, data) }

// Failure is Failure.String.
func (English) Failure(kind, path string, expected, actual fmt.Stringer) string {
	return failureLine(kind, path, expected, actual)
}

// Message is msg in English.
func (English) Message(msg fmt.Stringer) string { return msg.String() }

// Status is the terse mark the English summary has always used.
func (English) Status(status string) string {
	return map[string]string{StatusPassed: "ok", StatusFailed: "FAIL", StatusError: "ERR", StatusSkipped: "skip"}[status]
}

// fill replaces each {{.Name}} of template with data's Name.
func fill(template string, data map[string]any) string {
	if len(data) == 0 {
		return template
	}
	pairs := make([]string, 0, 2*len(data))
	for k, v := range data {
		pairs = append(pairs, "{{."+k+"}}", fmt.Sprint(v))
	}
	return strings.NewReplacer(pairs...).Replace(template)
}

// TargetIn names what c calls, for people: the tool, "read URI", "prompt NAME".
func TargetIn(w Words, c *Check) string {
	switch c.Kind() {
	case "read":
		return w.L("read {{.URI}}", map[string]any{"URI": c.Read})
	case "prompt":
		return w.L("prompt {{.Name}}", map[string]any{"Name": c.Prompt})
	}
	return c.Tool
}
