package apps

import (
	"strings"
	"testing"
)

func TestResourceURI(t *testing.T) {
	tests := []struct {
		name string
		meta map[string]any
		want string
	}{
		{"none", nil, ""},
		{"nested", map[string]any{"ui": map[string]any{"resourceUri": "ui://a/app.html"}}, "ui://a/app.html"},
		{"legacy flat key", map[string]any{"ui/resourceUri": "ui://old/app.html"}, "ui://old/app.html"},
		{"nested wins", map[string]any{"ui": map[string]any{"resourceUri": "ui://new"}, "ui/resourceUri": "ui://old"}, "ui://new"},
		{"not ui scheme", map[string]any{"ui": map[string]any{"resourceUri": "https://x/app.html"}}, ""},
		{"wrong type", map[string]any{"ui": "ui://a"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ResourceURI(tt.meta); got != tt.want {
				t.Errorf("ResourceURI = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestIsAppResource(t *testing.T) {
	tests := []struct {
		uri, mime string
		want      bool
	}{
		{"ui://x/app.html", "", true},
		{"file:///x", "text/html;profile=mcp-app", true},
		{"file:///x", "text/html; profile=mcp-app", true},
		{"file:///x", "text/html", false},
		{"https://x", "application/json", false},
	}
	for _, tt := range tests {
		if got := IsAppResource(tt.uri, tt.mime); got != tt.want {
			t.Errorf("IsAppResource(%q, %q) = %v, want %v", tt.uri, tt.mime, got, tt.want)
		}
	}
}

func TestAppOnly(t *testing.T) {
	if AppOnly(nil) {
		t.Error("a tool that says nothing is not app-only")
	}
	if !AppOnly(map[string]any{"ui": map[string]any{"visibility": []any{"app"}}}) {
		t.Error(`visibility ["app"] is app-only`)
	}
}

func TestContentSecurityPolicy(t *testing.T) {
	tests := []struct {
		name        string
		meta        map[string]any
		has, hasNot []string
	}{
		{"nothing declared", nil,
			[]string{"default-src 'none'", "script-src 'unsafe-inline'", "connect-src 'none'", "frame-src 'none'", "sandbox allow-scripts allow-forms"},
			[]string{"allow-same-origin", "'self'", "unsafe-eval"}},
		{"declared origins", map[string]any{"ui": map[string]any{"csp": map[string]any{
			"connectDomains":  []any{"https://api.example.com"},
			"resourceDomains": []any{"https://*.cdn.example.com"},
			"frameDomains":    []any{"https://maps.example.com/"}}}},
			[]string{"connect-src https://api.example.com", "script-src 'unsafe-inline' https://*.cdn.example.com", "frame-src https://maps.example.com;"},
			nil},
		{"injection dropped", map[string]any{"ui": map[string]any{"csp": map[string]any{
			"connectDomains": []any{"https://a.com; script-src *", "'unsafe-eval'", "*", "javascript:"}}}},
			[]string{"connect-src 'none'"},
			[]string{"script-src *", "unsafe-eval", "javascript:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			csp := ParseResourceMeta(tt.meta).ContentSecurityPolicy()
			for _, s := range tt.has {
				if !strings.Contains(csp+";", s) {
					t.Errorf("CSP lacks %q:\n%s", s, csp)
				}
			}
			for _, s := range tt.hasNot {
				if strings.Contains(csp, s) {
					t.Errorf("CSP has %q:\n%s", s, csp)
				}
			}
		})
	}
}

func TestAllow(t *testing.T) {
	m := ParseResourceMeta(map[string]any{"ui": map[string]any{"permissions": map[string]any{"microphone": map[string]any{}, "clipboardWrite": map[string]any{}}}})
	if got, want := m.Allow(), "microphone; clipboard-write"; got != want {
		t.Errorf("Allow = %q, want %q", got, want)
	}
	if got := (ResourceMeta{}).Allow(); got != "" {
		t.Errorf("no permissions: Allow = %q", got)
	}
}

func TestVisibility(t *testing.T) {
	tests := []struct {
		meta map[string]any
		want string
	}{
		{nil, "model app"},
		{map[string]any{"ui": map[string]any{"visibility": []any{"model"}}}, "model"},
		{map[string]any{"ui": map[string]any{"visibility": []any{"app", "model"}}}, "app model"},
	}
	for _, tt := range tests {
		if got := strings.Join(Visibility(tt.meta), " "); got != tt.want {
			t.Errorf("Visibility(%v) = %q, want %q", tt.meta, got, tt.want)
		}
	}
}
