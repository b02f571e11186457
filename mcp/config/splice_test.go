package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSaveKeepsUntouchedBytes: a save rewrites only the entries it changes;
// every other byte of the file stays as it was, including what the JSON
// decoder cannot represent (text that is not UTF-8, a key written twice).
// An edit of an entry that holds such things is refused, not written lossily.
func TestSaveKeepsUntouchedBytes(t *testing.T) {
	latin1 := "{\"command\": \"x\", \"cwd\": \"/home/Jos\xe9/srv\"}"
	cases := []struct {
		name    string
		doc     string
		change  func(c *Config)
		want    string // the whole file after saving
		wantErr string // or the save's refusal (the file unchanged)
	}{
		{
			name:   "latin-1 path kept when another entry is edited",
			doc:    "{\n  \"mcpServers\": {\n    \"old\": " + latin1 + ",\n    \"b\": {\"command\": \"b1\"}\n  }\n}\n",
			change: func(c *Config) { c.Server("b").Command = "b2" },
			want:   "{\n  \"mcpServers\": {\n    \"old\": " + latin1 + ",\n    \"b\": {\n      \"command\": \"b2\"\n    }\n  }\n}\n",
		},
		{
			name:   "key written twice kept when an entry is added",
			doc:    `{"mcpServers": {"a": {"command": "x", "command": "y", "args": []}}, "z": {"b": 1, "a": 2}}`,
			change: func(c *Config) { c.Put(&ServerConfig{Name: "n", Type: TypeStdio, Command: "n1"}) },
			want:   "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"command\": \"y\", \"args\": []},\n    \"n\": {\n      \"command\": \"n1\"\n    }}, \"z\": {\"b\": 1, \"a\": 2}}",
		},
		{
			name:    "an edited entry with a key twice is refused",
			doc:     `{"mcpServers": {"a": {"command": "x", "env": {"K": "1", "K": "2"}}}}`,
			change:  func(c *Config) { c.Server("a").Args = []string{"more"} },
			wantErr: `server "a" was not saved: in the file it has the key "K" twice`,
		},
		{
			name:    "an edited entry that is not UTF-8 is refused",
			doc:     `{"mcpServers": {"old": ` + latin1 + `}}`,
			change:  func(c *Config) { c.Server("old").Args = []string{"more"} },
			wantErr: `server "old" was not saved: in the file it holds text that is not UTF-8`,
		},
		{
			name:   "a removed entry with a key twice is simply removed",
			doc:    `{"mcpServers": {"a": {"command": "x", "command": "y"}, "b": {"command": "b"}}}`,
			change: func(c *Config) { c.Remove("a") },
			want:   `{"mcpServers": { "b": {"command": "b"}}}`,
		},
		{
			name:   "a renamed entry keeps its value's bytes",
			doc:    "{\"mcpServers\": {\n  \"a\": {\"args\": [\"1\"],   \"command\": \"x\"}\n}}",
			change: func(c *Config) { c.Rename("a", "b") },
			want:   "{\"mcpServers\": {\n  \"b\": {\"args\": [\"1\"],   \"command\": \"x\"}\n}}",
		},
		{
			name:   "an edited entry is written in the file's indentation, in place",
			doc:    "{\n\t\"mcpServers\": {\n\t\t\"a\": {\"command\": \"a1\"},\n\t\t\"b\": {\"command\": \"b1\"}\n\t}\n}\n",
			change: func(c *Config) { c.Server("a").Command = "a2" },
			want:   "{\n\t\"mcpServers\": {\n\t\t\"a\": {\n\t\t  \"command\": \"a2\"\n\t\t},\n\t\t\"b\": {\"command\": \"b1\"}\n\t}\n}\n",
		},
		{
			name:   "first entry into an empty object",
			doc:    "\ufeff{\"other\": true, \"mcpServers\": {}}",
			change: func(c *Config) { c.Put(&ServerConfig{Name: "a", Type: TypeStdio, Command: "x"}) },
			want:   "\ufeff{\"other\": true, \"mcpServers\": {\n    \"a\": {\n      \"command\": \"x\"\n    }\n  }}",
		},
		{
			name:   "no mcpServers yet: written whole",
			doc:    `{"other": 1}`,
			change: func(c *Config) { c.Put(&ServerConfig{Name: "a", Type: TypeStdio, Command: "x"}) },
			want:   "{\n  \"mcpServers\": {\n    \"a\": {\n      \"command\": \"x\"\n    }\n  },\n  \"other\": 1\n}\n",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "servers.json")
			writeFixture(t, path, c.doc)
			cfg, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			c.change(cfg)
			err = cfg.Save()
			got, _ := os.ReadFile(path)
			if c.wantErr != "" {
				var ue *UnfaithfulError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("save = %v, want a refusal %q", err, c.wantErr)
				}
				if string(got) != c.doc {
					t.Errorf("the refused save changed the file:\n%q", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("file after save:\n%q\nwant\n%q", got, c.want)
			}
			if _, err := Parse(path, got); err != nil {
				t.Errorf("the saved file does not parse: %v", err)
			}
		})
	}
}

func TestDuplicateKey(t *testing.T) {
	cases := map[string]string{
		`{"a": 1, "b": 2}`:                            "",
		`{"a": 1, "a": 2}`:                            "a",
		`{"a": {"x": 1}, "b": {"x": 2}}`:              "",
		`{"a": {"x": 1, "y": [1, {"x": 1}], "x": 3}}`: "x",
		`{"a": [{"k": 1}, {"k": 2}], "b": {}}`:        "",
		`{"a": [], "b": {}, "a": null}`:               "a",
	}
	for raw, want := range cases {
		if got := duplicateKey([]byte(raw)); got != want {
			t.Errorf("duplicateKey(%s) = %q, want %q", raw, got, want)
		}
	}
}
