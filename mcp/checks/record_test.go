package checks

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"mcpbrowser/mcp"
)

// A check recorded from a call (Record, --record) and one suggested from a
// result (Save as check) both pass when run again, against the demo server
// and against server-everything.
func TestRecordedAndSuggestedChecksPass(t *testing.T) {
	type call struct {
		server, tool, args string
	}
	calls := []call{
		{"demo", "add", `{"a": 2, "b": 3}`},
		{"demo", "stats", `{"numbers": [1, 2, 3.5]}`},
		{"demo", "echo", `{"message": "hi", "repeat": 2}`},
		{"demo", "fail", `{"kind": "tool_error"}`},
		{"demo", "fail", `{"kind": "protocol_error"}`},
		{"everything", "echo", `{"message": "hello"}`},
		{"everything", "get-sum", `{"a": 1, "b": 2}`},
		{"everything", "get-structured-content", `{"location": "New York"}`},
		{"everything", "get-sum", `{"a": "x"}`},
	}
	sessions := map[string]*mcp.Session{
		"demo":       connectSpec(t, "demo", demoSpec()),
		"everything": connectSpec(t, "everything", everythingSpec(t)),
	}
	ctx := context.Background()
	f := &File{Name: "recorded"}
	for i, c := range calls {
		s := sessions[c.server]
		r := s.CallTool(ctx, c.tool, json.RawMessage(c.args), mcp.CallOptions{})
		rec := Recorded(c.server, r)
		rec.Name = "recorded " + string(rune('a'+i))
		sug := Suggest("suggested "+string(rune('a'+i)), c.server, r, s.OutputSchema(c.tool))
		f.Checks = append(f.Checks, rec, sug)
	}
	// Through the file format, as a person would keep them.
	data, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	rep := runnerFor(sessions).Run(ctx, back)
	for _, r := range rep.Results {
		if r.Status != StatusPassed {
			t.Errorf("%s (%s %s): %s %v %s", r.Check.Name, r.Server, r.Check.Target(), r.Status, r.Failures, r.Message)
		}
	}
	if len(rep.Results) != 2*len(calls) {
		t.Errorf("%d results", len(rep.Results))
	}
}

// The check file in docs/checks.md reads as a check file.
func TestReadmeExampleParses(t *testing.T) {
	data, err := os.ReadFile("../../docs/checks.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "```yaml\n")
	if !ok {
		t.Fatal("docs/checks.md has no yaml block")
	}
	block, _, _ := strings.Cut(rest, "```")
	f, err := Parse([]byte(block))
	if err != nil {
		t.Fatalf("%v\n%s", err, block)
	}
	if len(f.Checks) < 3 || f.Servers["demo"].Ref != "demo" || !f.Servers["local"].Inline() {
		t.Errorf("read %+v", f)
	}
}

// A check saved from a call of a tool that must run as a task
// (server-everything's simulate-research-query, execution.taskSupport
// "required") passes when Run all runs it: the runner calls the tool the
// way the Tools tab does (mcp.CallWayFor).
func TestRequiredTaskCheckPasses(t *testing.T) {
	s := connectSpec(t, "everything", everythingSpec(t))
	if w := s.CallWay("simulate-research-query"); w != mcp.CallAsTask {
		t.Fatalf("simulate-research-query is called as %v, want a task", w)
	}
	ctx := context.Background()
	r := s.CallToolAsTask(ctx, "simulate-research-query", json.RawMessage(`{"topic":"checks"}`), nil)
	if !r.OK() {
		t.Fatalf("the call failed: %s %s", r.Layer, r.Message)
	}
	f := &File{Name: "task", Checks: []Check{Suggest("research", "everything", r, s.OutputSchema("simulate-research-query"))}}
	data, err := f.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	rep := runnerFor(map[string]*mcp.Session{"everything": s}).Run(ctx, back)
	if len(rep.Results) != 1 || rep.Results[0].Status != StatusPassed {
		for _, res := range rep.Results {
			t.Errorf("%s: %s %v %s", res.Check.Name, res.Status, res.Failures, res.Message)
		}
		t.Fatalf("%d results\n%s", len(rep.Results), data)
	}
}
