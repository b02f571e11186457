package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/mcp/store"
)

func TestConfigNormalizeType(t *testing.T) {
	cases := map[string]string{
		"stdio": TypeStdio, "STDIO": TypeStdio, "Stdio": TypeStdio, " stdio ": TypeStdio,
		"mcp_stdio": TypeStdio, "mcp-stdio": TypeStdio, "MCP_STDIO": TypeStdio,
		"local": TypeStdio, "command": TypeStdio,
		"sse": TypeSSE, "SSE": TypeSSE, "mcp_sse": TypeSSE, "MCP-SSE": TypeSSE,
		"http": TypeHTTP, "HTTP": TypeHTTP, "Http": TypeHTTP, "mcp_http": TypeHTTP, "mcp-http": TypeHTTP,
		"streamable-http": TypeHTTP, "streamable_http": TypeHTTP, "streamableHttp": TypeHTTP,
		"StreamableHTTP": TypeHTTP, "STREAMABLE_HTTP": TypeHTTP, "streamablehttp": TypeHTTP,
		"mcp-streamable-http": TypeHTTP, "mcp_streamableHttp": TypeHTTP, "MCP_STREAMABLE-HTTP": TypeHTTP,
		"streamable": TypeHTTP, "remote": TypeHTTP,
		"openapi": TypeOpenAPI, "OpenAPI": TypeOpenAPI,
		"": "", "websocket": "", "ws": "", "mcp_": "", "grpc": "", "stdio2": "",
	}
	for in, want := range cases {
		if got := NormalizeType(in); got != want {
			t.Errorf("NormalizeType(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestConfigTypeInFile checks every alias as written in a file, and that
// saving writes the normalised type.
func TestConfigTypeInFile(t *testing.T) {
	for _, alias := range []string{"streamable-http", "streamable_http", "streamableHttp", "HTTP", "mcp_http", "mcp-streamable-http"} {
		doc := `{"mcpServers": {"r": {"type": "` + alias + `", "url": "https://x/mcp"}}}`
		cfg, err := Parse("f.json", []byte(doc))
		if err != nil {
			t.Fatalf("%s: %v", alias, err)
		}
		s := cfg.Servers[0]
		if s.Type != TypeHTTP || s.Problem != "" {
			t.Errorf("%s: type %q problem %q", alias, s.Type, s.Problem)
		}
		out, _ := cfg.Marshal()
		if !bytes.Contains(out, []byte(`"type": "http"`)) {
			t.Errorf("%s: saved as\n%s", alias, out)
		}
	}
}

func TestConfigTypeAbsent(t *testing.T) {
	cases := []struct {
		entry, wantType, wantProblem string
	}{
		{`{"command": "npx"}`, TypeStdio, ""},
		{`{"url": "https://x/mcp"}`, TypeHTTP, ""},
		{`{"spec": "api.yaml"}`, TypeOpenAPI, ""},
		{`{"type": "sse", "url": "https://x/sse"}`, TypeSSE, ""},
		{`{"args": ["x"]}`, "", "neither"},
		{`{"type": "stdio"}`, TypeStdio, "no command"},
		{`{"type": "http"}`, TypeHTTP, "no URL"},
		{`{"type": "websocket", "url": "ws://x"}`, "", "unknown transport type"},
	}
	for _, c := range cases {
		cfg, err := Parse("f.json", []byte(`{"mcpServers": {"s": `+c.entry+`}}`))
		if err != nil {
			t.Fatalf("%s: %v", c.entry, err)
		}
		s := cfg.Servers[0]
		if s.Type != c.wantType {
			t.Errorf("%s: type %q, want %q", c.entry, s.Type, c.wantType)
		}
		if (c.wantProblem == "") != (s.Problem == "") || !strings.Contains(s.Problem, c.wantProblem) {
			t.Errorf("%s: problem %q, want one containing %q", c.entry, s.Problem, c.wantProblem)
		}
		// An absent type stays absent on save, an unknown one stays as written.
		out, _ := cfg.Marshal()
		again, err := Parse("f.json", out)
		if err != nil {
			t.Fatalf("%s: reload: %v\n%s", c.entry, err, out)
		}
		if got := again.Servers[0]; got.Type != s.Type || got.Problem != s.Problem {
			t.Errorf("%s: after save type %q problem %q", c.entry, got.Type, got.Problem)
		}
		if !strings.Contains(c.entry, `"type"`) && bytes.Contains(out, []byte(`"type"`)) {
			t.Errorf("%s: save added a type:\n%s", c.entry, out)
		}
	}
}

func TestConfigUnknownFieldsSurviveRoundTrip(t *testing.T) {
	// The file uses every kind of JSON value in fields config.go does not
	// know, at the top level and in entries.
	original, err := os.ReadFile(filepath.Join("testdata", "config", "unknown_fields.json"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "servers.json")
	writeFixture(t, path, string(original))
	cfg, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := UnknownFields(cfg.Server("fs")); !reflect.DeepEqual(got, []string{"autoApprove", "nested", "timeout"}) {
		t.Errorf("unknown fields of fs: %v", got)
	}
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var before, after any
	if err := json.Unmarshal(original, &before); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(saved, &after); err != nil {
		t.Fatalf("saved file is not JSON: %v\n%s", err, saved)
	}
	if !reflect.DeepEqual(before, after) {
		t.Errorf("meaning changed on save:\nbefore %v\nafter  %v\nfile:\n%s", before, after, saved)
	}
	// Saving what was loaded from the saved file changes nothing at all.
	cfg2, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg2.Save(); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, saved) {
		t.Errorf("second save differs:\n%s\n---\n%s", saved, again)
	}
	// Order of servers is the file's.
	if cfg2.Servers[0].Name != "fs" || cfg2.Servers[1].Name != "remote" {
		t.Errorf("order: %s, %s", cfg2.Servers[0].Name, cfg2.Servers[1].Name)
	}
}

func TestConfigSaveIsAtomic(t *testing.T) {
	t.Run("new file private, no temp left", func(t *testing.T) {
		// The temp file must be in the target's folder: with no usable
		// system temp folder the save still works.
		t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "does-not-exist"))
		dir := t.TempDir()
		path := filepath.Join(dir, "sub", "servers.json")
		cfg := &Config{Path: path}
		cfg.Put(&ServerConfig{Name: "a", Type: TypeStdio, Command: "x"})
		if err := cfg.Save(); err != nil {
			t.Fatal(err)
		}
		assertDirHoldsOnly(t, filepath.Dir(path), "servers.json")
		if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want 0600", fi.Mode().Perm())
		}
	})
	t.Run("existing mode kept", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("no Unix modes")
		}
		path := filepath.Join(t.TempDir(), "servers.json")
		writeFixture(t, path, `{"mcpServers": {}}`)
		if err := os.Chmod(path, 0o640); err != nil {
			t.Fatal(err)
		}
		cfg, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := cfg.Save(); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o640 {
			t.Errorf("mode %v, want 0640", fi.Mode().Perm())
		}
	})
	t.Run("rename fails", func(t *testing.T) {
		// The target is a folder that is not empty: everything up to the
		// rename works, the rename fails, the folder is untouched and the
		// temp file is gone.
		dir := t.TempDir()
		path := filepath.Join(dir, "servers.json")
		writeFixture(t, filepath.Join(path, "keep"), "old")
		err := store.WriteFile(path, []byte(`{"mcpServers": {}}`), store.Keep(0o600))
		if err == nil {
			t.Fatal("saving over a folder worked")
		}
		if got, _ := os.ReadFile(filepath.Join(path, "keep")); string(got) != "old" {
			t.Errorf("old content lost: %q", got)
		}
		assertDirHoldsOnly(t, dir, "servers.json")
	})
	t.Run("read-only folder", func(t *testing.T) {
		if runtime.GOOS == "windows" || os.Geteuid() == 0 {
			t.Skip("root (or Windows) writes into read-only folders; the size-limit case covers this")
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "servers.json")
		writeFixture(t, path, "old")
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700) })
		if err := store.WriteFile(path, []byte("new"), store.Keep(0o600)); err == nil {
			t.Fatal("saving into a read-only folder worked")
		}
		if got, _ := os.ReadFile(path); string(got) != "old" {
			t.Errorf("old content lost: %q", got)
		}
		assertDirHoldsOnly(t, dir, "servers.json")
	})
	t.Run("write fails midway", func(t *testing.T) {
		// A child process with a 4 KiB file size limit saves 64 KiB: the
		// write fails after the temp file was created and partly written.
		if runtime.GOOS == "windows" {
			t.Skip("needs sh and ulimit")
		}
		dir := t.TempDir()
		path := filepath.Join(dir, "servers.json")
		writeFixture(t, path, `{"mcpServers": {"old": {"command": "x"}}}`)
		cmd := exec.Command("sh", "-c", `ulimit -f 8 && exec "$0" -test.run='^TestConfigHelperSaveBig$'`, os.Args[0])
		cmd.Env = append(os.Environ(), "MCPBROWSER_SAVE_BIG="+path)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("helper: %v\n%s", err, out)
		}
		if !strings.Contains(string(out), "save failed: ") {
			t.Fatalf("the save in the helper did not fail:\n%s", out)
		}
		if got, _ := os.ReadFile(path); string(got) != `{"mcpServers": {"old": {"command": "x"}}}` {
			t.Errorf("old content lost: %q", got)
		}
		assertDirHoldsOnly(t, dir, "servers.json")
	})
}

