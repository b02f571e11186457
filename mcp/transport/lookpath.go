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
)

// A pathResolver finds a server's executable. Apps started from Finder (or a
// desktop menu) do not inherit the PATH of the person's shell, where npx, uvx
// and node usually live; when the program is not on our PATH we also try the
// PATH of the login shell, asked once.
type PathResolver struct {
	once      sync.Once
	shellPath string
	// loginShellPath returns the login shell's PATH; replaceable in tests.
	loginShellPath func() string
}

func NewPathResolver() *PathResolver {
	return &PathResolver{loginShellPath: askLoginShellPath}
}

var errNotFound = errors.New("executable file not found")

// lookPath finds command using the PATH in env, then the login shell's PATH.
// It returns the executable and the PATH it was found in (or, on failure, the
// PATHs it searched).
func (r *PathResolver) lookPath(command string, env []string) (string, string, error) {
	path := envValue(env, "PATH")
	if strings.ContainsAny(command, `/\`) {
		if isExecutable(command) {
			return command, path, nil
		}
		return "", path, errNotFound
	}
	if exe, ok := searchPath(command, path, env); ok {
		return exe, path, nil
	}
	if r.loginShellPath == nil {
		return "", path, errNotFound
	}
	r.once.Do(func() { r.shellPath = r.loginShellPath() })
	if r.shellPath != "" && r.shellPath != path {
		if exe, ok := searchPath(command, r.shellPath, env); ok {
			return exe, r.shellPath, nil
		}
		return "", path + " (and the login shell's PATH: " + r.shellPath + ")", errNotFound
	}
	return "", path, errNotFound
}

func searchPath(command, path string, env []string) (string, bool) {
	exts := []string{""}
	if runtime.GOOS == "windows" && filepath.Ext(command) == "" {
		pathext := envValue(env, "PATHEXT")
		if pathext == "" {
			pathext = ".COM;.EXE;.BAT;.CMD"
		}
		exts = strings.Split(strings.ToLower(pathext), ";")
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue
		}
		for _, ext := range exts {
			candidate := filepath.Join(dir, command+ext)
			if isExecutable(candidate) {
				return candidate, true
			}
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
