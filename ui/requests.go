package ui

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file answers what servers ask of the person: a model reply
// (sampling/createMessage) and information or consent (elicitation/create,
// as a form or a URL to open). A request waits in a queue, the server
// waits with it, and a banner says so; the panel (a window of its own, so
// the main window stays usable) shows each request in full. Nothing is sent
// until the person answers, and a request the server gave up on disappears.

// serverRequests is the queue the manager's handlers put requests in. It is
// made before the manager (the handlers go into ManagerOptions) and so
// before the window, which attaches to it later.
type serverRequests struct {
	queue *mcp.RequestQueue

	mu     sync.Mutex
	notify func() // the window's, once attached
}

func newServerRequests() *serverRequests {
	r := &serverRequests{}
	r.queue = mcp.NewRequestQueue(func(*mcp.PendingRequest, mcp.RequestChange) { r.changed() })
	return r
}

// Handlers put every sampling and elicitation request in the queue.
func (r *serverRequests) Handlers() mcp.Handlers { return r.queue.Handlers() }

// changed runs on a server's goroutine.
func (r *serverRequests) changed() {
	r.mu.Lock()
	f := r.notify
	r.mu.Unlock()
	if f != nil {
		f()
	}
}

func (r *serverRequests) setNotify(f func()) {
	r.mu.Lock()
	r.notify = f
	r.mu.Unlock()
}

// dismissFlushWait bounds how long dismissRequests waits for its answers
// to reach the wire.
const dismissFlushWait = 2 * time.Second

// dismissRequests answers every request of m's server ("" for all servers) that
// still waits — a sampling request is rejected, an elicitation cancelled —
// and waits until the answers are written, or dismissFlushWait. It is for
// when the person stops, restarts or quits, which dismisses what the server
// asked. Without it the stop hangs: closing a session waits for every call
// in flight, including the one that made the server ask, while the server
// waits for an answer that a closing session no longer writes. It blocks:
// call it off the UI goroutine, right before closing. It touches no widget.
func (w *MainWindow) dismissRequests(m *mcp.Manager, server, why string) {
	src := w.requests.src
	if src == nil {
		return
	}
	type flush struct {
		wire    *transport.WireLog
		from    uint64
		answers int
	}
	flushes := map[string]*flush{}
	for _, p := range src.queue.Pending() {
		if server != "" && p.Server != server {
			continue
		}
		f := flushes[p.Server]
		if f == nil {
			s := m.Session(p.Server)
			if s == nil {
				continue
			}
			_, next := s.Wire.Since(0)
			f = &flush{wire: s.Wire, from: next}
			flushes[p.Server] = f
		}
		var err error
		if p.Kind == mcp.RequestSampling {
			err = p.Reject(why)
		} else {
			err = p.Cancel()
		}
		if err == nil {
			f.answers++
		}
	}
	deadline := time.Now().Add(dismissFlushWait)
	for _, f := range flushes {
		for time.Now().Before(deadline) && sentResponses(f.wire, f.from) < f.answers {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// sentResponses counts the responses the app wrote to the server since seq.
func sentResponses(wire *transport.WireLog, seq uint64) int {
	entries, _ := wire.Since(seq)
	n := 0
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method == "" {
			n++
		}
	}
	return n
}

// attachRequests shows the requests waiting in r and every one that comes.
// The manager's (and every later manager's) handlers must be r's.
func (w *MainWindow) attachRequests(r *serverRequests) {
	w.requests.src = r
	r.setNotify(func() { fyne.Do(w.requests.sync) })
	w.requests.sync()
}

// requestHandlers are the handlers for a new manager (after a reload).
func (w *MainWindow) requestHandlers() mcp.Handlers {
	if w.requests.src == nil {
		return mcp.Handlers{}
	}
	return w.requests.src.Handlers()
}

// A requestPanel is the banner in the main window and the window listing
// the requests that wait. It is used from the UI goroutine only.
type requestPanel struct {
	deps    requestDeps
	src     *serverRequests
	pending []*mcp.PendingRequest
	// answered are requests answered here that the queue may still list
	// for a moment (until the server's goroutine takes the answer).
	answered map[*mcp.PendingRequest]bool
	// orphaned are requests whose call the person cancelled but the
	// server did not withdraw (requests_cancel.go).
	orphaned map[*mcp.PendingRequest]bool

	banner     *fyne.Container
	bannerText *widget.Label
	openBtn    *widgets.Button

	// area shows the requests inline, in the detail column where the
	// result goes; nil until first opened. visible: it is on show.
	area       *fyne.Container
	visible    bool
	queueLabel *widget.Label
	queueBox   *fyne.Container
	list       *widget.List
	detail     *fyne.Container
	current    *mcp.PendingRequest

	// openURL opens a URL-mode elicitation's link; the app's by default,
	// a recorder in tests.
	openURL func(*url.URL) error

	// The current request's widgets (those that apply to its kind).
	reply *widgets.Entry // Tab leaves it, Esc reaches the window (keys.go)
	model *widgets.Entry
	form  *FormView
	note  *widget.Label
	// (escButtons: Esc on them reaches the window, keys.go)
	sendBtn    *widgets.Button
	rejectBtn  *widgets.Button
	acceptBtn  *widgets.Button
	declineBtn *widgets.Button
	cancelBtn  *widgets.Button
	linkBtn    *widgets.Button

	// lastAnswer says what was last sent, for the person and for tests.
	lastAnswer string
}

// requestDeps is what the request panel needs from the window.
type requestDeps struct {
	win fyne.Window
	// openURL opens a link in the person's browser.
	openURL func(*url.URL) error
	// selected is the selected server's name; selectServer selects one.
	selected     func() string
	selectServer func(name string)
	// showTools brings the Tools tab, where the panel is, to the front.
	showTools func()
	// place puts the panel's area in the result's slot (once); show shows
	// the area (on) or the result there.
	place func(area fyne.CanvasObject)
	show  func(on bool)
	// waiting is told which requests wait, whenever that changes.
	waiting func(pending []*mcp.PendingRequest)
	// session is the named server's session, or nil.
	session func(name string) *mcp.Session
	// answered is told what was sent, in a line for the person.
	answered func(what string)
}

func newRequestPanel(deps requestDeps) *requestPanel {
	p := &requestPanel{deps: deps, openURL: deps.openURL, answered: map[*mcp.PendingRequest]bool{}, orphaned: map[*mcp.PendingRequest]bool{}}
	p.bannerText = widget.NewLabel("")
	p.bannerText.Wrapping = fyne.TextWrapWord
	p.openBtn = widgets.NewButton(lang.L("Open"), theme.MailComposeIcon(), p.open)
	p.openBtn.Importance = widget.HighImportance
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.QuestionIcon()))
	p.banner = container.NewStack(widgets.NewTint(theme.ColorNameWarning, 0x40),
		container.NewPadded(container.NewBorder(nil, nil, container.NewCenter(icon), p.openBtn, p.bannerText)))
	p.banner.Hide()
	return p
}

