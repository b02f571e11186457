package testservers_test

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/testservers"
)

func TestListModesMatchesModes(t *testing.T) {
	t.Parallel()
	out, err := command(t, "-list-modes").Output()
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for line := range strings.Lines(string(out)) {
		name, about, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if !ok || about == "" {
			t.Errorf("-list-modes line %q is not NAME<tab>WHAT IT DOES", line)
		}
		listed = append(listed, name)
	}
	if !slices.Equal(listed, testservers.Modes()) {
		t.Errorf("misbehave -list-modes = %q, testservers.Modes() = %q", listed, testservers.Modes())
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name       string
		args       []string
		wantStderr string
	}{
		{"unknown mode", []string{"-mode", "nonsense"}, `unknown mode "nonsense"`},
		{"no mode", nil, `unknown mode ""`},
		{"unknown flag", []string{"-mode", "echo", "-bogus"}, "flag provided but not defined: -bogus"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var stderr strings.Builder
			cmd := command(t, tt.args...)
			cmd.Stderr = &stderr
			err := cmd.Run()
			if code := exitCodeOf(t, err); code != 2 {
				t.Errorf("exit code %d, want 2", code)
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr %q does not contain %q", stderr.String(), tt.wantStderr)
			}
		})
	}
}

// TestEchoWorksWithTheSDK checks the well-behaved mode and the flags every mode
// shares, through a plain SDK client.
func TestEchoWorksWithTheSDK(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	pidFile := pidPath(t, "echo")
	stderr := newLineLog()
	cmd := command(t, "-mode", testservers.ModeEcho, "-pidfile", pidFile,
		"-start-delay", "50ms", "-stderr-lines", "3", "-call-stderr-lines", "2")
	cmd.Stderr = stderr
	session, err := connectSDK(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()

	pid, err := testservers.ReadPIDFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	if pid != cmd.Process.Pid {
		t.Errorf("pid file says %d, the process is %d", pid, cmd.Process.Pid)
	}
	if !testservers.ProcessAlive(pid) {
		t.Errorf("ProcessAlive(%d) = false during the session", pid)
	}
	if got := session.InitializeResult().ProtocolVersion; got != pinnedProtocol {
		t.Errorf("negotiated protocol %q, want %q", got, pinnedProtocol)
	}

	var tools []string
	for tool, err := range session.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tool.Name)
	}
	if want := []string{"echo", "hang"}; !slices.Equal(tools, want) {
		t.Errorf("tools %q, want %q", tools, want)
	}

	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "héllo"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := onlyText(t, res); got != "héllo" {
		t.Errorf("echo returned %q", got)
	}
	if err := stderr.waitFor(ctx, "echo: call stderr line 2 of 2"); err != nil {
		t.Error(err)
	}

	if err := session.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}
	if testservers.ProcessAlive(pid) {
		t.Errorf("process %d is alive after the session closed", pid)
	}
	lines, _ := stderr.snapshot()
	if want := "misbehave: stderr line 3 of 3"; !slices.Contains(lines, want) {
		t.Errorf("stderr %q has no line %q", lines, want)
	}
}

