package checks

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseProblems(t *testing.T) {
	cases := []struct {
		name, text, want string
	}{
		{"ok", "servers: {demo: my-demo}\nchecks: [{name: a, tool: add}]", ""},
		{"no name", "servers: {demo: x}\nchecks: [{tool: add}]", "check 1 has no name"},
		{"same name", "servers: {demo: x}\nchecks: [{name: a, tool: add}, {name: a, tool: add}]", "same name"},
		{"two calls", "servers: {demo: x}\nchecks: [{name: a, tool: add, read: 'x://'}]", "exactly one of tool, read and prompt"},
		{"no call", "servers: {demo: x}\nchecks: [{name: a}]", "exactly one of tool, read and prompt"},
		{"which server", "servers: {a: x, b: y}\nchecks: [{name: a, tool: add}]", "say which server"},
		{"bad outcome", "checks: [{name: a, server: s, tool: t, expect: {outcome: fine}}]", `outcome "fine"`},
		{"code without rpc", "checks: [{name: a, server: s, tool: t, expect: {code: 1}}]", "code needs outcome: rpc_error"},
		{"bad path", "checks: [{name: a, server: s, tool: t, expect: {json: [{path: 'a[x]'}]}}]", "not an array index"},
		{"unknown field", "checks: [{name: a, server: s, tool: t, expect: {contains: x}}]", "not a check file"},
		{"json is yaml", `{"checks": [{"name": "a", "server": "s", "tool": "t"}]}`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.text))
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("unexpected error %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestServerSpecForms(t *testing.T) {
	f, err := Parse([]byte(`
servers:
  byname: my-demo
  inline: {command: demo, args: [--root, /tmp]}
  remote: {url: "http://127.0.0.1:1/mcp", headers: {X: y}}
checks:
  - {name: a, server: byname, tool: t}
`))
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Servers["byname"]; s.Ref != "my-demo" || s.Inline() {
		t.Errorf("byname = %+v", s)
	}
	if sc := f.Servers["inline"].Config("inline"); sc.Type != "stdio" || sc.Command != "demo" || len(sc.Args) != 2 {
		t.Errorf("inline = %+v", sc)
	}
	if sc := f.Servers["remote"].Config("remote"); sc.Type != "http" || sc.Headers["X"] != "y" {
		t.Errorf("remote = %+v", sc)
	}
	// Written back, a reference stays a plain string.
	out, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "byname: my-demo\n") {
		t.Errorf("marshalled:\n%s", out)
	}
}

func TestRoundTripAndAppend(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rec.yaml")
	five := any(5)
	yes := true
	text := "2 + 3 = 5"
	snap := any(map[string]any{"structuredContent": map[string]any{"sum": 5}})
	c := Check{Name: "add", Server: "demo", Tool: "add", Arguments: map[string]any{"a": 2, "b": 3},
		Expect: Expect{Outcome: OutcomeSuccess, Text: &TextExpect{Equals: &text}, MaxMS: 100,
			JSON:     []PathExpect{{Path: "sum", Equals: &five}, {Path: "sum", Exists: &yes}},
			Snapshot: &snap, Ignore: []string{"content"}}}
	servers := map[string]ServerSpec{"demo": {Command: "mcpbrowser", Args: []string{"demo-server"}}}
	if err := Append(path, servers, c); err != nil {
		t.Fatal(err)
	}
	if err := Append(path, servers, c); err != nil {
		t.Fatal(err)
	}
	f, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Checks) != 2 || f.Checks[1].Name != "add (2)" || f.Name != "rec" {
		t.Fatalf("after two appends: %+v", f)
	}
	got := f.Checks[0]
	if !reflect.DeepEqual(jsonValue(got), jsonValue(c)) {
		t.Errorf("round trip:\n got %s\nwant %s", compact(jsonValue(got)), compact(jsonValue(c)))
	}
	data, _ := os.ReadFile(path)
	if !strings.Contains(string(data), "- name: add\n") {
		t.Errorf("file reads:\n%s", data)
	}
}

func TestPaths(t *testing.T) {
	v := jsonValue(map[string]any{"a": map[string]any{"b": []any{1, map[string]any{"c": "x"}}}})
	cases := []struct {
		path  string
		want  any
		found bool
	}{
		{"a.b[1].c", "x", true},
		{"$.a.b.1.c", "x", true},
		{"a.b[0]", 1.0, true},
		{"a.b[2]", nil, false},
		{"a.z", nil, false},
		{"", v, true},
	}
	for _, tc := range cases {
		p, err := parsePath(tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		got, found := lookup(v, p)
		if found != tc.found || (found && !reflect.DeepEqual(got, tc.want)) {
			t.Errorf("%s: %v %v, want %v %v", tc.path, got, found, tc.want, tc.found)
		}
	}
	p, _ := parsePath("a.b.*.c")
	remove(v, p)
	if _, found := lookup(v, mustPath("a.b[1].c")); found {
		t.Error("a.b.*.c was not removed")
	}
}

func mustPath(s string) []step {
	p, err := parsePath(s)
	if err != nil {
		panic(err)
	}
	return p
}

func TestMarshalCheckForEditing(t *testing.T) {
	c := Check{Name: "a", Server: "demo", Tool: "add", Arguments: map[string]any{"a": 1}, Expect: Expect{Outcome: OutcomeSuccess, MaxMS: 10}}
	text, err := MarshalCheck(c)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "- name: a\n  server: demo\n") {
		t.Errorf("for editing:\n%s", text)
	}
	back, err := ParseCheck(text)
	if err != nil || back.Name != "a" || back.Expect.MaxMS != 10 {
		t.Errorf("read back %+v, %v", back, err)
	}
	if _, err := ParseCheck("- {name: a, server: s, tool: x}\n- {name: b, server: s, tool: y}"); err == nil {
		t.Error("two checks were taken for one")
	}
}
