package i18n

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// coreKeys are the keys the core (mcp/…) words messages by: the first
// argument of say.New, say.Text and say.Error, and of mcp/apps' note, when
// it is written as a literal or as a choice of literals (pick(a, b)).
func coreKeys(t *testing.T) map[string]string {
	t.Helper()
	keys := map[string]string{}
	err := filepath.WalkDir("../../mcp", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, _ := sel.X.(*ast.Ident)
			isSay := pkg != nil && pkg.Name == "say" && (sel.Sel.Name == "New" || sel.Sel.Name == "Text" || sel.Sel.Name == "Error")
			isNote := sel.Sel.Name == "note" && filepath.Base(filepath.Dir(path)) == "apps"
			if !isSay && !isNote {
				return true
			}
			lits := []ast.Expr{call.Args[0]}
			if pick, ok := call.Args[0].(*ast.CallExpr); ok {
				// pick("for a call", "for a request"): either key.
				lits = pick.Args
			}
			for _, arg := range lits {
				if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if key, err := strconv.Unquote(lit.Value); err == nil {
						keys[key] = path
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return keys
}

// Every key the core words a message by is in both languages, with the
// English text its key: a new keyed message cannot be left in English.
func TestCoreKeysAreInBothLanguages(t *testing.T) {
	keys := coreKeys(t)
	if len(keys) < 20 {
		t.Fatalf("only %d keys found: %v", len(keys), keys)
	}
	en, err := Messages(English)
	if err != nil {
		t.Fatal(err)
	}
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	for key, path := range keys {
		if en[key] != key {
			t.Errorf("%s: %q is not in the English files as itself (%q)", path, key, en[key])
		}
		if _, ok := zh[key]; !ok {
			t.Errorf("%s: %q has no Chinese", path, key)
		}
	}
}
