package checks

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/mcp/say"
)

// A Failure is one expectation a result did not meet, with what was
// expected and what came instead, both said for a person to compare: a
// sentence by its key ("text containing {{.Text}}"), or a value as it is
// (JSON, quoted text) under the key "{{.Text}}".
type Failure struct {
	// Kind is the expectation: outcome, code, text, json, outputSchema, duration, snapshot.
	Kind     string
	Path     string // the JSON path, for json and snapshot failures
	Expected say.Msg
	Actual   say.Msg
}

func (f Failure) String() string { return failureLine(f.Kind, f.Path, f.Expected, f.Actual) }

// failureLine is a failure in English: "json sum: expected 5, got 6".
func failureLine(kind, path string, expected, actual fmt.Stringer) string {
	where := kind
	if path != "" {
		where += " " + path
	}
	return fmt.Sprintf("%s: expected %s, got %s", where, expected, actual)
}

// value is a value a failure shows as it is: JSON, quoted text, a number.
func value(s string) say.Msg { return say.New("{{.Text}}", say.Args{"Text": s}) }

// msgOf is what err says: its keyed message when it is one, else the error
// under "{{.Err}}" (its text in English).
func msgOf(err error) say.Msg {
	var m *say.Msg
	if errors.As(err, &m) && m.Error() == err.Error() {
		return *m
	}
	return say.New("{{.Err}}", say.Args{"Err": err})
}

// Evaluate holds o against e and returns every expectation not met.
func Evaluate(e *Expect, o *Observed) []Failure {
	var fs []Failure
	add := func(kind, path string, expected, actual say.Msg) {
		fs = append(fs, Failure{Kind: kind, Path: path, Expected: expected, Actual: actual})
	}
	want := e.Outcome
	if want == "" {
		want = OutcomeSuccess
	}
	if o.Outcome != want {
		// The outcomes are words of the check file, under Outcome for
		// the front ends to name.
		actual := say.New("{{.Outcome}}", say.Args{"Outcome": o.Outcome})
		if o.Message != "" {
			actual = say.New("{{.Outcome}} ({{.Message}})", say.Args{"Outcome": o.Outcome, "Message": o.said()})
		}
		add("outcome", "", say.New("{{.Outcome}}", say.Args{"Outcome": want}), actual)
		return fs // the rest would only repeat it
	}
	if e.Code != nil && o.Code != *e.Code {
		add("code", "", value(fmt.Sprint(*e.Code)), value(fmt.Sprint(o.Code)))
	}
	if t := e.Text; t != nil {
		fs = append(fs, evalText(t, o.Text)...)
	}
	for _, p := range e.JSON {
		fs = append(fs, evalPath(p, o.Structured)...)
	}
	if e.OutputSchema {
		if problem := schemaProblem(o.OutputSchema, o.Structured); !problem.IsZero() {
			add("outputSchema", "", say.Text("a result that validates against the tool's outputSchema"), problem)
		}
	}
	if e.MaxMS > 0 && o.Duration.Milliseconds() > int64(e.MaxMS) {
		add("duration", "", say.New("at most {{.N}} ms", say.Args{"N": e.MaxMS}), say.New("{{.N}} ms", say.Args{"N": o.Duration.Milliseconds()}))
	}
	if e.Snapshot != nil {
		fs = append(fs, CompareSnapshot(*e.Snapshot, o.Result, e.Ignore)...)
	}
	return fs
}

func evalText(t *TextExpect, text string) []Failure {
	var fs []Failure
	if t.Contains != "" && !strings.Contains(text, t.Contains) {
		fs = append(fs, Failure{Kind: "text", Expected: say.New("text containing {{.Text}}", say.Args{"Text": quote(t.Contains)}), Actual: value(quote(text))})
	}
	if t.Equals != nil && text != *t.Equals {
		fs = append(fs, Failure{Kind: "text", Expected: value(quote(*t.Equals)), Actual: value(quote(text))})
	}
	if t.Matches != "" {
		re, err := regexp.Compile(t.Matches)
		matching := say.New("text matching {{.Pattern}}", say.Args{"Pattern": quote(t.Matches)})
		switch {
		case err != nil:
			fs = append(fs, Failure{Kind: "text", Expected: matching, Actual: notCompiled(err)})
		case !re.MatchString(text):
			fs = append(fs, Failure{Kind: "text", Expected: matching, Actual: value(quote(text))})
		}
	}
	return fs
}

