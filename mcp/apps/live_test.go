package apps_test

import (
	"encoding/json"
	"testing"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/mcp/history"
)

func TestRecordCallMarksTheApp(t *testing.T) {
	h := history.New(t.TempDir(), history.Options{})
	r := &mcp.CallResult{Outcome: mcp.Outcome{Server: "s", Started: time.Now(), Duration: time.Millisecond}, Tool: "get-time", Arguments: json.RawMessage(`{}`)}
	if err := apps.RecordCall(h, r); err != nil {
		t.Fatal(err)
	}
	if err := h.AddCall(r); err != nil { // the person's own call, for contrast
		t.Fatal(err)
	}
	list, err := h.List("s")
	if err != nil || len(list) != 2 {
		t.Fatalf("history: %v, %v", list, err)
	}
	vias := map[string]int{}
	for _, e := range list {
		vias[e.Via]++
	}
	if vias[apps.Via] != 1 || vias[""] != 1 {
		t.Errorf("history marks: %v, want one call by the app and one not", vias)
	}
}
