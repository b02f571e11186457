package i18n

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// This package translates what the app says without importing any of it
// (a keyed message comes through the Keyed interface; its tests may use the
// app to make real messages), and no file of it, tests included, uses
// regular expressions: meaning comes with the key, not from the English.
// The packages under it (i18ntest) are held to the same.
func TestImportsNothingOfTheApp(t *testing.T) {
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d Go files under internal/i18n: %v", len(files), files)
	}
	for _, name := range files {
		test := strings.HasSuffix(name, "_test.go")
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if !test && (path == "mcpbrowser" || strings.HasPrefix(path, "mcpbrowser/")) {
				t.Errorf("%s imports %s", name, path)
			}
			if path == "regexp" {
				t.Errorf("%s imports regexp: carry the message's key and arguments from the core instead (mcp/say)", name)
			}
		}
	}
}