// TestConfigHelperSaveBig runs in the child process of "write fails midway".
func TestConfigHelperSaveBig(t *testing.T) {
	path := os.Getenv("MCPBROWSER_SAVE_BIG")
	if path == "" {
		t.Skip("helper process only")
	}
	cfg := &Config{Path: path}
	cfg.Put(&ServerConfig{Name: "big", Type: TypeStdio, Command: "x", Args: []string{strings.Repeat("a", 64<<10)}})
	if err := cfg.Save(); err != nil {
		t.Log("save failed: " + err.Error())
		os.Stdout.WriteString("save failed: " + err.Error() + "\n")
	}
}

func assertDirHoldsOnly(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.Name() != "."+name+".lock" { // the writers' lock (LockPath) stays
			names = append(names, e.Name())
		}
	}
	if len(names) != 1 || names[0] != name {
		t.Errorf("folder holds %v, want only %s (a temp file left behind?)", names, name)
	}
}

func writeFixture(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func TestConfigMalformed(t *testing.T) {
	cases := []struct {
		name      string
		doc       string
		line, col int
		msg       string
	}{
		{name: "trailing comma", doc: "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\",}\n  }\n}",
			line: 3, col: 26, msg: "not valid JSON"},
		{name: "missing comma", doc: "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\" \"args\": []}\n  }\n}",
			line: 3, col: 26, msg: "not valid JSON"},
		{name: "cut short", doc: "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"",
			line: 3, col: 24, msg: "unexpected end"},
		{name: "args not a list", doc: "{\n  \"mcpServers\": {\n    \"a\": {\"args\": \"x\"}\n  }\n}",
			line: 3, col: 10, msg: `field "args" must be a list`},
		{name: "entry not an object", doc: "{\n  \"mcpServers\": {\n    \"ok\": {\"command\": \"x\"},\n    \"a\": 5\n  }\n}",
			line: 4, col: 10, msg: `server "a"`},
		{name: "top level not an object", doc: "[\n  1\n]", line: 1, col: 1, msg: "object"},
		{name: "servers not an object", doc: "{\n  \"mcpServers\": [\n  ]\n}", line: 2, col: 17, msg: "must be an object"},
		{name: "column counts characters", doc: "{\"mcpServers\": {\"é\": {\"command\": 5}}}", line: 1, col: 22, msg: `"command" must be a string`},
		{name: "name written twice", doc: "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"},\n    \"a\": {\"command\": \"y\"}\n  }\n}",
			line: 4, col: 5, msg: "twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "servers.json")
			writeFixture(t, path, c.doc)
			cfg, err := Load(path)
			var cerr *ConfigError
			ok := errors.As(err, &cerr) && cerr.Line == c.line && cerr.Column == c.col &&
				strings.Contains(cerr.Msg, c.msg) && cerr.Path == path
			if got, _ := os.ReadFile(path); string(got) != c.doc {
				t.Errorf("the file on disk changed")
			}
			if ok {
				if cfg != nil {
					t.Errorf("a config came back with the error")
				}
				return
			}
			report := "no *ConfigError"
			if cerr != nil {
				report = cerr.Error()
			} else if err != nil {
				report = err.Error()
			}
			t.Errorf("got %s, want %d:%d containing %q", report, c.line, c.col, c.msg)
		})
	}
}

