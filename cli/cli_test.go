package cli

import (
	"github.com/adrg/xdg"

	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

// demoBinary is the demo server built once for this test binary.
var demoBinary string

func TestMain(m *testing.M) {
	if os.Getenv(helperEnv) != "" {
		runHelper() // a child started by TestStderrFollowsTheLanguage
	}
	// The other tests read English messages, whatever the machine's locale.
	os.Setenv("LC_ALL", "C.UTF-8")
	dir, err := os.MkdirTemp("", "mcpbrowser-cli-test-")
	if err != nil {
		panic(err)
	}
	if demoBinary, err = testservers.Demo.Path(); err != nil {
		panic(err)
	}
	// What the CLI remembers of servers (their protocol eras) stays here.
	os.Setenv("XDG_STATE_HOME", filepath.Join(dir, "state"))
	xdg.Reload()
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func TestParseArgs(t *testing.T) {
	cases := []struct {
		args    []string
		want    func(*invocation) bool
		wantErr string
	}{
		{[]string{"call", "demo", "add", "a=2", "b=3"}, func(i *invocation) bool {
			return i.command == "call" && strings.Join(i.positional, " ") == "demo add a=2 b=3"
		}, ""},
		{[]string{"call", "echo", "message=hi", "--", "npx", "-y", "pkg"}, func(i *invocation) bool {
			return strings.Join(i.adhoc, " ") == "npx -y pkg" && strings.Join(i.positional, " ") == "echo message=hi"
		}, ""},
		{[]string{"tools", "--url", "http://x/mcp", "--header", "Authorization: Bearer X", "--transport=sse"}, func(i *invocation) bool {
			return i.url == "http://x/mcp" && i.headers["Authorization"] == "Bearer X" && i.transport == "sse"
		}, ""},
		{[]string{"call", "demo", "add", "--timeout", "2s", "--stderr", "--wire", "--config=/x.json"}, func(i *invocation) bool {
			return i.timeout.Seconds() == 2 && i.stderr && i.wire && i.configPath == "/x.json"
		}, ""},
		{[]string{"tools", "--url", "http://x/mcp", "--grant-type", "client_credentials", "--client-metadata-url", "https://c/m.json"}, func(i *invocation) bool {
			return i.grantType == "client_credentials" && i.clientMetaURL == "https://c/m.json"
		}, ""},
		{[]string{"call", "s", "t", "--task", "--no-wait"}, func(i *invocation) bool {
			return i.taskFlags["task"] && i.taskFlags["no-wait"] && !i.taskFlags["cancel"]
		}, ""},
		{[]string{"tools", "--grant-type", "password"}, nil, "must be authorization_code, client_credentials, jwt_bearer or enterprise"},
		{[]string{"tools", "--timeout", "soon"}, nil, "not a duration"},
		{[]string{"tools", "--header", "nocolon"}, nil, "not of the form"},
		{[]string{"tools", "--transport", "websocket"}, nil, "must be http or sse"},
		{[]string{"tools", "--bogus"}, nil, "unknown flag"},
		{[]string{"tools", "--url"}, nil, "needs a value"},
		{[]string{"call", "x", "--"}, nil, "nothing after --"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			inv, err := parseArgs(tc.args)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !tc.want(inv) {
				t.Fatalf("got %+v, %v", inv, err)
			}
		})
	}
}

// runCLI runs a command line and returns the exit code, stdout and stderr.
func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Run(context.Background(), args, Env{Stdout: &out, Stderr: &errOut, Executable: demoBinary, Version: "test"})
	return code, out.String(), errOut.String()
}

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCommands(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix test servers")
	}
	misbehave := testservers.Build(t)
	cfg := writeConfig(t, `{"mcpServers": {
		"demo": {"command": "`+demoBinary+`"},
		"crash": {"command": "`+misbehave+`", "args": ["-mode", "exit-at-start"]},
		"hang": {"command": "`+misbehave+`", "args": ["-mode", "never-answers-call"], "callTimeout": 1},
		"broken": {"type": "carrier-pigeon"}
	}}`)
	cases := []struct {
		name       string
		args       []string
		wantCode   int
		wantOut    []string // in stdout
		wantErr    []string // in stderr
		checkJSONS func(t *testing.T, out map[string]any)
	}{
		{name: "servers", args: []string{"servers", "--config", cfg}, wantCode: ExitOK,
			wantOut: []string{`"name": "demo"`, `"problem": "unknown transport type \"carrier-pigeon\"`}},
		{name: "tools", args: []string{"tools", "demo", "--config", cfg}, wantCode: ExitOK,
			wantOut: []string{`"name": "add"`, `"inputSchema"`, `"readOnlyHint": true`, `"version": "2026-07-28"`, `"how": "`}},
		{name: "call converts by the schema", args: []string{"call", "demo", "add", "a=2", "b=3", "--config", cfg}, wantCode: ExitOK,
			checkJSONS: func(t *testing.T, out map[string]any) {
				args := out["arguments"].(map[string]any)
				if args["a"] != 2.0 || out["ok"] != true {
					t.Errorf("got %v", out)
				}
			}},
		{name: "call with --args", args: []string{"call", "demo", "stats", "--args", `{"numbers":[1,2,3]}`, "--config", cfg}, wantCode: ExitOK,
			wantOut: []string{`"mean": 2`}},
		{name: "tool error exits 1", args: []string{"call", "demo", "fail", "kind=tool_error", "--config", cfg}, wantCode: ExitToolError,
			wantOut: []string{`"errorLayer": "tool"`}, wantErr: []string{"the tool ran and reported an error"}},
		{name: "JSON-RPC error exits 3", args: []string{"call", "demo", "fail", "kind=protocol_error", "--config", cfg}, wantCode: ExitRPCError,
			wantOut: []string{`"code": -32602`}, wantErr: []string{"JSON-RPC error -32602"}},
		{name: "arguments not fitting the schema exit 2", args: []string{"call", "demo", "add", "a=two", "b=3", "--config", cfg}, wantCode: ExitUsage,
			wantErr: []string{"a: must be a whole number"}},
		{name: "missing required argument exits 2", args: []string{"call", "demo", "read_file", "--config", cfg}, wantCode: ExitUsage,
			wantErr: []string{"path"}},
		{name: "unknown tool exits 2", args: []string{"call", "demo", "nope", "--config", cfg}, wantCode: ExitUsage,
			wantErr: []string{`has no tool "nope"`, "add"}},
		{name: "unknown server exits 2", args: []string{"tools", "nope", "--config", cfg}, wantCode: ExitUsage,
			wantErr: []string{`no server named "nope"`, "demo"}},
		{name: "server that exits at start exits 4", args: []string{"tools", "crash", "--config", cfg}, wantCode: ExitConnection,
			wantErr: []string{"exited with code 1", "missing API key FOO_TOKEN"}},
		// The call's bound comes from the entry (callTimeout), not from
		// --timeout 1s, which bounds connecting too: a busy machine
		// starts the server slower than that.
		{name: "a call that never answers times out with 4", args: []string{"call", "hang", "hang", "--config", cfg}, wantCode: ExitConnection,
			wantErr: []string{"did not answer within 1s", "callTimeout"}},
		{name: "ad-hoc stdio server", args: []string{"call", "echo", "message=hi", "--", demoBinary}, wantCode: ExitOK,
			wantOut: []string{`"text": "hi"`}},
		{name: "ad-hoc command not found", args: []string{"tools", "--", "no-such-mcp-server-here"}, wantCode: ExitConnection,
			wantErr: []string{"was not found"}},
		{name: "--stderr streams the server's stderr", args: []string{"call", "demo", "log_stderr", "lines=2", "--stderr", "--config", cfg}, wantCode: ExitOK,
			wantErr: []string{"[demo]"}},
		{name: "--wire prints the messages", args: []string{"tools", "demo", "--wire", "--config", cfg}, wantCode: ExitOK,
			wantErr: []string{"→ server/discover", "← result", "tools/list"}},
		{name: "malformed config exits 2 with position", args: []string{"servers", "--config", writeConfig(t, "{\n  \"mcpServers\": {,}\n}")}, wantCode: ExitUsage,
			wantErr: []string{":2:18:", "has not been changed"}},
		{name: "no command", args: []string{}, wantCode: ExitUsage, wantErr: []string{"no command given", "Usage:"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errOut := runCLI(t, tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, out, errOut)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
			if tc.checkJSONS != nil {
				var v map[string]any
				if err := json.Unmarshal([]byte(out), &v); err != nil {
					t.Fatalf("stdout is not JSON: %v\n%s", err, out)
				}
				tc.checkJSONS(t, v)
			}
		})
	}
}
