package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/transport"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestMaskTextHidesEntrySecrets(t *testing.T) {
	cfg := &config.ServerConfig{Name: "x", Type: config.TypeHTTP,
		URL:     "https://alice:hunter2pass@api.example.com/mcp?api_key=QUERYSECRET123&page=2",
		Env:     map[string]string{"OPENAI_API_KEY": "sk-live-abcdefghijklmnop", "HOME": "/home/al"},
		Headers: map[string]string{"Authorization": "Bearer tok_0123456789abcdef"},
	}
	text := "using sk-live-abcdefghijklmnop; header Bearer tok_0123456789abcdef; raw tok_0123456789abcdef; url " + cfg.URL + "; home /home/al; pw hunter2pass"
	got := cfg.MaskText(text)
	for _, secret := range []string{"sk-live-abcdefghijklmnop", "tok_0123456789abcdef", "QUERYSECRET123", "hunter2pass"} {
		if strings.Contains(got, secret) {
			t.Errorf("%q still shows %s", got, secret)
		}
	}
	if !strings.Contains(got, "/home/al") || !strings.Contains(got, "page=2") {
		t.Errorf("masked too much: %q", got)
	}
}

func TestMaskArguments(t *testing.T) {
	got := string(config.MaskArguments(json.RawMessage(`{"api_key":"abcdefghijklmnopqrstu","query":"cats","nested":{"password":"pw12345"},"list":[{"token":"t0k3n-value"}]}`)))
	for _, secret := range []string{"abcdefghijklmnopqrstu", "pw12345", "t0k3n-value"} {
		if strings.Contains(got, secret) {
			t.Errorf("%s still shows %s", got, secret)
		}
	}
	if !strings.Contains(got, `"cats"`) {
		t.Errorf("masked too much: %s", got)
	}
}

// TestSecretsMaskedInLogsStatusAndHistory: a server that echoes its secret
// env var to stderr and in its result shows it nowhere in clear: not in the
// log, not in the call's slice, not in history, not in a connect error.
func TestSecretsMaskedInLogsStatusAndHistory(t *testing.T) {
	const secret = "sk-test-0123456789abcdef"
	cfg := &config.ServerConfig{Name: "echoer", Type: config.TypeStdio, Command: "sh",
		Args: []string{"-c", `echo "my key is $API_TOKEN" >&2; exit 3`},
		Env:  map[string]string{"API_TOKEN": secret}}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	s := m.Session("echoer")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.Connect(ctx)
	var shown []string
	for _, e := range s.Log.Tail(100, transport.LogStderr, transport.LogInfo) {
		shown = append(shown, e.Text)
	}
	shown = append(shown, s.Status().Reason)
	all := strings.Join(shown, "\n")
	if !strings.Contains(all, "my key is") {
		t.Fatalf("the test server's line is missing: %s", all)
	}
	if strings.Contains(all, secret) {
		t.Errorf("the secret is shown:\n%s", all)
	}

	h := history.New(filepath.Join(t.TempDir(), "h"), history.Options{})
	r := &CallResult{Outcome: Outcome{Server: "echoer", Message: "x", Err: errors.New("x")}, Tool: "t",
		Arguments: json.RawMessage(`{"api_key":"abcdefghijklmnopqrstu"}`), masks: &s.masks}
	if err := h.AddCall(r); err != nil {
		t.Fatal(err)
	}
	list, _ := h.List("echoer")
	if len(list) != 1 || strings.Contains(string(list[0].Arguments), "abcdefghijklmnopqrstu") {
		t.Errorf("history keeps %s", list[0].Arguments)
	}
}

func TestMaskedForExport(t *testing.T) {
	in := []*config.ServerConfig{{Name: "a", Type: config.TypeStdio, Command: "x", Env: map[string]string{"GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz", "LANG": "C"}},
		{Name: "b", Type: config.TypeHTTP, URL: "https://u:p4ssw0rd@h/mcp?token=abcdef123", Headers: map[string]string{"X-Api-Key": "k-123456789"}}}
	out, masked := config.MaskedForExport(in)
	data, _ := json.Marshal(out)
	for _, secret := range []string{"ghp_abcdefghijklmnopqrstuvwxyz", "p4ssw0rd", "abcdef123", "k-123456789"} {
		if strings.Contains(string(data), secret) {
			t.Errorf("export shows %s: %s", secret, data)
		}
	}
	if !masked || out[0].Env["LANG"] != "C" || in[0].Env["GITHUB_TOKEN"] != "ghp_abcdefghijklmnopqrstuvwxyz" {
		t.Errorf("masked=%v out=%v in=%v", masked, out[0].Env, in[0].Env)
	}
}

// TestConnectErrorMasksURL: a URL's password and secret query parameters are
// not repeated by a failed connect.
func TestConnectErrorMasksURL(t *testing.T) {
	cfg := &config.ServerConfig{Name: "r", Type: config.TypeHTTP, URL: "http://bob:pa55word99@127.0.0.1:1/mcp?api_key=SECRETQUERY42", ConnectTimeout: secondsPtr(2)}
	cfg.Validate()
	m := NewManager(&config.Config{Servers: []*config.ServerConfig{cfg}}, ManagerOptions{})
	defer m.Close()
	err := m.Session("r").Connect(context.Background())
	if err == nil {
		t.Fatal("connected to port 1")
	}
	for _, text := range []string{err.Error(), m.Session("r").Status().Reason} {
		if strings.Contains(text, "pa55word99") || strings.Contains(text, "SECRETQUERY42") {
			t.Errorf("shown in clear: %s", text)
		}
	}
}
