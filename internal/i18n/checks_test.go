package i18n

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode"

	"fyne.io/fyne/v2/lang"

	"mcpbrowser/internal/i18n/i18ntest"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// everyFailure makes one failure of every sentence mcp/checks words.
func everyFailure() []checks.Failure {
	yes, no := true, false
	var five any = 5.0
	code := int64(-32601)
	bad := []struct {
		e checks.Expect
		o checks.Observed
	}{
		{checks.Expect{Outcome: "success"}, checks.Observed{Outcome: "tool_error", Message: "the tool ran and reported an error", Said: say.Text("the tool ran and reported an error")}},
		{checks.Expect{Outcome: "success"}, checks.Observed{Outcome: "tool_error", Message: "the tool ran and reported an error: boom",
			Said: say.New("the tool ran and reported an error: {{.Text}}", say.Args{"Text": "boom"})}},
		{checks.Expect{Outcome: "success"}, checks.Observed{Outcome: "no_answer"}},
		{checks.Expect{Outcome: "rpc_error", Code: &code}, checks.Observed{Outcome: "rpc_error", Code: -32602}},
		{checks.Expect{Text: &checks.TextExpect{Contains: "bye", Matches: "= 6$"}}, checks.Observed{Outcome: "success", Text: "hi"}},
		{checks.Expect{Text: &checks.TextExpect{Matches: "("}}, checks.Observed{Outcome: "success", Text: "hi"}},
		{checks.Expect{JSON: []checks.PathExpect{{Path: "a[", Exists: &yes}}}, checks.Observed{Outcome: "success", Structured: map[string]any{}}},
		{checks.Expect{JSON: []checks.PathExpect{{Path: "a[x]", Exists: &yes}, {Path: "a..b", Exists: &yes}}}, checks.Observed{Outcome: "success", Structured: map[string]any{}}},
		{checks.Expect{JSON: []checks.PathExpect{{Path: "sum", Exists: &yes}}}, checks.Observed{Outcome: "success"}},
		{checks.Expect{JSON: []checks.PathExpect{{Path: "sum", Exists: &no, Equals: &five, Matches: "^5"}, {Path: "mode", Exists: &yes, Equals: &five, Matches: "^5"}}},
			checks.Observed{Outcome: "success", Structured: map[string]any{"sum": 6.0}}},
		{checks.Expect{JSON: []checks.PathExpect{{Path: "sum", Matches: "("}}}, checks.Observed{Outcome: "success", Structured: map[string]any{"sum": 6.0}}},
		{checks.Expect{OutputSchema: true}, checks.Observed{Outcome: "success"}},
		{checks.Expect{OutputSchema: true}, checks.Observed{Outcome: "success", OutputSchema: []byte(`{"type":"object"}`)}},
		{checks.Expect{OutputSchema: true}, checks.Observed{Outcome: "success", OutputSchema: []byte(`{"type":3}`), Structured: map[string]any{}}},
		{checks.Expect{OutputSchema: true}, checks.Observed{Outcome: "success", OutputSchema: []byte(`{"$ref":"#/nope"}`), Structured: map[string]any{}}},
		{checks.Expect{OutputSchema: true}, checks.Observed{Outcome: "success", OutputSchema: []byte(`{"type":"object","required":["sum"]}`), Structured: map[string]any{}}},
		{checks.Expect{MaxMS: 10}, checks.Observed{Outcome: "success", Duration: time.Second}},
	}
	var fs []checks.Failure
	for _, b := range bad {
		fs = append(fs, checks.Evaluate(&b.e, &b.o)...)
	}
	return append(fs, checks.CompareSnapshot(map[string]any{"a": 1.0, "b": 2.0}, map[string]any{"a": 1.0, "c": 3.0}, nil)...)
}

func TestCheckFailuresAreTranslated(t *testing.T) {
	fs := everyFailure()
	if len(fs) < 20 {
		t.Fatalf("only %d failures: %v", len(fs), fs)
	}
	setup(t, English)
	for _, f := range fs {
		if got := CheckFailure(f.Kind, f.Path, f.Expected, f.Actual); got != f.String() {
			t.Errorf("in English\n got %q\nwant %q", got, f.String())
		}
	}
	setup(t, SimplifiedChinese)
	for _, f := range fs {
		// What was expected and what came are sentences, translated, or
		// values (JSON, quoted text), shown as they are.
		for _, v := range []say.Msg{f.Expected, f.Actual} {
			got := CheckValue(v)
			if v.Key == "{{.Text}}" {
				if got != v.String() {
					t.Errorf("the value %q was changed to %q", v, got)
				}
				continue
			}
			checkKeysInChinese(t, v)
			if left := withoutValues(got, append(valuesOf(v), checkFileWords...)...); got == v.String() || HasLatinLetter(left) {
				t.Errorf("%q was not translated (in %q): %q", v, f.String(), got)
			}
		}
		if got := CheckKind(f.Kind, f.Path); !strings.HasPrefix(got, lang.X("check expectation: "+f.Kind, "")) || got == f.Kind {
			t.Errorf("the kind %q was not translated: %q", f.Kind, got)
		}
	}
}

