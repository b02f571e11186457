package requests

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"encoding/json"
	"errors"
	"fmt"
	"mcpbrowser/ui/form"
	"mcpbrowser/ui/result"
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

// ServerRequests is the queue the manager's handlers put requests in. It is
// made before the manager (the handlers go into ManagerOptions) and so
// before the window, which attaches to it later.
type ServerRequests struct {
	Queue *mcp.RequestQueue

	mu     sync.Mutex
	notify func() // the window's, once attached
}

func NewServerRequests() *ServerRequests {
	r := &ServerRequests{}
	r.Queue = mcp.NewRequestQueue(func(*mcp.PendingRequest, mcp.RequestChange) { r.changed() })
	return r
}

// Handlers put every sampling and elicitation request in the queue.
func (r *ServerRequests) Handlers() mcp.Handlers { return r.Queue.Handlers() }

// changed runs on a server's goroutine.
func (r *ServerRequests) changed() {
	r.mu.Lock()
	f := r.notify
	r.mu.Unlock()
	if f != nil {
		f()
	}
}

func (r *ServerRequests) SetNotify(f func()) {
	r.mu.Lock()
	r.notify = f
	r.mu.Unlock()
}

// DismissFlushWait bounds how long dismissRequests waits for its answers
// to reach the wire.
const DismissFlushWait = 2 * time.Second

// SentResponses counts the responses the app wrote to the server since seq.
func SentResponses(wire *transport.WireLog, seq uint64) int {
	entries, _ := wire.Since(seq)
	n := 0
	for _, e := range entries {
		if e.Dir == transport.Sent && e.Method == "" {
			n++
		}
	}
	return n
}

// A RequestPanel is the banner in the main window and the window listing
// the requests that wait. It is used from the UI goroutine only.
type RequestPanel struct {
	deps    RequestDeps
	Src     *ServerRequests
	Pending []*mcp.PendingRequest
	// answered are requests answered here that the queue may still list
	// for a moment (until the server's goroutine takes the answer).
	answered map[*mcp.PendingRequest]bool
	// orphaned are requests whose call the person cancelled but the
	// server did not withdraw (requests_cancel.go).
	orphaned map[*mcp.PendingRequest]bool

	Banner     *fyne.Container
	BannerText *widget.Label
	OpenBtn    *widgets.Button

	// area shows the requests inline, in the detail column where the
	// result goes; nil until first opened. visible: it is on show.
	Area       *fyne.Container
	visible    bool
	queueLabel *widget.Label
	queueBox   *fyne.Container
	list       *widget.List
	detail     *fyne.Container
	Current    *mcp.PendingRequest

	// openURL opens a URL-mode elicitation's link; the app's by default,
	// a recorder in tests.
	OpenURL func(*url.URL) error

	// The current request's widgets (those that apply to its kind).
	Reply *widgets.Entry // Tab leaves it, Esc reaches the window (keys.go)
	Model *widgets.Entry
	Form  *form.FormView
	Note  *widget.Label
	// (escButtons: Esc on them reaches the window, keys.go)
	SendBtn    *widgets.Button
	RejectBtn  *widgets.Button
	AcceptBtn  *widgets.Button
	DeclineBtn *widgets.Button
	CancelBtn  *widgets.Button
	LinkBtn    *widgets.Button

	// lastAnswer says what was last sent, for the person and for tests.
	LastAnswer string
}

// RequestDeps is what the request panel needs from the window.
type RequestDeps struct {
	Win fyne.Window
	// openURL opens a link in the person's browser.
	OpenURL func(*url.URL) error
	// selected is the selected server's name; selectServer selects one.
	Selected     func() string
	SelectServer func(name string)
	// showTools brings the Tools tab, where the panel is, to the front.
	ShowTools func()
	// place puts the panel's area in the result's slot (once); show shows
	// the area (on) or the result there.
	Place func(area fyne.CanvasObject)
	Show  func(on bool)
	// waiting is told which requests wait, whenever that changes.
	Waiting func(pending []*mcp.PendingRequest)
	// session is the named server's session, or nil.
	Session func(name string) *mcp.Session
	// answered is told what was sent, in a line for the person.
	Answered func(what string)
}

