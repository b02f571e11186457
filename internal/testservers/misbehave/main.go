// Command misbehave is an MCP server over stdio that misbehaves on purpose, one
// way per -mode, so that MCP Browser's tests can start it as a real process and
// check what the user would see. Where a working server is needed it is the
// official SDK's server; where the bug is the point, the bytes are written by
// hand.
//
//	misbehave -mode MODE [-pidfile FILE] [-stderr-lines N] [mode flags]
//	misbehave -list-modes
//
// Every serving mode offers the tools echo(message) and hang; crash-mid-call
// adds crash and huge-message adds huge. Run with -list-modes for one line per
// mode.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// grandchildLifetime is how long the grandchild sleeps: long enough to be
// caught surviving, short enough to end on its own if a test run is killed.
const grandchildLifetime = 300 * time.Second

// options are the command-line flags; each mode reads the ones it needs.
type options struct {
	mode              string
	pidFile           string
	grandchildPIDFile string
	stderrLines       int
	callStderrLines   int
	delay             time.Duration
	startDelay        time.Duration
	startGate         string
	hugeSize          int
	floodSize         int
	badLine           string
	toolsFile         string
	silent            string
}

// A mode is one way of misbehaving. run returns the process exit code.
type mode struct {
	name  string
	about string
	run   func(ctx context.Context, opts *options) int
}

// modes lists every mode, in the order of the test list in issue 2.
func modes() []mode {
	return []mode{
		{"junk-stdout", "prints plain-text lines on stdout at start and before every response", runJunkStdout},
		{"non-jsonrpc-json", "prints JSON lines that are not JSON-RPC on stdout at start and before every response", runNonJSONRPCJSON},
		{"truncated-line", "prints half a JSON-RPC message and a newline at start and before every response", runTruncatedLine},
		{"crash-mid-call", "tool crash writes \"panic: something broke\" to stderr and exits 3 while the call is pending", runCrashMidCall},
		{"no-initialize", "reads stdin until EOF and never answers anything", runNoInitialize},
		{"never-answers-call", "initializes, but tools/call never gets a response, cancelled or not", runNeverAnswersCall},
		{"stderr-flood", "writes -flood-size bytes (10 MiB) to stderr in one write before serving", runStderrFlood},
		{"huge-message", "tool huge returns one text block of -huge-size bytes (20 MiB): one stdout line over 16 MiB", runHugeMessage},
		{"slow-start", "silent for -delay (7s) before serving", runSlowStart},
		{"exit-at-start", "writes \"error: missing API key FOO_TOKEN\" to stderr and exits 1", runExitAtStart},
		{"ignore-stdin-eof", "keeps running after stdin closes until " + stopHint, runIgnoreStdinEOF},
		{"ignore-sigterm", "ignores SIGTERM, SIGINT, SIGHUP, SIGPIPE and stdin EOF; only SIGKILL stops it", runIgnoreSIGTERM},
		{"grandchild", "starts a grandchild (" + grandchildDescription + "), writes its PID to -grandchild-pidfile and stderr, then serves", runGrandchild},
		{"bad-protocol-version", "answers initialize with protocolVersion \"1999-01-01\"", runBadProtocolVersion},
		{"bad-line", "writes -bad-line on stdout at start and before every response; echo of \"MALFORMED\" answers content \"notalist\", of \"DEEP\" a result nested 2000 levels; so do resource echo://TEXT and prompt echo(text)", runBadLine},
		{"ignore-discover", "never answers server/discover (an older server that ignores unknown methods)", runIgnoreDiscover},
		{"exit-on-discover", "exits with code 4 when it receives server/discover", runExitOnDiscover},
		{"mrtr", "tool confirm asks a question with a multi-round-trip input request", runMRTR},
		{"echo", "a well-behaved, fast server; sleeps -start-delay first", runEcho},
		{"raw", "written by hand: tools/list answers the array in -tools, -silent methods are never answered, tools/call answers its arguments as sent", runRaw},
		{"sleep", "sleeps 300s doing nothing (the grandchild on systems without sh)", runSleep},
	}
}

func main() {
	os.Exit(run(context.Background(), os.Args[1:]))
}

