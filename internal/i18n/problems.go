package i18n

import (
	"regexp"
	"strconv"
	"strings"
)

// The schema model (mcp/schema) words a field's problem in English for the
// command line and must not import Fyne. FieldProblem translates the
// sentences it knows, the way Explain does for the core, for the form, the
// result's outputSchema check and the quality report; anything else (a
// format's own message, a server's text) passes through.

type problemRule struct {
	re  *regexp.Regexp
	key string
	// count names the group that chooses the plural form, if any.
	count string
}

func problem(re, key string, count ...string) problemRule {
	c := ""
	if len(count) > 0 {
		c = count[0]
	}
	return problemRule{regexp.MustCompile("^" + re + "$"), key, c}
}

var problemRules = []problemRule{
	problem(`this field is required`, "this field is required"),
	problem(`this field is required: choose true or false`, "this field is required: choose true or false"),
	problem(`this field is required; open it to fill it in`, "this field is required; open it to fill it in"),
	problem(`pick one of: (?P<Options>.*)`, "pick one of: {{.Options}}"),
	problem(`must be a whole number, like 3`, "must be a whole number, like 3"),
	problem(`must be a number, like 3 or 2\.5`, "must be a number, like 3 or 2.5"),
	problem(`must be at least (?P<N>\S+)`, "must be at least {{.N}}"),
	problem(`must be at most (?P<N>\S+)`, "must be at most {{.N}}"),
	problem(`must be more than (?P<N>\S+)`, "must be more than {{.N}}"),
	problem(`must be less than (?P<N>\S+)`, "must be less than {{.N}}"),
	problem(`must be a multiple of (?P<N>\S+)`, "must be a multiple of {{.N}}"),
	problem(`must be at least (?P<Count>\d+) characters? long`, "must be at least {{.Count}} characters long", "Count"),
	problem(`must be at most (?P<Count>\d+) characters? long \(it has (?P<Has>\d+)\)`, "must be at most {{.Count}} characters long (it has {{.Has}})", "Count"),
	problem(`does not have the expected form \(it must match the pattern (?P<Pattern>.*)\)`, "does not have the expected form (it must match the pattern {{.Pattern}})"),
	problem(`needs at least (?P<Count>\d+) items?`, "needs at least {{.Count}} items", "Count"),
	problem(`can have at most (?P<Count>\d+) items? \(it has (?P<Has>\d+)\)`, "can have at most {{.Count}} items (it has {{.Has}})", "Count"),
	problem(`pick at least (?P<Count>\d+)`, "pick at least {{.Count}}", "Count"),
	problem(`pick at most (?P<Count>\d+)`, "pick at most {{.Count}}", "Count"),
	problem(`items (?P<A>\d+) and (?P<B>\d+) are the same; each item must be different`, "items {{.A}} and {{.B}} are the same; each item must be different"),
	problem(`cannot be empty`, "cannot be empty"),
	problem(`no value is allowed here`, "no value is allowed here"),
	problem(`broken JSON`, "broken JSON"),
	problem(`a key cannot be empty`, "a key cannot be empty"),
	problem(`the value is not finished`, "the value is not finished"),
	problem(`needs the key (?P<Key>".*"), which the form has no field for: add it as an entry or use raw JSON`,
		"needs the key {{.Key}}, which the form has no field for: add it as an entry or use raw JSON"),
	problem(`has the key (?P<Key>".*"), which is not allowed here`, "has the key {{.Key}}, which is not allowed here"),
	problem(`is not valid JSON: (?P<Err>.*)`, "is not valid JSON: {{.Err}}"),
	problem(`does not fit: (?P<Why>.*)`, "does not fit: {{.Why}}"),
	problem(`must be a date like 2024-05-31`, "must be a date like 2024-05-31"),
	problem(`must be a date and time with a zone, like 2024-05-31T14:30:00Z`, "must be a date and time with a zone, like 2024-05-31T14:30:00Z"),
	problem(`must be a time with a zone, like 14:30:00Z or 14:30:00\+02:00`, "must be a time with a zone, like 14:30:00Z or 14:30:00+02:00"),
	problem(`must be an email address like name@example\.com`, "must be an email address like name@example.com"),
	problem(`must be a full address with a scheme, like https://example\.com/page`, "must be a full address with a scheme, like https://example.com/page"),
	problem(`must be a UUID like 123e4567-e89b-12d3-a456-426614174000`, "must be a UUID like 123e4567-e89b-12d3-a456-426614174000"),
	// The whole-value check (mcp/schema plainMessage): what the JSON Schema
	// validator found, in plain words.
	problem(`must be (?P<Want>a whole number|a number|text|true or false|a list|an object|null), not (?P<Got>a whole number|a number|text|true or false|a list|an object|null)`,
		"must be {{.Want}}, not {{.Got}}"),
	problem(`has the wrong type \((?P<Got>[^)]*)\); it must be one of (?P<Options>.*)`, "has the wrong type ({{.Got}}); it must be one of {{.Options}}"),
	problem(`must be one of: (?P<Options>.*)`, "must be one of: {{.Options}}"),
	problem(`has keys that are not allowed here: (?P<Keys>.*)`, "has keys that are not allowed here: {{.Keys}}"),
	problem(`is missing what is required: (?P<Keys>.*)`, "is missing what is required: {{.Keys}}"),
	problem(`when (?P<Key>.*) is given, (?P<Keys>.*) must be given too`, "when {{.Key}} is given, {{.Keys}} must be given too"),
	problem(`needs at least (?P<Count>\d+) keys?`, "needs at least {{.Count}} keys", "Count"),
	problem(`can have at most (?P<Count>\d+) keys?`, "can have at most {{.Count}} keys", "Count"),
	problem(`can have at most (?P<Count>\d+) items?`, "can have at most {{.Count}} items", "Count"),
	problem(`needs at least one item of the required kind`, "needs at least one item of the required kind"),
	problem(`needs at least (?P<Count>\d+) items? of the required kind`, "needs at least {{.Count}} items of the required kind", "Count"),
	problem(`can have at most (?P<Count>\d+) items? of the required kind`, "can have at most {{.Count}} items of the required kind", "Count"),
	problem(`does not match any of the allowed shapes`, "does not match any of the allowed shapes"),
	problem(`matches more than one of the allowed shapes, but must match exactly one`, "matches more than one of the allowed shapes, but must match exactly one"),
	problem(`is a value that is not allowed here`, "is a value that is not allowed here"),
	problem(`must be at most (?P<Count>\d+) characters? long`, "must be at most {{.Count}} characters long", "Count"),
	problem(`must be the one value the schema allows`, "must be the one value the schema allows"),
	problem(`does not fit the schema: (?P<Err>.*)`, "does not fit the schema: {{.Err}}"),
	problem(`cannot switch to the form: (?P<Err>.*)`, "cannot switch to the form: {{.Err}}"),
	problem(`the arguments are not valid JSON: (?P<Err>.*)`, "the arguments are not valid JSON: {{.Err}}"),
	problem(`the arguments must be a JSON object \(\{…\}\), not (?P<Kind>null|true or false|a number|text|a list|an object)`, "the arguments must be a JSON object ({…}), not {{.Kind}}"),
	// const (the last "must be"): the one value allowed, as the schema gives it.
	problem(`must be (?P<Value>.*)`, "must be {{.Value}}"),
}