// sync reads the queue again: the banner, the list, and the request on show
// (a request that is gone is replaced by the next one).
func (p *requestPanel) sync() {
	if p.src == nil {
		return
	}
	all := p.src.queue.Pending()
	p.pending = p.pending[:0]
	live := map[*mcp.PendingRequest]bool{}
	for _, r := range all {
		live[r] = true
		if !p.answered[r] {
			p.pending = append(p.pending, r)
		}
	}
	for r := range p.answered {
		if !live[r] {
			delete(p.answered, r)
		}
	}
	for r := range p.orphaned {
		if !live[r] {
			delete(p.orphaned, r)
		}
	}
	switch n := len(p.pending); {
	case n == 0 || p.visible:
		p.banner.Hide()
	case n == 1:
		p.bannerText.SetText(view.DescribeRequest(p.pending[0]) + ". It waits for your answer.")
		p.banner.Show()
	default:
		p.bannerText.SetText(strconv.Itoa(n) + " requests from servers wait for your answer, the first: " + view.DescribeRequest(p.pending[0]) + ".")
		p.banner.Show()
	}
	p.deps.waiting(p.pending)
	if !p.visible && p.hasSelectedServer() {
		p.open() // the selected server asks: show it where its call is
		return
	}
	if p.area == nil || !p.visible {
		return
	}
	p.queueLabel.SetText(p.windowTitle())
	p.showQueue(len(p.pending) > 1) // requests_fit.go
	p.list.Refresh()
	if p.current != nil && p.indexOf(p.current) < 0 {
		p.current = nil
	}
	switch {
	case p.current != nil:
		p.list.Select(p.indexOf(p.current))
	case len(p.pending) > 0:
		p.list.Select(0) // shows it
	default:
		p.list.UnselectAll()
		p.showNothing()
	}
}

func (p *requestPanel) indexOf(r *mcp.PendingRequest) int {
	for i, x := range p.pending {
		if x == r {
			return i
		}
	}
	return -1
}

func (p *requestPanel) windowTitle() string {
	if len(p.pending) == 0 {
		return i18n.L("Requests from servers")
	}
	return i18n.N("Requests from servers: {{.Count}} wait for your answer, oldest first", len(p.pending))
}

