package ui

import (
	"encoding/json"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

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
			got := rawToolText(c.raw, c.tool)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("%s lacks %q", got, w)
				}
			}
		})
	}
}
