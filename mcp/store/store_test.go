package store

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/adrg/xdg"
)

func TestPath(t *testing.T) {
	root := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "c"))
	t.Setenv("XDG_STATE_HOME", filepath.Join(root, "s"))
	t.Setenv("XDG_DATA_HOME", filepath.Join(root, "d"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(root, "k"))
	xdg.Reload()
	t.Cleanup(xdg.Reload) // after t.Setenv has put the variables back
	if runtime.GOOS != "linux" {
		t.Skip("the XDG variables decide the folders on Linux only")
	}
	cases := []struct {
		kind Kind
		elem []string
		want string
	}{
		{Config, []string{"servers.json"}, "c/mcpbrowser/servers.json"},
		{State, []string{"approvals.json"}, "s/mcpbrowser/approvals.json"},
		{Data, []string{"history"}, "d/mcpbrowser/history"},
		{Data, []string{"tokens", "x.json"}, "d/mcpbrowser/tokens/x.json"},
		{Cache, nil, "k/mcpbrowser"},
	}
	for _, c := range cases {
		if got := Path(c.kind, c.elem...); got != filepath.Join(root, c.want) {
			t.Errorf("Path(%v, %q) = %s, want %s", c.kind, c.elem, got, filepath.Join(root, c.want))
		}
	}
	p, err := File(Data, "history", ".keep")
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(filepath.Dir(p)); err != nil || !fi.IsDir() {
		t.Errorf("File did not create %s: %v", filepath.Dir(p), err)
	}
	if _, err := os.Stat(p); err == nil {
		t.Errorf("File created the file itself")
	}
}

func TestWriteFile(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("modes and symbolic links are Unix's")
	}
	type setup func(t *testing.T, dir string) (path, target string)
	plain := func(existing string, mode os.FileMode) setup {
		return func(t *testing.T, dir string) (string, string) {
			p := filepath.Join(dir, "f.json")
			if existing != "" {
				write(t, p, existing, mode)
			}
			return p, p
		}
	}
	linked := func(dest string, create bool) setup {
		return func(t *testing.T, dir string) (string, string) {
			real := filepath.Join(dir, "dotfiles", "f.json")
			if create {
				write(t, real, "old", 0o640)
			} else {
				os.MkdirAll(filepath.Dir(real), 0o700)
			}
			link := filepath.Join(dir, "conf", "f.json")
			os.MkdirAll(filepath.Dir(link), 0o700)
			if dest == "" {
				dest = real
			}
			if err := os.Symlink(dest, link); err != nil {
				t.Fatal(err)
			}
			return link, real
		}
	}
	cases := []struct {
		name     string
		setup    setup
		mode     Mode
		wantPerm os.FileMode
	}{
		{"new file", plain("", 0), Keep(0o600), 0o600},
		{"new private file", plain("", 0), Private, 0o600},
		{"keeps the mode", plain("old", 0o640), Keep(0o600), 0o640},
		{"private again", plain("old", 0o644), Private, 0o600},
		{"through a link", linked("", true), Keep(0o600), 0o640},
		{"through a relative link", linked("../dotfiles/f.json", true), Keep(0o600), 0o640},
		{"through a dangling link", linked("", false), Keep(0o600), 0o600},
		{"through a link, private", linked("", true), Private, 0o600},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path, target := c.setup(t, dir)
			linkBefore, _ := os.Lstat(path)
			if err := WriteFile(path, []byte("new"), c.mode); err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(target); string(got) != "new" {
				t.Errorf("target holds %q", got)
			}
			fi, err := os.Stat(target)
			if err != nil {
				t.Fatal(err)
			}
			if fi.Mode().Perm() != c.wantPerm {
				t.Errorf("mode %v, want %v", fi.Mode().Perm(), c.wantPerm)
			}
			if path != target {
				li, err := os.Lstat(path)
				if err != nil || li.Mode()&os.ModeSymlink == 0 {
					t.Fatalf("the link was replaced: %v %v", li.Mode(), err)
				}
				if linkBefore != nil && !os.SameFile(li, linkBefore) {
					t.Errorf("the link itself was rewritten")
				}
			}
			for _, d := range []string{filepath.Dir(path), filepath.Dir(target)} {
				assertOnly(t, d, filepath.Base(path))
			}
		})
	}
}

func TestWriteFileLinkLoop(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links are Unix's")
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.Symlink(b, a)
	os.Symlink(a, b)
	err := WriteFile(a, []byte("x"), Keep(0o600))
	if err == nil || !strings.Contains(err.Error(), "too many symbolic links") {
		t.Errorf("err = %v", err)
	}
}

