package testservers

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
)

// A CallReply writes the reply to one tools/call of RawHTTP as it likes; id
// is the request's JSON-RPC id as sent.
type CallReply func(w http.ResponseWriter, id string)

// RawHTTP starts a streamable-HTTP MCP server written by hand: it answers
// initialize (protocol 2025-06-18, tools declared) and tools/list (the tool
// echo) itself and hands every tools/call to reply, which may break the
// rules (a body over the app's limit, a header nobody can parse). The
// caller closes the server.
func RawHTTP(reply CallReply) *httptest.Server {
	return RawHTTPTools(`[{"name":"echo","inputSchema":{"type":"object"}}]`, reply)
}

// RawHTTPTools is RawHTTP whose tools/list answers tools, a JSON array
// written as it is (schemas nested deeper than JSON libraries take).
func RawHTTPTools(tools string, reply CallReply) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(body, &msg) != nil || len(msg.ID) == 0 {
			w.WriteHeader(http.StatusAccepted) // a notification
			return
		}
		id := string(msg.ID)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Mcp-Session-Id", "raw-session")
		switch msg.Method {
		case "initialize":
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"rawhttp","version":"1"}}}`)
		case "tools/list":
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"tools":`+tools+`}}`)
		case "tools/call":
			reply(w, id)
		default:
			io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"error":{"code":-32601,"message":"Method not found"}}`)
		}
	}))
}

// HugeReply answers a text result of size bytes, streamed without a
// Content-Length (so only reading it tells how long it is).
func HugeReply(size int) CallReply {
	return func(w http.ResponseWriter, id string) {
		io.WriteString(w, `{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[{"type":"text","text":"`)
		chunk := strings.Repeat("x", 1<<20)
		for n := 0; n < size; n += len(chunk) {
			if _, err := io.WriteString(w, chunk); err != nil {
				return
			}
		}
		io.WriteString(w, `"}]}}`)
	}
}

// MalformedHeaderReply answers with a response header no HTTP client can
// parse (a header line without a colon), written on the raw connection.
func MalformedHeaderReply(w http.ResponseWriter, id string) {
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer conn.Close()
	writeRaw(buf, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nthis line is no header\r\n\r\n"+
		`{"jsonrpc":"2.0","id":`+id+`,"result":{"content":[]}}`)
}

func writeRaw(buf *bufio.ReadWriter, s string) {
	buf.WriteString(s)
	buf.Flush()
}
