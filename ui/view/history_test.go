package view

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
)

func TestHistoryWords(t *testing.T) {
	now := time.Date(2026, 5, 31, 18, 0, 0, 0, time.UTC)
	ok := &history.Entry{Kind: history.Tool, Name: "add", Time: now.Add(-time.Hour), DurationMS: 42}
	byApp := &history.Entry{Kind: history.Tool, Name: "get-time", Via: "app", Time: now.Add(-time.Hour), DurationMS: 42}
	failed := &history.Entry{Kind: history.Resource, Name: "demo://x", Time: now.AddDate(0, 0, -1), DurationMS: 3254,
		ErrorLayer: string(mcp.LayerProtocol), Message: "not found"}
	sub := func(e *history.Entry) func() string { return func() string { return HistorySubtitle(e, now) } }
	checkWordings(t, []wording{
		{"today", sub(ok), "tool · 17:00:00 · 42 ms · ok", "工具 · 17:00:00 · 42 毫秒 · 成功"},
		{"by the app", sub(byApp), "tool (by the app) · 17:00:00 · 42 ms · ok", "工具（由应用发起） · 17:00:00 · 42 毫秒 · 成功"},
		{"another day, failed", sub(failed), "resource · 2026-05-30 18:00 · 3.3 s · protocol error", "资源 · 2026-05-30 18:00 · 3.3 秒 · 协议错误"},
		{"flag", func() string { return HistoryFlag(failed) + "|" + HistoryFlag(ok) }, "protocol|", "协议|"},
	})
}

func TestHistoryTextBoundsTheResult(t *testing.T) {
	e := &history.Entry{Name: "add", Kind: history.Tool, Arguments: json.RawMessage(`{"a":1}`),
		Result: json.RawMessage(`"` + strings.Repeat("x", 2*maxFilteredResult) + `"`)}
	got := HistoryText(e)
	if got[0] != "add" || got[1] != "tool" || got[4] != `{"a":1}` || len(got[6]) != maxFilteredResult {
		t.Errorf("HistoryText = name %q, kind %q, arguments %q, %d bytes of the result; want add, tool, the arguments, %d bytes",
			got[0], got[1], got[4], len(got[6]), maxFilteredResult)
	}
}