func evalPath(p PathExpect, structured any) []Failure {
	path, err := parsePath(p.Path)
	if err != nil {
		return []Failure{{Kind: "json", Path: p.Path, Expected: say.Text("a valid path"), Actual: msgOf(err)}}
	}
	if structured == nil {
		return []Failure{{Kind: "json", Path: p.Path, Expected: say.Text("structured content or JSON text"), Actual: say.Text("neither")}}
	}
	v, found := lookup(structured, path)
	var fs []Failure
	if p.Exists != nil && found != *p.Exists {
		fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: presence(*p.Exists), Actual: presence(found)})
	}
	if p.Equals != nil {
		want := jsonValue(*p.Equals)
		if !found {
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: jsonOf(want), Actual: nothingThere})
		} else if !reflect.DeepEqual(want, v) {
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: jsonOf(want), Actual: jsonOf(v)})
		}
	}
	if p.Matches != "" {
		re, err := regexp.Compile(p.Matches)
		text := asText(v)
		matching := say.New("a value matching {{.Pattern}}", say.Args{"Pattern": quote(p.Matches)})
		switch {
		case err != nil:
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: matching, Actual: notCompiled(err)})
		case !found:
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: matching, Actual: nothingThere})
		case !re.MatchString(text):
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: matching, Actual: jsonOf(v)})
		}
	}
	return fs
}

var nothingThere = say.Text("nothing there")

func presence(b bool) say.Msg {
	if b {
		return say.Text("a value there")
	}
	return nothingThere
}

// notCompiled is a pattern's compile error; Go's words after the colon
// stay as they are.
func notCompiled(err error) say.Msg {
	return say.New("a pattern that does not compile: {{.Err}}", say.Args{"Err": err.Error()})
}

// jsonOf is v shown as its JSON.
func jsonOf(v any) say.Msg { return value(compact(v)) }

// asText is a string as itself and anything else as its JSON.
func asText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return compact(v)
}

func compact(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func quote(s string) string {
	const max = 400
	if len(s) > max {
		s = s[:max] + "…"
	}
	return fmt.Sprintf("%q", s)
}

// schemaProblem says how structured fails the output schema, or nothing
// (a zero Msg) when it validates. The schema library's words after the
// colon stay as they are.
func schemaProblem(schema json.RawMessage, structured any) say.Msg {
	if len(schema) == 0 || string(schema) == "null" {
		return say.Text("the tool declares no outputSchema")
	}
	if structured == nil {
		return say.Text("no structuredContent")
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(schema, &s); err != nil {
		return say.New("an outputSchema this app cannot read: {{.Err}}", say.Args{"Err": err.Error()})
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return say.New("an outputSchema this app cannot resolve: {{.Err}}", say.Args{"Err": err.Error()})
	}
	if err := resolved.Validate(structured); err != nil {
		return say.New("structuredContent that does not validate: {{.Err}}", say.Args{"Err": err.Error()})
	}
	return say.Msg{}
}

// CompareSnapshot lists every difference between the recorded result and
// the new one, except at the ignored paths.
func CompareSnapshot(recorded, actual any, ignore []string) []Failure {
	want, got := jsonValue(recorded), jsonValue(actual)
	for _, p := range ignore {
		if path, err := parsePath(p); err == nil {
			want, got = remove(want, path), remove(got, path)
		}
	}
	var fs []Failure
	diffValues("", want, got, &fs)
	return fs
}

// diffValues walks two JSON values side by side and reports where they differ.
func diffValues(path string, want, got any, fs *[]Failure) {
	const limit = 50
	if len(*fs) >= limit {
		return
	}
	switch w := want.(type) {
	case map[string]any:
		if g, ok := got.(map[string]any); ok {
			keys := map[string]bool{}
			for k := range w {
				keys[k] = true
			}
			for k := range g {
				keys[k] = true
			}
			sorted := make([]string, 0, len(keys))
			for k := range keys {
				sorted = append(sorted, k)
			}
			sort.Strings(sorted)
			for _, k := range sorted {
				wv, wok := w[k]
				gv, gok := g[k]
				sub := joinPath(path, k)
				switch {
				case !gok:
					*fs = append(*fs, Failure{Kind: "snapshot", Path: sub, Expected: jsonOf(wv), Actual: nothingThere})
				case !wok:
					*fs = append(*fs, Failure{Kind: "snapshot", Path: sub, Expected: nothingThere, Actual: jsonOf(gv)})
				default:
					diffValues(sub, wv, gv, fs)
				}
			}
			return
		}
	case []any:
		if g, ok := got.([]any); ok && len(g) == len(w) {
			for i := range w {
				diffValues(fmt.Sprintf("%s[%d]", path, i), w[i], g[i], fs)
			}
			return
		}
	}
	if !reflect.DeepEqual(want, got) {
		*fs = append(*fs, Failure{Kind: "snapshot", Path: orRoot(path), Expected: jsonOf(want), Actual: jsonOf(got)})
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func orRoot(p string) string {
	if p == "" {
		return "$"
	}
	return p
}
