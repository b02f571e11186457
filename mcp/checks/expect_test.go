package checks

import (
	"context"
	"strings"
	"testing"

	"mcpbrowser/mcp"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Every expectation kind, once met and once broken, against the real demo
// server and against server-everything. A case lists the failure kinds it
// expects (none: the check passes).
func TestExpectationsAgainstRealServers(t *testing.T) {
	const file = `
name: every kind
checks:
  # outcome
  - {name: success, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {outcome: success}}
  - {name: success expected but tool error, server: demo, tool: fail, arguments: {kind: tool_error}, expect: {outcome: success}}
  - {name: tool error, server: demo, tool: fail, arguments: {kind: tool_error}, expect: {outcome: tool_error}}
  - {name: rpc error with code, server: demo, tool: fail, arguments: {kind: protocol_error}, expect: {outcome: rpc_error, code: -32602}}
  - {name: rpc error wrong code, server: demo, tool: fail, arguments: {kind: protocol_error}, expect: {outcome: rpc_error, code: -32601}}
  - {name: no such tool is an rpc error, server: demo, tool: nope, expect: {outcome: rpc_error}}
  # text
  - {name: text contains, server: demo, tool: echo, arguments: {message: hi there}, expect: {text: {contains: "there"}}}
  - {name: text contains broken, server: demo, tool: echo, arguments: {message: hi there}, expect: {text: {contains: "bye"}}}
  - {name: text equals, server: demo, tool: echo, arguments: {message: hi, repeat: 2}, expect: {text: {equals: "hi\nhi"}}}
  - {name: text equals broken, server: demo, tool: echo, arguments: {message: hi}, expect: {text: {equals: "HI"}}}
  - {name: text matches, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {text: {matches: '^\d \+ \d = 5$'}}}
  - {name: text matches broken, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {text: {matches: '= 6$'}}}
  # json paths into structuredContent
  - {name: json equals, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: sum, equals: 5}]}}
  - {name: json equals broken, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: $.sum, equals: 6}]}}
  - {name: json exists, server: demo, tool: stats, arguments: {numbers: [1, 2, 3]}, expect: {json: [{path: median, exists: true}, {path: mode, exists: false}]}}
  - {name: json exists broken, server: demo, tool: stats, arguments: {numbers: [1, 2, 3]}, expect: {json: [{path: mode, exists: true}]}}
  - {name: json matches, server: demo, tool: stats, arguments: {numbers: [1.5, 2]}, expect: {json: [{path: mean, matches: '^1\.75$'}]}}
  - {name: json matches broken, server: demo, tool: stats, arguments: {numbers: [1.5, 2]}, expect: {json: [{path: mean, matches: '^2'}]}}
  # outputSchema
  - {name: output schema, server: demo, tool: stats, arguments: {numbers: [4]}, expect: {outputSchema: true}}
  - {name: output schema missing, server: demo, tool: echo, arguments: {message: x}, expect: {outputSchema: true}}
  # duration
  - {name: duration, server: demo, tool: add, arguments: {a: 1, b: 1}, expect: {maxMs: 5000}}
  - {name: duration broken, server: demo, tool: slow_task, arguments: {steps: 2, delay_ms: 30}, expect: {maxMs: 10}}
  # snapshot, with an ignored field
  - name: snapshot
    server: demo
    tool: add
    arguments: {a: 2, b: 3}
    expect:
      snapshot: {content: [{type: text, text: "2 + 3 = 5"}], structuredContent: {sum: 5}}
  - name: snapshot broken
    server: demo
    tool: add
    arguments: {a: 2, b: 4}
    expect:
      snapshot: {content: [{type: text, text: "2 + 3 = 5"}], structuredContent: {sum: 5}}
  - name: snapshot ignoring
    server: demo
    tool: add
    arguments: {a: 2, b: 4}
    expect:
      snapshot: {content: [{type: text, text: "2 + 3 = 5"}], structuredContent: {sum: 5}}
      ignore: [content.*.text, structuredContent.sum]
  # resource read and prompt get
  - {name: read, server: demo, read: "demo://readme", expect: {text: {contains: "demo://readme"}}}
  - {name: read missing, server: demo, read: "demo://nothing", expect: {outcome: rpc_error}}
  - {name: prompt, server: demo, prompt: summarize_file, promptArguments: {path: welcome.txt}, expect: {text: {contains: "welcome.txt"}}}
  # server-everything
  - {name: everything sum, server: everything, tool: get-sum, arguments: {a: 2, b: 3}, expect: {text: {equals: "The sum of 2 and 3 is 5."}}}
  - {name: everything sum broken, server: everything, tool: get-sum, arguments: {a: 2, b: 3}, expect: {text: {matches: "is 6"}}}
  - {name: everything structured, server: everything, tool: get-structured-content, arguments: {location: Chicago}, expect: {outputSchema: true, json: [{path: humidity, equals: 82}, {path: conditions, matches: rain}]}}
  - {name: everything structured broken, server: everything, tool: get-structured-content, arguments: {location: Chicago}, expect: {json: [{path: temperature, equals: 73}]}}
  - {name: everything bad arguments, server: everything, tool: get-sum, arguments: {a: x}, expect: {outcome: success}}
  - {name: everything json text, server: everything, tool: echo, arguments: {message: hello}, expect: {text: {contains: hello}, maxMs: 10000}}
`
	want := map[string][]string{
		"success expected but tool error": {"outcome"},
		"rpc error wrong code":            {"code"},
		"text contains broken":            {"text"},
		"text equals broken":              {"text"},
		"text matches broken":             {"text"},
		"json equals broken":              {"json"},
		"json exists broken":              {"json"},
		"json matches broken":             {"json"},
		"output schema missing":           {"outputSchema"},
		"duration broken":                 {"duration"},
		"snapshot broken":                 {"snapshot", "snapshot"},
		"everything sum broken":           {"text"},
		"everything structured broken":    {"json"},
		"everything bad arguments":        {"outcome"},
	}
	f, err := Parse([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	sessions := map[string]*mcp.Session{
		"demo":       connectSpec(t, "demo", demoSpec()),
		"everything": connectSpec(t, "everything", everythingSpec(t)),
	}
	rep := runnerFor(sessions).Run(context.Background(), f)
	if len(rep.Results) != len(f.Checks) {
		t.Fatalf("%d results for %d checks", len(rep.Results), len(f.Checks))
	}
	for _, r := range rep.Results {
		var kinds []string
		for _, fl := range r.Failures {
			kinds = append(kinds, fl.Kind)
		}
		if got, exp := strings.Join(kinds, ","), strings.Join(want[r.Check.Name], ","); got != exp {
			t.Errorf("%s: failures %q, want %q: %v %s", r.Check.Name, got, exp, r.Failures, r.Message)
		}
		wantStatus := StatusPassed
		if len(want[r.Check.Name]) > 0 {
			wantStatus = StatusFailed
		}
		if r.Status != wantStatus {
			t.Errorf("%s: status %s, want %s", r.Check.Name, r.Status, wantStatus)
		}
	}
	// The snapshot failure says where and what, side by side.
	for _, r := range rep.Results {
		if r.Check.Name == "snapshot broken" {
			got := r.Failures[0].String() + "; " + r.Failures[1].String()
			if !strings.Contains(got, `content[0].text: expected "2 + 3 = 5", got "2 + 4 = 6"`) || !strings.Contains(got, "structuredContent.sum: expected 5, got 6") {
				t.Errorf("snapshot failures read %q", got)
			}
		}
	}
}

// Without structuredContent, JSON paths look into a text that is JSON.
func TestJSONPathIntoJSONText(t *testing.T) {
	r := &mcp.CallResult{Tool: "t", Result: &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: `{"items": [{"id": 7}]}`}}}}
	o := ObserveCall(r, nil)
	seven, yes := any(7), true
	cases := []struct {
		p    PathExpect
		fail bool
	}{
		{PathExpect{Path: "items[0].id", Equals: &seven}, false},
		{PathExpect{Path: "items[1]", Exists: &yes}, true},
		{PathExpect{Path: "items[0].id", Matches: "^7$"}, false},
	}
	for _, tc := range cases {
		fs := Evaluate(&Expect{JSON: []PathExpect{tc.p}}, &o)
		if (len(fs) > 0) != tc.fail {
			t.Errorf("%s: failures %v, want failing %v", tc.p.Path, fs, tc.fail)
		}
	}
}
