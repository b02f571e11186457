package cli

import (
	"context"
	"regexp"
	"testing"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/load"
	"mcpbrowser/mcp/say"
)

// `mcpbrowser load`'s summary is load.Summary.Text word for word in
// English, and Chinese in Chinese (only figures, names and protocol words
// in Latin letters); --json does not go through it.
func TestLoadSummaryFollowsTheLanguage(t *testing.T) {
	ms := time.Millisecond
	sums := []load.Summary{
		{Calls: 6, Concurrency: 2, Wall: 7 * ms, CallsPerSecond: 814, Min: ms / 5, Mean: ms / 2, P50: ms / 2, P90: ms, P99: ms, Max: 2 * ms, Errors: map[load.Layer]int{}, PeakRSS: 42 << 20},
		{Calls: 9, Concurrency: 3, Wall: 2 * time.Second, CallsPerSecond: 4.5, Errors: map[load.Layer]int{load.Transport: 1, load.JSONRPC: 2, load.Tool: 3, load.Cancelled: 1},
			ErrorMessages: map[load.Layer]string{load.Transport: "the server is not connected. Start (or restart) it first.", load.JSONRPC: "the server refused tools/call: bad (JSON-RPC error -32602, invalid params)",
				load.Tool: "the tool ran and reported an error: boom", load.Cancelled: "the call ran out of time: context deadline exceeded"},
			// What the core said by key (mcp.Outcome.Said), as the run keeps it.
			ErrorSaid: map[load.Layer]say.Msg{load.Transport: say.Text("the server is not connected. Start (or restart) it first."),
				load.JSONRPC:   say.New("the server refused {{.Method}}: {{.Message}} (JSON-RPC error {{.Code}}, {{.CodeName}})", say.Args{"Method": "tools/call", "Message": "bad", "Code": -32602, "CodeName": mcp.RPCCodeWords(-32602)}),
				load.Tool:      say.New("the tool ran and reported an error: {{.Text}}", say.Args{"Text": "boom"}),
				load.Cancelled: say.New("the call ran out of time: {{.Err}}", say.Args{"Err": context.DeadlineExceeded})}},
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	latin := regexp.MustCompile(`demo|add|boom|bad|JSON-RPC|tools/call|RSS|MB|p50|p90|p99|\d+(\.\d+)?(ms|s)\b`)
	for _, s := range sums {
		i18n.Setup(i18n.English)
		if got, want := loadText("demo", "add", 1, s), "demo add, 1 session(s)\n"+s.Text(); got != want {
			t.Errorf("English:\n%s\nwant\n%s", got, want)
		}
		i18n.Setup(i18n.SimplifiedChinese)
		zh := loadText("demo", "add", 1, s)
		if i18n.HasLatinLetter(latin.ReplaceAllString(zh, "")) {
			t.Errorf("English left in the Chinese summary:\n%s", zh)
		}
	}
}
