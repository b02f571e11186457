package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK's JSON reader refuses a message nested deeper than 1000 levels, and
// refusing one message ends its whole session; a message over MaxMessageSize
// is dropped before it. Either way the call waiting for that reply would wait
// out its timeout, and the list of tools would silently be empty. So the
// stdout filter answers such a reply itself: a tools/list reply keeps the
// tools that are fine and marks the one that is not; any other reply becomes
// an error reply with codeInvalidReply, which fails that call alone, at once.

// maxJSONDepth is the SDK's nesting limit.
const maxJSONDepth = 1000

// codeInvalidReply marks an error reply made by the app in place of a reply
// the server sent but the SDK could not take; its data says so too.
const codeInvalidReply = -32098

var invalidReplyData = json.RawMessage(`{"madeBy":"mcpbrowser","invalidReply":true}`)

// IsMadeInvalidReply reports whether rpc is such an app-made reply.
func IsMadeInvalidReply(rpc *jsonrpc.Error) bool {
	return rpc != nil && rpc.Code == codeInvalidReply && bytes.Equal(rpc.Data, invalidReplyData)
}

// tooDeep reports whether msg nests objects and lists deeper than maxJSONDepth.
func tooDeep(msg []byte) bool {
	if bytes.Count(msg, []byte("{"))+bytes.Count(msg, []byte("[")) <= maxJSONDepth {
		return false // cannot be: the common case, found at memory speed
	}
	depth, inString, escaped := 0, false, false
	for _, c := range msg {
		switch {
		case escaped:
			escaped = false
		case inString:
			switch c {
			case '\\':
				escaped = true
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > maxJSONDepth {
				return true
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return false
}

// errorReply is a JSON-RPC error reply to id, made by the app.
func errorReply(id json.RawMessage, reason string) []byte {
	msg, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id,
		"error": map[string]any{"code": codeInvalidReply, "message": reason, "data": invalidReplyData}})
	return msg
}

// repairDeepReply returns what to hand the SDK instead of a reply nested too
// deep, and a note for the log.
func repairDeepReply(line []byte, id json.RawMessage) ([]byte, string) {
	const why = "it is nested deeper than the 1000 levels the app can read"
	var msg struct {
		Result map[string]json.RawMessage `json:"result"`
	}
	if json.Unmarshal(line, &msg) == nil && msg.Result["tools"] != nil {
		var tools []json.RawMessage
		if json.Unmarshal(msg.Result["tools"], &tools) == nil {
			var bad []string
			for i, t := range tools {
				if !tooDeep(t) {
					continue
				}
				var named struct {
					Name string `json:"name"`
				}
				json.Unmarshal(t, &named)
				bad = append(bad, named.Name)
				tools[i], _ = json.Marshal(map[string]any{"name": named.Name,
					"description": "This tool cannot be used: its definition is nested deeper than the 1000 levels the app can read.",
					"inputSchema": map[string]any{"type": "object"},
					"_meta":       map[string]any{"mcpbrowser/invalid": "its definition " + strings.TrimPrefix(why, "it ")}})
			}
			msg.Result["tools"], _ = json.Marshal(tools)
			if !tooDeep(msg.Result["tools"]) {
				fixed, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "result": msg.Result})
				return fixed, fmt.Sprintf("the tools/list reply was nested too deep in tool %s; the other tools are listed, %s is marked unusable",
					strings.Join(bad, ", "), strings.Join(bad, ", "))
			}
		}
	}
	return errorReply(id, why), "a reply nested deeper than 1000 levels was turned into an error for its call alone"
}

var headID = regexp.MustCompile(`^\s*\{(?:\s*"jsonrpc"\s*:\s*"2\.0"\s*,)?\s*"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?[0-9]+)`)

// idOfHead finds the id at the start of a message too big to read, where
// servers write it ({"jsonrpc":"2.0","id":…).
func idOfHead(head []byte) json.RawMessage {
	m := headID.FindSubmatch(head)
	if m == nil {
		return nil
	}
	return json.RawMessage(m[1])
}