func TestCheckMessagesAreTranslated(t *testing.T) {
	_, invalid := checks.Parse([]byte("checks:\n- {name: a, tool: x, read: y, expect: {outcome: maybe, code: 1, json: [{path: 'a[', exists: true}]}}\n- {tool: x}\n- {name: a, tool: x, server: s}\n"))
	if invalid == nil {
		t.Fatal("the bad file was read")
	}
	_, two := checks.ParseCheck("- {name: a, tool: x, server: s}\n- {name: b, tool: x, server: s}\n")
	if two == nil {
		t.Fatal("two checks were read as one")
	}
	_, unread := checks.Load("x.yaml")
	dir := t.TempDir()
	bad := filepath.Join(dir, "x.yaml")
	if err := os.WriteFile(bad, []byte("a: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, notChecks := checks.Load(bad)
	errs := []error{invalid, two, unread, notChecks}
	for _, err := range errs {
		k, ok := err.(Keyed)
		if !ok {
			t.Fatalf("%q is not keyed", err)
		}
		checkKeysInChinese(t, k)
	}
	msgs := []say.Msg{
		say.New(`{{.Tool}} may destroy things and was not run; add "destructive: true" to the check if that is meant`, say.Args{"Tool": "delete_all"}),
		say.New("the arguments cannot be written as JSON: {{.Err}}", say.Args{"Err": "json: unsupported value: NaN"}),
	}
	for _, err := range []error{
		checks.ConnectFailed("demo", mcp.Status{Reason: "the server exited with code 2.", Said: say.New("the server exited with code {{.Code}}.", say.Args{"Code": 2})}, nil),
		checks.NoServerNamed("demo", true),
		checks.NoServerNamed("demo", false),
		checks.NeedsApproval("demo", checks.NoServerNamed("x", false)),
	} {
		msgs = append(msgs, *err.(*say.Msg))
	}
	_, missing := checks.Resolve(&checks.File{Checks: []checks.Check{{Name: "a", Server: "a"}, {Name: "b", Server: "b"}}},
		func(string) *config.ServerConfig { return nil }, nil)
	errs = append(errs, missing)
	setup(t, English)
	for _, m := range msgs {
		if got := CheckMessage(m); got != m.String() {
			t.Errorf("in English\n got %q\nwant %q", got, m)
		}
	}
	for _, err := range errs {
		if got := CheckError(err); got != err.Error() {
			t.Errorf("in English\n got %q\nwant %q", got, err.Error())
		}
	}
	setup(t, SimplifiedChinese)
	var got []string
	for _, m := range msgs {
		checkKeysInChinese(t, m)
		got = append(got, withoutValues(CheckMessage(m), valuesOf(m)...))
	}
	for _, err := range errs {
		got = append(got, withoutValues(strings.ReplaceAll(CheckError(err), dir+string(filepath.Separator), "/tmp/"), goErrorValues...))
	}
	for _, g := range got {
		if left := withoutValues(g, checkFileWords...); HasLatinLetter(left) {
			t.Errorf("English left in %q: %q", g, left)
		}
	}
}

// goErrorValues are the Go errors and names in the errors above, which
// stay as they are.
var goErrorValues = []string{"/tmp/x.yaml", "x.yaml", "yaml: line 2: did not find expected node content", "a, b"}

// checkFileWords are the words of the check file, the protocol and the
// command line that a Chinese text names as they are written.
var checkFileWords = []string{"mcpbrowser approve", "--server NAME=TARGET", "server: NAME", "destructive: true", "outcome: rpc_error",
	"structuredContent", "outputSchema", "schema", "success", "tool_error", "rpc_error", "no_answer", "outcome", "code", "json", "JSON",
	"tool", "read", "prompt", "a[", "]"}

// valuesOf are the values in m's fields; an Outcome is a word of the
// check file, translated.
func valuesOf(m Keyed) []string { return i18ntest.Values(m, "Outcome") }

// withoutValues is i18ntest.WithoutValues.
func withoutValues(s string, values ...string) string { return i18ntest.WithoutValues(s, values...) }

func TestCheckSummaryFollowsTheLanguage(t *testing.T) {
	f := &checks.File{Name: "demo checks", Path: "demo.yaml", Checks: []checks.Check{{Name: "sum", Tool: "add"}, {Name: "readme", Read: "demo://readme"}}}
	rep := &checks.Report{File: f, Updated: 1, Results: []checks.Result{
		{Check: &f.Checks[0], Server: "demo", Status: checks.StatusFailed, Duration: 3 * time.Millisecond, Failures: everyFailure()[:2]},
		{Check: &f.Checks[1], Server: "demo", Status: checks.StatusError,
			Message: *checks.ConnectFailed("demo", mcp.Status{Reason: "the server exited with code 2.", Said: say.New("the server exited with code {{.Code}}.", say.Args{"Code": 2})}, nil).(*say.Msg)},
	}}
	var en, words, zh bytes.Buffer
	setup(t, English)
	if err := checks.WriteSummary(&en, []*checks.Report{rep}); err != nil {
		t.Fatal(err)
	}
	checks.WriteSummaryIn(&words, []*checks.Report{rep}, CheckWords{})
	if words.String() != en.String() {
		t.Errorf("the English summary changed:\n%s\nwant\n%s", words.String(), en.String())
	}
	setup(t, SimplifiedChinese)
	checks.WriteSummaryIn(&zh, []*checks.Report{rep}, CheckWords{})
	for _, want := range []string{"失败     sum  [demo add，3 毫秒]", "无法运行 readme  [demo 读取 demo://readme，", "无法连接到 \"demo\"：服务器已退出，退出码 2。", "已重写 1 个快照", "0 项通过，1 项失败，1 项无法运行"} {
		if !strings.Contains(zh.String(), want) {
			t.Errorf("the Chinese summary lacks %q:\n%s", want, zh.String())
		}
	}
}

// The command line's summary marks each check by its status; in Chinese
// that mark is the very word the window's Checks tab shows (CheckStatus),
// so a person reading both sees one word for "passed". English keeps its
// terse column (ok, FAIL, ERR, skip).
func TestCheckStatusWordsAgreeBetweenCLIAndWindow(t *testing.T) {
	f := &checks.File{Name: "f", Path: "f.yaml"}
	statuses := []string{checks.StatusPassed, checks.StatusFailed, checks.StatusError, checks.StatusSkipped}
	rep := &checks.Report{File: f}
	for _, st := range statuses {
		f.Checks = append(f.Checks, checks.Check{Name: "c" + st, Tool: "t"})
	}
	for i, st := range statuses {
		rep.Results = append(rep.Results, checks.Result{Check: &f.Checks[i], Server: "s", Status: st})
	}
	setup(t, SimplifiedChinese)
	var zh bytes.Buffer
	checks.WriteSummaryIn(&zh, []*checks.Report{rep}, CheckWords{})
	lines := strings.Split(zh.String(), "\n")
	for i, st := range statuses {
		window := CheckStatus(st)
		if window == st {
			t.Errorf("the window's word for %q is not translated", st)
		}
		// "  通过     cpassed  [s t，0 毫秒]": the mark, then the check's name.
		line := lines[1+i]
		mark, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		if mark != window {
			t.Errorf("status %q: the command line says %q, the window %q (line %q)", st, mark, window, line)
		}
		if !strings.Contains(line, " c"+st+"  ") {
			t.Errorf("line %q lacks the check's name", line)
		}
		if i > 0 && termColumns(line[:strings.Index(line, " c")]) != termColumns(lines[1][:strings.Index(lines[1], " c")]) {
			t.Errorf("the names do not line up:\n%s", zh.String())
		}
	}
}

// termColumns counts a Han character as two columns of a terminal.
func termColumns(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.Is(unicode.Han, r) {
			n++
		}
	}
	return n
}

// setup speaks the language until the test ends (then English again).
func setup(t *testing.T, language string) {
	t.Helper()
	if _, err := Setup(language); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Setup(English) })
}

// Every word of the check file shown translated has its Chinese.
func TestCheckAndExportRulesHaveTheirChinese(t *testing.T) {
	var words []string
	for _, table := range []map[string]string{checkOutcomes, checkStatuses, checkKinds} {
		for _, key := range table {
			words = append(words, key)
		}
	}
	checkKeysTranslated(t, words...)
}

// English keys that are words of two meanings get the one the app means:
// About's "Go" row is the Go toolchain the program was built with, not "go
// to" (it once read 转到 go1.26 linux/amd64).
func TestAmbiguousKeysMeanWhatTheAppMeans(t *testing.T) {
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{"Go": "Go"} {
		if got, _ := zh[key].(string); !strings.Contains(got, want) {
			t.Errorf("%q is %q in Chinese; want it to say %q", key, got, want)
		}
	}
}
