package ui

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from protocol 2026-07-28; the walker shows the request panel servers of earlier versions still send

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"mcpbrowser/ui/filedialog"
	"mcpbrowser/ui/importing"
	"mcpbrowser/ui/quality"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/BurntSushi/toml"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/load"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// The pseudo-locale walk: with every translation replaced by accented
// look-alikes ("Run" → "Ŕûñ"), a text on screen that still holds a plain
// Latin letter did not go through the translation files — unless it came
// from the server (names, descriptions, results, stderr), is a protocol word
// people search for, or is the product's name.

// protocolWords stay in Latin letters in every language (GLOSSARY.md).
// Log level names are the protocol's own words (logging/setLevel), and
// product names (of other apps, of libraries) are not translated either.
var protocolWords = []string{"JSON-RPC", "stdio", "stderr", "stdout", "OAuth", "MCP Browser", "MCP", "URL", "JSON", "HTTP", "http", "SSE", "sse", "PATH",
	"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency", "English",
	"Claude Desktop", "Claude Code", "Cursor", "VS Code", "Cline", "Windsurf", "Codex", "Playwright", "Git", "Fyne", "OpenAPI", "openapi", "Ctrl", "Enter", "Esc",
	"isError: true", "io.modelcontextprotocol/tasks", "execution.taskSupport", "tasks/list", // view.WithTerms
	"listChanged", "subscribe", "invalid params", "method not found", "parse error", "invalid request", "internal error", "mcpServers", "mcp_servers", "auto", "npx", "command", "args", "url", "name"}

// A shownText is one text of the window and where it was found.
type shownTextAt struct{ where, text string }

// walkTexts collects what a person can read in o: labels, buttons, entry
// placeholders, select options, checks, radio options, links, rich text,
// canvas text, tab titles and accordion titles. Entry contents are what the
// person typed (or the server's JSON) and are left out.
func walkTexts(o fyne.CanvasObject, where string, out *[]shownTextAt) {
	if o == nil || !o.Visible() {
		return
	}
	add := func(kind, s string) {
		if strings.TrimSpace(s) != "" {
			*out = append(*out, shownTextAt{where + " " + kind, s})
		}
	}
	switch v := o.(type) {
	case *widget.Label:
		add("label", v.Text)
		return
	case *widget.Button:
		add("button", v.Text)
		return
	case *widgets.Button:
		add("button", v.Text)
		return
	case *widgets.Check:
		add("check", v.Text)
		return
	case *widget.Entry:
		if v.Text == "" {
			add("placeholder", v.PlaceHolder)
		}
		return
	case *widgets.Entry:
		if v.Text == "" {
			add("placeholder", v.PlaceHolder)
		}
		return
	case *widget.SelectEntry:
		if v.Text == "" {
			add("placeholder", v.PlaceHolder)
		}
		return
	case *widget.Select:
		add("select", v.Selected)
		if v.Selected == "" {
			add("select placeholder", v.PlaceHolder)
		}
		for _, opt := range v.Options {
			add("select option", opt)
		}
		return
	case *widget.Check:
		add("check", v.Text)
		return
	case *widget.RadioGroup:
		for _, opt := range v.Options {
			add("radio", opt)
		}
		return
	case *widget.Hyperlink:
		add("link", v.Text)
		return
	case *widget.RichText:
		add("rich text", v.String())
		return
	case *widget.TextGrid:
		return // logs: what the server printed
	case *canvas.Text:
		add("text", v.Text)
		return
	case *container.AppTabs:
		for _, it := range v.Items {
			add("tab", it.Text)
		}
		if sel := v.Selected(); sel != nil {
			walkTexts(sel.Content, where, out)
		}
		return
	case *widgets.Accordion:
		for _, it := range v.Items {
			add("accordion", it.Title)
			if it.Open {
				walkTexts(it.Detail, where, out)
			}
		}
		return
	case *fyne.Container:
		for _, c := range v.Objects {
			walkTexts(c, where, out)
		}
		return
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(v).Objects() {
			walkTexts(c, where, out)
		}
	}
}

