package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/logs"
)

// In the Chinese window the app's own lines in the stderr panel are in
// Chinese, in the row and in its tip, while what the server printed (even
// when it reads like one of the app's sentences) stays exactly as it came.
func TestLogViewShowsTheAppsLinesInThePersonsLanguage(t *testing.T) {
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	test.NewTempApp(t)
	w := test.NewWindow(nil)
	defer w.Close()
	v := logs.NewLogView(w)
	w.SetContent(v.Widget())
	w.Resize(fyne.NewSize(900, 500))
	log := transport.NewServerLog(nil)
	log.Say(transport.LogInfo, say.New("started {{.Command}} (pid {{.Pid}})", say.Args{"Command": "node /srv/index.js", "Pid": 42}))
	log.Say(transport.LogInfo, say.New("connected to {{.Name}}, protocol {{.Version}} (remembered)", say.Args{"Name": "mcp-servers/everything 2.0.0", "Version": "2025-11-25"}))
	log.Say(transport.LogCallStart, say.New("call #{{.ID}} {{.Name}} started", say.Args{"ID": 1, "Name": "echo"}))
	log.Add(transport.LogStderr, "stopped")
	log.Add(transport.LogStdoutNoise, "call #1 echo started")
	log.Say(transport.LogCallEnd, say.New("call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}",
		say.Args{"ID": 1, "Name": "echo", "Took": "23ms", "Outcome": say.Text("ok")}))
	v.SetLog(log, "srv")
	v.Pull()

	for _, wrap := range []bool{false, true} {
		if wrap {
			test.Tap(v.WrapBox)
			w.Canvas().Capture() // lays the wrapped rows out
		}
		checkLogPanelText(t, wrap, shownText(w.Content()))
	}
	stopped := say.Text("stopped")
	app := transport.LogEntry{Kind: transport.LogInfo, Text: "stopped", Msg: &stopped}
	if got := logs.LogEntryLine(&app); !strings.HasSuffix(got, "── 已停止") {
		t.Errorf("the tip of an app line = %q", got)
	}
	server := transport.LogEntry{Kind: transport.LogStderr, Text: "stopped"}
	if got := logs.LogEntryLine(&server); !strings.HasSuffix(got, " stopped") {
		t.Errorf("the tip of a server line = %q", got)
	}
}

func checkLogPanelText(t *testing.T, wrap bool, shown string) {
	t.Helper()
	for _, want := range []string{
		"已启动 node /srv/index.js（pid 42）",
		"已连接到 mcp-servers/everything 2.0.0，协议版本 2025-11-25（沿用上次）",
		"调用 #1 echo 已开始",
		"调用 #1 echo 已结束，用时 23ms：成功",
		"\nstopped\n",              // the server's stderr, as it came
		"\ncall #1 echo started\n", // the server's stdout noise, as it came
	} {
		if !strings.Contains(shown, want) {
			t.Errorf("wrap %v: the panel does not show %q; it shows:\n%s", wrap, want, shown)
		}
	}
	if strings.Contains(shown, "已停止") {
		t.Errorf("wrap %v: a server's line was translated:\n%s", wrap, shown)
	}
}
