package view

import (
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
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
