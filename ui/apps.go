package ui

import (
	"context"
	"encoding/json"
	"sync"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// maxAppLines bounds the app's traffic kept in the pane.
const maxAppLines = 500

// appPane is the MCP App strip under a tool's form. For a tool with an app
// it offers Open app (with the tool's last result, or before any call);
// once open it shows the local address, the app's traffic live, and Close
// app. The page itself opens in the person's browser (mcp/apps serves it).
type appPane struct {
	ctx     context.Context
	app     fyne.App
	openURL func(ctx context.Context, url string) error
	// record keeps a call the app made in History (nil: not kept).
	record func(*mcp.CallResult)

	root     *fyne.Container
	note     *widget.Label
	address  *widget.Label
	openBtn  *widgets.Button
	closeBtn *widgets.Button
	list     *widget.List
	traffic  *fyne.Container // the list at a fixed height; shown while an app is open
	lines    []string

	session *mcp.Session
	tool    *sdk.Tool
	result  *mcp.CallResult // the shown tool's last result, for Open app

	mu      sync.Mutex // guards current and server: a server's end arrives on its goroutine
	current *apps.Running
	server  string
}

func newAppPane(ctx context.Context, a fyne.App, openURL func(context.Context, string) error, record func(*mcp.CallResult)) *appPane {
	p := &appPane{ctx: ctx, app: a, openURL: openURL, record: record}
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	p.address = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	p.address.Selectable = true
	p.address.Truncation = fyne.TextTruncateEllipsis
	p.openBtn = widgets.NewButton(lang.L("Open app"), theme.ComputerIcon(), p.open)
	p.closeBtn = widgets.NewButton(lang.L("Close app"), theme.CancelIcon(), p.closeApp)
	p.closeBtn.Hide()
	p.list = widget.NewList(func() int { return len(p.lines) },
		func() fyne.CanvasObject {
			l := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(p.lines[i]) })
	p.traffic = container.New(&fixedHeight{h: 110}, p.list)
	p.traffic.Hide()
	// The note gets the whole width (the form column is often narrow); the
	// buttons sit on their own row under it.
	p.root = container.NewVBox(p.note, container.NewHBox(p.openBtn, p.closeBtn), p.address, p.traffic)
	p.address.Hide()
	p.root.Hide()
	a.Settings().AddListener(func(fyne.Settings) { p.themeChanged() })
	return p
}

// fixedHeight lays its objects out at a fixed height and any width.
type fixedHeight struct{ h float32 }

func (f *fixedHeight) MinSize([]fyne.CanvasObject) fyne.Size { return fyne.NewSize(0, f.h) }

func (f *fixedHeight) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Resize(size)
		o.Move(fyne.NewPos(0, 0))
	}
}

// showTool follows the selected tool: the strip shows only for a tool with an app.
func (p *appPane) showTool(s *mcp.Session, t *sdk.Tool) {
	if t == nil || s == nil || apps.ResourceURI(t.Meta) == "" {
		p.session, p.tool, p.result = s, t, nil
		if !p.isOpen() {
			p.root.Hide()
		}
		return
	}
	if p.tool == nil || p.tool.Name != t.Name || p.session != s {
		p.result = nil
	}
	p.session, p.tool = s, t
	p.describe()
	p.root.Show()
}

// showResult remembers a finished call of the shown tool, for Open app.
func (p *appPane) showResult(s *mcp.Session, t *sdk.Tool, r *mcp.CallResult) {
	if p.tool == nil || t == nil || p.tool.Name != t.Name || p.session != s {
		return
	}
	if r != nil && r.Result != nil {
		p.result = r
	}
	p.describe()
}

func (p *appPane) describe() {
	if p.tool == nil {
		return
	}
	uri := apps.ResourceURI(p.tool.Meta)
	if p.result != nil {
		p.note.SetText(i18n.L("MCP App {{.URI}}: opens in your browser with the last result.", map[string]any{"URI": uri}))
		p.openBtn.SetText(lang.L("Open app with the result"))
	} else {
		p.note.SetText(i18n.L("MCP App {{.URI}}: opens in your browser (run the tool first to give it a result).", map[string]any{"URI": uri}))
		p.openBtn.SetText(lang.L("Open app"))
	}
}

func (p *appPane) isOpen() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.current != nil
}

func (p *appPane) hostContext() apps.HostContext {
	hc := apps.HostContext{Theme: "light"}
	if p.app.Settings().ThemeVariant() == theme.VariantDark {
		hc.Theme = "dark"
	}
	return hc
}

