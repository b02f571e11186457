package view

import (
	"strconv"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
)

// FieldErrors says why the call was not sent; the form shows each message by its field.
func FieldErrors(errs []schema.FieldError) string { return FieldErrorsAs(errs, true) }

// FieldErrorsAs words the first problem as "Not sent: …" (a call)
// or "Not accepted: …" (an elicitation form).
func FieldErrorsAs(errs []schema.FieldError, sent bool) string {
	first := errs[0]
	what := first.Label
	if what == "" {
		what = first.Path
	}
	msg := i18n.FieldProblem(first.Problem())
	if what != "" {
		msg = i18n.L("{{.Field}}: {{.Problem}}", map[string]any{"Field": what, "Problem": msg})
	}
	data := map[string]any{"Problem": msg}
	switch {
	case len(errs) > 1 && sent:
		return i18n.N("Not sent: {{.Problem}} (and {{.Count}} more)", len(errs)-1, data)
	case len(errs) > 1:
		return i18n.N("Not accepted: {{.Problem}} (and {{.Count}} more)", len(errs)-1, data)
	case sent:
		return i18n.L("Not sent: {{.Problem}}", data)
	}
	return i18n.L("Not accepted: {{.Problem}}", data)
}

// OptionLabels returns the options' labels, made unique so that a widget
// that speaks in strings can tell them apart.
func OptionLabels(opts []schema.Option) []string {
	labels := make([]string, len(opts))
	seen := map[string]int{}
	for i, o := range opts {
		l := o.Label
		if l == "" {
			l = string(o.Value)
		}
		if n := seen[l]; n > 0 {
			seen[l] = n + 1
			l = l + " (" + strconv.Itoa(n+1) + ")"
		} else {
			seen[l] = 1
		}
		labels[i] = l
	}
	return labels
}

func ShortLabels(labels []string) bool {
	for _, l := range labels {
		if len([]rune(l)) > 24 {
			return false
		}
	}
	return true
}

// longTextWords mark a string property that usually holds several lines.
var longTextWords = []string{"content", "body", "text", "prompt", "message", "script", "code",
	"markdown", "html", "instructions", "notes", "template", "patch", "diff", "source"}

// IsLongText guesses whether a string field wants a multi-line entry: its
// name says so, a limit allows long text, or it already holds several lines.
func IsLongText(fd *schema.Field) bool {
	if strings.Contains(fd.Text(), "\n") {
		return true
	}
	if fd.Format != "" || fd.Limits.Pattern != "" {
		return false
	}
	if m := fd.Limits.MaxLength; m != nil && *m <= 200 {
		return false
	}
	name := strings.ToLower(fd.Name + " " + fd.Label)
	for _, word := range longTextWords {
		if strings.Contains(name, word) {
			return true
		}
	}
	return fd.Limits.MaxLength != nil // a long explicit limit
}

// FitsOnOneLine reports whether options side by side fit the field column
// at 1024×640 (about 300 px): a few short labels ("red", "green", "blue").
// Wider rows pushed the whole form past its column; they are stacked.
func FitsOnOneLine(labels []string) bool {
	n := 0
	for _, l := range labels {
		n += len([]rune(l))
	}
	return len(labels) <= 4 && n <= 16
}
