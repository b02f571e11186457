package i18n

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// parsesEnglish are the files whose tables still recover a message's meaning
// from the core's English sentence by regular expression; a message the core
// carries as a key (mcp/say) needs none. The list only shrinks.
var parsesEnglish = []string{"core.go"}

// This package translates what the app says without importing any of it
// (a keyed message comes through the Keyed interface), and no new file
// parses English with regular expressions.
func TestImportsNothingOfTheApp(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
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
			if path == "mcpbrowser" || strings.HasPrefix(path, "mcpbrowser/") {
				t.Errorf("%s imports %s", name, path)
			}
			if path == "regexp" && !slices.Contains(parsesEnglish, name) {
				t.Errorf("%s imports regexp: carry the message's key and arguments from the core instead (mcp/say)", name)
			}
		}
	}
}