// hasSelectedServer reports whether a waiting request comes from the
// selected server.
func (p *requestPanel) hasSelectedServer() bool {
	for _, r := range p.pending {
		if r.Server == p.deps.selected() {
			return true
		}
	}
	return false
}

// shown reports whether the requests are on show in the detail column.
func (p *requestPanel) shown() bool { return p.area != nil && p.visible }

// close hides the requests; the result comes back.
func (p *requestPanel) close() {
	p.visible, p.current = false, nil
	if p.area != nil {
		p.area.Hide()
	}
	p.deps.show(false)
	p.sync()
}

// open shows the requests inline in the detail column, in place of the
// result, on the Tools tab of the first request's server.
func (p *requestPanel) open() {
	if p.area == nil {
		p.build()
	}
	if len(p.pending) > 0 && !p.hasSelectedServer() {
		p.deps.selectServer(p.pending[0].Server)
	}
	p.deps.showTools()
	p.visible = true
	p.area.Show()
	p.deps.show(true)
	p.sync()
}

func (p *requestPanel) build() {
	p.list = widget.NewList(
		func() int { return len(p.pending) },
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(p.pending) {
				r := p.pending[id]
				widgets.SetTwoLineRow(o, view.DescribeRequest(r), i18n.L("received {{.Time}}", map[string]any{"Time": r.Received.Format("15:04:05")}), "")
			}
		})
	p.list.OnSelected = func(id widget.ListItemID) {
		if id < len(p.pending) && p.pending[id] != p.current {
			p.show(p.pending[id])
		}
	}
	p.detail = container.NewStack()
	p.queueLabel = widgets.BoldLabel("")
	// The queue (its title and list) shows when several wait: one request
	// has the room at 1024×640 for its answer (requests_fit.go).
	p.queueBox = container.NewVBox(container.NewStack(widgets.NewTint(theme.ColorNameWarning, 0x30), container.NewPadded(p.queueLabel)),
		container.New(widgets.MinHeight{H: 110}, p.list))
	p.queueBox.Hide()
	top := p.queueBox
	// One scroll around the request: the result's slot can be lower than a
	// sampling request with its reply box, and it must not spill over Run.
	p.area = container.NewBorder(top, nil, nil, nil, container.NewVScroll(p.detail))
	p.area.Hide()
	p.deps.place(p.area)
}

func (p *requestPanel) showNothing() {
	p.current = nil
	p.setDetail(widgets.CentredNote(lang.L("No requests wait for you. When a server asks for a model reply or for information, it shows here.")))
}

func (p *requestPanel) setDetail(o fyne.CanvasObject) {
	p.detail.Objects = []fyne.CanvasObject{o}
	p.detail.Refresh()
}

// show builds the answer panel for r.
func (p *requestPanel) show(r *mcp.PendingRequest) {
	p.current = r
	p.reply, p.model, p.form = nil, nil, nil
	p.sendBtn, p.rejectBtn, p.acceptBtn, p.declineBtn, p.cancelBtn, p.linkBtn = nil, nil, nil, nil, nil, nil
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	switch {
	case r.Kind == mcp.RequestSampling:
		p.setDetail(p.samplingView(r))
	case r.IsURL():
		p.setDetail(p.urlView(r))
	default:
		p.setDetail(p.formView(r))
	}
	p.sayOrphaned(r) // requests_cancel.go
	p.revealAnswer()
}

// requestTitle is the top of every request: who asks what, and when.
func requestTitle(r *mcp.PendingRequest, promise string) fyne.CanvasObject {
	title := widgets.BoldLabel(view.DescribeRequest(r))
	title.SizeName = theme.SizeNameSubHeadingText
	title.Wrapping = fyne.TextWrapWord
	when := widget.NewLabel(i18n.L("Received {{.Time}}. {{.Promise}}", map[string]any{"Time": r.Received.Format("15:04:05"), "Promise": promise}))
	when.Wrapping = fyne.TextWrapWord
	when.SizeName = theme.SizeNameCaptionText
	return container.NewVBox(title, when)
}

