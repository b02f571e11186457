// Package testservers builds the programs tests start as processes — the
// misbehave program (an MCP stdio server that misbehaves on purpose, one way
// per mode), the demo server, the app itself — once for every test binary of
// a machine, and gives tests what they need to check that no process
// outlives a stop: PID files and a liveness check.
//
// A test starts the program as a real process:
//
//	exe := testservers.Build(t)
//	cmd := exec.Command(exe, "-mode", testservers.ModeCrashMidCall, "-pidfile", pidPath)
package testservers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The modes of the misbehave program, passed as -mode. Every serving mode
// offers the tools echo(message) and hang (which returns only when cancelled).
const (
	// ModeJunkStdout prints plain-text lines on stdout at start and before
	// every response, like a server that logs to stdout.
	ModeJunkStdout = "junk-stdout"
	// ModeNonJSONRPCJSON prints JSON lines that are not JSON-RPC
	// ({"level":"info",...} and a bare array) at start and before every response.
	ModeNonJSONRPCJSON = "non-jsonrpc-json"
	// ModeTruncatedLine prints half a JSON-RPC message and a newline at start
	// and before every response, and otherwise works.
	ModeTruncatedLine = "truncated-line"
	// ModeCrashMidCall adds the tool crash, which writes "panic: something
	// broke" as its last stderr line and exits with code 3 before answering.
	ModeCrashMidCall = "crash-mid-call"
	// ModeNoInitialize reads stdin until EOF (then exits 0) and never writes
	// to stdout.
	ModeNoInitialize = "no-initialize"
	// ModeNeverAnswersCall initializes and lists tools, but no tools/call is
	// ever answered, cancelled or not. It exits 0 when stdin closes.
	ModeNeverAnswersCall = "never-answers-call"
	// ModeStderrFlood writes -flood-size bytes (10 MiB) to stderr in one write
	// before serving: it blocks if nobody drains stderr.
	ModeStderrFlood = "stderr-flood"
	// ModeHugeMessage adds the tool huge, which returns one text block of
	// -huge-size bytes (20 MiB): one stdout line over 16 MiB.
	ModeHugeMessage = "huge-message"
	// ModeSlowStart stays silent on stdout for -delay (default 7s), then serves.
	ModeSlowStart = "slow-start"
	// ModeExitAtStart writes "error: missing API key FOO_TOKEN" and a hint to
	// stderr and exits with code 1.
	ModeExitAtStart = "exit-at-start"
	// ModeIgnoreStdinEOF serves, and keeps running after stdin closes until
	// SIGTERM (on Windows, until killed).
	ModeIgnoreStdinEOF = "ignore-stdin-eof"
	// ModeIgnoreSIGTERM serves, and ignores stdin EOF, SIGTERM, SIGINT, SIGHUP
	// and SIGPIPE: only SIGKILL ends it.
	ModeIgnoreSIGTERM = "ignore-sigterm"
	// ModeGrandchild starts a grandchild (sh -c 'exec sleep 300'; on Windows
	// itself in sleep mode) that inherits stdout and stderr, writes its PID to
	// -grandchild-pidfile and to stderr, then serves.
	ModeGrandchild = "grandchild"
	// ModeBadProtocolVersion answers initialize with protocolVersion "1999-01-01".
	ModeBadProtocolVersion = "bad-protocol-version"
	// ModeBadLine writes -bad-line (a JSON-RPC-shaped line the SDK cannot
	// take) on stdout at start and before every response, and otherwise
	// works; echo of "MALFORMED" answers a result whose content is the string
	// "notalist", echo of "DEEP" a result nested 2000 levels deep, and so do
	// a read of echo://MALFORMED (contents) and the prompt echo with
	// text=MALFORMED (messages).
	ModeBadLine = "bad-line"
	// ModeIgnoreDiscover never answers server/discover, like a server of an
	// older era that ignores methods it does not know; the rest works.
	ModeIgnoreDiscover = "ignore-discover"
	// ModeExitOnDiscover exits with code 4 when server/discover arrives.
	ModeExitOnDiscover = "exit-on-discover"
	// ModeMRTR adds the tool confirm, which answers its first call with a
	// multi-round-trip input request (an elicitation) and the retry with
	// the answer it got.
	ModeMRTR = "mrtr"
	// ModeEcho is a well-behaved, fast server; it sleeps -start-delay and
	// waits for the file -start-gate names first (as every serving mode does).
	ModeEcho = "echo"
	// ModeRaw is written by hand, byte for byte: tools/list answers the JSON
	// array in the file -tools (names with control characters, schemas
	// nested deeper than JSON libraries take), the methods in -silent
	// (comma-separated) are never answered, and tools/call answers its
	// arguments as sent (text and structuredContent), like a server that
	// echoes secrets back.
	ModeRaw = "raw"
	// ModeSleep sleeps 300 s doing nothing: the grandchild where there is no sh.
	ModeSleep = "sleep"
)

