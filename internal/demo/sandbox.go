package demo

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// maxReadSize bounds what read_file returns, so that a mistaken path to a
// large file in a chosen --root cannot flood the client.
const maxReadSize = 1 << 20

// A sandbox is the one folder the file tools may touch. Every path is
// checked twice: first here, lexically and through symlinks, so that a
// refusal can say in plain words why; then by os.Root, which refuses any
// escape at the system-call level, including one that appears between the
// check and the use.
type sandbox struct {
	dir   string // absolute, with symlinks resolved
	given string // absolute, as the user wrote it (may contain symlinks)
}

// openSandbox checks that root is an existing folder and returns it as a
// sandbox.
func openSandbox(root string) (sandbox, error) {
	if root == "" {
		return sandbox{}, errors.New("demo: no sandbox folder given; set Options.Root, or use Run, which creates one")
	}
	given, err := filepath.Abs(root)
	if err != nil {
		return sandbox{}, fmt.Errorf("demo: cannot make %q absolute: %w", root, err)
	}
	dir, err := filepath.EvalSymlinks(given)
	if err != nil {
		return sandbox{}, fmt.Errorf("the sandbox folder %s cannot be used (%w); create it, or leave out --root to get a fresh one", root, err)
	}
	info, err := os.Stat(dir)
	if err != nil {
		return sandbox{}, fmt.Errorf("the sandbox folder %s cannot be used: %w", root, err)
	}
	if !info.IsDir() {
		return sandbox{}, fmt.Errorf("the sandbox %s is a file, not a folder; give --root a folder", root)
	}
	return sandbox{dir: dir, given: given}, nil
}

// NewSandbox creates a fresh, uniquely named folder under parent (under
// os.TempDir when parent is empty), fills it with the sample files, and
// returns its path. The caller removes it when done.
func NewSandbox(parent string) (string, error) {
	if parent == "" {
		parent = os.TempDir()
	}
	dir, err := os.MkdirTemp(parent, "mcpbrowser-demo-")
	if err != nil {
		return "", fmt.Errorf("creating the demo sandbox folder: %w", err)
	}
	if _, err := writeSamples(dir); err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

// A sampleFile is one of the files a fresh sandbox starts with. The set is
// fixed so that every run, and every test, sees the same folder.
type sampleFile struct {
	path    string // slash-separated, relative to the sandbox
	content []byte
}

func sampleFiles() []sampleFile {
	return []sampleFile{
		{"welcome.txt", []byte(welcomeText)},
		{"planets.json", []byte(planetsJSON)},
		{"notes/shopping-list.md", []byte(shoppingList)},
		{"images/gradient.png", samplePNG()},
	}
}

const welcomeText = `Welcome to the MCP Browser demo sandbox!

This folder belongs to the demo server. Its file tools can see what is in here
and nothing else:

  list_files       shows what is in a folder
  read_file        shows what is in a file (try planets.json or images/gradient.png)
  delete_file      deletes a file (it asks first in MCP Browser: it is marked destructive)
  restore_samples  puts back any sample file you deleted

Paths like ../secret or /etc/passwd are refused, and so are links that lead out.
`

const planetsJSON = `{
  "planets": [
    {"name": "Mercury", "moons": 0, "dayLengthHours": 4222.6},
    {"name": "Venus", "moons": 0, "dayLengthHours": 2802.0},
    {"name": "Earth", "moons": 1, "dayLengthHours": 24.0},
    {"name": "Mars", "moons": 2, "dayLengthHours": 24.7}
  ]
}
`

const shoppingList = `# Shopping list

- flour
- eggs
- milk
- a lemon, for the pancakes
`

// writeSamples writes every sample file that is missing from dir and leaves
// existing files alone. It returns the paths it wrote.
func writeSamples(dir string) ([]string, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("opening the sandbox %s: %w", dir, err)
	}
	defer root.Close()
	var written []string
	for _, f := range sampleFiles() {
		name := filepath.FromSlash(f.path)
		if err := root.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return written, fmt.Errorf("creating the folder for %s: %w", f.path, err)
		}
		// O_EXCL: a file that is already there, sample or not, is kept.
		file, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return written, fmt.Errorf("creating %s: %w", f.path, err)
		}
		_, err = file.Write(f.content)
		if closeErr := file.Close(); err == nil {
			err = closeErr
		}
		if err != nil {
			return written, fmt.Errorf("writing %s: %w", f.path, err)
		}
		written = append(written, f.path)
	}
	return written, nil
}

// resolve turns a path from a client into a clean path relative to the
// sandbox, or returns an error that says in plain words why it is refused.
// An empty path means the sandbox folder itself.
func (b sandbox) resolve(userPath string) (string, error) {
	native := filepath.FromSlash(userPath)
	if native == "" {
		native = "."
	}
	if filepath.IsAbs(native) {
		rel, ok := b.relative(native)
		if !ok {
			//lint:ignore ST1005 the tool answers the person in sentences
			return "", fmt.Errorf("%q is outside the sandbox, so it was refused. "+
				"Only files inside the sandbox folder %s can be used; give a path relative to it, such as \"welcome.txt\".",
				userPath, b.dir)
		}
		native = rel
	}
	if !filepath.IsLocal(native) {
		if slices.Contains(strings.Split(filepath.ToSlash(native), "/"), "..") {
			//lint:ignore ST1005 the tool answers the person in sentences
			return "", fmt.Errorf("%q uses \"..\" to go up out of the sandbox, so it was refused. "+
				"Paths must stay inside the sandbox folder; list_files shows what is there.", userPath)
		}
		//lint:ignore ST1005 the tool answers the person in sentences
		return "", fmt.Errorf("%q is not a path inside the sandbox, so it was refused. "+
			"Give a path relative to the sandbox folder, such as \"notes/shopping-list.md\".", userPath)
	}
	rel := filepath.Clean(native)
	if err := b.checkLinks(userPath, rel); err != nil {
		return "", err
	}
	return rel, nil
}

