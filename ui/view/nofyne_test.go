package view

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoFyne keeps the package Fyne-free: it reaches Fyne's lang only
// through internal/i18n, so its tests need no cgo and no display.
func TestImportsNoFyne(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files here: %v", err)
	}
	for _, f := range files {
		parsed, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range parsed.Imports {
			if path, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(path, "fyne.io/") || strings.HasPrefix(path, "mcpbrowser/ui") {
				t.Errorf("%s imports %s; ui/view takes its words from internal/i18n and imports no Fyne or ui package", f, path)
			}
		}
	}
}