// run parses args, does what every mode shares (pid file, stderr lines) and
// hands over to the mode. It returns the exit code: 2 for usage errors.
func run(ctx context.Context, args []string) int {
	stdout, stderr := os.Stdout, os.Stderr
	var opts options
	var listModes bool
	flags := flag.NewFlagSet("misbehave", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&opts.mode, "mode", "", "how to misbehave; see -list-modes")
	flags.BoolVar(&listModes, "list-modes", false, "print every mode, one a line (name, a tab, what it does), and exit")
	flags.StringVar(&opts.pidFile, "pidfile", "", "write this process's PID to `FILE` before anything else")
	flags.StringVar(&opts.grandchildPIDFile, "grandchild-pidfile", "", "grandchild mode: write the grandchild's PID to `FILE`")
	flags.IntVar(&opts.stderrLines, "stderr-lines", 0, "print `N` numbered lines to stderr at start")
	flags.IntVar(&opts.callStderrLines, "call-stderr-lines", 0, "print `N` numbered lines to stderr during every tools/call")
	flags.DurationVar(&opts.delay, "delay", 7*time.Second, "slow-start: how long to stay silent before serving")
	flags.DurationVar(&opts.startDelay, "start-delay", 0, "every serving mode: sleep this long before serving")
	flags.StringVar(&opts.startGate, "start-gate", "", "every serving mode: wait until `FILE` exists before serving (a test opens the gate when it has seen the start)")
	flags.IntVar(&opts.hugeSize, "huge-size", 20<<20, "huge-message: bytes of text the tool huge returns")
	flags.IntVar(&opts.floodSize, "flood-size", 10<<20, "stderr-flood: bytes written to stderr at start")
	flags.StringVar(&opts.badLine, "bad-line", `{"jsonrpc":"2.0","method":123}`, "bad-line: the `LINE` written before every response")
	flags.StringVar(&opts.toolsFile, "tools", "", "raw: the `FILE` whose JSON array tools/list answers")
	flags.StringVar(&opts.silent, "silent", "", "raw: the `METHODS` (comma-separated) never answered")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if listModes {
		for _, m := range modes() {
			fmt.Fprintf(stdout, "%s\t%s\n", m.name, m.about)
		}
		return 0
	}
	var chosen *mode
	for _, m := range modes() {
		if m.name == opts.mode {
			chosen = &m
			break
		}
	}
	if chosen == nil {
		fmt.Fprintf(stderr, "misbehave: unknown mode %q; run misbehave -list-modes to see them\n", opts.mode)
		return 2
	}
	if opts.pidFile != "" {
		if err := writePIDFile(opts.pidFile, os.Getpid()); err != nil {
			fmt.Fprintf(stderr, "misbehave: %v\n", err)
			return 2
		}
	}
	for i := 1; i <= opts.stderrLines; i++ {
		fmt.Fprintf(stderr, "misbehave: stderr line %d of %d\n", i, opts.stderrLines)
	}
	return chosen.run(ctx, &opts)
}

// writePIDFile writes pid to path through a temporary file and a rename, so a
// test polling for the file never reads half of it.
func writePIDFile(path string, pid int) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("writing pid file: %w", err)
	}
	_, err = tmp.WriteString(strconv.Itoa(pid) + "\n")
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("writing pid file: %w", err)
	}
	return nil
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// waitForFile returns once path exists, or with ctx's error when ctx ends
// first. An empty path is there at once.
func waitForFile(ctx context.Context, path string) error {
	for path != "" {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
		if err := sleep(ctx, 10*time.Millisecond); err != nil {
			return err
		}
	}
	return nil
}

// waitForever blocks the calling goroutine for good. A sleeping loop rather
// than an empty select: with nothing else running, the Go runtime would call
// an empty select a deadlock and crash, which is not the bug we want.
func waitForever() {
	for {
		time.Sleep(time.Hour)
	}
}

// exitCode turns the end of a session into an exit code: a session that ends
// because stdin closed is a normal exit.
func exitCode(stderr io.Writer, err error) int {
	if err == nil || errors.Is(err, io.EOF) || errors.Is(err, context.Canceled) {
		return 0
	}
	fmt.Fprintf(stderr, "misbehave: session ended: %v\n", err)
	return 1
}