// TestConfigFieldCase: encoding/json matches field names without regard to
// case, so "Command" fills Command and is also kept as an unknown field,
// and both are written on save.
func TestConfigFieldCase(t *testing.T) {
	cfg, err := Parse("f.json", []byte(`{"mcpServers": {"a": {"command": "x", "URL": "https://wrong"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	s := cfg.Servers[0]
	if s.URL != "" || s.Type != TypeStdio {
		t.Skipf("known config.go issue (fields matched without regard to case): URL = %q, Extra = %v", s.URL, UnknownFields(s))
	}
	if got := UnknownFields(s); !reflect.DeepEqual(got, []string{"URL"}) {
		t.Errorf("unknown fields %v, want [URL]", got)
	}
}

func TestConfigBadEntryLoadsWithProblem(t *testing.T) {
	doc := `{"mcpServers": {
		"good": {"command": "npx", "args": ["-y", "x"]},
		"empty": {},
		"remote": {"url": "https://x/mcp"},
		"nourl": {"type": "sse"},
		"disabled": {"command": "y", "disabled": true}
	}}`
	cfg, err := Parse("f.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, problem string }{
		{"good", ""}, {"empty", "neither \"command\" nor \"url\""}, {"remote", ""}, {"nourl", "no URL"}, {"disabled", ""},
	}
	if len(cfg.Servers) != len(want) {
		t.Fatalf("%d servers, want %d", len(cfg.Servers), len(want))
	}
	for i, w := range want {
		s := cfg.Servers[i]
		if s.Name != w.name || !strings.Contains(s.Problem, w.problem) || (w.problem == "") != (s.Problem == "") {
			t.Errorf("server %d: %q problem %q, want %q problem containing %q", i, s.Name, s.Problem, w.name, w.problem)
		}
	}
	if !cfg.Server("disabled").Disabled {
		t.Error("disabled lost")
	}
}

func TestConfigMissingAndEmpty(t *testing.T) {
	_, err := Load(filepath.Join(t.TempDir(), "none.json"))
	if !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	for _, doc := range []string{"", "  \n", "{}", `{"mcpServers": null}`} {
		cfg, err := Parse("f.json", []byte(doc))
		if err != nil || len(cfg.Servers) != 0 {
			t.Errorf("%q: %v, %d servers", doc, err, len(cfg.Servers))
		}
	}
}

// A saved file stays readable: shell redirections and ampersands are written
// as themselves, not as \u003e escapes.
func TestConfigSaveDoesNotEscapeHTML(t *testing.T) {
	path := filepath.Join(t.TempDir(), "servers.json")
	cfg := &Config{Path: path}
	cfg.Put(&ServerConfig{Name: "a&b", Type: TypeStdio, Command: "sh", Args: []string{"-c", "echo boom >&2 && exit 3"}})
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	for _, want := range []string{`"echo boom >&2 && exit 3"`, `"a&b"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("saved file lacks %s:\n%s", want, data)
		}
	}
	again, err := Load(path)
	if err != nil || again.Server("a&b") == nil || again.Server("a&b").Args[1] != "echo boom >&2 && exit 3" {
		t.Fatalf("reload: %v", err)
	}
}