// Modes returns every mode, in the order misbehave -list-modes prints them.
func Modes() []string {
	return []string{
		ModeJunkStdout, ModeNonJSONRPCJSON, ModeTruncatedLine, ModeCrashMidCall,
		ModeNoInitialize, ModeNeverAnswersCall, ModeStderrFlood, ModeHugeMessage,
		ModeSlowStart, ModeExitAtStart, ModeIgnoreStdinEOF, ModeIgnoreSIGTERM,
		ModeGrandchild, ModeBadProtocolVersion, ModeBadLine, ModeIgnoreDiscover, ModeExitOnDiscover, ModeMRTR, ModeEcho, ModeRaw, ModeSleep,
	}
}

// ReadPIDFile reads a PID file written by misbehave -pidfile or
// -grandchild-pidfile: one decimal number and a newline.
func ReadPIDFile(path string) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("reading pid file: %w", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return 0, fmt.Errorf("pid file %s holds %q, not a process ID", path, data)
	}
	return pid, nil
}

// WaitPIDFile waits until the PID file at path exists and returns the PID in
// it. misbehave writes it atomically as its first act, so once it exists it is
// complete.
func WaitPIDFile(ctx context.Context, path string) (int, error) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		pid, err := ReadPIDFile(path)
		if !errors.Is(err, os.ErrNotExist) {
			return pid, err
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("waiting for pid file %s: %w", path, ctx.Err())
		case <-tick.C:
		}
	}
}

// WaitProcessGone waits until ProcessAlive(pid) is false.
func WaitProcessGone(ctx context.Context, pid int) error {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for ProcessAlive(pid) {
		select {
		case <-ctx.Done():
			return fmt.Errorf("process %d is still alive: %w", pid, ctx.Err())
		case <-tick.C:
		}
	}
	return nil
}

// Everything returns the entry point of the pinned reference server
// @modelcontextprotocol/server-everything (testdata/npm, installed by
// scripts/test.sh), to run as `node PATH stdio`. Without it, or without
// node, the test is skipped, or fails when MCPBROWSER_REQUIRE_PEERS is set
// (as scripts/test.sh and CI do), so a missing install is never silent there.
func Everything(tb testing.TB) string {
	tb.Helper()
	return npmPeer(tb, "server-everything", "@modelcontextprotocol", "server-everything", "dist", "index.js")
}

// Inspector returns the pinned official Inspector's command
// (@modelcontextprotocol/inspector in testdata/npm), a host nobody here
// wrote: `PATH --cli --method tools/list -- COMMAND ARGS…`. Skipped or
// failed when it is missing as Everything is.
func Inspector(tb testing.TB) string {
	tb.Helper()
	return npmPeer(tb, "the Inspector", ".bin", "mcp-inspector")
}

// npmPeer is the file at elem under testdata/npm/node_modules.
func npmPeer(tb testing.TB, name string, elem ...string) string {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	p := filepath.Join(append([]string{filepath.Dir(here), "..", "..", "testdata", "npm", "node_modules"}, elem...)...)
	_, statErr := os.Stat(p)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			tb.Fatalf("%s is not installed (%v, %v); run scripts/test.sh", name, statErr, nodeErr)
		}
		tb.Skip(name + " not installed; scripts/test.sh installs it")
	}
	return p
}
