package cli

import (
	"strings"
	"testing"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// --stderr shows the app's own notes in the person's language (as the
// window does) and the server's lines as they came.
func TestStderrLinesFollowTheLanguage(t *testing.T) {
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	said := say.New("connected to {{.Name}}, protocol {{.Version}} (discovered)", say.Args{"Name": "demo 1.0", "Version": "2026-07-28"}) // as the core logs it
	app := transport.LogEntry{Time: at, Kind: transport.LogInfo, Text: said.String(), Msg: &said}
	server := transport.LogEntry{Time: at, Kind: transport.LogStderr, Text: "connected to nothing, really"}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	i18n.Setup(i18n.English)
	if logLine(app) != app.String() || logLine(server) != server.String() {
		t.Errorf("English changed: %q, %q", logLine(app), logLine(server))
	}
	i18n.Setup(i18n.SimplifiedChinese)
	if got := logLine(app); !strings.Contains(got, "已连接到 demo 1.0") {
		t.Errorf("the app's note in Chinese: %q", got)
	}
	if got, want := logLine(server), server.String(); got != want {
		t.Errorf("the server's line changed: %q, want %q", got, want)
	}
}
