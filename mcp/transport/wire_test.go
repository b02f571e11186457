package transport

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestIsJSONRPCObject(t *testing.T) {
	for _, tc := range []struct {
		line       string
		want       bool
		method, id string
	}{
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, true, "", "1"},
		{`  {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}  `, true, "notifications/progress", ""},
		{`{"jsonrpc":"2.0","id":"a-b","method":"tools/call","params":{"name":"x"}}`, true, "tools/call", `"a-b"`},
		{`{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"no"}}`, true, "", "7"},
		{`{"jsonrpc":"2.0","id":1,"result":"\ud800 \u00e9"}`, true, "", "1"},
		{`{"jsonrpc":"2.0","method":"a","method":"b"}`, true, "b", ""}, // the last one wins, as in the SDK

		{`{"jsonrpc":"1.0","id":1,"result":{}}`, false, "", ""},
		{`{"jsonrpc":2,"id":1}`, false, "", ""},
		{`{"JSONRPC":"2.0","id":1}`, false, "", ""}, // the SDK matches names case-sensitively
		{`{"id":1,"result":{}}`, false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"res`, false, "", ""}, // truncated
		{`{"jsonrpc":"2.0","id":1,"result":{bad}}`, false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"result":[1,2,]}`, false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"result":"a\qb"}`, false, "", ""},
		{"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"a\x01b\"}", false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"result":01}`, false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"result":{}} trailing`, false, "", ""},
		{`{"jsonrpc":"2.0","id":1,"result":{}}{"jsonrpc":"2.0","id":2,"result":{}}`, false, "", ""},
		{`[{"jsonrpc":"2.0","id":1,"result":{}}]`, false, "", ""},
		{`{key: value} from a log line`, false, "", ""},
		{`INFO started`, false, "", ""},
		{``, false, "", ""},
	} {
		var env envelope
		if got := isJSONRPCObject([]byte(tc.line), &env); got != tc.want {
			t.Errorf("isJSONRPCObject(%q) = %v, want %v", tc.line, got, tc.want)
			continue
		}
		if !tc.want {
			continue
		}
		var e WireEntry
		env.describe(&e)
		if e.Method != tc.method || e.ID != tc.id {
			t.Errorf("%q: method %q id %q, want %q and %q", tc.line, e.Method, e.ID, tc.method, tc.id)
		}
	}
}

func TestDescribeMessage(t *testing.T) {
	for _, tc := range []struct{ msg, summary string }{
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"echo"}}`, "tools/call #3"},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, "notifications/initialized"},
		{`{"jsonrpc":"2.0","id":3,"result":{"content":[]}}`, "result #3"},
		{`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"bad params"}}`, "error #4: bad params"},
		{`[{"jsonrpc":"2.0","id":1,"method":"ping"}]`, "batch"},
		{`not json`, "not JSON-RPC"},
		{`{"jsonrpc":"2.0","id":3,"result":{}} {}`, "not JSON-RPC"},
	} {
		var e WireEntry
		describeMessage(&e, []byte(tc.msg))
		if e.Summary != tc.summary {
			t.Errorf("describeMessage(%q): summary %q, want %q", tc.msg, e.Summary, tc.summary)
		}
	}
}

func TestIsJSONRPCBatch(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]`, true},
		{`[]`, false},
		{`[{"jsonrpc":"2.0","id":1,"result":{}},]`, false},
		{`[1,2,3]`, false},
		{`[{"jsonrpc":"2.0"}] x`, false},
	} {
		if got := isJSONRPC([]byte(tc.line)); got != tc.want {
			t.Errorf("isJSONRPC(%q) = %v, want %v", tc.line, got, tc.want)
		}
	}
}

// FuzzEnvelopeValidity checks that the stdout filter passes to the SDK only
// what is one valid JSON value: a line it passes but cannot be parsed would
// end the session instead of being logged as noise.
func FuzzEnvelopeValidity(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"hi"}]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":1,}}`,
		`{"jsonrpc":"2.0","id":1,"result":"\u12"}`,
		`{"jsonrpc":"2.0","id":1,"result":-}`,
		`{"jsonrpc":"2.0","id":1,"result":tru}`,
		`{"jsonrpc":"2.0","id":1,"result":1e5}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}  `,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		var env envelope
		if isJSONRPCObject(line, &env) && !json.Valid(line) {
			t.Errorf("passed %q as a JSON-RPC message, but it is not valid JSON", line)
		}
	})
}

// BenchmarkEnvelope reads the envelope of a small and of a 1 MB message, as
// every message crossing the wire is read, beside encoding/json for scale.
//
//	go test -run '^$' -bench BenchmarkEnvelope ./mcp/
func BenchmarkEnvelope(b *testing.B) {
	for _, m := range []struct{ name, msg string }{
		{"small", `{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"hello"}],"structuredContent":{"x":1}}}`},
		{"1MB", `{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"` + strings.Repeat("hello world\\n", 80000) + `"}]}}`},
	} {
		msg := []byte(m.msg)
		b.Run("ours/"+m.name, func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				var env envelope
				if !isJSONRPCObject(msg, &env) {
					b.Fatal("not a message")
				}
			}
		})
		b.Run("encoding-json/"+m.name, func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			for b.Loop() {
				var env envelope
				if err := json.Unmarshal(msg, &env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
