package testservers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// A Program is a main package of this module that tests start as a process.
// Build links it once per machine and source tree: every test binary (every
// package under test, running side by side) shares one executable.
type Program struct {
	// Package is the import path, e.g. "mcpbrowser/internal/demoserver". go
	// build resolves it from any directory inside the module, and go test
	// runs every test binary in its package's directory.
	Package string
	// Tags are the build tags, comma-separated ("" for none).
	Tags string
}

// The programs tests run.
var (
	// Misbehave is the misbehave program (see the modes above).
	Misbehave = Program{Package: "mcpbrowser/internal/testservers/misbehave"}
	// Demo is the demo server (internal/demoserver).
	Demo = Program{Package: "mcpbrowser/internal/demoserver"}
	// MCPBrowser is the app itself with the tags it ships with, built as
	// CI's pass without cgo builds it (Fyne's software driver), for tests of
	// its command line.
	MCPBrowser = Program{Package: "mcpbrowser", Tags: "ci,no_emoji,no_animations"}
	// LeanTap is the lean tap (cmd/mcpbrowser-tap), which `mcpbrowser tap`
	// becomes when it is installed beside it.
	LeanTap = Program{Package: "mcpbrowser/cmd/mcpbrowser-tap"}
)

// Build returns the path of the misbehave program, built once (see
// Program.Build); it fails tb if the build fails.
func Build(tb testing.TB) string {
	tb.Helper()
	return Misbehave.Build(tb)
}

// builds holds what each Program's build gave this test binary. It is
// package-level because its lifetime is the test binary's: every test shares
// one build instead of asking go build again.
var builds struct {
	mu   sync.Mutex
	done map[Program]*build
}

type build struct {
	once sync.Once
	path string
	err  error
}

// Build returns the path of the program's executable, building it the first
// time this test binary asks; it fails tb if the build fails.
func (p Program) Build(tb testing.TB) string {
	tb.Helper()
	exe, err := p.Path()
	if err != nil {
		tb.Fatal(err)
	}
	return exe
}

// Path is Build for TestMain, which has no testing.TB.
func (p Program) Path() (string, error) {
	builds.mu.Lock()
	if builds.done == nil {
		builds.done = map[Program]*build{}
	}
	b := builds.done[p]
	if b == nil {
		b = &build{}
		builds.done[p] = b
	}
	builds.mu.Unlock()
	b.once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		b.path, b.err = p.buildShared(ctx)
	})
	return b.path, b.err
}

// buildShared runs go build into one file per program in the user's cache
// directory, holding a file lock so that test binaries of other packages
// wait for one build instead of linking the same program at once. go build
// leaves an executable that is up to date with its sources alone (it
// compares the build ID it would write with the file's), so only the first
// test binary links and the others take a second. A stale executable is
// replaced by a new file (rename or unlink, then write), so processes still
// running the old one are not disturbed. Where no lock can be taken
// (Windows) each test binary builds into a fresh folder of its own.
//
// Every program is built without cgo: none of them needs it, and the passes
// with and without cgo then share one executable.
func (p Program) buildShared(ctx context.Context) (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		base = os.TempDir()
	}
	// One folder per source tree: checkouts side by side (git worktrees)
	// would otherwise swap each other's build in under running tests.
	_, here, _, _ := runtime.Caller(0)
	tree := sha256.Sum256([]byte(filepath.Dir(here)))
	shared := filepath.Join(base, "mcpbrowser-testservers", hex.EncodeToString(tree[:6]))
	if err := os.MkdirAll(shared, 0o755); err != nil {
		return "", p.buildError(err, nil)
	}
	exe := filepath.Join(shared, p.fileName())
	unlock, err := lockFile(exe + ".lock")
	if errors.Is(err, errors.ErrUnsupported) {
		fresh, err := os.MkdirTemp(shared, "build-")
		if err != nil {
			return "", p.buildError(err, nil)
		}
		exe = filepath.Join(fresh, p.fileName())
	} else if err != nil {
		return "", p.buildError(err, nil)
	} else {
		defer unlock()
	}
	if err := p.buildInto(ctx, exe); err != nil {
		return "", err
	}
	return exe, nil
}

// fileName names the executable after the package and the build settings
// that change it, so that two settings never replace each other's file.
func (p Program) fileName() string {
	settings := sha256.Sum256([]byte(p.Tags + "\x00" + os.Getenv("GOFLAGS") + "\x00" +
		os.Getenv("GOOS") + "\x00" + os.Getenv("GOARCH")))
	name := path.Base(p.Package) + "-" + hex.EncodeToString(settings[:4])
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	return name
}

func (p Program) buildInto(ctx context.Context, exe string) error {
	args := []string{"build", "-o", exe}
	if p.Tags != "" {
		args = append(args, "-tags", p.Tags)
	}
	cmd := exec.CommandContext(ctx, "go", append(args, p.Package)...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return p.buildError(err, out)
	}
	return nil
}

func (p Program) buildError(err error, out []byte) error {
	return fmt.Errorf("building the test program %s (go build): %w\n%s", p.Package, err, out)
}