func walkMenu(m *fyne.Menu, where string, out *[]shownTextAt) {
	if m == nil {
		return
	}
	*out = append(*out, shownTextAt{where + " menu", m.Label})
	for _, it := range m.Items {
		if it.IsSeparator {
			continue
		}
		*out = append(*out, shownTextAt{where + " menu item", it.Label})
		walkMenu(it.ChildMenu, where+" "+it.Label, out)
	}
}

// serverData is every text a session got from its server: what the walk
// allows in Latin letters.
func serverData(s *mcp.Session) []string {
	var data []string
	add := func(ss ...string) {
		for _, x := range ss {
			for _, line := range strings.Split(x, "\n") {
				if line = strings.TrimSpace(line); line != "" {
					data = append(data, line)
				}
			}
		}
	}
	for _, t := range s.Tools() {
		add(t.Name, t.Title, t.Description)
		if t.Annotations != nil {
			add(t.Annotations.Title)
		}
		if raw := s.RawTool(t.Name); raw != nil {
			add(jsonStrings(raw)...)
		}
	}
	ctx := context.Background()
	if rs, err := s.Resources(ctx); err == nil {
		for _, r := range rs {
			add(r.URI, r.Name, r.Title, r.Description, r.MIMEType)
		}
	}
	if ts, err := s.ResourceTemplates(ctx); err == nil {
		for _, r := range ts {
			add(r.URITemplate, r.Name, r.Title, r.Description, r.MIMEType)
		}
	}
	if ps, err := s.Prompts(ctx); err == nil {
		for _, p := range ps {
			add(p.Name, p.Title, p.Description)
			for _, a := range p.Arguments {
				add(a.Name, a.Title, a.Description)
			}
		}
	}
	entries, _ := s.Log.Since(0)
	for _, e := range entries {
		switch e.Kind {
		case transport.LogInfo, transport.LogCallStart, transport.LogCallEnd:
			// The app's own lines are translated (i18n.LogLine); only the
			// names and figures in them are the server's.
		default:
			add(e.Text)
		}
	}
	if r := s.InitializeResult(); r != nil && r.ServerInfo != nil {
		add(r.ServerInfo.Name, r.ServerInfo.Version)
	}
	return data
}

// resultData is what a call's result holds from the server: its texts and
// the JSON-RPC error's message.
func resultData(r *mcp.CallResult) []string {
	var out []string
	if r.RPCError != nil {
		out = append(out, r.RPCError.Message)
	}
	if r.Result != nil {
		for _, c := range r.Result.Content {
			if t, ok := c.(*sdk.TextContent); ok {
				out = append(out, strings.Split(t.Text, "\n")...)
			}
		}
	}
	return out
}

// jsonStrings is every string and key in a JSON document.
func jsonStrings(raw json.RawMessage) []string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var out []string
	var walk func(any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, x := range v {
				walk(x)
			}
		case map[string]any:
			for k, x := range v {
				out = append(out, k)
				walk(x)
			}
		}
	}
	walk(v)
	return out
}

// What the walk lets stand in Latin letters, and where. A text passes when
// every Latin word in it is accounted for:
//   - a distinctive allowance — server data or a protocol word that no
//     English sentence of the app would hold: several words (a description's
//     line), an identifier (read_file, demo://readme), a camelCase or
//     upper-case name (listChanged, OAuth, JSON) — wherever it stands as a
//     whole word;
//   - a plain word of server data or of protocolWords ("add", "a", "path",
//     "debug") only where a widget shows it as data: the whole text, a
//     piece of it between separators ("demo · add · 3ms"), or the value of a
//     {{.Field}} of a translated message (matched against the pseudo
//     translations). The same word in the app's own untranslated English
//     ("Add a path", "30 (default)") is not hidden;
//   - file names, paths and durations as Go writes them.
type allowances struct {
	anywhere []string        // distinctive, longest first
	words    map[string]bool // plain words
	data     []string        // every server text, for isServerData
	slots    []*regexp.Regexp
}