// TestNoisyStdoutModes checks that each noisy mode writes its kind of noise on
// stdout both before initialize is answered and between a tools/call and its
// answer, and that it still answers both correctly.
func TestNoisyStdoutModes(t *testing.T) {
	t.Parallel()
	isJSONRPC := func(line string) bool { _, ok := parseRPC(line); return ok }
	tests := []struct {
		mode    string
		isNoise func(line string) bool
	}{
		{testservers.ModeJunkStdout, func(line string) bool {
			return !json.Valid([]byte(line))
		}},
		{testservers.ModeNonJSONRPCJSON, func(line string) bool {
			return json.Valid([]byte(line)) && !isJSONRPC(line)
		}},
		{testservers.ModeTruncatedLine, func(line string) bool {
			return strings.HasPrefix(line, `{"jsonrpc":"2.0",`) && !json.Valid([]byte(line))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			ctx := testContext(t)
			r := startRaw(t, "-mode", tt.mode)
			checkNoise := func(when string, lines []string) {
				t.Helper()
				noise := 0
				for _, line := range lines {
					switch {
					case tt.isNoise(line):
						noise++
					case !isJSONRPC(line):
						t.Errorf("%s: line %q is neither this mode's noise nor JSON-RPC", when, line)
					}
				}
				if noise == 0 {
					t.Errorf("%s: no noise among %q", when, lines)
				}
			}

			before, resp := r.handshake(ctx)
			checkNoise("before the initialize response", before)
			if resp.Error != nil {
				t.Fatalf("initialize failed: %s", resp.Error)
			}
			r.callTool(2, "echo", map[string]any{"message": "through the noise"})
			before, resp = r.readUntilResponse(ctx, 2)
			checkNoise("before the tools/call response", before)
			if got := onlyText(t, resp.callResult(t)); got != "through the noise" {
				t.Errorf("echo returned %q", got)
			}
			r.closeStdin()
			if state := r.wait(ctx); state.ExitCode() != 0 {
				t.Errorf("exit code %d after stdin closed, want 0", state.ExitCode())
			}
		})
	}
}

func TestCrashMidCall(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	stderr := newLineLog()
	cmd := command(t, "-mode", testservers.ModeCrashMidCall)
	cmd.Stderr = stderr
	session, err := connectSDK(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	if _, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "before"}}); err != nil {
		t.Fatalf("echo before the crash: %v", err)
	}
	if res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "crash", Arguments: map[string]any{}}); err == nil {
		t.Fatalf("crash returned %+v, want an error", res)
	}
	// Close waits for the process, which has already exited.
	session.Close()
	if code := cmd.ProcessState.ExitCode(); code != 3 {
		t.Errorf("exit code %d, want 3", code)
	}
	lines, _ := stderr.snapshot()
	if len(lines) == 0 || lines[len(lines)-1] != "panic: something broke" {
		t.Errorf("stderr %q does not end with the panic line", lines)
	}
}

func TestNoInitializeNeverWritesStdout(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeNoInitialize)
	r.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + pinnedProtocol +
		`","capabilities":{},"clientInfo":{"name":"raw-test","version":"0"}}}`)
	r.send(`{"jsonrpc":"2.0","id":2,"method":"ping"}`)
	// Once stdin is closed the server has read everything it will ever get;
	// all it wrote before stdout ended is all there is.
	r.closeStdin()
	if line, ok := r.nextLine(ctx); ok {
		t.Errorf("server wrote %q on stdout", line)
	}
	if state := r.wait(ctx); state.ExitCode() != 0 {
		t.Errorf("exit code %d after stdin closed, want 0", state.ExitCode())
	}
}

