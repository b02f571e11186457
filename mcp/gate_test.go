package mcp

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/oauth"
	"mcpbrowser/mcp/transport"
)

func TestImportedServerWaitsForApproval(t *testing.T) {
	exe := testservers.Build(t)
	found, err := clients.ParseClientConfig(config.FormatClaudeDesktop, "/home/x/claude_desktop_config.json",
		[]byte(`{"mcpServers": {"echo": {"command": "`+exe+`", "args": ["-mode", "echo"]}}}`))
	if err != nil || len(found) != 1 {
		t.Fatalf("parse: %v %v", found, err)
	}
	cfg := &config.Config{}
	clients.Import(cfg, found, clients.ClashRename)
	store := config.NewApprovalStore(t.TempDir())
	m := NewManager(cfg, ManagerOptions{Approvals: store})
	defer m.Close()
	s := m.Session("echo")
	ctx := context.Background()

	err = s.Connect(ctx)
	var na *NeedsApprovalError
	if !errors.As(err, &na) || !s.Status().Waiting || s.Pid() != 0 {
		t.Fatalf("connect before approval: %v, status %+v, pid %d", err, s.Status(), s.Pid())
	}
	if !strings.Contains(na.Command.String(), exe) || !strings.Contains(na.Command.String(), "-mode") {
		t.Errorf("the approval shows %q", na.Command.String())
	}
	if err := m.Approve(ctx, "echo"); err != nil || s.Status().State != StateReady {
		t.Fatalf("after approval: %v, %+v", err, s.Status())
	}
	// Remembered: a new manager (a new run of the app) starts it at once.
	m2 := NewManager(cfg, ManagerOptions{Approvals: config.NewApprovalStore(filepath.Dir(store.Path()))})
	defer m2.Close()
	if err := m2.Session("echo").Connect(ctx); err != nil {
		t.Fatalf("approved command asked again: %v", err)
	}
	// A changed command asks again.
	changed := cfg.Server("echo").Clone()
	changed.Args = append(changed.Args, "-stderr-lines", "1")
	if err := m2.PutServer(ctx, "echo", changed, false); err != nil {
		t.Fatal(err)
	}
	if err := m2.Session("echo").Connect(ctx); !errors.As(err, &na) {
		t.Fatalf("changed command: %v", err)
	}
}

func TestInputsAreAskedAndNeverSaved(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	exe := testservers.Build(t)
	found, err := clients.ParseClientConfig(config.FormatVSCode, "/p/.vscode/mcp.json", []byte(`{
		"inputs": [{"id": "api-token", "type": "promptString", "description": "Your token", "password": true}],
		"servers": {"echo": {"command": "sh", "args": ["-c", "echo answer=$API_TOKEN >&2; exec `+exe+` -mode echo"],
			"env": {"API_TOKEN": "${input:api-token}"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{Path: filepath.Join(t.TempDir(), "servers.json")}
	clients.Import(cfg, found, clients.ClashRename)
	m := NewManager(cfg, ManagerOptions{})
	defer m.Close()
	s := m.Session("echo")
	err = s.Connect(context.Background())
	var ni *NeedsInputsError
	if !errors.As(err, &ni) || len(ni.Inputs) != 1 || !ni.Inputs[0].Password {
		t.Fatalf("connect without answers: %v", err)
	}
	s.SetInputAnswers(map[string]string{"api-token": "s3cret-value"})
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool {
		// "answer=", not "token=": a secret-named assignment is masked in the log.
		for _, e := range s.Log.Tail(20, transport.LogStderr) {
			if e.Text == "answer=s3cret-value" {
				return true
			}
		}
		return false
	}, "the server to see the answer")
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	data, _ := cfg.Marshal()
	if strings.Contains(string(data), "s3cret-value") || !strings.Contains(string(data), "${input:api-token}") {
		t.Errorf("the servers file holds the answer or lost the placeholder:\n%s", data)
	}
}

func TestDoctorStdoutNoiseAndTimeout(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	cfg := &config.ServerConfig{Name: "chatty", Type: config.TypeStdio, Command: "sh",
		Args: []string{"-c", "echo 'Server listening on stdio...'; exec sleep 30"}, ConnectTimeout: secondsPtr(1)}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("chatty")
	s.Connect(context.Background())
	reason := s.Status().Reason
	for _, want := range []string{"did not answer initialize within 1s", "not MCP to stdout", "Server listening on stdio..."} {
		if !strings.Contains(reason, want) {
			t.Errorf("reason lacks %q:\n%s", want, reason)
		}
	}
}

// A server's sign-in is filed under its name: renaming keeps it, removing deletes it.
func TestTokenFollowsRenameAndRemove(t *testing.T) {
	store := oauth.NewTokenStore(t.TempDir())
	if err := store.Save("remote", &oauth.StoredToken{ServerURL: "https://x/mcp", GrantType: "authorization_code", ClientID: "c"}); err != nil {
		t.Fatal(err)
	}
	entry := &config.ServerConfig{Name: "remote", Type: config.TypeHTTP, URL: "https://x/mcp"}
	entry.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{entry}}, ManagerOptions{Tokens: store})
	renamed := entry.Clone()
	renamed.Name = "work"
	if err := m.PutServer(context.Background(), "remote", renamed, false); err != nil {
		t.Fatal(err)
	}
	if tok, _ := store.Load("work"); tok == nil || tok.ClientID != "c" {
		t.Fatalf("token after rename: %v", tok)
	}
	if tok, _ := store.Load("remote"); tok != nil {
		t.Error("the old name still has a token")
	}
	if err := m.RemoveServer("work"); err != nil {
		t.Fatal(err)
	}
	if tok, _ := store.Load("work"); tok != nil {
		t.Error("a removed server's token is still stored")
	}
}

// Closing a session while the server waits for the person's answer (an
// elicitation) ends the wait at once instead of hanging until the server
// gives up.
func TestCloseWhileAServerRequestWaits(t *testing.T) {
	entry := everythingServer(t)
	gone := make(chan struct{}, 1)
	q := NewRequestQueue(func(_ *PendingRequest, c RequestChange) {
		if c == RequestGone {
			select {
			case gone <- struct{}{}:
			default:
			}
		}
	})
	cfg := &config.ServerConfig{Name: "everything", Type: config.TypeStdio, Command: "node", Args: []string{entry, "stdio"}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{Handlers: q.Handlers()})
	defer m.Close()
	s := m.Session("everything")
	if err := s.Connect(context.Background()); err != nil {
		t.Fatal(err)
	}
	go s.CallTool(context.Background(), "trigger-elicitation-request", nil, CallOptions{})
	waitFor(t, func() bool { return len(q.Pending()) == 1 }, "the elicitation request")
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(20 * time.Second): // the server's own timeout is 60 s
		t.Fatal("Close waited for the person's answer")
	}
	select {
	case <-gone:
	case <-time.After(5 * time.Second):
		t.Error("the waiting request was not withdrawn")
	}
}