func newAllowances(data []string) *allowances {
	a := &allowances{words: map[string]bool{}, data: data}
	for _, d := range append(append([]string(nil), data...), protocolWords...) {
		if plainWord.MatchString(d) {
			a.words[d] = true
		} else if d != "" {
			a.anywhere = append(a.anywhere, d)
		}
	}
	sort.Slice(a.anywhere, func(i, j int) bool { return len(a.anywhere[i]) > len(a.anywhere[j]) })
	a.slots = pseudoTemplates()
	return a
}

// plainWord is a word an English sentence could hold: letters only, all
// lower case or capitalised.
var plainWord = regexp.MustCompile(`^[A-Za-z][a-z]*$`)

// pseudoTemplates are the pseudo translations of every message with a
// {{.Field}}, as patterns whose groups are the fields.
func pseudoTemplates() []*regexp.Regexp {
	msgs, err := i18n.Messages(i18n.English)
	if err != nil {
		panic(err)
	}
	var texts []string
	for _, v := range msgs {
		switch v := v.(type) {
		case string:
			texts = append(texts, v)
		case map[string]any:
			for _, f := range v {
				if s, ok := f.(string); ok {
					texts = append(texts, s)
				}
			}
		}
	}
	field := regexp.MustCompile(`\{\{[^}]*\}\}`)
	var out []*regexp.Regexp
	for _, t := range texts {
		parts := field.Split(i18n.Pseudo(t), -1)
		if len(parts) < 2 || !i18n.HasLatinLetter(strings.Join(parts, "")) && !hasPseudoLetter(strings.Join(parts, "")) {
			continue // no field, or nothing but fields
		}
		for i := range parts {
			parts[i] = regexp.QuoteMeta(parts[i])
		}
		out = append(out, regexp.MustCompile(`(?s)^`+strings.Join(parts, "(.*?)")+`$`))
	}
	return out
}

func hasPseudoLetter(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r > 127 && unicode.IsLetter(r) }) >= 0
}

// untranslated returns the Latin words of text nothing accounts for.
func (a *allowances) untranslated(text string) []string {
	if isServerData(text, a.data) {
		return nil
	}
	blank := text
	for _, d := range a.anywhere {
		blank = removeWord(blank, d)
	}
	blank = blankAll(durationLike, blank)
	blank = blankAll(identifierLike, blank)
	if !i18n.HasLatinLetter(blank) {
		return nil
	}
	var slots [][2]int
	slotsDone := false
	var bad []string
	for _, w := range latinWord.FindAllStringIndex(blank, -1) {
		word := blank[w[0]:w[1]]
		if a.words[word] {
			if strings.TrimSpace(pieceAround(blank, w[0], w[1])) == word {
				continue
			}
			if !slotsDone {
				slots, slotsDone = a.slotSpans(text), true
			}
			if inside(slots, w[0], w[1]) {
				continue
			}
		}
		bad = append(bad, word)
	}
	return bad
}

var latinWord = regexp.MustCompile(`[A-Za-z][A-Za-z0-9]*`)

// pieceAround is the part of s between the separators around [i, j): the
// marks that join pieces of data in one label ("demo · add · 3ms",
// "add: 2 + 3", a list on lines).
func pieceAround(s string, i, j int) string {
	const seps = "·:,;\n|—–\"“”‘’=<>…+"
	from := 0
	if k := strings.LastIndexAny(s[:i], seps); k >= 0 {
		_, size := utf8.DecodeRuneInString(s[k:])
		from = k + size
	}
	to := strings.IndexAny(s[j:], seps)
	if to < 0 {
		to = len(s)
	} else {
		to += j
	}
	return s[from:to]
}

// slotSpans are where, in text, the fields of a translated message stand.
func (a *allowances) slotSpans(text string) [][2]int {
	var spans [][2]int
	lines := []struct {
		off  int
		text string
	}{{0, text}}
	if strings.Contains(text, "\n") {
		off := 0
		for _, l := range strings.Split(text, "\n") {
			lines = append(lines, struct {
				off  int
				text string
			}{off, l})
			off += len(l) + 1
		}
	}
	for _, l := range lines {
		if !hasPseudoLetter(l.text) {
			continue
		}
		for _, re := range a.slots {
			m := re.FindStringSubmatchIndex(l.text)
			for g := 2; g+1 < len(m); g += 2 {
				if m[g] >= 0 {
					spans = append(spans, [2]int{l.off + m[g], l.off + m[g+1]})
				}
			}
		}
	}
	return spans
}

