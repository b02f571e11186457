package ui

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from protocol 2026-07-28; the walker shows the request panel servers of earlier versions still send

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/lint"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
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
	"listChanged", "subscribe",
	// Fyne's own folder chooser (the ci build's stand-in for the system's)
	// hard-codes these.
	"Home", "Computer", "(Parent)", "invalid params", "method not found", "parse error", "invalid request", "internal error", "mcpServers", "mcp_servers", "auto", "npx", "command", "args", "url", "name"}

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
	case *escButton:
		add("button", v.Text)
		return
	case *escCheck:
		add("check", v.Text)
		return
	case *widget.Entry:
		if v.Text == "" {
			add("placeholder", v.PlaceHolder)
		}
		return
	case *escEntry:
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
	case *widget.Accordion:
		for _, it := range v.Items {
			add("accordion", it.Title)
			if it.Open {
				walkTexts(it.Detail, where, out)
			}
		}
		return
	case *escAccordion:
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

// allowedRemainder is text with the server's data and the protocol words
// taken out, each only where it stands as a whole word: what must hold no
// Latin letter.
func allowedRemainder(text string, data []string) string {
	for _, d := range append(data, protocolWords...) {
		text = removeWord(text, d)
	}
	// File names, paths and identifiers (claude_desktop_config.json,
	// notifications/roots/list_changed) are shown as they are.
	// Durations are figures, shown as Go writes them (23ms, 1.5s, 5m0s).
	text = durationLike.ReplaceAllString(text, " ")
	return identifierLike.ReplaceAllString(text, " ")
}

var durationLike = regexp.MustCompile(`\b(\d+(\.\d+)?(ns|µs|us|ms|h|m|s))+\b`)

var identifierLike = regexp.MustCompile(`[\w@-]*[._/][\w@./-]*`)

// isServerData: a line of a wrapped server text (a description cut into
// lines, the last one clipped with …), or a JSON document (a config
// being exported) shown as it is.
func isServerData(text string, data []string) bool {
	t := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(text), "…"))
	if json.Valid([]byte(text)) {
		return true
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

func TestPseudoLocaleEveryShownTextIsTranslated(t *testing.T) {
	if err := i18n.SetupPseudo(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })

	s := newFeatureShell(t, map[string]map[string]any{"demo": demoEntry(), "broken": {"command": "no-such-program-xyz"}})
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
	onUI(func() { tabs = s.w.features.tabs.Items })
	for _, tab := range tabs[1:] {
		onUI(func() { s.w.features.selectTab(tab) })
		walkWindow(tab.Text)
	}
	onUI(func() { s.w.features.selectTab(s.w.features.toolsTab) })

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
	onUI(func() { s.w.features.selectTab(s.w.features.historyTab) })
	s.waitFor("the failed calls in History", func() bool { return len(s.w.features.history.entries) >= 4 })
	walkWindow("history after failures")
	onUI(func() { s.w.features.selectTab(s.w.features.toolsTab) })

	// A sampling request and an elicitation form, inline in the detail column.
	h := s.w.requests.src.Handlers()
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
	s.waitFor("the elicitation", func() bool { return len(s.w.requests.pending) == 2 })
	walkWindow("elicitation request")
	giveUp()
	s.waitFor("the requests to go", func() bool { return len(s.w.requests.pending) == 0 })

	// A server that cannot start: the failure explained.
	onUI(func() { s.w.SelectServer("broken") })
	s.waitFor("broken to fail", func() bool {
		return s.w.manager.Session("broken").Status().State == mcp.StateFailed
	})
	walkWindow("failed start")
	onUI(func() { s.w.SelectServer("demo") })

	dialogs := []struct {
		name string
		open func()
	}{
		{"about", func() { ShowAbout(s.w.win, "1.2.3") }},
		{"add server", s.w.addServer},
		{"edit server", s.w.editSelectedServer},
		{"paste", s.w.pasteServers},
		{"export", s.w.exportAllServers},
		{"roots", s.w.showRootsDialog},
		{"go to", s.w.goToServer},
		{"remove", s.w.removeSelectedServer},
		{"compare", func() { s.w.checks.deps.compare() }},
		{"quality report", s.w.showQualityReport},
		{"run many times", s.w.openLoadPanel},
		{"preset with a folder", func() { s.w.showAddDialog("filesystem") }},
		{"find servers", s.w.findServers},
	}
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
		entries, _ := os.ReadDir(home) // what Fyne's folder chooser lists
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
	data = append(data, "Be brief.", "Say hello", "Who are you?", "Name", "name", "age", "broken", "no-such-program-xyz", "\"no-such-program-xyz\"", pastePlaceholder, view.AgentToolName("demo", "add"), "2 + 3 = 5", s.cfgPath, demoServerPath, "demo", runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH)
	sort.Slice(data, func(i, j int) bool { return len(data[i]) > len(data[j]) })

	seen := map[string]bool{}
	var bad []string
	for _, x := range texts {
		if !i18n.HasLatinLetter(allowedRemainder(x.text, data)) || isServerData(x.text, data) {
			continue
		}
		if !seen[x.text] {
			seen[x.text] = true
			bad = append(bad, fmt.Sprintf("%s: %q", x.where, x.text))
		}
	}
	if len(bad) > 0 {
		t.Errorf("%d texts on screen did not go through the translation files:\n%s", len(bad), strings.Join(bad, "\n"))
	}
}
