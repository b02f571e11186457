package transport

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"mcpbrowser/mcp/config"
)

// A PathResolver finds a server's executable: the one rule for what an
// entry runs, used both for the approval card (and the hash the approval is
// kept under) and for starting the server, so that the person never approves
// one program and starts another.
//
// A command with a path separator is taken relative to the entry's working
// folder (cwd). A bare name is searched in the PATH the server gets (the
// entry's own env PATH, else ours); apps started from Finder (or a desktop
// menu) do not inherit the PATH of the person's shell, where npx, uvx and
// node usually live, so when the program is not on that PATH we also try the
// PATH of the login shell, asked once.
type PathResolver struct {
	once      sync.Once
	shellPath string
	// loginShellPath returns the login shell's PATH; replaceable in tests.
	// Nil means no login shell is asked.
	loginShellPath func() string
}

// NewPathResolver returns a resolver that asks the login shell (once) when
// a program is not on the PATH.
func NewPathResolver() *PathResolver {
	return &PathResolver{loginShellPath: askLoginShellPath}
}

// shared is the resolver of this process: the login shell is asked once,
// and everything that resolves an entry sees the same answer.
var shared = NewPathResolver()

// SharedResolver is the process's resolver, the one the Manager starts
// servers with and CommandLine summarises them with.
func SharedResolver() *PathResolver { return shared }

// CommandLine is what s will run when the Manager starts it: the approval
// card's content and hash (SharedResolver().Command).
func CommandLine(s *config.ServerConfig) config.CommandSummary { return shared.Command(s) }

// Command is what s will run, resolved as StartStdio resolves it.
func (r *PathResolver) Command(s *config.ServerConfig) config.CommandSummary {
	return r.command(s, os.Environ())
}

// command resolves s with base as this process's environment.
func (r *PathResolver) command(s *config.ServerConfig, base []string) config.CommandSummary {
	exe, searched, _ := r.lookPath(s.Command, s.Cwd, mergeEnv(base, s.Env))
	return config.Summarize(s, exe, searched)
}

var errNotFound = errors.New("executable file not found")

// lookPath finds command for a server started in cwd with env (this
// process's environment merged with the entry's). It returns the executable
// (an absolute path when it can make one) and the PATH it was found in, or,
// on failure, the PATHs it searched.
func (r *PathResolver) lookPath(command, cwd string, env []string) (string, string, error) {
	exe, path, shellPath, err := r.lookPathIn(command, cwd, env)
	if shellPath != "" {
		path = searchedBoth(path, shellPath).String()
	}
	return exe, path, err
}

// lookPathIn is lookPath with the login shell's PATH apart: on failure,
// shellPath is the login shell's PATH when it was searched too.
func (r *PathResolver) lookPathIn(command, cwd string, env []string) (exe, path, shellPath string, err error) {
	path = envValue(env, "PATH")
	if command == "" {
		return "", path, "", errNotFound
	}
	if strings.ContainsAny(command, `/\`) {
		if !filepath.IsAbs(command) && cwd != "" {
			command = filepath.Join(cwd, command)
		}
		if exe, ok := findFile(command, env); ok {
			return exe, path, "", nil
		}
		return "", path, "", errNotFound
	}
	if exe, ok := searchPath(command, path, env); ok {
		return exe, path, "", nil
	}
	if r.loginShellPath == nil {
		return "", path, "", errNotFound
	}
	r.once.Do(func() { r.shellPath = r.loginShellPath() })
	if r.shellPath != "" && r.shellPath != path {
		if exe, ok := searchPath(command, r.shellPath, env); ok {
			return exe, r.shellPath, "", nil
		}
		return "", path, r.shellPath, errNotFound
	}
	return "", path, "", errNotFound
}

func searchPath(command, path string, env []string) (string, bool) {
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		if exe, ok := findFile(filepath.Join(dir, command), env); ok {
			return exe, true
		}
	}
	return "", false
}

// findFile returns p, or on Windows p with one of PATHEXT's extensions when
// p has none, if that is an executable file; made absolute when it can be.
func findFile(p string, env []string) (string, bool) {
	exts := []string{""}
	if runtime.GOOS == "windows" && filepath.Ext(p) == "" {
		pathext := envValue(env, "PATHEXT")
		if pathext == "" {
			pathext = ".COM;.EXE;.BAT;.CMD"
		}
		exts = strings.Split(strings.ToLower(pathext), ";")
	}
	for _, ext := range exts {
		candidate := p + ext
		if isExecutable(candidate) {
			if abs, err := filepath.Abs(candidate); err == nil {
				return abs, true
			}
			return candidate, true
		}
	}
	return "", false
}

func isExecutable(p string) bool {
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		return false
	}
	if runtime.GOOS == "windows" {
		return true
	}
	return fi.Mode()&fs.FileMode(0o111) != 0
}

// askLoginShellPath runs the person's login shell once, interactively (zsh
// reads ~/.zshrc, where nvm and friends put their PATH, only then), and reads
// its PATH between markers, so whatever the profile prints is ignored.
func askLoginShellPath() string {
	if runtime.GOOS == "windows" {
		return ""
	}
	shell := os.Getenv("SHELL")
	if shell == "" {
		shell = "/bin/sh"
		if runtime.GOOS == "darwin" {
			shell = "/bin/zsh" // macOS's default since 10.15
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	const begin, end = "__MCPBROWSER_PATH_BEGIN__", "__MCPBROWSER_PATH_END__"
	cmd := exec.CommandContext(ctx, shell, "-i", "-l", "-c", `printf '%s%s%s' "`+begin+`" "$PATH" "`+end+`"`)
	cmd.Stdin = nil // an interactive shell must not wait for input
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		return ""
	}
	return pathBetween(string(out), begin, end)
}

// pathBetween returns the text between the markers, or "".
func pathBetween(out, begin, end string) string {
	_, rest, ok := strings.Cut(out, begin)
	if !ok {
		return ""
	}
	path, _, ok := strings.Cut(rest, end)
	if !ok {
		return ""
	}
	return strings.TrimSpace(path)
}
