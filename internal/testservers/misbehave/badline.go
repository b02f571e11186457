package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runBadLine writes opts.badLine before every response, and answers a request
// whose reply carries the text "MALFORMED" or "DEEP" with a result the client
// cannot take: echo of that message, a read of echo://MALFORMED, the prompt
// echo with text=MALFORMED.
func runBadLine(ctx context.Context, opts *options) int {
	out := newStdoutWriter()
	out.writeLine(opts.badLine)
	out.rewrite = rewriteBadResult
	return exitCode(os.Stderr, serve(ctx, opts, out, serverConfig{
		beforeEachMessage: func(string) { out.writeLine(opts.badLine) },
		addOwn:            addEchoResourceAndPrompt,
	}))
}

// addEchoResourceAndPrompt adds the resource template echo://{text}, whose
// contents are text, and the prompt echo(text), whose one message is text.
func addEchoResourceAndPrompt(server *mcp.Server, _ toolSet) {
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "echo", URITemplate: "echo://{text}"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			uri := req.Params.URI
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: uri, MIMEType: "text/plain", Text: strings.TrimPrefix(uri, "echo://")}}}, nil
		})
	server.AddPrompt(&mcp.Prompt{Name: "echo", Arguments: []*mcp.PromptArgument{{Name: "text", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.TextContent{Text: req.Params.Arguments["text"]}}}}, nil
		})
}

// rewriteBadResult replaces the result of a reply whose list (content of
// tools/call, contents of resources/read, messages of prompts/get) carries
// the text MALFORMED (the list becomes the string "notalist") or DEEP (the
// result gains a _meta nested 2000 levels deep).
func rewriteBadResult(line []byte) []byte {
	var msg struct {
		ID     json.RawMessage            `json:"id"`
		Result map[string]json.RawMessage `json:"result"`
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
	reply := func(result string) []byte {
		return []byte(`{"jsonrpc":"2.0","id":` + string(msg.ID) + `,"result":` + result + "}\n")
	}
	for _, key := range []string{"content", "contents", "messages"} {
		list := msg.Result[key]
		switch {
		case bytes.Contains(list, []byte(`"text":"MALFORMED"`)):
			return reply(`{"` + key + `":"notalist"}`)
		case bytes.Contains(list, []byte(`"text":"DEEP"`)):
			deep := strings.Repeat(`{"a":`, 2000) + "1" + strings.Repeat("}", 2000)
			return reply(`{"` + key + `":[],"_meta":` + deep + `}`)
		}
	}
	return line
}
