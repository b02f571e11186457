package schema

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func mustForm(t testing.TB, schema string) *Form {
	t.Helper()
	f, err := NewForm(json.RawMessage(schema))
	if err != nil {
		t.Fatalf("NewForm: %v", err)
	}
	return f
}

func mustLookup(t testing.TB, f *Form, path string) *Field {
	t.Helper()
	fd := f.Lookup(path)
	if fd == nil {
		t.Fatalf("no field at %q; the form is:\n%s", path, outline(f.Root))
	}
	return fd
}

// mustArgs returns the form's arguments, failing the test on any problem.
func mustArgs(t testing.TB, f *Form) string {
	t.Helper()
	args, errs := f.Arguments()
	if len(errs) > 0 {
		t.Fatalf("Arguments: %v\nform:\n%s", errs, outline(f.Root))
	}
	return string(args)
}

// problems returns the form's problems as "path: message" lines.
func problems(f *Form) []string {
	_, errs := f.Arguments()
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func check(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// outline describes the form's fields and values, one per line, for golden
// files and for comparing two forms.
func outline(fd *Field) string {
	var b strings.Builder
	writeOutline(&b, fd, 0)
	return b.String()
}

func writeOutline(b *strings.Builder, fd *Field, depth int) {
	ind := strings.Repeat("  ", depth)
	name := fd.Path()
	if name == "" {
		name = "(root)"
	}
	fmt.Fprintf(b, "%s%s: %s %q", ind, name, fd.Kind, fd.Label)
	var flags []string
	for _, fl := range []struct {
		on   bool
		name string
	}{{fd.Required, "required"}, {fd.Nullable, "nullable"}, {fd.ReadOnly, "readOnly"}, {fd.WriteOnly, "writeOnly"},
		{fd.Deprecated, "deprecated"}, {fd.IsRaw() && fd.Kind != RawJSON, "raw"}, {fd.Collapsed(), "collapsed"},
		{fd.IsNull(), "null"}, {fd.AllowsEntries(), "entries"}} {
		if fl.on {
			flags = append(flags, fl.name)
		}
	}
	if len(flags) > 0 {
		fmt.Fprintf(b, " [%s]", strings.Join(flags, " "))
	}
	if len(fd.Options) > 0 {
		var opts []string
		for _, o := range fd.Options {
			if o.Value != nil {
				opts = append(opts, o.Label+"="+string(o.Value))
			} else {
				opts = append(opts, o.Label)
			}
		}
		fmt.Fprintf(b, " options(%s)", strings.Join(opts, ", "))
	}
	if v, ok := fd.Value(); ok && len(fd.Children()) == 0 {
		fmt.Fprintf(b, " = %s", v)
	}
	if h := fd.Hint(); h != "" {
		fmt.Fprintf(b, " hint(%s)", h)
	}
	if fd.Placeholder != "" {
		fmt.Fprintf(b, " placeholder(%s)", fd.Placeholder)
	}
	if fd.Note != "" {
		fmt.Fprintf(b, " note(%s)", fd.Note)
	}
	b.WriteByte('\n')
	for _, c := range fd.Children() {
		writeOutline(b, c, depth+1)
	}
}

// sameJSON reports whether two JSON texts are the same value.
func sameJSON(t testing.TB, a, b string) bool {
	t.Helper()
	x, err := parseJSON([]byte(a))
	if err != nil {
		t.Fatalf("not JSON: %s: %v", a, err)
	}
	y, err := parseJSON([]byte(b))
	if err != nil {
		t.Fatalf("not JSON: %s: %v", b, err)
	}
	return equalJSON(x, y)
}

// roundTrip loads args into a new form of the same schema and checks that
// the new form looks the same and gives back the same arguments.
func roundTrip(t *testing.T, schema string, f *Form) {
	t.Helper()
	args := mustArgs(t, f)
	g := mustForm(t, schema)
	if err := g.Load(json.RawMessage(args)); err != nil {
		t.Fatalf("Load(%s): %v", args, err)
	}
	if again := mustArgs(t, g); again != args {
		t.Errorf("round trip changed the arguments:\n first %s\nsecond %s", args, again)
	}
	if a, b := outline(f.Root), outline(g.Root); a != b {
		t.Errorf("round trip changed the form:\nbefore:\n%s\nafter:\n%s", a, b)
	}
}