// TestConfigSaveThroughSymlink: a servers file that is a symbolic link (a
// dotfiles repository) stays a link; its target gets the new content.
func TestConfigSaveThroughSymlink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "servers.json")
	writeFixture(t, target, `{"mcpServers": {"a": {"command": "x"}}}`)
	link := filepath.Join(dir, "config", "mcpbrowser", "servers.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../dotfiles/servers.json", link); err != nil {
		t.Fatal(err)
	}
	cfg, err := Load(link)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Put(&ServerConfig{Name: "b", Type: TypeStdio, Command: "y"})
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a regular file (%v, %v)", fi.Mode(), err)
	}
	got, err := Load(target)
	if err != nil || got.Server("a") == nil || got.Server("b") == nil {
		t.Fatalf("the target does not hold both servers: %v", err)
	}
	assertDirHoldsOnly(t, filepath.Dir(link), "servers.json")
	assertDirHoldsOnly(t, filepath.Dir(target), "servers.json")
}

func TestFreeName(t *testing.T) {
	cases := []struct {
		name  string
		taken []string
		want  string
	}{
		{"a", nil, "a"},
		{"a", []string{"a"}, "a-2"},
		{"a", []string{"a", "a-2", "a-3"}, "a-4"},
		{"a", []string{"a", "a-3"}, "a-2"},
		{"a-2", []string{"a-2"}, "a-2-2"},
	}
	for _, c := range cases {
		taken := func(n string) bool { return slices.Contains(c.taken, n) }
		if got := FreeName(c.name, taken); got != c.want {
			t.Errorf("FreeName(%q, %v) = %q, want %q", c.name, c.taken, got, c.want)
		}
		if got := FreeName(c.name, taken); got != c.name && !IsNumberedFrom(got, c.name) {
			t.Errorf("IsNumberedFrom(%q, %q) is false", got, c.name)
		}
	}
	for _, n := range []string{"a", "a-1", "a-x", "a-02", "b-2", "a--2"} {
		if IsNumberedFrom(n, "a") {
			t.Errorf("IsNumberedFrom(%q, a) is true", n)
		}
	}
}