func inside(spans [][2]int, i, j int) bool {
	for _, s := range spans {
		if s[0] <= i && j <= s[1] {
			return true
		}
	}
	return false
}

// blankAll blanks every match of re in s, keeping s's length so that
// positions still point into the text shown.
func blankAll(re *regexp.Regexp, s string) string {
	return re.ReplaceAllStringFunc(s, func(m string) string { return strings.Repeat(" ", len(m)) })
}

var durationLike = regexp.MustCompile(`\b(\d+(\.\d+)?(ns|µs|us|ms|h|m|s))+\b`)

// identifierLike: a file name, path or dotted or snake_case name
// (claude_desktop_config.json, notifications/roots/list_changed). The mark
// must stand inside it: a word before a full stop ("done.") is no identifier.
var identifierLike = regexp.MustCompile(`[\w@\[\]-]*[._/][\w@\[-][\w@./\[\]-]*|/[\w@./-]+`)

// isServerData: a line of a wrapped server text (a description cut into
// lines, the last one clipped with …), or a JSON document (a config
// being exported) shown as it is.
func isServerData(text string, data []string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "…"))
	if (strings.HasPrefix(t, "{") || strings.HasPrefix(t, "[")) && json.Valid([]byte(text)) {
		return true
	}
	if strings.HasPrefix(t, "[") && strings.Contains(t, "\n") {
		// A TOML config being exported (Codex).
		var v map[string]any
		if _, err := toml.Decode(text, &v); err == nil {
			return true
		}
	}
	if len(t) < 12 {
		return false
	}
	for _, d := range data {
		if strings.Contains(d, t) {
			return true
		}
	}
	return false
}

// removeWord blanks every occurrence of w in s that no letter or digit
// touches on either side ("a", a server's argument name, must not eat the a
// of "a server").
func removeWord(s, w string) string {
	if w == "" {
		return s
	}
	isWordByte := func(b byte) bool {
		return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
	}
	for from := 0; ; {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return s
		}
		i += from
		j := i + len(w)
		if (i == 0 || !isWordByte(s[i-1])) && (j == len(s) || !isWordByte(s[j])) {
			s = s[:i] + strings.Repeat(" ", len(w)) + s[j:]
		}
		from = i + 1
	}
}

// pseudoChecks fail in every way a check can, against the demo server.
const pseudoChecks = `name: pseudo checks
servers:
  nowhere: {command: no-such-program-xyz}
checks:
  - {name: sum, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: sum, equals: 6}, {path: mode, exists: true}, {path: sum, matches: "^7"}], text: {contains: "bye", matches: "= 6$"}}}
  - {name: outcome, server: demo, tool: fail, arguments: {kind: tool_error}, expect: {outcome: success}}
  - {name: code, server: demo, tool: fail, arguments: {kind: protocol_error}, expect: {outcome: rpc_error, code: -32601}}
  - {name: schema, server: demo, tool: echo, arguments: {message: x}, expect: {outputSchema: true}}
  - {name: snapshot, server: demo, tool: add, arguments: {a: 2, b: 4}, expect: {snapshot: {content: [{type: text, text: "2 + 3 = 5"}], structuredContent: {sum: 5}}}}
  - {name: readme, server: demo, read: "demo://readme"}
  - {name: remove, server: demo, tool: delete_file, arguments: {path: notes.txt}}
  - {name: unreachable, server: nowhere, tool: add}
`

// pseudoCheckData is what pseudoChecks writes that the Checks tab shows as
// it is: names, arguments, expected values.
var pseudoCheckData = []string{"pseudo checks", "sum", "outcome", "code", "schema", "snapshot", "readme", "remove", "unreachable", "nowhere",
	"demo://readme", "delete_file", "mode", "^7", "bye", "= 6$", "notes.txt", "2 + 3 = 5", "2 + 4 = 6", "x", "text", "type", "content", "structuredContent"}

func countStatus(rs []checks.Result) map[string]int {
	n := map[string]int{}
	for _, r := range rs {
		n[r.Status]++
	}
	return n
}