func TestNeverAnswersCall(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeNeverAnswersCall)
	if _, resp := r.handshake(ctx); resp.Error != nil {
		t.Fatalf("initialize failed: %s", resp.Error)
	}
	r.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	_, resp := r.readUntilResponse(ctx, 2)
	if !strings.Contains(string(resp.Result), `"echo"`) {
		t.Errorf("tools/list answered %s, want the echo tool", resp.Result)
	}

	r.callTool(3, "echo", map[string]any{"message": "anyone?"})
	r.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3,"reason":"test"}}`)
	r.send(`{"jsonrpc":"2.0","id":4,"method":"ping"}`)
	// The ping is answered, so the call and its cancellation were read.
	before, _ := r.readUntilResponse(ctx, 4)
	r.closeStdin()
	for {
		line, ok := r.nextLine(ctx)
		if !ok {
			break
		}
		before = append(before, line)
	}
	for _, line := range before {
		if msg, ok := parseRPC(line); ok && msg.isResponseTo(3) {
			t.Errorf("the call was answered: %s", line)
		}
	}
	if state := r.wait(ctx); state.ExitCode() != 0 {
		t.Errorf("exit code %d after stdin closed, want 0", state.ExitCode())
	}
}

func TestStderrFloodThenServes(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	stderr := newLineLog()
	cmd := command(t, "-mode", testservers.ModeStderrFlood)
	cmd.Stderr = stderr
	session, err := connectSDK(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "still here"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := onlyText(t, res); got != "still here" {
		t.Errorf("echo returned %q", got)
	}
	session.Close()
	lines, size := stderr.snapshot()
	if size < 10<<20 {
		t.Errorf("stderr had %d bytes, want at least 10 MiB", size)
	}
	if !strings.HasPrefix(lines[0], "misbehave: stderr flood line 0000001 ") {
		t.Errorf("first stderr line %q", lines[0])
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "now serving") {
		t.Errorf("last stderr line %q, want the flood's end marker", last)
	}
}

func TestHugeMessageIsOneLineOver16MiB(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeHugeMessage)
	r.handshake(ctx)
	r.callTool(2, "huge", map[string]any{})
	// Nothing else the server writes comes near a megabyte. Decoding 20 MiB
	// is slow under -race, so the big line is decoded once, here.
	var line string
	for len(line) < 1<<20 {
		var ok bool
		if line, ok = r.nextLine(ctx); !ok {
			t.Fatal("stdout ended before the response")
		}
	}
	if len(line) <= mcp.DefaultMaxLineLength {
		t.Errorf("response line is %d bytes, want more than %d", len(line), mcp.DefaultMaxLineLength)
	}
	var resp struct {
		ID     int `json:"id"`
		Result struct {
			Content []struct{ Type, Text string }
		}
	}
	if err := json.Unmarshal([]byte(line), &resp); err != nil {
		t.Fatalf("the big line is not JSON: %v", err)
	}
	if resp.ID != 2 || len(resp.Result.Content) != 1 || resp.Result.Content[0].Type != "text" {
		t.Fatalf("the big line is not the answer to the call: id %d, %d content blocks", resp.ID, len(resp.Result.Content))
	}
	if got := len(resp.Result.Content[0].Text); got != 20<<20 {
		t.Errorf("text is %d bytes, want %d", got, 20<<20)
	}
}

func TestSlowStartServesAfterDelay(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	stderr := newLineLog()
	cmd := command(t, "-mode", testservers.ModeSlowStart, "-delay", "200ms")
	cmd.Stderr = stderr
	session, err := connectSDK(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	if err := stderr.waitFor(ctx, "silent for 200ms"); err != nil {
		t.Error(err)
	}
	if err := session.Ping(ctx, nil); err != nil {
		t.Error(err)
	}
}

func TestExitAtStart(t *testing.T) {
	t.Parallel()
	pidFile := pidPath(t, "exit")
	var stderr strings.Builder
	cmd := command(t, "-mode", testservers.ModeExitAtStart, "-pidfile", pidFile)
	cmd.Stderr = &stderr
	err := cmd.Run()
	if code := exitCodeOf(t, err); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if first, _, _ := strings.Cut(stderr.String(), "\n"); first != "error: missing API key FOO_TOKEN" {
		t.Errorf("first stderr line %q", first)
	}
	if pid, err := testservers.ReadPIDFile(pidFile); err != nil || pid != cmd.Process.Pid {
		t.Errorf("pid file: %d, %v; want %d", pid, err, cmd.Process.Pid)
	}
}

func TestBadProtocolVersion(t *testing.T) {
	t.Parallel()
	t.Run("raw", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		r := startRaw(t, "-mode", testservers.ModeBadProtocolVersion)
		_, resp := r.handshake(ctx)
		var result mcp.InitializeResult
		if err := json.Unmarshal(resp.Result, &result); err != nil {
			t.Fatal(err)
		}
		if result.ProtocolVersion != "1999-01-01" {
			t.Errorf("protocolVersion %q, want 1999-01-01", result.ProtocolVersion)
		}
		if result.ServerInfo == nil || result.ServerInfo.Name != "misbehave-bad-protocol-version" {
			t.Errorf("serverInfo %+v: the rest of the answer should be intact", result.ServerInfo)
		}
	})
	t.Run("sdk", func(t *testing.T) {
		t.Parallel()
		ctx := testContext(t)
		pidFile := pidPath(t, "bad-version")
		cmd := command(t, "-mode", testservers.ModeBadProtocolVersion, "-pidfile", pidFile)
		session, err := connectSDK(ctx, cmd)
		if err == nil {
			session.Close()
			t.Fatal("the SDK client accepted protocol version 1999-01-01")
		}
		if !strings.Contains(err.Error(), "1999-01-01") {
			t.Errorf("error %q does not name the version", err)
		}
	})
}

// TestGrandchildOutlivesTheServer shows the bug the app must handle: a
// grandchild that survives its parent's clean exit.
func TestGrandchildOutlivesTheServer(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	pidFile, grandchildFile := pidPath(t, "server"), pidPath(t, "grandchild")
	cmd := command(t, "-mode", testservers.ModeGrandchild, "-pidfile", pidFile, "-grandchild-pidfile", grandchildFile)
	// An *os.File, not a Go writer: the grandchild holds the write end of
	// stderr, and exec would wait for it to close before Wait returns.
	stderrFile, err := os.Create(pidPath(t, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderrFile.Close()
	cmd.Stderr = stderrFile
	session, err := connectSDK(ctx, cmd)
	if err != nil {
		t.Fatal(err)
	}
	defer session.Close()
	grandchild, err := testservers.ReadPIDFile(grandchildFile)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if p, err := os.FindProcess(grandchild); err == nil {
			p.Kill()
		}
	})
	if grandchild == cmd.Process.Pid || !testservers.ProcessAlive(grandchild) {
		t.Fatalf("grandchild %d (server %d) is not a live process of its own", grandchild, cmd.Process.Pid)
	}
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"message": "ok"}})
	if err != nil || onlyText(t, res) != "ok" {
		t.Fatalf("echo: %v, %v", res, err)
	}

	// Closing stdin ends the server cleanly; its grandchild stays.
	if err := session.Close(); err != nil {
		t.Errorf("closing the session: %v", err)
	}
	if testservers.ProcessAlive(cmd.Process.Pid) {
		t.Errorf("server %d is alive after the session closed", cmd.Process.Pid)
	}
	if !testservers.ProcessAlive(grandchild) {
		t.Fatalf("grandchild %d died with the server; the mode should leave it behind", grandchild)
	}
	stderrText, err := os.ReadFile(stderrFile.Name())
	if err != nil {
		t.Fatal(err)
	}
	if want := "started grandchild pid "; !strings.Contains(string(stderrText), want) {
		t.Errorf("stderr %q does not contain %q", stderrText, want)
	}

	p, err := os.FindProcess(grandchild)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := testservers.WaitProcessGone(ctx, grandchild); err != nil {
		t.Error(err)
	}
}

func TestHangEndsWhenStdinCloses(t *testing.T) {
	t.Parallel()
	ctx := testContext(t)
	r := startRaw(t, "-mode", testservers.ModeEcho)
	r.handshake(ctx)
	r.callTool(2, "hang", map[string]any{})
	r.send(`{"jsonrpc":"2.0","id":3,"method":"ping"}`)
	r.readUntilResponse(ctx, 3)
	r.closeStdin()
	if state := r.wait(ctx); state.ExitCode() != 0 {
		t.Errorf("exit code %d, want 0", state.ExitCode())
	}
}

func exitCodeOf(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		t.Fatalf("running misbehave: %v", err)
	}
	return exitErr.ExitCode()
}
