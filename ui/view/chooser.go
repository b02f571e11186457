package view

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The app's own file chooser (ui/filechooser.go, used where the system has
// no dialog) keeps what needs no widget here: what a folder shows, in which
// order, where a typed path leads and what saving to a path would do.

// A FolderItem is one line of the chooser's list: a folder or a file.
type FolderItem struct {
	Name string
	Dir  bool
}

// FolderView is what the chooser shows of a folder.
type FolderView struct {
	// Exts are the extensions shown (without the dot, any case); none
	// shows every file.
	Exts []string
	// Hidden shows the names starting with a dot.
	Hidden bool
	// FoldersOnly leaves the files out (choosing a folder).
	FoldersOnly bool
}

// ListFolder reads dir and keeps what v shows: folders first, then files,
// each sorted by name as a person reads it (SortFolder). A link to a folder
// is a folder.
func ListFolder(dir string, v FolderView) ([]FolderItem, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	items := make([]FolderItem, 0, len(entries))
	for _, e := range entries {
		name := e.Name()
		if !v.Hidden && strings.HasPrefix(name, ".") {
			continue
		}
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			if st, err := os.Stat(filepath.Join(dir, name)); err == nil {
				isDir = st.IsDir()
			}
		}
		if !isDir && (v.FoldersOnly || !HasExtension(name, v.Exts)) {
			continue
		}
		items = append(items, FolderItem{Name: name, Dir: isDir})
	}
	SortFolder(items)
	return items, nil
}

// HasExtension reports whether name ends in one of exts (without the dot,
// any case); every name has when exts is empty.
func HasExtension(name string, exts []string) bool {
	if len(exts) == 0 {
		return true
	}
	ext := strings.TrimPrefix(filepath.Ext(name), ".")
	if ext == "" || ext == strings.TrimPrefix(name, ".") {
		return false
	}
	return slices.ContainsFunc(exts, func(e string) bool { return strings.EqualFold(e, ext) })
}

// SortFolder puts folders first, then files, each by NaturalLess.
func SortFolder(items []FolderItem) {
	slices.SortStableFunc(items, func(a, b FolderItem) int {
		if a.Dir != b.Dir {
			if a.Dir {
				return -1
			}
			return 1
		}
		switch {
		case NaturalLess(a.Name, b.Name):
			return -1
		case NaturalLess(b.Name, a.Name):
			return 1
		}
		return 0
	})
}

// NaturalLess orders names as a person expects: letters without regard to
// case, runs of digits by their value ("file2" before "file10"); names
// equal so are ordered by their bytes, so the order is total.
func NaturalLess(a, b string) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ra, na := utf8.DecodeRuneInString(a[i:])
		rb, nb := utf8.DecodeRuneInString(b[j:])
		if isDigit(ra) && isDigit(rb) {
			ea, eb := digitsEnd(a, i), digitsEnd(b, j)
			da, db := strings.TrimLeft(a[i:ea], "0"), strings.TrimLeft(b[j:eb], "0")
			if len(da) != len(db) {
				return len(da) < len(db)
			}
			if da != db {
				return da < db
			}
			i, j = ea, eb
			continue
		}
		la, lb := unicode.ToLower(ra), unicode.ToLower(rb)
		if la != lb {
			return la < lb
		}
		i, j = i+na, j+nb
	}
	if rest := (len(a) - i) - (len(b) - j); rest != 0 {
		return rest < 0
	}
	return a < b
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

func digitsEnd(s string, i int) int {
	for i < len(s) && isDigit(rune(s[i])) {
		i++
	}
	return i
}

// ResolvePath is where a path typed or pasted into the chooser leads, as a
// clean absolute path: relative to base (the folder on show), "~" for home,
// quotes and spaces around it dropped, a file:// address as its path.
// Empty text is base itself.
func ResolvePath(base, typed, home string) string {
	p := strings.TrimSpace(typed)
	if len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0] {
		p = strings.TrimSpace(p[1 : len(p)-1])
	}
	if strings.HasPrefix(p, "file://") {
		if u, err := url.Parse(p); err == nil && u.Path != "" {
			p = u.Path
		}
	}
	switch {
	case p == "":
		p = base
	case p == "~":
		p = home
	case strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`):
		p = filepath.Join(home, p[2:])
	case !filepath.IsAbs(p):
		p = filepath.Join(base, p)
	}
	return filepath.Clean(p)
}

// WithExtension is the name a file is saved under: name as typed, with
// the filter's first extension added when it has none of its own (a
// person typing "servers" in a "JSON files" chooser means servers.json).
func WithExtension(name string, exts []string) string {
	if len(exts) == 0 || name == "" || strings.HasSuffix(name, ".") {
		return name
	}
	if ext := filepath.Ext(name); ext != "" && ext != name {
		return name
	}
	return name + "." + exts[0]
}

// StemLength is how many characters of name come before its extension:
// what the chooser selects in a suggested name, so typing replaces the name
// and keeps the extension. A name that is all extension (".env") is all
// stem.
func StemLength(name string) int {
	ext := filepath.Ext(name)
	if ext == name {
		ext = ""
	}
	return utf8.RuneCountInString(strings.TrimSuffix(name, ext))
}

// A SaveCheck says what saving to a path would do.
type SaveCheck int

const (
	// SaveNew makes a new file.
	SaveNew SaveCheck = iota
	// SaveReplace overwrites a file that is there: ask first.
	SaveReplace
	// SaveIsFolder names a folder: go into it instead.
	SaveIsFolder
	// SaveNoFolder names a file in a folder that does not exist.
	SaveNoFolder
	// SaveNotAFolder names a file inside something that is not a folder.
	SaveNotAFolder
)

// CheckSave says what saving to path would do.
func CheckSave(path string) SaveCheck {
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return SaveIsFolder
		}
		return SaveReplace
	}
	st, err := os.Stat(filepath.Dir(path))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return SaveNoFolder
	case err == nil && !st.IsDir():
		return SaveNotAFolder
	}
	return SaveNew
}

// NextMatch is the index of the first item after from (going round) whose
// name starts with prefix, any case, or -1: typing letters in the list
// jumps to the item they begin.
func NextMatch(items []FolderItem, from int, prefix string) int {
	if prefix == "" || len(items) == 0 {
		return -1
	}
	p := strings.ToLower(prefix)
	for k := 1; k <= len(items); k++ {
		i := (from + k) % len(items)
		if i < 0 {
			i += len(items)
		}
		if strings.HasPrefix(strings.ToLower(items[i].Name), p) {
			return i
		}
	}
	return -1
}
