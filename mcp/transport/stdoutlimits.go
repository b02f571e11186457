package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
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
// deep, and a note for the log. The tools of a tools/list reply are found by
// reading the bytes, not by decoding the reply: a reply nested deeper than
// 10,000 levels is one no JSON library here decodes, and it must still keep
// its other tools.
func repairDeepReply(line []byte, id json.RawMessage) ([]byte, string) {
	const why = "it is nested deeper than the 1000 levels the app can read"
	if from, to, tools, ok := toolsArray(line); ok {
		var bad []string
		for i, t := range tools {
			if !tooDeep(t) {
				continue
			}
			name := topLevelString(t, "name")
			bad = append(bad, name)
			tools[i], _ = json.Marshal(map[string]any{"name": name,
				"description": "This tool cannot be used: its definition is nested deeper than the 1000 levels the app can read.",
				"inputSchema": map[string]any{"type": "object"},
				"_meta":       map[string]any{"mcpbrowser/invalid": "its definition " + strings.TrimPrefix(why, "it ")}})
		}
		fixed := slices.Concat(line[:from], bytes.Join(tools, []byte(",")), line[to:])
		if len(bad) > 0 && !tooDeep(fixed) {
			return fixed, fmt.Sprintf("the tools/list reply was nested too deep in tool %s; the other tools are listed, %s is marked unusable",
				strings.Join(bad, ", "), strings.Join(bad, ", "))
		}
	}
	return errorReply(id, why), "a reply nested deeper than 1000 levels was turned into an error for its call alone"
}

// jsonWalk calls visit for every byte of msg outside strings, with the
// nesting depth before that byte, and for every string (at its opening
// quote, with its end) so that keys can be read. It stops when visit says so.
func jsonWalk(msg []byte, visit func(i, depth int, strEnd int) bool) {
	depth := 0
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c == '"' {
			end := i + 1
			for end < len(msg) && msg[end] != '"' {
				if msg[end] == '\\' {
					end++
				}
				end++
			}
			if !visit(i, depth, min(end+1, len(msg))) {
				return
			}
			i = end
			continue
		}
		if !visit(i, depth, -1) {
			return
		}
		switch c {
		case '{', '[':
			depth++
		case '}', ']':
			depth--
		}
	}
}

// toolsArray finds the elements of result.tools in a reply: from and to
// bound what is inside the array's brackets, and tools are its elements as
// written.
func toolsArray(msg []byte) (from, to int, tools [][]byte, ok bool) {
	str, key, inTools, elem := "", "", false, -1
	jsonWalk(msg, func(i, depth, strEnd int) bool {
		if strEnd >= 0 {
			if depth == 2 && !inTools {
				str = string(msg[i+1 : strEnd-1])
			}
			return true
		}
		switch c := msg[i]; {
		case !inTools && depth == 2 && c == ':':
			key = str
		case !inTools && depth == 2 && c == ',':
			key = ""
		case !inTools && depth == 2 && c == '[' && key == "tools":
			inTools, from = true, i+1
		case inTools && depth == 3 && c == '{':
			elem = i
		case inTools && depth == 4 && c == '}' && elem >= 0:
			tools = append(tools, msg[elem:i+1])
			elem = -1
		case inTools && depth == 3 && c == ']':
			to, ok = i, true
			return false
		}
		return true
	})
	return from, to, tools, ok
}

// topLevelString is the string value of key in the object obj (not in the
// objects inside it), as written, or "".
func topLevelString(obj []byte, key string) string {
	want, next, value := `"`+key+`"`, false, ""
	jsonWalk(obj, func(i, depth, strEnd int) bool {
		if strEnd < 0 || depth != 1 {
			return true
		}
		if next {
			json.Unmarshal(obj[i:strEnd], &value)
			return false
		}
		if string(obj[i:strEnd]) == want {
			next = true
		}
		return true
	})
	return value
}

// TooDeep reports whether msg nests objects and lists deeper than the app
// reads (1000 levels): what is kept or shown of a server's definitions
// leaves such a one out.
func TooDeep(msg []byte) bool { return tooDeep(msg) }

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