// samplingView shows a sampling request in full (messages by role, system
// prompt, model preferences, limits) and takes the person's reply.
func (p *requestPanel) samplingView(r *mcp.PendingRequest) fyne.CanvasObject {
	sp := r.Sampling()
	rv := NewResultView(p.deps.win)
	var rows []fyne.CanvasObject
	if sp.SystemPrompt != "" {
		rows = append(rows, widgets.Heading(lang.L("System prompt")), selectableText(sp.SystemPrompt))
	}
	rows = append(rows, widgets.Heading(i18n.L("Messages ({{.N}})", map[string]any{"N": len(sp.Messages)})))
	for i, m := range sp.Messages {
		if m == nil {
			continue
		}
		rows = append(rows, widgets.MessageCard(string(m.Role), samplingContent(rv, i, m.Content)))
	}
	rows = append(rows, widgets.Heading(lang.L("What the server asks for")), selectableText(view.SamplingDetails(sp)))

	p.reply = widgets.NewMultiLineEntry()
	p.reply.SetPlaceHolder(lang.L("Write the reply the server gets as the model's answer"))
	p.reply.Wrapping = fyne.TextWrapWord
	p.model = widgets.NewEntry()
	p.model.SetText(mcp.DefaultSamplingModel)
	p.sendBtn = widgets.NewButton(lang.L("Send"), theme.MailSendIcon(), func() {
		text := strings.TrimSpace(p.reply.Text)
		if text == "" {
			p.note.SetText(lang.L("Write a reply first, or Reject the request."))
			return
		}
		p.answer(r, "sent a reply as "+p.model.Text, func() error { return r.Reply(p.reply.Text, strings.TrimSpace(p.model.Text)) })
	})
	p.sendBtn.Importance = widget.HighImportance
	p.rejectBtn = widgets.NewButton(lang.L("Reject"), theme.CancelIcon(), func() {
		p.answer(r, "rejected", func() error { return r.Reject("") })
	})
	p.rejectBtn.Importance = widget.DangerImportance
	bottom := samplingAnswer(p.reply, p.model, p.sendBtn, p.rejectBtn, p.note) // requests_fit.go
	top := requestTitle(r, i18n.L("The server waits; nothing is sent until you press Send or Reject."))
	return container.NewPadded(container.NewBorder(top, bottom, nil, nil, container.NewVScroll(container.NewVBox(rows...))))
}

// samplingContent draws one message's content; tool use and tool results
// (sampling with tools) are shown as JSON.
func samplingContent(rv *ResultView, i int, c sdk.Content) fyne.CanvasObject {
	switch c.(type) {
	case *sdk.ToolUseContent, *sdk.ToolResultContent:
		b, err := json.MarshalIndent(c, "", "  ")
		if err != nil {
			return widgets.Caption(fmt.Sprintf("%T: %v", c, err))
		}
		l := selectableText(string(b))
		l.TextStyle.Monospace = true
		return l
	case nil:
		return widgets.LowLabel("(no content)")
	}
	return rv.contentBlock(i, c)
}

func selectableText(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.Selectable = true
	return l
}

// formView shows a form-mode elicitation: the message and the requested
// schema as a form (defaults filled in), with Accept, Decline and Cancel.
func (p *requestPanel) formView(r *mcp.PendingRequest) fyne.CanvasObject {
	ep := r.Elicitation()
	p.form = NewFormView(p.deps.win)
	if raw := p.wireSchema(r); raw != nil {
		p.form.SetSchema(raw)
	} else {
		p.form.SetSchemaValue(ep.RequestedSchema)
	}
	accept := func() {
		args, errs := p.form.Arguments()
		if len(errs) > 0 {
			p.note.SetText(view.FieldErrorsAs(errs, false))
			return
		}
		p.answer(r, "accepted with "+string(args), func() error { return r.AcceptJSON(args) })
	}
	p.form.OnSubmit = accept
	p.acceptBtn = widgets.NewButton(lang.L("Accept"), theme.ConfirmIcon(), accept)
	p.acceptBtn.Importance = widget.HighImportance
	p.declineBtn = widgets.NewButton(lang.L("Decline"), theme.CancelIcon(), func() {
		p.answer(r, "declined", r.Decline)
	})
	p.cancelBtn = widgets.NewButton(lang.L("Cancel"), nil, func() {
		p.answer(r, "cancelled", r.Cancel)
	})

	top := container.NewVBox(requestTitle(r, i18n.L("Accept sends the form; Decline says no; Cancel dismisses the request without choosing.")),
		messageBox(ep.Message), widget.NewSeparator())
	bottom := container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, answerButtons(p.acceptBtn, p.declineBtn, p.cancelBtn), nil, p.note))
	return container.NewPadded(container.NewBorder(top, bottom, nil, nil, p.form.Widget()))
}

