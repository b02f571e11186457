package checks

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// A Failure is one expectation a result did not meet, with what was
// expected and what came instead, both as text a person can compare.
type Failure struct {
	// Kind is the expectation: outcome, code, text, json, outputSchema, duration, snapshot.
	Kind     string
	Path     string // the JSON path, for json and snapshot failures
	Expected string
	Actual   string
}

func (f Failure) String() string {
	where := f.Kind
	if f.Path != "" {
		where += " " + f.Path
	}
	return fmt.Sprintf("%s: expected %s, got %s", where, f.Expected, f.Actual)
}

// Evaluate holds o against e and returns every expectation not met.
func Evaluate(e *Expect, o *Observed) []Failure {
	var fs []Failure
	add := func(kind, path, expected, actual string) {
		fs = append(fs, Failure{Kind: kind, Path: path, Expected: expected, Actual: actual})
	}
	want := e.Outcome
	if want == "" {
		want = OutcomeSuccess
	}
	if o.Outcome != want {
		actual := o.Outcome
		if o.Message != "" {
			actual += " (" + o.Message + ")"
		}
		add("outcome", "", want, actual)
		return fs // the rest would only repeat it
	}
	if e.Code != nil && o.Code != *e.Code {
		add("code", "", fmt.Sprint(*e.Code), fmt.Sprint(o.Code))
	}
	if t := e.Text; t != nil {
		fs = append(fs, evalText(t, o.Text)...)
	}
	for _, p := range e.JSON {
		fs = append(fs, evalPath(p, o.Structured)...)
	}
	if e.OutputSchema {
		if problem := schemaProblem(o.OutputSchema, o.Structured); problem != "" {
			add("outputSchema", "", "a result that validates against the tool's outputSchema", problem)
		}
	}
	if e.MaxMS > 0 && o.Duration.Milliseconds() > int64(e.MaxMS) {
		add("duration", "", fmt.Sprintf("at most %d ms", e.MaxMS), fmt.Sprintf("%d ms", o.Duration.Milliseconds()))
	}
	if e.Snapshot != nil {
		fs = append(fs, CompareSnapshot(*e.Snapshot, o.Result, e.Ignore)...)
	}
	return fs
}

func evalText(t *TextExpect, text string) []Failure {
	var fs []Failure
	if t.Contains != "" && !strings.Contains(text, t.Contains) {
		fs = append(fs, Failure{Kind: "text", Expected: "text containing " + quote(t.Contains), Actual: quote(text)})
	}
	if t.Equals != nil && text != *t.Equals {
		fs = append(fs, Failure{Kind: "text", Expected: quote(*t.Equals), Actual: quote(text)})
	}
	if t.Matches != "" {
		re, err := regexp.Compile(t.Matches)
		switch {
		case err != nil:
			fs = append(fs, Failure{Kind: "text", Expected: "text matching " + quote(t.Matches), Actual: "a pattern that does not compile: " + err.Error()})
		case !re.MatchString(text):
			fs = append(fs, Failure{Kind: "text", Expected: "text matching " + quote(t.Matches), Actual: quote(text)})
		}
	}
	return fs
}

func evalPath(p PathExpect, structured any) []Failure {
	path, err := parsePath(p.Path)
	if err != nil {
		return []Failure{{Kind: "json", Path: p.Path, Expected: "a valid path", Actual: err.Error()}}
	}
	if structured == nil {
		return []Failure{{Kind: "json", Path: p.Path, Expected: "structured content or JSON text", Actual: "neither"}}
	}
	v, found := lookup(structured, path)
	var fs []Failure
	if p.Exists != nil && found != *p.Exists {
		fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: presence(*p.Exists), Actual: presence(found)})
	}
	if p.Equals != nil {
		want := jsonValue(*p.Equals)
		if !found {
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: compact(want), Actual: "nothing there"})
		} else if !reflect.DeepEqual(want, v) {
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: compact(want), Actual: compact(v)})
		}
	}
	if p.Matches != "" {
		re, err := regexp.Compile(p.Matches)
		text := asText(v)
		switch {
		case err != nil:
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: "a value matching " + quote(p.Matches), Actual: "a pattern that does not compile: " + err.Error()})
		case !found:
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: "a value matching " + quote(p.Matches), Actual: "nothing there"})
		case !re.MatchString(text):
			fs = append(fs, Failure{Kind: "json", Path: p.Path, Expected: "a value matching " + quote(p.Matches), Actual: compact(v)})
		}
	}
	return fs
}

func presence(b bool) string {
	if b {
		return "a value there"
	}
	return "nothing there"
}

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

// schemaProblem says how structured fails the output schema, or "" when it validates.
func schemaProblem(schema json.RawMessage, structured any) string {
	if len(schema) == 0 || string(schema) == "null" {
		return "the tool declares no outputSchema"
	}
	if structured == nil {
		return "no structuredContent"
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(schema, &s); err != nil {
		return "an outputSchema this app cannot read: " + err.Error()
	}
	resolved, err := s.Resolve(nil)
	if err != nil {
		return "an outputSchema this app cannot resolve: " + err.Error()
	}
	if err := resolved.Validate(structured); err != nil {
		return "structuredContent that does not validate: " + err.Error()
	}
	return ""
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
					*fs = append(*fs, Failure{Kind: "snapshot", Path: sub, Expected: compact(wv), Actual: "nothing there"})
				case !wok:
					*fs = append(*fs, Failure{Kind: "snapshot", Path: sub, Expected: "nothing there", Actual: compact(gv)})
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
		*fs = append(*fs, Failure{Kind: "snapshot", Path: orRoot(path), Expected: compact(want), Actual: compact(got)})
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
