package cli

import (
	"encoding/json"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
)

// everythingEntry returns the path of the pinned server-everything entry
// point, or skips when it is not installed (MCPBROWSER_REQUIRE_PEERS=1 turns
// the skip into a failure), like mcp's everythingServer.
func everythingEntry(t *testing.T) string { return testservers.Everything(t) }

func TestFeatureFlags(t *testing.T) {
	cases := []struct {
		args    []string
		want    func(*invocation) bool
		wantErr string
	}{
		{[]string{"call", "x", "t", "--elicit", "accept-defaults", "--elicit", "name=Ada", "--elicit=age=3"}, func(i *invocation) bool {
			p := i.elicitPolicy()
			return p.Action == mcp.ElicitAccept && strings.Join(p.Values, " ") == "name=Ada age=3"
		}, ""},
		{[]string{"call", "x", "t", "--elicit", "name=Ada"}, func(i *invocation) bool {
			return i.elicitPolicy().Action == mcp.ElicitAccept
		}, ""},
		{[]string{"call", "x", "t", "--elicit", "cancel"}, func(i *invocation) bool {
			p := i.elicitPolicy()
			return p.Action == mcp.ElicitCancel && p.Values == nil
		}, ""},
		{[]string{"call", "x", "t"}, func(i *invocation) bool { return i.elicitPolicy().Action == "" }, ""},
		{[]string{"call", "x", "t", "--sampling-reply", "hello there", "--root", "a", "--root=b"}, func(i *invocation) bool {
			return i.samplingReply == "hello there" && strings.Join(i.roots, ",") == "a,b"
		}, ""},
		{[]string{"complete", "x", "--prompt", "p", "--level", "debug"}, func(i *invocation) bool {
			return i.prompt == "p" && i.level == "debug"
		}, ""},
		{[]string{"complete", "x", "--template=a://{b}"}, func(i *invocation) bool { return i.template == "a://{b}" }, ""},
		{[]string{"call", "--elicit", "maybe"}, nil, "--elicit must be accept-defaults, decline, cancel"},
		{[]string{"call", "--elicit", "decline", "--elicit", "cancel"}, nil, "contradict"},
		{[]string{"call", "--sampling", "accept"}, nil, `--sampling takes only "decline"`},
		{[]string{"call", "--sampling", "decline", "--sampling-reply", "x"}, nil, "not both"},
		{[]string{"ping", "--level", "loud"}, nil, "--level must be one of debug, info"},
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

func TestHistoryTarget(t *testing.T) {
	cases := []struct {
		name, env  string
		args       []string
		wantDir    string
		wantRecord bool
	}{
		{"a server of the app's file", "", []string{"read", "demo", "u"}, "", true},
		{"a server of another file", "", []string{"read", "demo", "u", "--config", "x.json"}, "", false},
		{"an ad-hoc command", "", []string{"read", "u", "--", "srv"}, "", false},
		{"a URL", "", []string{"read", "u", "--url", "http://h/mcp"}, "", false},
		{"another folder, another file", "/tmp/h", []string{"read", "demo", "u", "--config", "x.json"}, "/tmp/h", true},
		{"another folder, ad-hoc", "/tmp/h", []string{"read", "u", "--", "srv"}, "", false},
		{"off", "off", []string{"read", "demo", "u"}, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(HistoryDirEnv, tc.env)
			inv, err := parseArgs(tc.args)
			if err != nil {
				t.Fatal(err)
			}
			if dir, record := historyTarget(inv); dir != tc.wantDir || record != tc.wantRecord {
				t.Errorf("historyTarget = %q, %v; want %q, %v", dir, record, tc.wantDir, tc.wantRecord)
			}
		})
	}
}

func TestFeatureCommands(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix paths in the config")
	}
	entry := everythingEntry(t)
	histDir := t.TempDir()
	t.Setenv(HistoryDirEnv, histDir)
	cfg := writeConfig(t, `{"mcpServers": {
		"everything": {"command": "node", "args": ["`+entry+`", "stdio"]},
		"demo": {"command": "`+demoBinary+`"}
	}}`)
	rootA, rootB := t.TempDir(), t.TempDir()
	textTemplate := "demo://resource/dynamic/text/{resourceId}"

	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string // in stdout
		wantErr  []string // in stderr
		check    func(t *testing.T, out map[string]any)
	}{
		{name: "call --task runs simulate-research-query as a task", args: []string{"call", "everything", "simulate-research-query", "topic=cli", "--task"}, wantCode: ExitOK,
			wantOut: []string{`"status": "completed"`, "Research Report: cli"}, wantErr: []string{": working"}},
		{name: "call --task --no-wait prints the task", args: []string{"call", "everything", "simulate-research-query", "topic=cli", "--task", "--no-wait"}, wantCode: ExitOK,
			wantOut: []string{`"taskId"`, `"status": "working"`}},
		{name: "call --task refuses a tool that cannot run as one", args: []string{"call", "everything", "echo", "message=x", "--task"}, wantCode: ExitUsage,
			wantErr: []string{"cannot run as a task"}},
		{name: "tools prints execution as the server sent it", args: []string{"tools", "everything"}, wantCode: ExitOK,
			wantOut: []string{`"taskSupport": "required"`}},
		{name: "resources", args: []string{"resources", "everything"}, wantCode: ExitOK,
			wantOut: []string{`"declared": true`, `"uri": "demo://resource/static/document/features.md"`}},
		{name: "templates with their variables", args: []string{"templates", "everything"}, wantCode: ExitOK,
			wantOut: []string{`"uriTemplate": "` + textTemplate + `"`, `"variables": [`, `"resourceId"`}},
		{name: "read a static resource", args: []string{"read", "everything", "demo://resource/static/document/features.md"}, wantCode: ExitOK,
			check: func(t *testing.T, out map[string]any) {
				contents := out["result"].(map[string]any)["contents"].([]any)
				if c := contents[0].(map[string]any); out["ok"] != true || !strings.Contains(c["text"].(string), "Everything Server") {
					t.Errorf("read: %v", out)
				}
			}},
		{name: "read a template filled from pairs", args: []string{"read", "everything", textTemplate, "resourceId=5"}, wantCode: ExitOK,
			wantOut: []string{`"uri": "demo://resource/dynamic/text/5"`, "Resource 5: This is a plaintext resource"}},
		{name: "read a blob", args: []string{"read", "everything", "demo://resource/dynamic/blob/2"}, wantCode: ExitOK,
			wantOut: []string{`"blob": "`}},
		{name: "template without its variable exits 2", args: []string{"read", "everything", textTemplate}, wantCode: ExitUsage,
			wantErr: []string{"fill in resourceId"}},
		{name: "pairs for a plain URI exit 2", args: []string{"read", "everything", "demo://x", "a=b"}, wantCode: ExitUsage,
			wantErr: []string{"not a template"}},
		{name: "unknown resource exits 3", args: []string{"read", "everything", "demo://resource/dynamic/text/0"}, wantCode: ExitRPCError,
			wantOut: []string{`"errorLayer": "protocol"`, `"jsonrpcError"`}, wantErr: []string{"JSON-RPC error"}},
		{name: "prompts", args: []string{"prompts", "everything"}, wantCode: ExitOK,
			wantOut: []string{`"name": "args-prompt"`, `"name": "completable-prompt"`, `"required": true`}},
		{name: "prompt with arguments", args: []string{"prompt", "everything", "args-prompt", "city=Paris", "state=Texas"}, wantCode: ExitOK,
			wantOut: []string{"What's weather in Paris, Texas?", `"role": "user"`}},
		{name: "prompt embedding a resource", args: []string{"prompt", "everything", "resource-prompt", "resourceType=Text", "resourceId=3"}, wantCode: ExitOK,
			wantOut: []string{`"type": "resource"`, "demo://resource/dynamic/text/3"}},
		{name: "prompt missing an argument exits 3", args: []string{"prompt", "everything", "args-prompt"}, wantCode: ExitRPCError,
			wantOut: []string{`"ok": false`}},
		{name: "prompt with a bad pair exits 2", args: []string{"prompt", "everything", "args-prompt", "Paris"}, wantCode: ExitUsage,
			wantErr: []string{`"Paris" is not key=value`}},
		{name: "complete a prompt argument", args: []string{"complete", "everything", "--prompt", "completable-prompt", "department", "S"}, wantCode: ExitOK,
			check: func(t *testing.T, out map[string]any) {
				if v, _ := json.Marshal(out["values"]); string(v) != `["Sales","Support"]` {
					t.Errorf("values %s", v)
				}
			}},
		{name: "complete with context", args: []string{"complete", "everything", "--prompt", "completable-prompt", "name", "department=Engineering"}, wantCode: ExitOK,
			check: func(t *testing.T, out map[string]any) {
				if v, _ := json.Marshal(out["values"]); string(v) != `["Alice","Bob","Charlie"]` {
					t.Errorf("values %s", v)
				}
			}},
		{name: "complete a template variable", args: []string{"complete", "everything", "--template", textTemplate, "resourceId", "4"}, wantCode: ExitOK,
			wantOut: []string{`"type": "ref/resource"`, `"values": [`, `"4"`}},
		{name: "complete needs --prompt or --template", args: []string{"complete", "everything", "x", "y"}, wantCode: ExitUsage,
			wantErr: []string{"exactly one of --prompt NAME or --template URI"}},
		{name: "complete on a server without completions exits 3", args: []string{"complete", "demo", "--prompt", "summarize_file", "path", "w"}, wantCode: ExitRPCError,
			wantOut: []string{`"declared": false`, `"code": -32601`}, wantErr: []string{`does not declare the "completions" capability`}},
		{name: "ping", args: []string{"ping", "everything"}, wantCode: ExitOK, wantOut: []string{`"roundTripMs"`}},
		{name: "--level sets the log level after connecting", args: []string{"ping", "demo", "--level", "info", "--stderr"}, wantCode: ExitOK,
			wantErr: []string{"[demo]", "[info mcpbrowser-demo] Hello from"}},
		{name: "sampling answered by --sampling-reply", args: []string{"call", "everything", "trigger-sampling-request", "prompt=hi", "--sampling-reply", "hello from the terminal"}, wantCode: ExitOK,
			wantOut: []string{"hello from the terminal", mcp.DefaultSamplingModel}, wantErr: []string{"sampling request answered with the --sampling-reply text"}},
		{name: "sampling declined", args: []string{"call", "everything", "trigger-sampling-request", "prompt=hi", "--sampling", "decline"}, wantCode: ExitToolError,
			wantOut: []string{"User rejected sampling request"}, wantErr: []string{"sampling request declined"}},
		{name: "elicitation accepted with defaults and a value", args: []string{"call", "everything", "trigger-elicitation-request", "--elicit", "accept-defaults", "--elicit", "name=Ada"}, wantCode: ExitOK,
			wantOut: []string{"Name: Ada", "Favorite Integer: 42"}, wantErr: []string{"asks: Please provide inputs", `elicitation answered "accept"`}},
		{name: "elicitation needing a value the flags lack", args: []string{"call", "everything", "trigger-elicitation-request", "--elicit", "accept-defaults"}, wantCode: ExitToolError,
			wantErr: []string{"name: this field is required", "--elicit NAME=VALUE"}},
		{name: "elicitation declined", args: []string{"call", "everything", "trigger-elicitation-request", "--elicit", "decline"}, wantCode: ExitOK,
			wantOut: []string{"User declined"}},
		{name: "without --elicit the capability is not offered", args: []string{"call", "everything", "trigger-elicitation-request"}, wantCode: ExitUsage,
			wantErr: []string{`has no tool "trigger-elicitation-request"`}},
		{name: "roots answered from --root", args: []string{"call", "everything", "get-roots-list", "--root", rootA, "--root", rootB}, wantCode: ExitOK,
			wantOut: []string{"(2 total)", "file://" + rootA, "file://" + rootB}},
		{name: "--root that is not a folder exits 2", args: []string{"ping", "everything", "--root", filepath.Join(rootA, "missing")}, wantCode: ExitUsage,
			wantErr: []string{"is not a folder"}},
		{name: "an ad-hoc server", args: []string{"read", "demo://resource/static/document/features.md", "--", "node", entry, "stdio"}, wantCode: ExitOK,
			wantOut: []string{`"server": "node"`, `"ok": true`}},
	}
	t.Run("commands", func(t *testing.T) {
		for _, tc := range cases {
			t.Run(tc.name, func(t *testing.T) {
				t.Parallel()
				args := tc.args
				if !contains(args, "--") {
					args = append(append([]string(nil), args...), "--config", cfg)
				}
				code, out, errOut := runCLI(t, args...)
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
				if tc.check != nil {
					var v map[string]any
					if err := json.Unmarshal([]byte(out), &v); err != nil {
						t.Fatalf("stdout is not JSON: %v\n%s", err, out)
					}
					tc.check(t, v)
				}
			})
		}
	})

	// The reads and prompts of configured servers above are in the history
	// folder; the ad-hoc server's read is not.
	h := history.New(histDir, history.Options{})
	entries, err := h.List("everything")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[history.Kind]int{}
	for _, e := range entries {
		kinds[e.Kind]++
	}
	// Tool calls are recorded too; the table above makes a varying number of them.
	if kinds[history.Resource] != 4 || kinds[history.Prompt] != 3 || kinds[history.Tool] == 0 {
		t.Errorf("history kinds %v", kinds)
	}
	files, _ := filepath.Glob(filepath.Join(histDir, "*"))
	if len(files) != 1 {
		t.Errorf("history files %v (an ad-hoc server must not be recorded)", files)
	}
}
