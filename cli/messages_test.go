package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
)

// Every message the CLI translates (the first argument of tr, trN, usageT,
// helpT and flagUsageT, when it is a literal) is in both translation files, so
// none silently stays English under a Chinese locale.
func TestEveryCLIMessageIsTranslated(t *testing.T) {
	files := map[string]map[string]any{}
	for _, language := range []string{i18n.English, i18n.SimplifiedChinese} {
		m, err := i18n.Messages(language)
		if err != nil {
			t.Fatal(err)
		}
		files[language] = m
	}
	sources, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	found := 0
	for _, src := range sources {
		if strings.HasSuffix(src, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, src, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := call.Fun.(*ast.Ident)
			if !ok {
				return true
			}
			arg := 0
			switch fn.Name {
			case "tr", "trN", "usageT", "helpT":
			case "flagUsageT":
				arg = 1
			default:
				return true
			}
			if len(call.Args) <= arg {
				return true
			}
			lit, ok := call.Args[arg].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			key, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			found++
			for name, m := range files {
				if _, ok := m[key]; !ok {
					t.Errorf("%s: %q is not in %s", fset.Position(lit.Pos()), key, name)
				}
			}
			return true
		})
	}
	if found < 50 {
		t.Errorf("found only %d messages; is the walk still looking at the right calls?", found)
	}
}