// TestWriteFileFails: a save that cannot finish leaves the old content and
// no temporary file.
func TestWriteFileFails(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	write(t, filepath.Join(path, "keep"), "old", 0o600) // a folder where the file would go
	if err := WriteFile(path, []byte("new"), Keep(0o600)); err == nil {
		t.Fatal("saving over a folder worked")
	}
	if got, _ := os.ReadFile(filepath.Join(path, "keep")); string(got) != "old" {
		t.Errorf("old content lost: %q", got)
	}
	assertOnly(t, dir, "f.json")
}

func TestWriteFileRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.json")
	write(t, path, "old", 0o600)
	write(t, filepath.Join(dir, ".f.json.123.tmp"), "", 0o600)
	write(t, filepath.Join(dir, ".f.json.abc.tmp"), "half", 0o600)
	write(t, filepath.Join(dir, ".other.json.abc.tmp"), "not ours", 0o600)
	if err := WriteFile(path, []byte("new"), Keep(0o600)); err != nil {
		t.Fatal(err)
	}
	assertOnly(t, dir, ".other.json.abc.tmp", "f.json")
}

func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	var seen []byte
	// No file, and change leaves it so: nothing is created.
	if err := Update(path, Keep(0o600), func(old []byte) ([]byte, error) { return old, nil }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an update that changed nothing created the file: %v", err)
	}
	err := Update(path, Keep(0o600), func(old []byte) ([]byte, error) {
		seen = old
		return []byte("one\n"), nil
	})
	if err != nil || seen != nil {
		t.Fatalf("first update: %v, saw %q (want nil: no file)", err, seen)
	}
	before, _ := os.Stat(path)
	// The same content again is not written.
	if err := Update(path, Keep(0o600), func(old []byte) ([]byte, error) { return old, nil }); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(path); !os.SameFile(before, after) {
		t.Errorf("unchanged content was written again")
	}
	// A failing change writes nothing and says why.
	boom := errors.New("boom")
	if err := Update(path, Keep(0o600), func([]byte) ([]byte, error) { return []byte("two"), boom }); !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "one\n" {
		t.Errorf("file holds %q", got)
	}
	// An empty file is there: not nil.
	write(t, path, "", 0o600)
	Update(path, Keep(0o600), func(old []byte) ([]byte, error) { seen = old; return old, nil })
	if seen == nil {
		t.Errorf("an empty file read as no file")
	}
	assertOnly(t, dir, "f.txt")
}

// TestUpdateAcrossProcesses: writers in other processes and goroutines of
// this one each add a line to one file at once; every line is kept.
func TestUpdateAcrossProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lines.txt")
	const n = 24
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		line := fmt.Sprintf("w%02d", i)
		wg.Go(func() {
			if i%3 == 0 {
				errs <- appendLine(path, line)
				return
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAppendLine$")
			cmd.Env = append(os.Environ(), "STORE_HELPER_PATH="+path, "STORE_HELPER_LINE="+line)
			if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "added "+line) {
				errs <- fmt.Errorf("writer %s: %v\n%s", line, err, out)
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	data, _ := os.ReadFile(path)
	got := strings.Fields(string(data))
	slices.Sort(got)
	var want []string
	for i := range n {
		want = append(want, fmt.Sprintf("w%02d", i))
	}
	if !slices.Equal(got, want) {
		t.Errorf("%d of %d lines kept: %v", len(got), n, got)
	}
	assertOnly(t, filepath.Dir(path), "lines.txt")
}

func appendLine(path, line string) error {
	return Update(path, Keep(0o600), func(old []byte) ([]byte, error) {
		return append(bytes.Clone(old), line+"\n"...), nil
	})
}

// TestHelperAppendLine runs in the child processes of TestUpdateAcrossProcesses.
func TestHelperAppendLine(t *testing.T) {
	path, line := os.Getenv("STORE_HELPER_PATH"), os.Getenv("STORE_HELPER_LINE")
	if path == "" {
		t.Skip("helper process only")
	}
	if err := appendLine(path, line); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("added " + line + "\n")
}

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// assertOnly fails unless dir holds exactly names: no temporary file, and
// (on Unix) no lock file, is left behind.
func assertOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if !removesLockFiles && strings.HasSuffix(e.Name(), ".lock") {
			continue
		}
		got = append(got, e.Name())
	}
	want := slices.Sorted(slices.Values(names))
	if !slices.Equal(got, want) {
		t.Errorf("%s holds %v, want %v", dir, got, want)
	}
}
