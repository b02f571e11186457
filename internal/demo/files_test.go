package demo_test

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
)

// secret is the content of a file outside the sandbox; no answer may ever
// contain it.
const secret = "TOP SECRET: outside the sandbox"

// escapeFixture is a sandbox next to a folder with a secret file, and links
// inside the sandbox: one out to the secret, one out to its folder, and one
// that stays inside.
func escapeFixture(t *testing.T) (f *fixture, outsideFile string) {
	t.Helper()
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	if err := os.Mkdir(outside, 0o755); err != nil {
		t.Fatal(err)
	}
	outsideFile = filepath.Join(outside, "secret.txt")
	if err := os.WriteFile(outsideFile, []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := demo.NewSandbox(base)
	if err != nil {
		t.Fatal(err)
	}
	links := map[string]string{
		"leak.txt":          outsideFile,
		"elsewhere":         outside,
		"relative-leak.txt": filepath.Join("..", "outside", "secret.txt"),
		"welcome-link.txt":  "welcome.txt",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			if runtime.GOOS == "windows" {
				t.Skipf("cannot create symlinks here: %v", err)
			}
			t.Fatal(err)
		}
	}
	return connectTo(t, root), outsideFile
}

func TestReadFile(t *testing.T) {
	f, outsideFile := escapeFixture(t)
	welcome, err := os.ReadFile(filepath.Join(f.root, "welcome.txt"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		path     string
		wantText string // a successful read contains this
		wantErr  string // a refusal (isError) contains this
	}{
		{"text file", "welcome.txt", "Welcome to the MCP Browser demo sandbox", ""},
		{"nested file", "notes/shopping-list.md", "# Shopping list", ""},
		{"json file", "planets.json", `"Mars"`, ""},
		{"dot dot that stays inside", "notes/../planets.json", `"planets"`, ""},
		{"absolute path inside", filepath.Join(f.root, "welcome.txt"), string(welcome), ""},
		{"link that stays inside", "welcome-link.txt", string(welcome), ""},
		{"dot dot", "../outside/secret.txt", "", `uses ".." to go up out of the sandbox`},
		{"dot dot after a folder", "notes/../../outside/secret.txt", "", `".."`},
		{"bare dot dot", "..", "", `".."`},
		{"absolute path outside", outsideFile, "", "is outside the sandbox"},
		{"absolute system file", "/etc/passwd", "", "is outside the sandbox"},
		{"link escaping to a file", "leak.txt", "", "link that points outside the sandbox"},
		{"relative link escaping", "relative-leak.txt", "", "link that points outside the sandbox"},
		{"link escaping to a folder", "elsewhere/secret.txt", "", "link that points outside the sandbox"},
		{"missing file lists the folder", "nope.txt", "", "notes/, planets.json"},
		{"missing nested file lists its folder", "notes/nope.md", "", `The folder "notes" contains: shopping-list.md`},
		{"missing folder lists the nearest one", "no/such/file", "", "There is no file"},
		{"folder", "notes", "", "is a folder, not a file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.call(t, "read_file", map[string]any{"path": tt.path})
			got := textOf(res)
			if strings.Contains(got, secret) {
				t.Fatalf("read_file(%q) leaked the secret: %q", tt.path, got)
			}
			if tt.wantErr != "" {
				if !res.IsError || !strings.Contains(got, tt.wantErr) {
					t.Errorf("read_file(%q) = isError %v %q, want a refusal containing %q", tt.path, res.IsError, got, tt.wantErr)
				}
				return
			}
			if res.IsError || !strings.Contains(got, tt.wantText) {
				t.Errorf("read_file(%q) = isError %v %q, want text containing %q", tt.path, res.IsError, got, tt.wantText)
			}
		})
	}
}

