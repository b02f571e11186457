package view

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/apps"
	"mcpbrowser/mcp/transport"
)

func TestRunDuration(t *testing.T) {
	tests := []struct {
		text string
		want time.Duration // 0: refused
	}{
		{"30s", 30 * time.Second},
		{" 2m ", 2 * time.Minute},
		{"1m30s", 90 * time.Second},
		{"45", 45 * time.Second},
		{"0.5", 500 * time.Millisecond},
		{"24h", 24 * time.Hour},
		{"25h", 0},
		{"0", 0},
		{"-3s", 0},
		{"soon", 0},
		{"", 0},
	}
	for _, tt := range tests {
		got, err := RunDuration(tt.text)
		if got != tt.want || (err != nil) != (tt.want == 0) {
			t.Errorf("RunDuration(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
		}
	}
}

func TestRawToolText(t *testing.T) {
	cases := []struct {
		name string
		raw  json.RawMessage
		tool *sdk.Tool
		want []string
	}{
		{"the wire copy, unknown fields kept", json.RawMessage(`{"name":"r","execution":{"taskSupport":"required"},"icons":[{"src":"x.png"}],"_meta":{"a":1},"x-new":true}`), nil,
			[]string{`"taskSupport": "required"`, `"icons"`, `"_meta"`, `"x-new": true`, "\n  "}},
		{"the SDK's reading when there is no wire copy", nil, &sdk.Tool{Name: "t", Description: "d"}, []string{`"name": "t"`}},
		{"not JSON is shown as it is", json.RawMessage(`{cut`), nil, []string{"{cut"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := RawToolText(c.raw, c.tool)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s lacks %q", got, w)
				}
			}
		})
	}
}

func TestMatchServer(t *testing.T) {
	names := []string{"filesystem", "Memory", "everything", "mem2"}
	for query, want := range map[string]string{"memory": "Memory", " MEM ": "Memory", "thing": "everything", "mem2": "mem2", "": "", "zzz": ""} {
		if got := MatchServer(names, query); got != want {
			t.Errorf("MatchServer(%q) = %q, want %q", query, got, want)
		}
	}
}

func TestParseTimeout(t *testing.T) {
	for _, c := range []struct {
		text string
		want string // "nil", a number, or "error"
	}{{"", "nil"}, {" 30 ", "30"}, {"2.5", "2.5"}, {"-7", "-1"}, {"soon", "error"}} {
		v, err := ParseTimeout("timeout", c.text)
		got := "nil"
		switch {
		case err != nil:
			got = "error"
		case v != nil:
			got = strconv.FormatFloat(*v, 'g', -1, 64)
		}
		if got != c.want {
			t.Errorf("ParseTimeout(%q) = %s (%v), want %s", c.text, got, err, c.want)
		}
	}
}

func TestAppEventAndWireWords(t *testing.T) {
	at := time.Date(2026, 5, 31, 18, 1, 2, 345e6, time.UTC)
	checkWordings(t, []wording{
		{"traffic", func() string {
			return AppEventLine(apps.Event{Time: at, Kind: apps.EventTraffic, Dir: "→", Text: "tools/call", JSON: json.RawMessage(`{"a":1}`)})
		}, `18:01:02.345 → tools/call {"a":1}`, `18:01:02.345 → tools/call {"a":1}`},
		{"log", func() string { return AppEventLine(apps.Event{Time: at, Kind: apps.EventLog, Text: "ready"}) }, "18:01:02.345 app log: ready", "18:01:02.345 app log: ready"},
		{"link", func() string { return AppEventLine(apps.Event{Time: at, Kind: apps.EventOpenLink, Text: "https://x"}) },
			"18:01:02.345 the app asks to open https://x (not opened; copy it if you want it)", "18:01:02.345 应用请求打开 https://x（未打开；如需要请复制）"},
		{"wire summary", func() string { return WireWhat(&transport.WireEntry{Summary: "tools/call add", Method: "tools/call"}) }, "tools/call add", "tools/call add"},
		{"wire id", func() string { return WireWhat(&transport.WireEntry{ID: "7"}) }, "#7", "#7"},
		{"wire nothing", func() string { return WireWhat(&transport.WireEntry{}) }, "message", "message"},
	})
}

func TestAgentToolName(t *testing.T) {
	tests := []struct{ server, tool, want string }{
		{"demo", "add", "mcp__demo__add"},
		{"github", "create_issue", "mcp__github__create_issue"},
		{"my server.v2", "get-thing", "mcp__my_server_v2__get-thing"},
		{"ünï", "a/b", "mcp___n___a_b"},
	}
	for _, tt := range tests {
		if got := AgentToolName(tt.server, tt.tool); got != tt.want {
			t.Errorf("AgentToolName(%q, %q) = %q, want %q", tt.server, tt.tool, got, tt.want)
		}
	}
}

func TestAboutVersion(t *testing.T) {
	checkWordings(t, []wording{{"version", func() string { return AboutVersion("unknown") + "|" + AboutVersion("1.2.3") }, "unknown|1.2.3", "未知|1.2.3"}})
}
