package view

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"testing"
)

func TestListFolder(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"src", "Docs", ".git", "b10", "b9"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"servers.json", "Notes.TXT", "a.JSON", ".env", "file10.json", "file2.json", "readme"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(dir, "src"), filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	d := func(n string) FolderItem { return FolderItem{Name: n, Dir: true} }
	f := func(n string) FolderItem { return FolderItem{Name: n} }
	for _, tc := range []struct {
		name string
		v    FolderView
		want []FolderItem
	}{
		{"every visible file", FolderView{},
			[]FolderItem{d("b9"), d("b10"), d("Docs"), d("link"), d("src"), f("a.JSON"), f("file2.json"), f("file10.json"), f("Notes.TXT"), f("readme"), f("servers.json")}},
		{"json only", FolderView{Exts: []string{"json"}},
			[]FolderItem{d("b9"), d("b10"), d("Docs"), d("link"), d("src"), f("a.JSON"), f("file2.json"), f("file10.json"), f("servers.json")}},
		{"hidden too", FolderView{Exts: []string{"txt"}, Hidden: true},
			[]FolderItem{d(".git"), d("b9"), d("b10"), d("Docs"), d("link"), d("src"), f("Notes.TXT")}},
		{"folders only", FolderView{FoldersOnly: true, Exts: []string{"json"}},
			[]FolderItem{d("b9"), d("b10"), d("Docs"), d("link"), d("src")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ListFolder(dir, tc.v)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %v\nwant %v", got, tc.want)
			}
		})
	}
	if _, err := ListFolder(filepath.Join(dir, "missing"), FolderView{}); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing folder gave %v", err)
	}
	if runtime.GOOS != "windows" && os.Geteuid() != 0 {
		locked := filepath.Join(dir, "locked")
		if err := os.Mkdir(locked, 0o000); err != nil {
			t.Fatal(err)
		}
		defer os.Chmod(locked, 0o755)
		if _, err := ListFolder(locked, FolderView{}); !errors.Is(err, fs.ErrPermission) {
			t.Errorf("an unreadable folder gave %v", err)
		}
	}
}

func TestHasExtension(t *testing.T) {
	for _, tc := range []struct {
		name string
		exts []string
		want bool
	}{
		{"a.json", []string{"json"}, true},
		{"A.JSON", []string{"json"}, true},
		{"a.jsonl", []string{"json"}, false},
		{"a.jsonl", []string{"jsonl", "json"}, true},
		{"json", []string{"json"}, false},
		{".json", []string{"json"}, false},
		{"a.tar.gz", []string{"gz"}, true},
		{"anything", nil, true},
	} {
		if got := HasExtension(tc.name, tc.exts); got != tc.want {
			t.Errorf("HasExtension(%q, %v) = %v", tc.name, tc.exts, got)
		}
	}
}

func TestNaturalLess(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"file2", "file10", true},
		{"file10", "file2", false},
		{"apple", "Banana", true},
		{"Banana", "apple", false},
		{"a", "ab", true},
		{"ab", "a", false},
		{"x01", "x1", true}, // equal as numbers: by bytes, so the order is total
		{"x1", "x01", false},
		{"B", "b", true},
		{"b", "B", false},
		{"a", "a", false},
		{"z9", "z9a", true},
		{"版本2", "版本10", true},
	} {
		if got := NaturalLess(tc.a, tc.b); got != tc.want {
			t.Errorf("NaturalLess(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

func TestResolvePath(t *testing.T) {
	home, base := "/home/ana", "/home/ana/projects"
	for _, tc := range []struct{ typed, want string }{
		{"", base},
		{"  ", base},
		{"~", home},
		{"~/x", "/home/ana/x"},
		{"../y", "/home/ana/y"},
		{"sub/./z.json", "/home/ana/projects/sub/z.json"},
		{"/etc/", "/etc"},
		{"'/tmp/a b.json'", "/tmp/a b.json"},
		{`"/tmp/a b"`, "/tmp/a b"},
		{"file:///tmp/a%20b.json", "/tmp/a b.json"},
		{" /tmp/x ", "/tmp/x"},
		{"~user", "/home/ana/projects/~user"},
	} {
		if runtime.GOOS == "windows" {
			t.Skip("the table is written with slashes")
		}
		if got := ResolvePath(base, tc.typed, home); got != tc.want {
			t.Errorf("ResolvePath(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
}

func TestWithExtensionAndStem(t *testing.T) {
	for _, tc := range []struct {
		name string
		exts []string
		want string
	}{
		{"servers", []string{"json"}, "servers.json"},
		{"servers.json", []string{"json"}, "servers.json"},
		{"notes.txt", []string{"json"}, "notes.txt"},
		{"log", []string{"log", "txt"}, "log.log"},
		{"servers", nil, "servers"},
		{"servers.", []string{"json"}, "servers."},
		{".env", []string{"json"}, ".env.json"},
		{"", []string{"json"}, ""},
	} {
		if got := WithExtension(tc.name, tc.exts); got != tc.want {
			t.Errorf("WithExtension(%q, %v) = %q, want %q", tc.name, tc.exts, got, tc.want)
		}
	}
	for _, tc := range []struct {
		name string
		want int
	}{
		{"servers.json", 7},
		{"demo-result.json", 11},
		{"结果.json", 2},
		{"session.yaml", 7},
		{"a.tar.gz", 5},
		{".env", 4},
		{"README", 6},
		{"", 0},
	} {
		if got := StemLength(tc.name); got != tc.want {
			t.Errorf("StemLength(%q) = %d, want %d", tc.name, got, tc.want)
		}
	}
}

func TestCheckSave(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "there.json")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		want SaveCheck
	}{
		{filepath.Join(dir, "new.json"), SaveNew},
		{file, SaveReplace},
		{dir, SaveIsFolder},
		{filepath.Join(dir, "no-such-folder", "x.json"), SaveNoFolder},
		{filepath.Join(file, "x.json"), SaveNotAFolder},
	} {
		if got := CheckSave(tc.path); got != tc.want {
			t.Errorf("CheckSave(%q) = %d, want %d", tc.path, got, tc.want)
		}
	}
}

func TestNextMatch(t *testing.T) {
	items := []FolderItem{{Name: "docs", Dir: true}, {Name: "src", Dir: true}, {Name: "servers.json"}, {Name: "Setup.md"}}
	for _, tc := range []struct {
		from   int
		prefix string
		want   int
	}{
		{-1, "s", 1},
		{1, "s", 2},
		{2, "s", 3},
		{3, "s", 1}, // round again
		{0, "se", 2},
		{2, "SET", 3},
		{0, "x", -1},
		{0, "", -1},
	} {
		if got := NextMatch(items, tc.from, tc.prefix); got != tc.want {
			t.Errorf("NextMatch(from %d, %q) = %d, want %d", tc.from, tc.prefix, got, tc.want)
		}
	}
}
