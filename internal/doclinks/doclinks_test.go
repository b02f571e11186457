package doclinks

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestRepositoryLinks: every link of README.md and docs/*.md resolves
// inside the repository.
func TestRepositoryLinks(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	files = append([]string{filepath.Join(root, "README.md")}, files...)
	for _, f := range files {
		problems, err := Check(root, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range problems {
			t.Error(p)
		}
	}
}

func TestCheck(t *testing.T) {
	root := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("docs/a.md", "# A page\n\n## Second part\n")
	readme := write("README.md", strings.Join([]string{
		"# Title", "## The command line",
		"[ok](docs/a.md) [ok](docs/a.md#second-part) [ok](#the-command-line) [web](https://example.com)",
		"[gone](docs/missing.md) [no heading](docs/a.md#nope) [no heading here](#nope)",
		"[shared](../shared/DESIGN.md) [abs](/etc/passwd) [file](file:///x)",
		"`[in code](nowhere.md)`", "```", "[in a block](nowhere.md)", "```",
	}, "\n"))
	problems, err := Check(root, readme)
	if err != nil {
		t.Fatal(err)
	}
	var bad []string
	for _, p := range problems {
		_, link, _ := strings.Cut(p, "link ")
		bad = append(bad, strings.Fields(link)[0])
	}
	want := []string{`"docs/missing.md"`, `"docs/a.md#nope"`, `"#nope"`, `"../shared/DESIGN.md"`, `"/etc/passwd"`, `"file:///x"`}
	if !slices.Equal(bad, want) {
		t.Errorf("problems %q\nwant links %q", problems, want)
	}
}
