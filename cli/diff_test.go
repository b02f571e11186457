package cli

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Two builds of the demo server that differ by exactly a tool removed, a
// required argument added, a type narrowed and a description changed: the
// diff reports exactly those four, the first three breaking.
func TestDiffTwoDemoBuilds(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix test servers")
	}
	cfg := writeConfig(t, `{"mcpServers": {
		"demo": {"command": "`+demoBinary+`"},
		"demo-changed": {"command": "`+demoBinary+`", "args": ["-variant", "changed"]}
	}}`)
	want := []string{
		"BREAKING  tool echo › argument channel: added (required)",
		"BREAKING  tool log_stderr: removed",
		"BREAKING  tool stats › argument numbers › items: type narrowed (number → integer)",
		"ok        tool add: description changed",
	}
	code, out, errOut := runCLI(t, "diff", "demo", "demo-changed", "--config", cfg)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var got []string
	for _, l := range lines[1 : len(lines)-1] {
		got = append(got, strings.TrimSpace(l))
	}
	if len(got) != len(want) {
		t.Fatalf("%d changes, want %d:\n%s", len(got), len(want), out)
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || strings.HasPrefix(g, w)
		}
		if !found {
			t.Errorf("no change %q in:\n%s", w, out)
		}
	}
	if !strings.Contains(out, "4 change(s), 3 breaking") {
		t.Errorf("summary:\n%s", out)
	}

	// The same through a saved snapshot, as JSON, failing on breaking changes.
	code, snap, errOut := runCLI(t, "snapshot", "demo", "--config", cfg)
	if code != ExitOK {
		t.Fatalf("snapshot: exit %d\n%s", code, errOut)
	}
	path := writeFile(t, "surface.json", snap)
	code, out, _ = runCLI(t, "diff", path, "demo-changed", "--json", "--fail-on", "breaking", "--config", cfg)
	if code != ExitToolError {
		t.Errorf("--fail-on breaking: exit %d", code)
	}
	var doc struct {
		Changes []struct {
			Path     string `json:"path"`
			What     string `json:"what"`
			Breaking bool   `json:"breaking"`
		} `json:"changes"`
		Breaking int `json:"breaking"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(doc.Changes) != 4 || doc.Breaking != 3 {
		t.Errorf("JSON: %+v", doc)
	}

	// A server against its own snapshot: nothing changed.
	if code, out, _ := runCLI(t, "diff", path, "demo", "--fail-on", "any", "--config", cfg); code != ExitOK || !strings.Contains(out, "0 change(s)") {
		t.Errorf("same server: exit %d\n%s", code, out)
	}
}

func TestDiffUsage(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"diff", "a"}, "two things to compare"},
		{[]string{"diff", "a", "b", "--fail-on", "soon"}, "--fail-on must be"},
		{[]string{"diff", filepath.Join(t.TempDir(), "none.json"), "b", "--config", writeConfig(t, `{"mcpServers": {}}`)}, "neither a snapshot file"},
		{[]string{"diff", writeFile(t, "x.json", `{"a": 1}`), "b"}, "not a surface snapshot"},
	}
	for _, tc := range cases {
		code, _, errOut := runCLI(t, tc.args...)
		if code != ExitUsage || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %s", tc.args, code, errOut)
		}
	}
}