// open serves the shown tool's app and opens it in the browser.
func (p *appPane) open() {
	s, t := p.session, p.tool
	if s == nil || t == nil {
		return
	}
	var input, result json.RawMessage
	if r := p.result; r != nil {
		input = r.Arguments
		result, _ = json.Marshal(r.Result)
	}
	p.closeApp()
	p.lines = nil
	p.list.Refresh()
	p.openBtn.Disable()
	p.note.SetText(lang.L("Reading the app's page from the server…"))
	hc := p.hostContext()
	go func() {
		host := &apps.Host{}
		live := &apps.Live{S: s, OnCall: p.record}
		var run *apps.Running
		run, err := apps.Open(p.ctx, host, live, t.Name, input, result, hc, func(e apps.Event) {
			line := view.AppEventLine(e)
			fyne.Do(func() { p.addLine(line) })
		})
		if err != nil {
			host.Close()
			fyne.Do(func() {
				p.openBtn.Enable()
				p.note.SetText(i18n.L("The app could not be opened: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
			})
			return
		}
		p.mu.Lock()
		p.current, p.server = run, s.Name()
		p.mu.Unlock()
		fyne.Do(func() {
			p.openBtn.Enable()
			p.closeBtn.Show()
			p.address.SetText(run.URL())
			p.address.Show()
			p.traffic.Show()
			p.note.SetText(i18n.L("{{.Tool}}'s app is open in your browser (this machine only); its calls show in messages and History.", map[string]any{"Tool": t.Name}))
			p.root.Refresh()
		})
		if err := p.openURL(p.ctx, run.URL()); err != nil {
			line := i18n.L("could not start a browser ({{.Err}}); open the address above yourself", map[string]any{"Err": i18n.Explain(err)})
			fyne.Do(func() { p.addLine(line) })
		}
		<-run.Done()
		host.Close() // no listener outlives its app
		p.ended(run)
	}()
}

// ended tidies up after an app closed by any way (page, button, server).
func (p *appPane) ended(run *apps.Running) {
	p.mu.Lock()
	mine := p.current == run
	if mine {
		p.current, p.server = nil, ""
	}
	p.mu.Unlock()
	if !mine {
		return // another app took its place already
	}
	fyne.Do(func() {
		p.closeBtn.Hide()
		p.address.Hide()
		p.traffic.Hide()
		p.describe()
		if p.tool == nil || apps.ResourceURI(p.tool.Meta) == "" {
			p.root.Hide()
		}
		p.root.Refresh()
	})
}

// closeApp ends the open app (its page is told; its address stops working).
func (p *appPane) closeApp() {
	p.mu.Lock()
	run := p.current
	p.mu.Unlock()
	if run != nil {
		run.Close()
	}
}

// serverEnded closes the app of a server that stopped or went away. It may
// be called from any goroutine.
func (p *appPane) serverEnded(server string) {
	p.mu.Lock()
	run := p.current
	mine := p.server == server
	p.mu.Unlock()
	if run != nil && mine {
		run.Close()
	}
}

// themeChanged tells the open app the window's light/dark.
func (p *appPane) themeChanged() {
	p.mu.Lock()
	run := p.current
	p.mu.Unlock()
	if run != nil {
		run.SetHostContext(p.hostContext())
	}
}

func (p *appPane) addLine(line string) {
	p.lines = append(p.lines, line)
	if len(p.lines) > maxAppLines {
		p.lines = p.lines[len(p.lines)-maxAppLines:]
	}
	p.list.Refresh()
	p.list.ScrollToBottom()
}

// showToolHeader shows the tool's header and its app strip.
func (w *MainWindow) showToolHeader(server string, t *sdk.Tool) {
	w.header.Show(server, t)
	w.apps.showTool(w.manager.Session(server), t)
}

// recordAppCall shows a call an app made in History (the core kept it there,
// marked as the app's). It is called on the call's goroutine.
func (w *MainWindow) recordAppCall(r *mcp.CallResult) {
	fyne.Do(func() { w.historyChanged(r.Server) })
}

// appServerState closes the app of a server that is no longer running: no
// app outlives its server. Called on the manager's goroutines.
func (w *MainWindow) appServerState(m *mcp.Manager, server string) {
	s := m.Session(server)
	if s == nil {
		w.apps.serverEnded(server)
		return
	}
	switch s.Status().State {
	case mcp.StateReady, mcp.StateStarting:
	default:
		w.apps.serverEnded(server)
	}
}
