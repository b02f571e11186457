package view

import (
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// TestSecretsNote: an export's warning names each secret held in clear, in
// both languages; placeholders and plain values are no secrets.
func TestSecretsNote(t *testing.T) {
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	tests := []struct {
		name    string
		servers []*config.ServerConfig
		want    string // "" for no note
		zh      string // what the Chinese says beside the names
	}{
		{name: "no env", servers: []*config.ServerConfig{{Name: "a", Command: "x"}}},
		{name: "plain values", servers: []*config.ServerConfig{{Name: "a", Env: map[string]string{"DEBUG": "1"}}}},
		{name: "placeholders", servers: []*config.ServerConfig{{Name: "a", Env: map[string]string{"API_KEY": "${env:API_KEY}"},
			Headers: map[string]string{"Authorization": "Bearer ${input:tok}"}}}},
		{name: "env and header secrets", servers: []*config.ServerConfig{
			{Name: "a", Env: map[string]string{"GITHUB_TOKEN": "ghp_1", "DEBUG": "1"}},
			{Name: "b", Headers: map[string]string{"Authorization": "Bearer abc"}},
		}, want: "(a: GITHUB_TOKEN; b: Authorization)", zh: "明文"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i18n.Setup(i18n.English)
			got := SecretsNote(tc.servers)
			if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
				t.Errorf("note %q, want one with %q", got, tc.want)
			}
			i18n.Setup(i18n.SimplifiedChinese)
			got = SecretsNote(tc.servers)
			names := strings.Trim(tc.want, "()")
			if (tc.want == "") != (got == "") || !strings.Contains(got, names) || !strings.Contains(got, tc.zh) {
				t.Errorf("in Chinese: note %q, want one with %q and %q", got, names, tc.zh)
			}
		})
	}
}

func TestImportNotes(t *testing.T) {
	server := &config.ServerConfig{Name: "x", Command: "y"}
	tests := []struct {
		name string
		imp  clients.ImportedServer
		want string
	}{
		{"nothing to say", clients.ImportedServer{Server: server, Source: config.ImportSource{Path: "/a/mcp.json"}}, ""},
		{"the project a file of its own is not repeated",
			clients.ImportedServer{Server: server, Source: config.ImportSource{Path: "/p/.mcp.json", Project: "/p/.mcp.json"}}, ""},
		{"a project in a shared file", clients.ImportedServer{Server: server, Source: config.ImportSource{Path: "/h/.claude.json", Project: "/p"}}, "project /p"},
		{"inputs and kept fields",
			clients.ImportedServer{Server: server, Inputs: []config.VSCodeInput{{ID: "key"}, {ID: "region"}}, Unknown: []string{"x-note", "y"}},
			"asks for: key, region · kept: x-note, y"},
		{"all three", clients.ImportedServer{Server: server, Source: config.ImportSource{Path: "/h/.claude.json", Project: "/p"},
			Inputs: []config.VSCodeInput{{ID: "key"}}, Unknown: []string{"x-note"}},
			"project /p · asks for: key · kept: x-note"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := ImportNotes(&tc.imp); got != tc.want {
				t.Errorf("ImportNotes = %q, want %q", got, tc.want)
			}
		})
	}
}
