package i18n

import (
	"encoding/json"
	"fmt"
	"testing"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// Every note mcp/clients gives about an export, for every format, and the
// reasons it refuses one.
func everyExportMessage(t *testing.T) []Keyed {
	servers := []*config.ServerConfig{
		{Name: "local", Type: config.TypeStdio, Command: "npx", Env: map[string]string{"TOKEN": "${input:tok}"},
			Extra: map[string]json.RawMessage{"disabled": json.RawMessage("true"), "alwaysAllow": json.RawMessage("[]")}},
		{Name: "remote", Type: config.TypeHTTP, URL: "https://h/mcp"},
		{Name: "legacy", Type: config.TypeSSE, URL: "https://h/sse"},
		{Name: "api", Type: config.TypeOpenAPI, Spec: config.StringList{"api.yaml"}},
	}
	seen := map[string]bool{}
	var out []Keyed
	for _, f := range config.Formats() {
		for _, n := range clients.ExportNotes(servers, f) {
			if !seen[n.String()] {
				seen[n.String()] = true
				out = append(out, n)
			}
		}
	}
	for _, bad := range [][]*config.ServerConfig{{servers[0], servers[0]}} {
		if _, err := clients.Export(bad, config.FormatCursor); err != nil {
			out = append(out, err.(Keyed))
		}
	}
	if _, err := clients.Export(servers, "emacs"); err != nil {
		out = append(out, err.(Keyed))
	}
	return out
}

// The names, URLs, fields and placeholders in the notes stay as they are.
var wordsInExport = []string{"npx mcp-remote", "Claude Desktop", "VS Code", "Codex", "Cursor", "Cline", "Windsurf", "Claude Code",
	"MCP Browser", "OpenAPI", "SSE", "HTTP", "JSON", "URL", "Settings → Connectors", "alwaysAllow", "disabled", "mcpServers", "()"}

func TestExportNotesAreTranslated(t *testing.T) {
	msgs := everyExportMessage(t)
	if len(msgs) < 7 {
		t.Fatalf("only %d messages: %q", len(msgs), msgs)
	}
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	setup(t, English)
	for _, m := range msgs {
		if _, ok := zh[m.MessageKey()]; !ok {
			t.Errorf("no Chinese for %q", m.MessageKey())
		}
		if got, want := Explain(m), fmt.Sprint(m); got != want {
			t.Errorf("in English\n got %q\nwant %q", got, want)
		}
	}
	setup(t, SimplifiedChinese)
	for _, m := range msgs {
		got := Explain(m)
		if left := withoutValues(got, wordsInExport...); HasLatinLetter(left) {
			t.Errorf("English left in %q (from %q): %q", got, m, left)
		}
	}
}
