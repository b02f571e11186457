package transport

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRepairDeepReplyKeepsOtherTools: the tools of a tools/list reply are
// found in its bytes, however deep one of them nests (past what a JSON
// decoder takes), and only that one is replaced; the others stay byte for
// byte, keys named "tools" elsewhere do not confuse it.
func TestRepairDeepReplyKeepsOtherTools(t *testing.T) {
	deep := `{"inputSchema":` + strings.Repeat(`{"a":[`, 5_001) + strings.Repeat(`]}`, 5_001) + `,"name":"de\"ep"}`
	fine := `{"name":"fine","description":"has \"tools\": [ and } in it","inputSchema":{"type":"object"}}`
	line := []byte(`{"jsonrpc":"2.0","id":7,"result":{"note":"tools","_meta":{"tools":[1]},"tools":[` + fine + `,` + deep + `],"nextCursor":"c"}}`)
	fixed, note := repairDeepReply(line, json.RawMessage("7"))
	if !strings.Contains(string(fixed), fine) || !strings.Contains(string(fixed), `"nextCursor":"c"`) || !strings.Contains(note, `de"ep is marked unusable`) {
		t.Fatalf("note %q, reply %.500s", note, fixed)
	}
	var msg struct {
		Result struct {
			Tools []struct{ Name, Description string }
		}
	}
	if err := json.Unmarshal(fixed, &msg); err != nil || len(msg.Result.Tools) != 2 || msg.Result.Tools[1].Name != `de"ep` ||
		!strings.Contains(msg.Result.Tools[1].Description, "cannot be used") {
		t.Errorf("%v %+v", err, msg)
	}
}
