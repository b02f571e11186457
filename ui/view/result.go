package view

import (
	"strings"
	"unicode"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
)

// CoreMessage is a failure explanation from the core (mcp/…) as the window
// shows it: translated by i18n.Explain, first letter capitalised, ending
// with a full stop. Every place the window shows a core message (a failed
// connect, a failed call, read or prompt, a sign-in) goes through it.
func CoreMessage(msg any) string {
	return WithStop(UpperFirst(strings.TrimSpace(i18n.Explain(msg))))
}

// Capitalise is how the window shows a message from the core (mcp/…) inside
// its own sentence: translated by i18n.Explain, first letter capitalised,
// with no full stop added (CoreMessage adds one).
func Capitalise(s any) string { return UpperFirst(i18n.Explain(s)) }

// UpperFirst capitalises the first letter.
func UpperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// WithStop ends s with a full stop unless it ends a sentence already
// (in English or Chinese).
func WithStop(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	for _, end := range []string{".", "?", "!", "。", "？", "！", ")", "）"} {
		if strings.HasSuffix(s, end) {
			if end == ")" || end == "）" {
				break
			}
			return s
		}
	}
	if r, _ := utf8.DecodeLastRuneInString(s); r >= 0x2E80 {
		return s + "。"
	}
	return s + "."
}

// JoinSentences puts two sentences together, each ending with a full stop;
// no space follows a Chinese full stop.
func JoinSentences(lead, detail string) string {
	lead = WithStop(lead)
	if detail == "" {
		return lead
	}
	if strings.HasSuffix(lead, "。") {
		return lead + WithStop(detail)
	}
	return lead + " " + WithStop(detail)
}

// LayerWord names the layer a request failed in.
func LayerWord(l mcp.ErrorLayer) string {
	switch l {
	case mcp.LayerTool:
		return i18n.L("tool")
	case mcp.LayerProtocol:
		return i18n.L("protocol")
	case mcp.LayerConnection:
		return i18n.L("connection")
	case mcp.LayerTimeout:
		return i18n.L("timeout")
	case mcp.LayerCancelled:
		return i18n.L("cancelled")
	case mcp.LayerNetwork:
		return i18n.L("network")
	}
	return string(l)
}

// ResultWords is a call result's heading and its sentence: which layer
// failed, in words, with the core's explanation after it.
func ResultWords(r *mcp.CallResult) (title, sentence string) {
	detail := ""
	if m := strings.TrimSpace(r.Message); m != "" {
		detail = CoreMessage(r.Why())
	}
	switch r.Layer {
	case mcp.LayerNone:
		return i18n.L("Success"), Blocks(r.Result)
	case mcp.LayerTool:
		return i18n.L("Tool error"), WithTerms(i18n.L("The tool ran and said it failed. The server itself worked; what the tool said is below."), "isError: true")
	case mcp.LayerProtocol:
		s := i18n.L("The server refused the request.")
		if e := r.RPCError; e != nil {
			s = i18n.L("The server refused the request (JSON-RPC error {{.Code}} {{.CodeName}}): {{.Message}}",
				map[string]any{"Code": e.Code, "CodeName": i18n.Explain(mcp.RPCCodeWords(e.Code)), "Message": e.Message})
		}
		return i18n.L("Protocol error"), JoinSentences(s, i18n.L("The tool did not run."))
	case mcp.LayerTimeout:
		return i18n.L("Timed out"), JoinSentences(i18n.L("The server did not answer in time."), detail)
	case mcp.LayerCancelled:
		return i18n.L("Cancelled"), JoinSentences(i18n.L("The call was cancelled before the server answered."), detail)
	case mcp.LayerNetwork:
		return i18n.L("Network error"), JoinSentences(i18n.L("The server could not reach the API behind it."), detail)
	}
	return i18n.L("Connection error"), JoinSentences(i18n.L("Could not reach the server, so the tool did not run."), detail)
}

// Blocks says what a successful call returned.
func Blocks(res *sdk.CallToolResult) string {
	if res == nil {
		return i18n.L("The tool ran and returned its result.")
	}
	n := len(res.Content)
	switch {
	case n == 0 && res.StructuredContent != nil:
		return i18n.L("The tool ran and returned its result as structured content.")
	case n == 0:
		return i18n.L("The tool ran and returned its result, with no content.")
	}
	return i18n.N("The tool ran and returned its result ({{.Count}} content blocks).", n)
}
