package mcp

import (
	"bytes"
	"encoding/json"

	"mcpbrowser/mcp/transport"
)

// The SDK hands a client each tool's inputSchema as a map[string]any, which
// loses what a form needs: the order properties were written in (the order a
// person should fill them in) and the exact digits of large numbers. So the
// session keeps the schemas as they arrived on the wire, per tool name.

// rawToolSchemas are one tool's schemas exactly as the server sent them.
type rawToolSchemas struct {
	input, output json.RawMessage
	// tool is the whole tool object: execution, icons, _meta and fields no
	// version of the SDK knows yet.
	tool json.RawMessage
}

// observeToolList picks the raw schemas out of a tools/list response.
func (s *Session) observeToolList(e transport.WireEntry) {
	if e.Dir != transport.Received || e.Method != "" || e.Truncated || !bytes.Contains(e.JSON, []byte(`"inputSchema"`)) {
		return
	}
	var msg struct {
		Result struct {
			Tools []json.RawMessage `json:"tools"`
		} `json:"result"`
	}
	if json.Unmarshal(e.JSON, &msg) != nil || len(msg.Result.Tools) == 0 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, raw := range msg.Result.Tools {
		var t struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		if json.Unmarshal(raw, &t) != nil || t.Name == "" {
			continue
		}
		if transport.TooDeep(raw) {
			// Marked unusable in what the SDK was handed (the stdout filter);
			// its thousands of levels are neither kept nor printed.
			delete(s.rawSchemas, t.Name)
			continue
		}
		s.rawSchemas[t.Name] = rawToolSchemas{input: t.InputSchema, output: t.OutputSchema, tool: raw}
	}
}

// RawTool returns the named tool exactly as the server sent it in
// tools/list, or the SDK's reading of it when the wire copy is gone (cut
// for size); nil when there is no such tool.
func (s *Session) RawTool(name string) json.RawMessage {
	s.mu.Lock()
	raw := s.rawSchemas[name].tool
	s.mu.Unlock()
	if len(raw) > 0 {
		return raw
	}
	if t := s.Tool(name); t != nil {
		b, _ := json.Marshal(t)
		return b
	}
	return nil
}

// InputSchema returns the named tool's inputSchema as the server wrote it
// (property order and number digits kept), or nil when there is no such tool.
func (s *Session) InputSchema(tool string) json.RawMessage {
	s.mu.Lock()
	raw, ok := s.rawSchemas[tool]
	s.mu.Unlock()
	if ok && len(raw.input) > 0 {
		return raw.input
	}
	t := s.Tool(tool)
	if t == nil {
		return nil
	}
	b, err := json.Marshal(t.InputSchema)
	if err != nil || t.InputSchema == nil {
		return json.RawMessage(`{"type":"object"}`)
	}
	return b
}

// OutputSchema returns the named tool's outputSchema as the server wrote it, or nil.
func (s *Session) OutputSchema(tool string) json.RawMessage {
	s.mu.Lock()
	raw, ok := s.rawSchemas[tool]
	s.mu.Unlock()
	if ok && len(raw.output) > 0 && string(raw.output) != "null" {
		return raw.output
	}
	if t := s.Tool(tool); t != nil && t.OutputSchema != nil {
		b, _ := json.Marshal(t.OutputSchema)
		return b
	}
	return nil
}