func NewRequestPanel(deps RequestDeps) *RequestPanel {
	p := &RequestPanel{deps: deps, OpenURL: deps.OpenURL, answered: map[*mcp.PendingRequest]bool{}, orphaned: map[*mcp.PendingRequest]bool{}}
	p.BannerText = widget.NewLabel("")
	p.BannerText.Wrapping = fyne.TextWrapWord
	p.OpenBtn = widgets.NewButton(lang.L("Open"), theme.MailComposeIcon(), p.Open)
	p.OpenBtn.Importance = widget.HighImportance
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.QuestionIcon()))
	p.Banner = container.NewStack(widgets.NewTint(theme.ColorNameWarning, 0x40),
		container.NewPadded(container.NewBorder(nil, nil, container.NewCenter(icon), p.OpenBtn, p.BannerText)))
	p.Banner.Hide()
	return p
}

// sync reads the queue again: the banner, the list, and the request on show
// (a request that is gone is replaced by the next one).
func (p *RequestPanel) Sync() {
	if p.Src == nil {
		return
	}
	all := p.Src.Queue.Pending()
	p.Pending = p.Pending[:0]
	live := map[*mcp.PendingRequest]bool{}
	for _, r := range all {
		live[r] = true
		if !p.answered[r] {
			p.Pending = append(p.Pending, r)
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
	switch n := len(p.Pending); {
	case n == 0 || p.visible:
		p.Banner.Hide()
	case n == 1:
		p.BannerText.SetText(view.DescribeRequest(p.Pending[0]) + ". It waits for your answer.")
		p.Banner.Show()
	default:
		p.BannerText.SetText(strconv.Itoa(n) + " requests from servers wait for your answer, the first: " + view.DescribeRequest(p.Pending[0]) + ".")
		p.Banner.Show()
	}
	p.deps.Waiting(p.Pending)
	if !p.visible && p.hasSelectedServer() {
		p.Open() // the selected server asks: show it where its call is
		return
	}
	if p.Area == nil || !p.visible {
		return
	}
	p.queueLabel.SetText(p.windowTitle())
	p.showQueue(len(p.Pending) > 1) // requests_fit.go
	p.list.Refresh()
	if p.Current != nil && p.IndexOf(p.Current) < 0 {
		p.Current = nil
	}
	switch {
	case p.Current != nil:
		p.list.Select(p.IndexOf(p.Current))
	case len(p.Pending) > 0:
		p.list.Select(0) // shows it
	default:
		p.list.UnselectAll()
		p.showNothing()
	}
}

func (p *RequestPanel) IndexOf(r *mcp.PendingRequest) int {
	for i, x := range p.Pending {
		if x == r {
			return i
		}
	}
	return -1
}

func (p *RequestPanel) windowTitle() string {
	if len(p.Pending) == 0 {
		return i18n.L("Requests from servers")
	}
	return i18n.N("Requests from servers: {{.Count}} wait for your answer, oldest first", len(p.Pending))
}

// hasSelectedServer reports whether a waiting request comes from the
// selected server.
func (p *RequestPanel) hasSelectedServer() bool {
	for _, r := range p.Pending {
		if r.Server == p.deps.Selected() {
			return true
		}
	}
	return false
}

// shown reports whether the requests are on show in the detail column.
func (p *RequestPanel) Shown() bool { return p.Area != nil && p.visible }

// close hides the requests; the result comes back.
func (p *RequestPanel) close() {
	p.visible, p.Current = false, nil
	if p.Area != nil {
		p.Area.Hide()
	}
	p.deps.Show(false)
	p.Sync()
}

// open shows the requests inline in the detail column, in place of the
// result, on the Tools tab of the first request's server.
func (p *RequestPanel) Open() {
	if p.Area == nil {
		p.build()
	}
	if len(p.Pending) > 0 && !p.hasSelectedServer() {
		p.deps.SelectServer(p.Pending[0].Server)
	}
	p.deps.ShowTools()
	p.visible = true
	p.Area.Show()
	p.deps.Show(true)
	p.Sync()
}

func (p *RequestPanel) build() {
	p.list = widget.NewList(
		func() int { return len(p.Pending) },
		widgets.NewTwoLineRow,
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id < len(p.Pending) {
				r := p.Pending[id]
				widgets.SetTwoLineRow(o, view.DescribeRequest(r), i18n.L("received {{.Time}}", map[string]any{"Time": r.Received.Format("15:04:05")}), "")
			}
		})
	p.list.OnSelected = func(id widget.ListItemID) {
		if id < len(p.Pending) && p.Pending[id] != p.Current {
			p.show(p.Pending[id])
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
	p.Area = container.NewBorder(top, nil, nil, nil, container.NewVScroll(p.detail))
	p.Area.Hide()
	p.deps.Place(p.Area)
}

func (p *RequestPanel) showNothing() {
	p.Current = nil
	p.setDetail(widgets.CentredNote(lang.L("No requests wait for you. When a server asks for a model reply or for information, it shows here.")))
}

func (p *RequestPanel) setDetail(o fyne.CanvasObject) {
	p.detail.Objects = []fyne.CanvasObject{o}
	p.detail.Refresh()
}

// show builds the answer panel for r.
func (p *RequestPanel) show(r *mcp.PendingRequest) {
	p.Current = r
	p.Reply, p.Model, p.Form = nil, nil, nil
	p.SendBtn, p.RejectBtn, p.AcceptBtn, p.DeclineBtn, p.CancelBtn, p.LinkBtn = nil, nil, nil, nil, nil, nil
	p.Note = widget.NewLabel("")
	p.Note.Wrapping = fyne.TextWrapWord
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

// requestTitle is the top of every request: who asks what and when, on
// one line, and what the answer does.
func requestTitle(r *mcp.PendingRequest, promise string) fyne.CanvasObject {
	title := widgets.BoldLabel(view.DescribeRequest(r)) // text size: the lines go to the question
	title.Wrapping = fyne.TextWrapWord
	when := widget.NewLabel(i18n.L("received {{.Time}}", map[string]any{"Time": r.Received.Format("15:04:05")}))
	when.SizeName = theme.SizeNameCaptionText
	what := widget.NewLabel(promise)
	what.Wrapping = fyne.TextWrapWord
	what.SizeName = theme.SizeNameCaptionText
	return container.NewVBox(container.NewBorder(nil, nil, nil, when, title), what)
}

// samplingView shows a sampling request in full (messages by role, system
// prompt, model preferences, limits) and takes the person's reply.
func (p *RequestPanel) samplingView(r *mcp.PendingRequest) fyne.CanvasObject {
	sp := r.Sampling()
	rv := result.NewResultView(p.deps.Win)
	// The messages (what the person answers) come first, right under the
	// title; the system prompt and the limits follow.
	rows := []fyne.CanvasObject{widgets.Heading(i18n.L("Messages ({{.N}})", map[string]any{"N": len(sp.Messages)}))}
	for i, m := range sp.Messages {
		if m == nil {
			continue
		}
		rows = append(rows, widgets.MessageCard(string(m.Role), samplingContent(rv, i, m.Content)))
	}
	if sp.SystemPrompt != "" {
		rows = append(rows, widgets.Heading(lang.L("System prompt")), selectableText(sp.SystemPrompt))
	}
	rows = append(rows, widgets.Heading(lang.L("What the server asks for")), selectableText(view.SamplingDetails(sp)))

	p.Reply = widgets.NewMultiLineEntry()
	p.Reply.SetPlaceHolder(lang.L("Write the reply the server gets as the model's answer"))
	p.Reply.Wrapping = fyne.TextWrapWord
	p.Model = widgets.NewEntry()
	p.Model.SetText(mcp.DefaultSamplingModel)
	p.SendBtn = widgets.NewButton(lang.L("Send"), theme.MailSendIcon(), func() {
		text := strings.TrimSpace(p.Reply.Text)
		if text == "" {
			p.Note.SetText(lang.L("Write a reply first, or Reject the request."))
			return
		}
		p.answer(r, "sent a reply as "+p.Model.Text, func() error { return r.Reply(p.Reply.Text, strings.TrimSpace(p.Model.Text)) })
	})
	p.SendBtn.Importance = widget.HighImportance
	p.RejectBtn = widgets.NewButton(lang.L("Reject"), theme.CancelIcon(), func() {
		p.answer(r, "rejected", func() error { return r.Reject("") })
	})
	p.RejectBtn.Importance = widget.DangerImportance
	bottom := samplingAnswer(p.Reply, p.Model, p.SendBtn, p.RejectBtn, p.Note) // requests_fit.go
	top := requestTitle(r, i18n.L("The server waits; nothing is sent until you press Send or Reject."))
	return container.NewPadded(container.NewBorder(top, bottom, nil, nil, container.NewVScroll(container.NewVBox(rows...))))
}

// samplingContent draws one message's content; tool use and tool results
// (sampling with tools) are shown as JSON.
func samplingContent(rv *result.ResultView, i int, c sdk.Content) fyne.CanvasObject {
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
	return rv.ContentBlock(i, c)
}

func selectableText(s string) *widget.Label {
	l := widget.NewLabel(s)
	l.Wrapping = fyne.TextWrapWord
	l.Selectable = true
	return l
}

// formView shows a form-mode elicitation: the message and the requested
// schema as a form (defaults filled in), with Accept, Decline and Cancel.
func (p *RequestPanel) formView(r *mcp.PendingRequest) fyne.CanvasObject {
	ep := r.Elicitation()
	p.Form = form.NewFormView(p.deps.Win)
	if raw := p.wireSchema(r); raw != nil {
		p.Form.SetSchema(raw)
	} else {
		p.Form.SetSchemaValue(ep.RequestedSchema)
	}
	accept := func() {
		args, errs := p.Form.Arguments()
		if len(errs) > 0 {
			p.Note.SetText(view.FieldErrorsAs(errs, false))
			return
		}
		p.answer(r, "accepted with "+string(args), func() error { return r.AcceptJSON(args) })
	}
	p.Form.OnSubmit = accept
	p.AcceptBtn = widgets.NewButton(lang.L("Accept"), theme.ConfirmIcon(), accept)
	p.AcceptBtn.Importance = widget.HighImportance
	p.DeclineBtn = widgets.NewButton(lang.L("Decline"), theme.CancelIcon(), func() {
		p.answer(r, "declined", r.Decline)
	})
	p.CancelBtn = widgets.NewButton(lang.L("Cancel"), nil, func() {
		p.answer(r, "cancelled", r.Cancel)
	})

	// The title and the message scroll with the fields, and no Form/JSON
	// toggle takes a line: at 1024×640 the first fields show under them.
	p.Form.HideModes()
	p.Form.SetHeader(container.NewVBox(requestTitle(r, i18n.L("Accept sends the form; Decline says no; Cancel dismisses the request without choosing.")),
		messageBox(ep.Message)))
	bottom := container.NewVBox(widget.NewSeparator(),
		container.NewBorder(nil, nil, answerButtons(p.AcceptBtn, p.DeclineBtn, p.CancelBtn), nil, p.Note))
	return container.NewPadded(container.NewBorder(nil, bottom, nil, nil, p.Form.Widget()))
}

// wireSchema is the request's requestedSchema as the server wrote it, taken
// from the server's wire log, or nil. The SDK hands the schema over as a
// map, which has lost the order of the fields; the server's own bytes keep
// it, so the form asks in the order the server meant.
func (p *RequestPanel) wireSchema(r *mcp.PendingRequest) json.RawMessage {
	s := p.deps.Session(r.Server)
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
func (p *RequestPanel) urlView(r *mcp.PendingRequest) fyne.CanvasObject {
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
	p.LinkBtn = widgets.NewButton(lang.L("Open"), theme.ComputerIcon(), func() {
		if err := p.OpenURL(u); err != nil {
			p.Note.SetText(i18n.L("The link could not be opened: {{.Reason}}. Nothing was sent; copy it, or Decline.", map[string]any{"Reason": i18n.Explain(err)}))
			return
		}
		p.answer(r, "opened "+ep.URL, func() error { return r.Accept(nil) })
	})
	p.LinkBtn.Importance = widget.HighImportance
	if perr != nil {
		p.LinkBtn.Disable()
	}
	p.DeclineBtn = widgets.NewButton(lang.L("Decline"), theme.CancelIcon(), func() {
		p.answer(r, "declined", r.Decline)
	})
	p.CancelBtn = widgets.NewButton(lang.L("Cancel"), nil, func() {
		p.answer(r, "cancelled", r.Cancel)
	})

	p.Note.SetText(where)
	rows := []fyne.CanvasObject{
		requestTitle(r, i18n.L("Nothing is opened unless you press Open.")),
		messageBox(ep.Message),
		widgets.Heading(lang.L("Link")), link,
	}
	if ep.ElicitationID != "" {
		rows = append(rows, widgets.Caption("Elicitation ID: "+ep.ElicitationID))
	}
	rows = append(rows, widget.NewSeparator(), container.NewHBox(p.LinkBtn, p.DeclineBtn, p.CancelBtn, layout.NewSpacer()), p.Note)
	return container.NewPadded(container.NewVScroll(container.NewVBox(rows...)))
}

// answer sends the person's answer to r and moves on; if the server no
// longer waits, it says so.
func (p *RequestPanel) answer(r *mcp.PendingRequest, what string, send func() error) {
	if err := send(); err != nil {
		msg := err.Error()
		if errors.Is(err, mcp.ErrRequestGone) {
			msg = lang.L("The server no longer waits for this answer; nothing was sent.")
		}
		p.Note.SetText(view.Capitalise(msg))
		return
	}
	p.answered[r] = true
	p.LastAnswer = fmt.Sprintf("%s: %s", view.DescribeRequest(r), what)
	p.deps.Answered(p.LastAnswer)
	p.Current = nil
	p.Sync()
	if len(p.Pending) == 0 && p.visible {
		// The person came to answer and has; the result comes back.
		p.close()
	}
}