// failingTarget is a load run's target whose calls fail at every layer.
func failingTarget() quality.LoadTarget {
	layers := []load.Layer{load.OK, load.Tool, load.JSONRPC, load.Transport}
	return quality.LoadTarget{Server: "demo", Tool: "fail", Note: lang.L("The calls go through this window's connection to the server."),
		Start: func(ctx context.Context, opts load.Options) (*load.Run, error) {
			return load.Start(ctx, opts, func(_ context.Context, worker int) load.Outcome {
				time.Sleep(time.Millisecond)
				return load.Outcome{Layer: layers[rand.IntN(len(layers))]}
			}), nil
		}}
}

func TestPseudoLocaleEveryShownTextIsTranslated(t *testing.T) {
	if err := i18n.SetupPseudo(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })

	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry(), "broken": {"command": "no-such-program-xyz"},
		// Entries the export notes speak of: a remote server Claude Desktop
		// cannot start, an SSE one Codex cannot speak, a VS Code input and a
		// field other apps do not know.
		"remote": {"type": "http", "url": "http://127.0.0.1:1/mcp"}, "legacy": {"type": "sse", "url": "http://127.0.0.1:1/sse"},
		"keyed": {"command": "no-such-program-xyz", "env": map[string]any{"TOKEN": "${input:token}"}, "alwaysAllow": []any{"x"}}})
	s.pickTool("demo", "add")
	s.run(`{"a": 2, "b": 3}`)

	var texts []shownTextAt
	// walkWindow reads every window the app has open (the main one, the
	// quality report, the load panel) with its dialogs and title.
	walkWindow := func(where string) {
		onUI(func() {
			for _, win := range s.app.Driver().AllWindows() {
				if win == nil || win.Canvas() == nil || win.Canvas().Content() == nil {
					continue
				}
				texts = append(texts, shownTextAt{where + " window title", win.Title()})
				c := win.Canvas()
				walkTexts(c.Content(), where, &texts)
				for _, o := range c.Overlays().List() {
					walkTexts(o, where+" dialog", &texts)
				}
			}
		})
	}
	onUI(func() {
		for _, m := range s.w.win.MainMenu().Items {
			walkMenu(m, "main", &texts)
		}
	})
	walkWindow("tools")
	var tabs []*container.TabItem
	onUI(func() { tabs = s.w.features.Tabs.Items })
	for _, tab := range tabs[1:] {
		onUI(func() { s.w.features.SelectTab(tab) })
		walkWindow(tab.Text)
	}
	onUI(func() { s.w.features.SelectTab(s.w.features.ToolsItem) })

	// A tool error, a protocol error, a picture.
	var results []*mcp.CallResult
	s.pickTool("demo", "fail")
	results = append(results, s.run(`{"kind": "tool_error"}`))
	walkWindow("tool error")
	results = append(results, s.run(`{"kind": "protocol_error"}`))
	walkWindow("protocol error")
	s.pickTool("demo", "draw_gradient")
	results = append(results, s.run(`{}`))
	walkWindow("image")
	onUI(func() { s.w.features.SelectTab(s.w.features.HistoryItem) })
	s.waitFor("the failed calls in History", func() bool { return len(s.w.features.History.Entries) >= 4 })
	walkWindow("history after failures")
	onUI(func() { s.w.features.SelectTab(s.w.features.ToolsItem) })

	// A sampling request and an elicitation form, inline in the detail column.
	h := s.w.requests.Src.Handlers()
	ctx, giveUp := context.WithCancel(context.Background())
	defer giveUp()
	go h.CreateMessage(ctx, "demo", &sdk.CreateMessageRequest{Params: &sdk.CreateMessageParams{
		MaxTokens: 50, SystemPrompt: "Be brief.",
		Messages: []*sdk.SamplingMessage{{Role: "user", Content: &sdk.TextContent{Text: "Say hello"}}}}})
	s.openRequest(i18n.L("{{.Server}} asks for a model reply", map[string]any{"Server": "demo"}))
	walkWindow("sampling request")
	go h.Elicit(ctx, "demo", &sdk.ElicitRequest{Params: &sdk.ElicitParams{Message: "Who are you?",
		RequestedSchema: map[string]any{"type": "object", "required": []any{"name"}, "properties": map[string]any{
			"name": map[string]any{"type": "string", "title": "Name"}, "age": map[string]any{"type": "integer", "minimum": 0}}}}})
	s.waitFor("the elicitation", func() bool { return len(s.w.requests.Pending) == 2 })
	walkWindow("elicitation request")
	giveUp()
	s.waitFor("the requests to go", func() bool { return len(s.w.requests.Pending) == 0 })

	// A server that cannot start: the failure explained.
	onUI(func() { s.w.SelectServer("broken") })
	s.waitFor("broken to fail", func() bool {
		return s.w.manager.Session("broken").Status().State == mcp.StateFailed
	})
	walkWindow("failed start")
	onUI(func() { s.w.SelectServer("demo") })

	// A check run with every kind of failure, a skip (asked first) and a
	// server that cannot be reached: the Checks tab's rows and each detail.
	checkFile := filepath.Join(t.TempDir(), "pseudo-checks.yaml")
	if err := os.WriteFile(checkFile, []byte(pseudoChecks), 0o600); err != nil {
		t.Fatal(err)
	}
	onUI(func() {
		s.w.features.SelectTab(s.w.checks.Tab)
		s.w.checks.AddFile(checkFile)
		test.Tap(s.w.checks.Run)
	})
	s.waitFor("the destructive check's question", func() bool { return s.w.win.Canvas().Overlays().Top() != nil })
	walkWindow("check asks before a destructive tool")
	onUI(func() { tapButton(t, s.w.win.Canvas().Overlays().Top(), lang.L("Skip")) })
	s.waitFor("the check run", func() bool { return !s.w.checks.Running() && len(s.w.checks.Results) == 8 })
	var checkResults []checks.Result
	onUI(func() { checkResults = s.w.checks.Results })
	for i, r := range checkResults {
		onUI(func() { s.w.checks.ResultsList.Select(i) })
		walkWindow("checks: " + r.Check.Name)
	}
	if n := countStatus(checkResults); n[checks.StatusFailed] < 5 || n[checks.StatusSkipped] != 1 || n[checks.StatusError] != 1 || n[checks.StatusPassed] != 1 {
		t.Errorf("the check run did not give every kind of result: %v", n)
	}
	onUI(func() { s.w.features.SelectTab(s.w.features.ToolsItem) })

	// The export dialog in every format, with the notes each gives.
	for _, f := range config.Formats() {
		onUI(func() {
			s.w.importing.ExportAll()
			s.w.importing.Export.Format.SetSelected(f.Title())
		})
		walkWindow("export to " + f.Title())
		onUI(func() {
			for _, o := range s.w.win.Canvas().Overlays().List() {
				s.w.win.Canvas().Overlays().Remove(o)
			}
		})
	}

	// A load run whose calls fail, in its own window: the figures under the
	// plot and the errors by layer.
	var lp *quality.LoadPanel
	onUI(func() {
		lp = quality.NewLoadPanel(s.app, t.Context(), failingTarget())
		lp.Win.Show()
		lp.Count.SetText("40")
		test.Tap(lp.StartBtn)
	})
	s.waitFor("the load run", func() bool { return !lp.Running() && lp.Summary().Calls == 40 })
	walkWindow("load run with failures")
	onUI(lp.Win.Close)

	dialogs := []struct {
		name string
		open func()
	}{
		{"about", func() { ShowAbout(s.w.win, "1.2.3") }},
		{"add server", s.w.servers.Add},
		{"edit server", s.w.servers.EditSelected},
		{"paste", s.w.importing.PasteServers},
		{"export", s.w.importing.ExportAll},
		{"roots", s.w.servers.ShowRoots},
		{"go to", s.w.servers.GoTo},
		{"remove", s.w.servers.RemoveSelected},
		{"compare", func() { s.w.checks.Compare() }},
		{"quality report", s.w.quality.ShowReport},
		{"run many times", s.w.toolform.RunMany},
		{"preset with a folder", func() { s.w.importing.AddServer("filesystem") }},
		{"find servers", s.w.importing.FindServers},
		// The app's own file chooser (the test binary's stand-in for the
		// system's), in each mode, with a message and a question.
		{"open file chooser", s.w.servers.ImportFile},
		{"folder chooser", func() {
			s.w.servers.ShowRoots()
			test.Tap(findButton(s.w.win.Canvas().Overlays().Top(), lang.L("Add…")))
		}},
		{"save file chooser saying the folder is missing", func() {
			ch := filedialog.ShowFileChooser(s.w.win, filedialog.ChooseSave, lang.L("Save result"), "x.json", filedialog.JsonFiles, func(string) {})
			ch.Name.SetText(filepath.Join("no-such-folder", "x.json"))
			ch.Save()
		}},
		{"empty folder in the chooser", func() {
			ch := filedialog.ShowFileChooser(s.w.win, filedialog.ChooseOpen, lang.L("Save result"), "", filedialog.JsonFiles, func(string) {})
			ch.Open(t.TempDir(), "")
		}},
		{"new folder from the chooser", func() {
			filedialog.ShowFileChooser(s.w.win, filedialog.ChooseFolder, lang.L("Save result"), "", filedialog.FileFilter{}, func(string) {}).AskNewFolder()
		}},
		{"save file chooser asking before replacing", func() {
			ch := filedialog.ShowFileChooser(s.w.win, filedialog.ChooseSave, lang.L("Save result"), "x.json", filedialog.JsonFiles, func(string) {})
			ch.GoTo(s.cfgPath)
		}},
	}
	filedialog.ChooserFolder = "" // the chooser starts at home, whose names are allowed below
	for _, d := range dialogs {
		onUI(d.open)
		time.Sleep(300 * time.Millisecond) // what the dialog fetches in the background
		walkWindow(d.name)
		onUI(func() {
			for _, o := range s.w.win.Canvas().Overlays().List() {
				s.w.win.Canvas().Overlays().Remove(o)
			}
			for _, win := range s.app.Driver().AllWindows() {
				if win != nil && win != s.w.win {
					win.Close()
				}
			}
		})
	}

	var data []string
	onUI(func() {
		data = serverData(s.w.manager.Session("demo"))
		data = append(data, serverData(s.w.manager.Session("broken"))...)
	})
	for _, r := range results {
		data = append(data, resultData(r)...)
	}
	if home, err := os.UserHomeDir(); err == nil {
		data = append(data, strings.Split(home, string(filepath.Separator))...)
		entries, _ := os.ReadDir(home) // what the file chooser lists
		for _, e := range entries {
			data = append(data, e.Name())
		}
	}
	// Lint rule IDs are names, as the command line prints them.
	for _, r := range lint.Rules() {
		data = append(data, r.ID)
	}
	// A preset's command is shown as it will run.
	if p, ok := config.PresetByID("filesystem"); ok {
		data = append(data, p.CommandPreview())
	}
	data = append(data, pseudoCheckData...)
	onUI(func() {
		for _, r := range s.w.checks.Results {
			if r.Observed != nil {
				data = append(data, r.Observed.Text)
				data = append(data, r.Observed.Stderr...)
			}
		}
	})
	data = append(data, "remote", "legacy", "keyed", "http://127.0.0.1:1/mcp", "http://127.0.0.1:1/sse", "${input:token}", "alwaysAllow", "TOKEN")
	data = append(data, "Be brief.", "Say hello", "Who are you?", "Name", "name", "age", "broken", "no-such-program-xyz", "\"no-such-program-xyz\"", importing.PastePlaceholder, view.AgentToolName("demo", "add"), "2 + 3 = 5", s.cfgPath, demoServerPath, "demo", runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
	allowed := newAllowances(data)

	seen := map[string]bool{}
	var bad []string
	for _, x := range texts {
		if seen[x.text] {
			continue
		}
		seen[x.text] = true
		if words := allowed.untranslated(x.text); len(words) > 0 {
			bad = append(bad, fmt.Sprintf("%s: %q (%s)", x.where, x.text, strings.Join(words, " ")))
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d texts on screen did not go through the translation files:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}