// FieldProblems translates the schema model's list of problems,
// "a: must be …; b.c: …" (schema.FieldError.Error joined by "; "): each
// problem by FieldProblem, with the value that was given ("(got "x")", from
// a command line's key=value) kept as it was typed.
func FieldProblems(s string) string {
	items := strings.Split(s, "; ")
	for i, item := range items {
		field, msg, found := strings.Cut(item, ": ")
		if !found || strings.ContainsAny(field, " ") {
			field, msg = "", item
		}
		problem := FieldProblem(msg)
		if m := gotValue.FindStringSubmatch(msg); m != nil {
			if p := FieldProblem(m[1]); p != m[1] {
				problem = L("{{.Problem}} (got {{.Got}})", map[string]any{"Problem": p, "Got": m[2]})
			}
		}
		if field != "" {
			problem = L("{{.Field}}: {{.Problem}}", map[string]any{"Field": field, "Problem": problem})
		}
		items[i] = problem
	}
	return strings.Join(items, L("; "))
}

var gotValue = regexp.MustCompile(`^(.*) \(got (.*)\)$`)

// FieldProblem is a form field's problem, from the schema model, in the
// chosen language.
func FieldProblem(msg string) string {
	for _, r := range problemRules {
		m := r.re.FindStringSubmatch(msg)
		if m == nil {
			continue
		}
		data := map[string]any{}
		for i, name := range r.re.SubexpNames() {
			if name != "" {
				data[name] = m[i]
			}
		}
		if r.count != "" {
			n, _ := strconv.Atoi(m[r.re.SubexpIndex(r.count)])
			return N(r.key, n, data)
		}
		if w, ok := data["Why"].(string); ok {
			data["Why"] = FieldProblem(w)
		}
		if e, ok := data["Err"].(string); ok {
			data["Err"] = explainSentence(e) // Go's JSON syntax errors, in Explain's table
		}
		if k, ok := data["Kind"].(string); ok {
			data["Kind"] = L(k)
		}
		for _, k := range []string{"Want", "Got"} {
			if w, ok := data[k].(string); ok {
				data[k] = L(w)
			}
		}
		return L(r.key, data)
	}
	return msg
}
