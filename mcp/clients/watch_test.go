package clients

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
)

func TestWatchRewritesAndRestoresEveryFormat(t *testing.T) {
	const exe = "/opt/MCP Browser.app/Contents/MacOS/mcpbrowser"
	cases := []struct {
		format config.Format
		file   string
	}{
		{config.FormatClaudeDesktop, `{
  "mcpServers": {
    "other": {"command": "x"},
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
      "env": {"API_TOKEN": "secret"}
    }
  },
  "globalShortcut": ""
}
`},
		{config.FormatCursor, `{"mcpServers":{"files":{"args":["a b","c\"d"],"command":"node"}}}`},
		{config.FormatClaudeCode, `{"projects": {"/home/me/p": {"mcpServers": {"files": {"type": "stdio", "command": "uvx", "args": []}}}}, "numStartups": 3}`},
		{config.FormatVSCode, `// my editor's servers
{
	"servers": {
		// the one to watch
		"files": {
			"type": "stdio",
			"command": "python3", /* no args */
		},
	},
	"inputs": [],
}
`},
		{config.FormatCline, "{\r\n  \"mcpServers\": {\r\n    \"files\": {\r\n      \"command\": \"docker\",\r\n      \"args\": [\r\n        \"run\", \"-i\"\r\n      ],\r\n      \"disabled\": false\r\n    }\r\n  }\r\n}\r\n"},
		{config.FormatWindsurf, `{"mcpServers": {"files": {"command": "C:\\tools\\server.exe", "args": ["--x=1"]}}}`},
		{config.FormatCodex, `model = "o3"

[mcp_servers.other]
command = "x"

[mcp_servers.files]
command = "npx" # the launcher
args = [
  "-y",
  "server-filesystem", # a comment ]
]
env = { "KEY" = "v" }

[profiles.fast]
model = "o4-mini"
`},
		{config.FormatCodex, "[mcp_servers.files]\ncommand = 'uvx'\n"},
	}
	for _, c := range cases {
		t.Run(string(c.format), func(t *testing.T) {
			data := []byte(c.file)
			before := parsedEntry(t, c.format, data)
			e, err := PlanWatch(c.format, "cfg", data, "files", exe)
			if err != nil {
				t.Fatal(err)
			}
			watched, err := e.Apply(data)
			if err != nil {
				t.Fatal(err)
			}
			after := parsedEntry(t, c.format, watched)
			wantCmd, wantArgs := TapArgs(exe, "files", before.Command, before.Args)
			if after.Command != wantCmd || !slices.Equal(after.Args, wantArgs) {
				t.Errorf("watched entry runs %q %q, want %q %q\n%s", after.Command, after.Args, wantCmd, wantArgs, watched)
			}
			if !mapsEqual(after.Env, before.Env) || after.Name != before.Name {
				t.Errorf("the rest of the entry changed: %+v → %+v", before, after)
			}
			if _, err := PlanWatch(c.format, "cfg", watched, "files", exe); !errors.Is(err, ErrAlreadyWatched) {
				t.Errorf("watching twice: %v, want ErrAlreadyWatched", err)
			}
			// The app adds an entry before ours; unwatch still finds it.
			moved := watched
			if c.format != config.FormatCodex {
				moved = []byte(strings.Replace(string(watched), `"files"`, `"added": {"command": "y"}, "files"`, 1))
			}
			restored, err := e.Revert(moved)
			if err != nil {
				t.Fatal(err)
			}
			want := data
			if c.format != config.FormatCodex {
				want = []byte(strings.Replace(c.file, `"files"`, `"added": {"command": "y"}, "files"`, 1))
			}
			if string(restored) != string(want) {
				t.Errorf("unwatch did not restore the bytes:\n%q\nwant\n%q", restored, want)
			}
		})
	}
}

func TestWatchRefuses(t *testing.T) {
	remote := []byte(`{"mcpServers": {"r": {"url": "https://x.example/mcp"}}}`)
	if _, err := PlanWatch(config.FormatCursor, "cfg", remote, "r", "/bin/mcpbrowser"); !errors.Is(err, ErrRemoteServer) {
		t.Errorf("remote: %v", err)
	}
	if _, err := PlanWatch(config.FormatCursor, "cfg", remote, "nope", "/bin/mcpbrowser"); !errors.Is(err, ErrNoSuchServer) {
		t.Errorf("missing: %v", err)
	}
	data := []byte(`{"mcpServers": {"s": {"command": "a"}}}`)
	e, err := PlanWatch(config.FormatCursor, "cfg", data, "s", "/bin/mcpbrowser")
	if err != nil {
		t.Fatal(err)
	}
	watched, _ := e.Apply(data)
	edited := []byte(strings.Replace(string(watched), `"tap"`, `"tap", "--x"`, 1))
	if _, err := e.Revert(edited); err == nil {
		t.Error("unwatch of an entry edited since went ahead")
	}
}

func parsedEntry(t *testing.T, format config.Format, data []byte) *config.ServerConfig {
	t.Helper()
	servers, err := ParseClientConfig(format, "cfg", data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	for _, s := range servers {
		if s.Server.Name == "files" {
			return s.Server
		}
	}
	t.Fatalf("no entry files in\n%s", data)
	return nil
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// The change shown before unwatch says which side is which: the watched
// entry goes, the entry as it was comes back.
func TestUndoShowsTheWatchedEntryGoing(t *testing.T) {
	e := &WatchEdit{Path: "/p/mcp.json", Server: "demo", Old: `{"command":"x"}`, New: `{"command":"mcpbrowser"}`}
	for _, tc := range []struct {
		edit *WatchEdit
		want string
	}{
		{e, "--- /p/mcp.json (demo)\n+++ /p/mcp.json (watched)\n- {\"command\":\"x\"}\n+ {\"command\":\"mcpbrowser\"}\n"},
		{e.Undo(), "--- /p/mcp.json (watched)\n+++ /p/mcp.json (demo)\n- {\"command\":\"mcpbrowser\"}\n+ {\"command\":\"x\"}\n"},
	} {
		if got := tc.edit.String(); got != tc.want {
			t.Errorf("got\n%s\nwant\n%s", got, tc.want)
		}
	}
}
