package demo_test

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestResources(t *testing.T) {
	f, _ := escapeFixture(t)
	listed, err := f.client.ListResources(t.Context(), nil)
	if err != nil || len(listed.Resources) != 5 || listed.Resources[0].URI != "demo://readme" {
		t.Fatalf("resources/list = %+v, %v", listed, err)
	}
	templates, err := f.client.ListResourceTemplates(t.Context(), nil)
	if err != nil || len(templates.ResourceTemplates) != 1 {
		t.Fatalf("resources/templates/list = %+v, %v", templates, err)
	}

	tests := []struct {
		uri      string
		wantText string // in the contents of a successful read
		wantErr  string // in the JSON-RPC error message
	}{
		{"demo://readme", "MCP Browser demo server", ""},
		{"demo://files/welcome.txt", "Welcome to the MCP Browser demo sandbox", ""},
		{"demo://files/notes/shopping-list.md", "# Shopping list", ""},
		{"demo://files/notes/shopping%2Dlist.md", "# Shopping list", ""},
		{"demo://files/../outside/secret.txt", "", `".."`},
		{"demo://files/%2E%2E/outside/secret.txt", "", `".."`},
		{"demo://files/leak.txt", "", "link that points outside"},
		{"demo://files/missing.txt", "", "There is no file"},
	}
	for _, tt := range tests {
		res, err := f.client.ReadResource(t.Context(), &sdk.ReadResourceParams{URI: tt.uri})
		if tt.wantErr != "" {
			var wireErr *jsonrpc.Error
			if !errors.As(err, &wireErr) || !strings.Contains(wireErr.Message, tt.wantErr) {
				t.Errorf("read %s = %+v, %v; want a JSON-RPC error containing %q", tt.uri, res, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(res.Contents) != 1 || !strings.Contains(res.Contents[0].Text, tt.wantText) {
			t.Errorf("read %s = %+v, %v; want text containing %q", tt.uri, res, err, tt.wantText)
			continue
		}
		if strings.Contains(res.Contents[0].Text, secret) {
			t.Errorf("read %s leaked the secret", tt.uri)
		}
	}
}

func TestSummarizeFilePrompt(t *testing.T) {
	f := newFixture(t)
	res, err := f.client.GetPrompt(t.Context(), &sdk.GetPromptParams{
		Name: "summarize_file", Arguments: map[string]string{"path": "notes/shopping-list.md", "style": "detailed"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Messages) != 2 {
		t.Fatalf("got %d messages, want 2", len(res.Messages))
	}
	if tc, ok := res.Messages[0].Content.(*sdk.TextContent); !ok || !strings.Contains(tc.Text, "in a paragraph") {
		t.Errorf("first message %+v", res.Messages[0].Content)
	}
	if er, ok := res.Messages[1].Content.(*sdk.EmbeddedResource); !ok || !strings.Contains(er.Resource.Text, "flour") {
		t.Errorf("second message %+v", res.Messages[1].Content)
	}

	for _, args := range []map[string]string{
		{"path": "../x"},
		{"path": "missing.txt"},
		{"path": "welcome.txt", "style": "poetic"},
		{"path": "images/gradient.png"},
	} {
		_, err := f.client.GetPrompt(t.Context(), &sdk.GetPromptParams{Name: "summarize_file", Arguments: args})
		var wireErr *jsonrpc.Error
		if !errors.As(err, &wireErr) || wireErr.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("summarize_file(%v) error = %v, want invalid params", args, err)
		}
	}
}

func TestGreetsWhenClientSetsLogLevel(t *testing.T) {
	f := newFixture(t)
	if err := f.client.SetLoggingLevel(t.Context(), &sdk.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	f.events.waitFor(t, "the greeting", func() bool { return len(f.events.logs) > 0 })
	f.events.mu.Lock()
	defer f.events.mu.Unlock()
	msg := f.events.logs[0]
	if text, _ := msg.Data.(string); msg.Level != "info" || !strings.Contains(text, resolved(t, f.root)) {
		t.Errorf("greeting %+v does not name the sandbox %s", msg, f.root)
	}
}

// resolved returns path with symlinks resolved, as the server names it.
func resolved(t *testing.T, path string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestInitializeAnnouncesTheServer(t *testing.T) {
	f := newFixture(t)
	init := f.client.InitializeResult()
	if init.ServerInfo.Name != "mcpbrowser-demo" || init.ServerInfo.Version == "" {
		t.Errorf("server info %+v", init.ServerInfo)
	}
	if !strings.Contains(init.Instructions, resolved(t, f.root)) {
		t.Errorf("instructions %q do not name the sandbox", init.Instructions)
	}
}
