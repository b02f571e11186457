package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
)

// runBadLine writes opts.badLine before every response, and answers echo of
// "MALFORMED" or "DEEP" with a result the client cannot take.
func runBadLine(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.writeLine(opts.badLine)
	out.rewrite = rewriteBadResult
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{
		beforeEachMessage: func(string) { out.writeLine(opts.badLine) },
	}))
}

// rewriteBadResult replaces the result of a response whose text is MALFORMED
// or DEEP.
func rewriteBadResult(line []byte) []byte {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Result struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if json.Unmarshal(bytes.TrimSpace(line), &msg) != nil {
		return line
	}
	if bytes.Contains(line, []byte(`"tools":[`)) && os.Getenv("MISBEHAVE_DEEP_TOOL") != "" {
		// tools/list: add a tool whose schema is nested 2000 levels deep.
		deep := strings.Repeat(`{"type":"object","properties":{"x":`, 2000) + "{}" + strings.Repeat("}}", 2000)
		tool := `{"name":"deep","inputSchema":{"type":"object","properties":{"x":` + deep + `}}},`
		return bytes.Replace(line, []byte(`"tools":[`), []byte(`"tools":[`+tool), 1)
	}
	if len(msg.Result.Content) != 1 {
		return line
	}
	switch msg.Result.Content[0].Text {
	case "MALFORMED":
		return []byte(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":{"content":"notalist"}}` + "\n")
	case "DEEP":
		deep := strings.Repeat(`{"a":`, 2000) + "1" + strings.Repeat("}", 2000)
		return []byte(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":{"content":[],"structuredContent":` + deep + `}}` + "\n")
	}
	return line
}
