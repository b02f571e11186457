package schema

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// A corpusSchema is one file of testdata/corpus: a real tool's input schema
// and where it came from.
type corpusSchema struct {
	Source string          `json:"source"`
	Tool   string          `json:"tool"`
	Schema json.RawMessage `json:"schema"`
}

func readCorpus(t testing.TB) map[string]corpusSchema {
	t.Helper()
	files, err := filepath.Glob("testdata/corpus/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	out := map[string]corpusSchema{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		check(t, err)
		var c corpusSchema
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = c
	}
	return out
}

// TestCorpus builds the form of every real-world schema in the corpus and
// compares what it shows, what it complains about, and the arguments after
// filling the required fields, with a golden file. Then it checks the round
// trip and the key=value path on the same schema.
func TestCorpus(t *testing.T) {
	for name, c := range readCorpus(t) {
		t.Run(name, func(t *testing.T) {
			f, err := NewForm(c.Schema)
			check(t, err)
			var b strings.Builder
			fmt.Fprintf(&b, "# %s — %s\n\n%s", c.Tool, c.Source, outline(f.Root))
			if len(f.Notes) > 0 {
				fmt.Fprintf(&b, "notes: %q\n", f.Notes)
			}
			fmt.Fprintf(&b, "\nproblems when opened:\n")
			for _, p := range problems(f) {
				fmt.Fprintf(&b, "  %s\n", p)
			}
			fill(t, f.Root)
			args := mustArgs(t, f)
			fmt.Fprintf(&b, "\narguments after filling the required fields:\n  %s\n", args)
			golden(t, filepath.Join("testdata", "golden", name+".txt"), b.String())

			roundTrip(t, string(c.Schema), f)

			pairs := keyValuesFor(f.Root)
			fromCLI, err := ParseKeyValues(c.Schema, pairs)
			if err != nil {
				t.Fatalf("ParseKeyValues(%q): %v", pairs, err)
			}
			// Defaults are not part of key=value, so compare with a form
			// that was loaded, not one with defaults filled in.
			g := mustForm(t, string(c.Schema))
			check(t, g.Load(json.RawMessage(args)))
			if !sameJSON(t, string(fromCLI), mustArgs(t, g)) {
				t.Errorf("key=value %q gave %s, want %s", pairs, fromCLI, args)
			}
		})
	}
}

func golden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		check(t, os.MkdirAll(filepath.Dir(path), 0o755))
		check(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestCorpus -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (go test -run TestCorpus -update rewrites it after a deliberate change):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// fill gives every required field that is empty a value that passes its
// checks, the way a person would fill the form before pressing Run.
func fill(t testing.TB, fd *Field) {
	t.Helper()
	if fd.Collapsed() {
		fd.Expand()
	}
	if !fd.IsSet() || fd.Kind == Array || fd.Kind == MultiEnum {
		if fd.Required {
			fillValue(t, fd)
		}
	}
	if fd.IsSet() {
		for _, c := range fd.Children() {
			fill(t, c)
		}
	}
}

var formatSamples = map[string]string{
	"date": "2024-05-31", "date-time": "2024-05-31T14:30:00Z", "time": "14:30:00Z",
	"email": "ann@example.com", "uri": "https://example.com/", "uuid": "123e4567-e89b-12d3-a456-426614174000",
}

func fillValue(t testing.TB, fd *Field) {
	t.Helper()
	l := fd.Limits
	switch fd.Kind {
	case String:
		s := formatSamples[fd.Format]
		if s == "" {
			s = "x"
			if l.MinLength != nil && *l.MinLength > 1 {
				s = strings.Repeat("x", *l.MinLength)
			}
		}
		check(t, fd.SetText(s))
	case Number, Integer:
		n := "1"
		if l.Minimum != "" && !l.MinimumExclusive {
			n = string(l.Minimum)
		}
		check(t, fd.SetText(n))
	case Boolean:
		check(t, fd.SetBool(true))
	case Null:
		check(t, fd.SetNull())
	case Enum, Const, Variant:
		check(t, fd.SetChoice(0))
	case MultiEnum:
		want := 1
		if l.MinItems != nil {
			want = *l.MinItems
		}
		var picks []int
		for i := 0; i < want && i < len(fd.Options); i++ {
			picks = append(picks, i)
		}
		if len(fd.Choices()) < want {
			check(t, fd.SetChoices(picks))
		}
	case Array:
		want := 1
		if l.MinItems != nil {
			want = *l.MinItems
		}
		for len(fd.Children()) < want {
			_, err := fd.AddItem()
			check(t, err)
		}
	case RawJSON:
		check(t, fd.SetText(`"x"`))
	}
}

// keyValuesFor writes the set top-level fields of a form as key=value pairs.
func keyValuesFor(root *Field) []string {
	var pairs []string
	for _, c := range root.Children() {
		if !c.IsSet() {
			continue
		}
		var v string
		switch {
		case c.IsNull():
			v = "null"
		case c.Kind == String, c.Kind == Number, c.Kind == Integer:
			v = c.Text()
		case c.Kind == Boolean:
			b, _ := c.Bool()
			v = fmt.Sprint(b)
		case c.Kind == Enum:
			v = c.Options[c.Choice()].Label
		default:
			raw, _ := c.Value()
			v = string(raw)
		}
		pairs = append(pairs, joinPath("", c.Name)+"="+v)
	}
	return pairs
}