// relative returns abs relative to the sandbox if abs lies inside it,
// whether abs names the sandbox by its resolved path or as it was given.
func (b sandbox) relative(abs string) (string, bool) {
	for _, base := range []string{b.dir, b.given} {
		if rel, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(rel) {
			return rel, true
		}
	}
	return "", false
}

// checkLinks follows rel one component at a time and refuses it if any
// existing prefix is a link that resolves outside the sandbox. It stops at
// the first component that does not exist: what is missing cannot be a link.
func (b sandbox) checkLinks(userPath, rel string) error {
	if rel == "." {
		return nil
	}
	prefix := b.dir
	for part := range strings.SplitSeq(rel, string(filepath.Separator)) {
		prefix = filepath.Join(prefix, part)
		target, err := filepath.EvalSymlinks(prefix)
		if err != nil {
			return nil
		}
		if _, inside := b.relative(target); !inside && target != b.dir {
			//lint:ignore ST1005 the tool answers the person in sentences
			return fmt.Errorf("%q goes through a link that points outside the sandbox (to %s), so it was refused. "+
				"Links inside the sandbox may only point to other places inside it.", userPath, target)
		}
	}
	return nil
}

// display returns rel the way messages show it: with forward slashes.
func display(rel string) string {
	return filepath.ToSlash(rel)
}

// errIsFolder, errNotFolder and errTooLarge are failures that the tools
// explain in their own words.
var (
	errIsFolder  = errors.New("is a folder")
	errNotFolder = errors.New("is not a folder")
	errTooLarge  = errors.New("is too large")
)

// readFile reads the file at rel through os.Root.
func (b sandbox) readFile(rel string) ([]byte, error) {
	root, err := os.OpenRoot(b.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.IsDir() {
		return nil, errIsFolder
	}
	data, err := io.ReadAll(io.LimitReader(f, maxReadSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxReadSize {
		return nil, errTooLarge
	}
	return data, nil
}

// An entry is one item of a folder listing.
type entry struct {
	Name string `json:"name"`
	Kind string `json:"kind"` // "file", "folder" or "link"
	Size int64  `json:"size"`
}

// list returns the entries of the folder at rel, in name order.
func (b sandbox) list(rel string) ([]entry, error) {
	root, err := os.OpenRoot(b.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(rel)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && !info.IsDir() {
		return nil, errNotFolder
	}
	dirEntries, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	entries := make([]entry, 0, len(dirEntries))
	for _, de := range dirEntries {
		e := entry{Name: de.Name(), Kind: "file"}
		switch {
		case de.Type()&fs.ModeSymlink != 0:
			e.Kind = "link"
		case de.IsDir():
			e.Kind = "folder"
		default:
			if info, err := de.Info(); err == nil {
				e.Size = info.Size()
			}
		}
		entries = append(entries, e)
	}
	slices.SortFunc(entries, func(x, y entry) int { return strings.Compare(x.Name, y.Name) })
	return entries, nil
}

// remove deletes the file at rel. It refuses folders: the demo deletes one
// file at a time, never a tree.
func (b sandbox) remove(rel string) error {
	root, err := os.OpenRoot(b.dir)
	if err != nil {
		return err
	}
	defer root.Close()
	info, err := root.Lstat(rel)
	if err != nil {
		return err
	}
	if info.IsDir() {
		return errIsFolder
	}
	return root.Remove(rel)
}

// describeMissing explains that rel does not exist and shows what the
// nearest existing folder above it holds, so the user can pick a real name.
func (b sandbox) describeMissing(userPath, rel string) string {
	folder := filepath.Dir(rel)
	for {
		entries, err := b.list(folder)
		if err == nil {
			where := "The sandbox folder"
			if folder != "." {
				where = fmt.Sprintf("The folder %q", display(folder))
			}
			return fmt.Sprintf("There is no file %q in the sandbox. %s contains: %s.", userPath, where, namesOf(entries))
		}
		if folder == "." {
			return fmt.Sprintf("There is no file %q in the sandbox, and the sandbox folder cannot be listed: %v.", userPath, err)
		}
		folder = filepath.Dir(folder)
	}
}

// namesOf lists entries for a sentence: folders end in "/".
func namesOf(entries []entry) string {
	if len(entries) == 0 {
		return "nothing (it is empty)"
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
		if e.Kind == "folder" {
			names[i] += "/"
		}
	}
	return strings.Join(names, ", ")
}

// explainOpenError turns a failure to open rel into a sentence for the
// user. A missing path lists what is there instead.
func (b sandbox) explainOpenError(userPath, rel string, err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return b.describeMissing(userPath, rel)
	case errors.Is(err, errIsFolder):
		entries, listErr := b.list(rel)
		if listErr != nil {
			return fmt.Sprintf("%q is a folder, not a file. Use list_files to see what it holds.", userPath)
		}
		return fmt.Sprintf("%q is a folder, not a file. It contains: %s.", userPath, namesOf(entries))
	case errors.Is(err, errTooLarge):
		return fmt.Sprintf("%q is larger than %d bytes, which is more than read_file shows.", userPath, maxReadSize)
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("%q cannot be opened: permission denied.", userPath)
	default:
		// os.Root refuses a path that escapes, for instance through a link
		// changed after resolve checked it; its message is technical, so
		// say plainly what happened and keep the detail.
		return fmt.Sprintf("%q could not be opened inside the sandbox, so it was refused (%v).", userPath, err)
	}
}