func TestReadFileMissingListsContents(t *testing.T) {
	f := newFixture(t)
	res := f.call(t, "read_file", map[string]any{"path": "missing.txt"})
	want := `There is no file "missing.txt" in the sandbox. The sandbox folder contains: images/, notes/, planets.json, welcome.txt.`
	if !res.IsError || textOf(res) != want {
		t.Errorf("got isError %v %q\nwant %q", res.IsError, textOf(res), want)
	}
}

func TestReadFileShowsPictureAsImage(t *testing.T) {
	f := newFixture(t)
	res := f.call(t, "read_file", map[string]any{"path": "images/gradient.png"})
	if res.IsError {
		t.Fatal(textOf(res))
	}
	for _, c := range res.Content {
		if img, ok := c.(*sdk.ImageContent); ok {
			if img.MIMEType != "image/png" {
				t.Errorf("MIME type %q", img.MIMEType)
			}
			if _, err := png.Decode(bytes.NewReader(img.Data)); err != nil {
				t.Errorf("not a PNG: %v", err)
			}
			return
		}
	}
	t.Errorf("no image content in %+v", res.Content)
}

func TestReadFileAttachesOtherBinaries(t *testing.T) {
	f := newFixture(t)
	blob := []byte{0x00, 0xff, 0xfe, 0x01, 0x02}
	if err := os.WriteFile(filepath.Join(f.root, "data.bin"), blob, 0o644); err != nil {
		t.Fatal(err)
	}
	res := f.call(t, "read_file", map[string]any{"path": "data.bin"})
	for _, c := range res.Content {
		if er, ok := c.(*sdk.EmbeddedResource); ok {
			if !bytes.Equal(er.Resource.Blob, blob) || er.Resource.URI != "demo://files/data.bin" {
				t.Errorf("embedded resource %+v", er.Resource)
			}
			return
		}
	}
	t.Errorf("no embedded resource in %+v", res.Content)
}

func TestListFiles(t *testing.T) {
	f := newFixture(t)
	outputSchema := f.tool(t, "list_files").OutputSchema
	tests := []struct {
		path      string
		wantNames []string
		wantErr   string
	}{
		{"", []string{"images", "notes", "planets.json", "welcome.txt"}, ""},
		{".", []string{"images", "notes", "planets.json", "welcome.txt"}, ""},
		{"notes", []string{"shopping-list.md"}, ""},
		{"notes/", []string{"shopping-list.md"}, ""},
		{"welcome.txt", nil, "is a file, not a folder"},
		{"..", nil, `".."`},
		{"nothing-here", nil, "There is no file"},
	}
	for _, tt := range tests {
		res := f.call(t, "list_files", map[string]any{"path": tt.path})
		if tt.wantErr != "" {
			if !res.IsError || !strings.Contains(textOf(res), tt.wantErr) {
				t.Errorf("list_files(%q) = isError %v %q, want %q", tt.path, res.IsError, textOf(res), tt.wantErr)
			}
			continue
		}
		if res.IsError {
			t.Fatalf("list_files(%q): %s", tt.path, textOf(res))
		}
		if err := validate(t, outputSchema, res.StructuredContent); err != nil {
			t.Errorf("list_files(%q): structured result does not match the output schema: %v", tt.path, err)
		}
		entries, _ := asMap(t, res.StructuredContent)["entries"].([]any)
		var names []string
		for _, e := range entries {
			names = append(names, e.(map[string]any)["name"].(string))
		}
		if strings.Join(names, ",") != strings.Join(tt.wantNames, ",") {
			t.Errorf("list_files(%q) = %v, want %v", tt.path, names, tt.wantNames)
		}
	}
	// Without arguments at all, the default (the top folder) applies.
	if res := f.call(t, "list_files", nil); res.IsError || !strings.Contains(textOf(res), "welcome.txt") {
		t.Errorf("list_files() = %q", textOf(res))
	}
}