// wireSchema is the request's requestedSchema as the server wrote it, taken
// from the server's wire log, or nil. The SDK hands the schema over as a
// map, which has lost the order of the fields; the server's own bytes keep
// it, so the form asks in the order the server meant.
func (p *requestPanel) wireSchema(r *mcp.PendingRequest) json.RawMessage {
	s := p.deps.session(r.Server)
	ep := r.Elicitation()
	if s == nil || ep == nil {
		return nil
	}
	entries, _ := s.Wire.Since(0)
	for i := len(entries) - 1; i >= 0; i-- {
		e := &entries[i]
		if e.Dir != transport.Received || e.Method != "elicitation/create" || e.Truncated {
			continue
		}
		var msg struct {
			Params struct {
				Message         string          `json:"message"`
				RequestedSchema json.RawMessage `json:"requestedSchema"`
			} `json:"params"`
		}
		if json.Unmarshal(e.JSON, &msg) != nil || msg.Params.Message != ep.Message {
			continue
		}
		// The same schema, or an older request with the same message: check.
		var fromWire, given any
		b, err := json.Marshal(ep.RequestedSchema)
		if err != nil || json.Unmarshal(msg.Params.RequestedSchema, &fromWire) != nil || json.Unmarshal(b, &given) != nil {
			return nil
		}
		if reflect.DeepEqual(fromWire, given) {
			return msg.Params.RequestedSchema
		}
		return nil
	}
	return nil
}

// messageBox shows the server's message to the person, set apart from the app's own words.
func messageBox(msg string) fyne.CanvasObject {
	if strings.TrimSpace(msg) == "" {
		msg = "(the server gave no message)"
	}
	l := selectableText(msg)
	return container.NewStack(widgets.NewTint(theme.ColorNamePrimary, 0x1c), container.NewPadded(l))
}

// urlView shows a URL-mode elicitation: the message and the URL, opened
// only when the person presses Open.
func (p *requestPanel) urlView(r *mcp.PendingRequest) fyne.CanvasObject {
	ep := r.Elicitation()
	link := widget.NewLabelWithStyle(ep.URL, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true})
	link.Wrapping = fyne.TextWrapBreak
	link.Selectable = true
	u, perr := url.Parse(ep.URL)
	where := ""
	switch {
	case perr != nil:
		where = "This is not a URL that can be opened: " + perr.Error()
	case u.Scheme != "https" && u.Scheme != "http":
		where = "This link is not a web address (" + u.Scheme + ":); it cannot be opened from here."
		perr = errors.New("not a web address")
	default:
		where = i18n.L("Open takes you to {{.Host}} in your browser and tells the server you agreed.", map[string]any{"Host": u.Host})
	}
	p.linkBtn = widgets.NewButton(lang.L("Open"), theme.ComputerIcon(), func() {
		if err := p.openURL(u); err != nil {
			p.note.SetText(i18n.L("The link could not be opened: {{.Reason}}. Nothing was sent; copy it, or Decline.", map[string]any{"Reason": i18n.Explain(err)}))
			return
		}
		p.answer(r, "opened "+ep.URL, func() error { return r.Accept(nil) })
	})
	p.linkBtn.Importance = widget.HighImportance
	if perr != nil {
		p.linkBtn.Disable()
	}
	p.declineBtn = widgets.NewButton(lang.L("Decline"), theme.CancelIcon(), func() {
		p.answer(r, "declined", r.Decline)
	})
	p.cancelBtn = widgets.NewButton(lang.L("Cancel"), nil, func() {
		p.answer(r, "cancelled", r.Cancel)
	})

	p.note.SetText(where)
	rows := []fyne.CanvasObject{
		requestTitle(r, i18n.L("Nothing is opened unless you press Open.")),
		messageBox(ep.Message),
		widgets.Heading(lang.L("Link")), link,
	}
	if ep.ElicitationID != "" {
		rows = append(rows, widgets.Caption("Elicitation ID: "+ep.ElicitationID))
	}
	rows = append(rows, widget.NewSeparator(), container.NewHBox(p.linkBtn, p.declineBtn, p.cancelBtn, layout.NewSpacer()), p.note)
	return container.NewPadded(container.NewVScroll(container.NewVBox(rows...)))
}

// answer sends the person's answer to r and moves on; if the server no
// longer waits, it says so.
func (p *requestPanel) answer(r *mcp.PendingRequest, what string, send func() error) {
	if err := send(); err != nil {
		msg := err.Error()
		if errors.Is(err, mcp.ErrRequestGone) {
			msg = lang.L("The server no longer waits for this answer; nothing was sent.")
		}
		p.note.SetText(view.Capitalise(msg))
		return
	}
	p.answered[r] = true
	p.lastAnswer = fmt.Sprintf("%s: %s", view.DescribeRequest(r), what)
	p.deps.answered(p.lastAnswer)
	p.current = nil
	p.sync()
	if len(p.pending) == 0 && p.visible {
		// The person came to answer and has; the result comes back.
		p.close()
	}
}
