package mcp

import (
	"testing"
	"time"
)

func TestRecordedCall(t *testing.T) {
	tests := []struct {
		name, answer string
		layer        ErrorLayer
		text         string
		code         int64
	}{
		{"success", `{"jsonrpc":"2.0","id":2,"result":{"content":[{"type":"text","text":"Echo: hi"}]}}`, LayerNone, "Echo: hi", 0},
		{"tool error", `{"jsonrpc":"2.0","id":2,"result":{"isError":true,"content":[{"type":"text","text":"bad"}]}}`, LayerTool, "bad", 0},
		{"rpc error", `{"jsonrpc":"2.0","id":2,"error":{"code":-32602,"message":"no such tool"}}`, LayerProtocol, "", -32602},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := RecordedCall("demo", "echo", []byte(`{"message":"hi"}`), []byte(tt.answer), time.Now(), time.Millisecond)
			if err != nil {
				t.Fatal(err)
			}
			if r.Layer != tt.layer {
				t.Errorf("layer %q, want %q", r.Layer, tt.layer)
			}
			if tt.text != "" && (r.Result == nil || firstText(r.Result) != tt.text) {
				t.Errorf("result %+v, want text %q", r.Result, tt.text)
			}
			if tt.code != 0 && (r.RPCError == nil || r.RPCError.Code != tt.code) {
				t.Errorf("rpc error %v, want code %d", r.RPCError, tt.code)
			}
		})
	}
	if _, err := RecordedCall("demo", "echo", nil, []byte(`{"jsonrpc":"2.0","id":2}`), time.Now(), 0); err == nil {
		t.Error("an answer with neither result nor error was taken")
	}
}
