package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// runRaw is a server written by hand, byte for byte, for what the SDK would
// not send: tools/list answers the JSON array in the file -tools (tool names
// with control characters, schemas nested deeper than a JSON library
// takes), and -silent names methods it never answers (tools/list after an
// answered initialize). tools/call answers the call's arguments, as sent, as
// its one text block and again as structuredContent (a server that echoes
// what it was given, secrets included). Every other request gets "Method
// not found"; notifications get nothing.
func runRaw(ctx context.Context, opts *options) int {
	tools := []byte("[]")
	if opts.toolsFile != "" {
		b, err := os.ReadFile(opts.toolsFile)
		if err != nil {
			fmt.Fprintf(os.Stderr, "misbehave: %v\n", err)
			return 2
		}
		// One line on the wire: JSON has no raw newline inside a string, so
		// dropping them keeps the array (json.Compact would refuse deep ones).
		tools = bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\n"), nil), []byte("\r"), nil)
	}
	silent := strings.Split(opts.silent, ",")
	out := bufio.NewWriter(os.Stdout)
	in := bufio.NewReaderSize(os.Stdin, 1<<20)
	for ctx.Err() == nil {
		line, err := in.ReadBytes('\n')
		if len(line) > 0 {
			if reply := rawReply(line, tools, silent); reply != "" {
				out.WriteString(reply + "\n")
				out.Flush()
			}
		}
		if err != nil {
			return 0
		}
	}
	return 0
}

func rawReply(line, tools []byte, silent []string) string {
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Arguments json.RawMessage `json:"arguments"`
		} `json:"params"`
	}
	if json.Unmarshal(line, &msg) != nil || len(msg.ID) == 0 {
		return ""
	}
	for _, s := range silent {
		if s == msg.Method {
			return ""
		}
	}
	id := string(msg.ID)
	switch msg.Method {
	case "initialize":
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}}`
	case "tools/list":
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{"tools":` + string(tools) + `}}`
	case "tools/call":
		args := msg.Params.Arguments
		if len(args) == 0 {
			args = json.RawMessage("{}")
		}
		text, _ := json.Marshal(string(args))
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{"content":[{"type":"text","text":` + string(text) + `}],"structuredContent":` + string(args) + `}}`
	case "ping":
		return `{"jsonrpc":"2.0","id":` + id + `,"result":{}}`
	}
	return `{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":"Method not found"}}`
}
