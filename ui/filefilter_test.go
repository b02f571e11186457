package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"

	"mcpbrowser/internal/i18n"
)

// A file dialog's filter name is shown translated (filedialog.FileFilter's
// Name), so every FileFilter written in the window's code (here and in the
// packages below ui/) names its files by an English text
// that both translation files hold — not by a translated text, which would
// be looked up a second time.
func TestFileFilterNamesAreTranslationKeys(t *testing.T) {
	zh, err := i18n.Messages(i18n.SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("*.go")
	below, _ := filepath.Glob("*/*.go")
	files = append(files, below...)
	fset := token.NewFileSet()
	found := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if !isFilterType(lit.Type) {
				// the values of map[string]FileFilter{...} have no type of their own
				if m, ok := lit.Type.(*ast.MapType); !ok || !isFilterType(m.Value) {
					return true
				}
				for _, e := range lit.Elts {
					if kv, ok := e.(*ast.KeyValueExpr); ok {
						if v, ok := kv.Value.(*ast.CompositeLit); ok {
							found += checkFilterDesc(t, fset, v, zh)
						}
					}
				}
				return true
			}
			found += checkFilterDesc(t, fset, lit, zh)
			return true
		})
	}
	if found < 6 {
		t.Errorf("found only %d file filters", found)
	}
	for _, key := range []string{"All files"} {
		if _, ok := zh[key]; !ok {
			t.Errorf("%q is not translated", key)
		}
	}
}

// isFilterType says whether e names the file filter type: FileFilter in
// package filedialog, filedialog.FileFilter elsewhere.
func isFilterType(e ast.Expr) bool {
	if sel, ok := e.(*ast.SelectorExpr); ok {
		return isIdent(sel.X, "filedialog") && sel.Sel.Name == "FileFilter"
	}
	return isIdent(e, "FileFilter")
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

func checkFilterDesc(t *testing.T, fset *token.FileSet, lit *ast.CompositeLit, zh map[string]any) int {
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok || !isIdent(kv.Key, "Desc") {
			continue
		}
		s, ok := kv.Value.(*ast.BasicLit)
		if !ok || s.Kind != token.STRING {
			t.Errorf("%s: a filter's Desc must be its English text, translated where shown", fset.Position(kv.Pos()))
			return 1
		}
		text, _ := strconv.Unquote(s.Value)
		if _, ok := zh[text]; !ok {
			t.Errorf("%s: the filter name %q is not in the translation files", fset.Position(kv.Pos()), text)
		}
		return 1
	}
	return 0
}