func TestDeleteFileAndRestoreSamples(t *testing.T) {
	f, outsideFile := escapeFixture(t)
	tool := f.tool(t, "delete_file")
	if a := tool.Annotations; a == nil || a.DestructiveHint == nil || !*a.DestructiveHint || a.ReadOnlyHint {
		t.Fatalf("delete_file annotations %+v: want destructiveHint true, readOnlyHint false", a)
	}

	refusals := []struct{ path, want string }{
		{"notes", "is a folder"},
		{".", "cannot be deleted"},
		{"../outside/secret.txt", `".."`},
		{outsideFile, "is outside the sandbox"},
		{"elsewhere/secret.txt", "link that points outside"},
		{"gone.txt", "There is no file"},
	}
	for _, tt := range refusals {
		res := f.call(t, "delete_file", map[string]any{"path": tt.path})
		if !res.IsError || !strings.Contains(textOf(res), tt.want) {
			t.Errorf("delete_file(%q) = isError %v %q, want a refusal containing %q", tt.path, res.IsError, textOf(res), tt.want)
		}
	}
	if _, err := os.Stat(outsideFile); err != nil {
		t.Fatalf("the file outside the sandbox is gone: %v", err)
	}
	if _, err := os.Stat(filepath.Join(f.root, "notes", "shopping-list.md")); err != nil {
		t.Fatalf("a refused delete removed something: %v", err)
	}

	// Deleting a link removes the link, not what it points to.
	if res := f.call(t, "delete_file", map[string]any{"path": "welcome-link.txt"}); res.IsError {
		t.Fatal(textOf(res))
	}
	for _, path := range []string{"welcome.txt", "notes/shopping-list.md"} {
		if res := f.call(t, "delete_file", map[string]any{"path": path}); res.IsError {
			t.Fatalf("delete_file(%q): %s", path, textOf(res))
		}
		if _, err := os.Stat(filepath.Join(f.root, filepath.FromSlash(path))); !os.IsNotExist(err) {
			t.Errorf("%s still exists after delete_file (%v)", path, err)
		}
	}

	// Changed files are kept; missing ones come back.
	planets := filepath.Join(f.root, "planets.json")
	if err := os.WriteFile(planets, []byte("edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := f.call(t, "restore_samples", nil)
	if res.IsError || !strings.Contains(textOf(res), "welcome.txt") || !strings.Contains(textOf(res), "notes/shopping-list.md") {
		t.Errorf("restore_samples = %q", textOf(res))
	}
	if got, _ := os.ReadFile(planets); string(got) != "edited" {
		t.Errorf("restore_samples overwrote an existing file: %q", got)
	}
	if res := f.call(t, "read_file", map[string]any{"path": "welcome.txt"}); res.IsError {
		t.Errorf("welcome.txt is not back: %s", textOf(res))
	}
	if res := f.call(t, "restore_samples", nil); !strings.Contains(textOf(res), "nothing was changed") {
		t.Errorf("second restore_samples = %q", textOf(res))
	}
}

func TestSandboxIsDeterministic(t *testing.T) {
	read := func() map[string]string {
		dir, err := demo.NewSandbox(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		files := map[string]string{}
		err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			rel, _ := filepath.Rel(dir, path)
			files[filepath.ToSlash(rel)] = string(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return files
	}
	first, second := read(), read()
	if len(first) != 4 {
		t.Errorf("sandbox has %d files, want 4: %v", len(first), first)
	}
	for name, content := range first {
		if second[name] != content {
			t.Errorf("%s differs between two fresh sandboxes", name)
		}
	}
}

func TestNewServerRefusesBadRoots(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ root, want string }{
		{"", "no sandbox folder"},
		{filepath.Join(t.TempDir(), "missing"), "create it"},
		{file, "is a file, not a folder"},
	}
	for _, tt := range tests {
		_, err := demo.NewServer(demo.Options{Root: tt.root})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("NewServer(Root: %q) error = %v, want one containing %q", tt.root, err, tt.want)
		}
	}
}
