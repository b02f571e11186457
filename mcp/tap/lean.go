package tap

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// LeanName is the lean tap's program (cmd/mcpbrowser-tap), installed beside
// mcpbrowser. A host keeps one tap per server running for hours, and the
// whole app (Fyne, the schema compilers, the translations) costs a tap
// process some 44 MB of memory before it has passed a byte; the lean tap is
// the stdio pass-through and its recorder alone (about 11 MB). `mcpbrowser
// tap` checks its command line, then becomes the lean tap when it finds it
// (cli/tap.go).
const LeanName = "mcpbrowser-tap"

// LeanBeside is the lean tap installed beside the program exe, or "".
func LeanBeside(exe string) string {
	if exe == "" {
		return ""
	}
	lean := filepath.Join(filepath.Dir(exe), LeanName)
	if runtime.GOOS == "windows" {
		lean += ".exe"
	}
	if fi, err := os.Stat(lean); err != nil || !fi.Mode().IsRegular() || (runtime.GOOS != "windows" && fi.Mode().Perm()&0o111 == 0) {
		return ""
	}
	return lean
}

// Says are the tap's own sentences for the person (it says almost nothing:
// the host's log shows them), in the person's language. The command line
// fills them from its translations and hands them to the lean tap as flags,
// so the lean tap needs no translations of its own.
type Says struct {
	// Stopped is said once when the recording fails: it has a {{.Reason}}.
	Stopped string
	// DiskFull and NoPermission ({{.Path}}) are the reasons for the two
	// failures a person can act on.
	DiskFull, NoPermission string
	// Explain words any other failure; nil leaves its text as it is.
	Explain func(string) string
}

// EnglishSays are the sentences in English, the keys of the translations.
func EnglishSays() Says {
	return Says{
		Stopped:      "the recording stopped ({{.Reason}}); the server keeps running and every message still passes",
		DiskFull:     "the disk is full",
		NoPermission: "no permission to write {{.Path}}",
	}
}

// RecordingStopped is what the tap says when the recording failed with err.
func (s Says) RecordingStopped(err error) string {
	return "mcpbrowser tap: " + say.Render(s.Stopped, say.Args{"Reason": s.Reason(err)})
}

// Reason words why writing a file failed.
func (s Says) Reason(err error) string {
	var pe *fs.PathError
	path := ""
	if errors.As(err, &pe) {
		path = pe.Path
	}
	switch {
	case errors.Is(err, syscall.ENOSPC):
		return s.DiskFull
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS):
		return say.Render(s.NoPermission, say.Args{"Path": path})
	}
	if s.Explain != nil {
		return s.Explain(err.Error())
	}
	return err.Error()
}

// Once is a recorder's Failed that says s.RecordingStopped on w once.
func (s Says) Once(w io.Writer) func(error) {
	var once sync.Once
	return func(err error) {
		once.Do(func() { fmt.Fprintln(w, s.RecordingStopped(err)) })
	}
}

// LeanArgs is the lean tap's command line for a session named name (""
// for the server's own) of the server command: what `mcpbrowser tap` hands
// on when it becomes the lean tap.
func LeanArgs(name string, s Says, command []string) []string {
	args := []string{"--name", name, "--says-stopped", s.Stopped, "--says-disk-full", s.DiskFull,
		"--says-no-permission", s.NoPermission, "--"}
	return append(args, command...)
}

// EnvironmentMasker hides the values of the secret-named variables of the
// environment the server inherits from the tap (the app's one masking rule).
func EnvironmentMasker() *config.TextMasker {
	secrets := map[string]string{}
	for _, kv := range os.Environ() {
		if k, v, ok := strings.Cut(kv, "="); ok && config.IsSecretName(k) {
			secrets[k] = v
		}
	}
	return config.NewTextMasker(&config.ServerConfig{Env: secrets})
}

// LeanOptions are what LeanMain takes besides its command line.
type LeanOptions struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Root is the recordings folder; Dir() when empty.
	Root string
	// Guard is this program as the guard that ends the server's tree if
	// the tap is killed (transport.SetGuard); nil starts none.
	Guard []string
}

// LeanMain is the whole lean tap: args are LeanArgs. It returns the exit
// code: the server's, 2 for a command line it does not take, 126 or 127 for
// a server it could not start.
func LeanMain(args []string, o LeanOptions) int {
	if transport.IsGuard() { // this process is another tap's guard (mcp/transport/guard_unix.go)
		return transport.RunGuard(o.Stdin)
	}
	transport.SetGuard(o.Guard)
	// The tap's own heap is small; a flood through it is garbage that a
	// lazier collector lets grow (measured: +24 MB at the default 100 for
	// 500 MB through, +10 MB at 25; BenchmarkTapMemory).
	debug.SetGCPercent(25)
	s := EnglishSays()
	fl := flag.NewFlagSet(LeanName, flag.ContinueOnError)
	fl.SetOutput(io.Discard)
	name := fl.String("name", "", "")
	fl.StringVar(&s.Stopped, "says-stopped", s.Stopped, "")
	fl.StringVar(&s.DiskFull, "says-disk-full", s.DiskFull, "")
	fl.StringVar(&s.NoPermission, "says-no-permission", s.NoPermission, "")
	if err := fl.Parse(args); err != nil || fl.NArg() == 0 {
		fmt.Fprintln(o.Stderr, LeanName+" is started by `mcpbrowser tap -- COMMAND [ARGS...]`; see mcpbrowser tap --help")
		return 2
	}
	command := fl.Args()
	signal.Ignore(syscall.SIGPIPE) // a host that stopped reading is an error to handle, not a death
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	cwd, _ := os.Getwd()
	rec := NewRecorder(RecorderOptions{Root: o.Root, Name: *name, Command: command, Cwd: cwd,
		Mask: EnvironmentMasker(), Failed: s.Once(o.Stderr)})
	code, err := RunStdio(ctx, StdioOptions{Command: command[0], Args: command[1:],
		Stdin: o.Stdin, Stdout: o.Stdout, Stderr: o.Stderr, Recorder: rec})
	if err != nil {
		rec.Close(nil)
		// `mcpbrowser tap` found the program before it handed over, so
		// this is rare (it went away, or may not be run): said plainly,
		// in English, with the shell's exit codes.
		fmt.Fprintf(o.Stderr, "mcpbrowser tap: could not start the server %q: %v\n", command[0], errors.Unwrap(err))
		if IsNotFound(err) {
			return 127
		}
		return 126
	}
	rec.Close(&code)
	return code
}
