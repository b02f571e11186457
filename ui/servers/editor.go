package servers

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// An Editor is the add/edit dialog's content for one server entry. It
// edits a copy; nothing changes until Build makes a new entry from the fields.
type Editor struct {
	Orig  *config.ServerConfig // nil when adding
	taken func(name string) bool

	Name      *widgets.Entry
	transport *widgets.Select
	Command   *widgets.Entry
	args      *listRows
	Env       *KeyValueRows
	cwd       *widgets.Entry
	url       *widgets.Entry
	headers   *KeyValueRows
	spec      *listRows
	baseURL   *widgets.Entry
	connectTO *widgets.Entry
	callTO    *widgets.Entry
	protocol  *widgets.Select
	OAuth     *OAuthFields
	Problem   *widget.Label

	// stdio and remote are the label and field objects of the rows that
	// belong to one kind of transport; the other kind's rows are hidden.
	stdio  []fyne.CanvasObject
	remote []fyne.CanvasObject
	// streamable are the rows of http (streamable) entries only: sign-in.
	streamable []fyne.CanvasObject
	// openapi are the rows of an OpenAPI entry; headerRows are shared by
	// every HTTP-speaking entry.
	openapi    []fyne.CanvasObject
	headerRows []fyne.CanvasObject
	Root       fyne.CanvasObject
}

// editorTransports are the transports the editor offers; openapi is an HTTP
// API described by an OpenAPI document, whose operations become tools.
var editorTransports = []string{config.TypeStdio, config.TypeHTTP, config.TypeSSE, config.TypeOpenAPI}

// NewEditor edits a copy of orig (nil: a new entry); taken reports whether a
// name is some other server's.
func NewEditor(orig *config.ServerConfig, taken func(string) bool) *Editor {
	e := &Editor{Orig: orig, taken: taken}
	src := orig
	if src == nil {
		src = &config.ServerConfig{Type: config.TypeStdio}
	}
	e.Name = widgets.NewEntry()
	e.Name.SetText(src.Name)
	e.Name.SetPlaceHolder(lang.L("my-server"))
	options := slices.Clone(editorTransports)
	if src.Type != "" && !slices.Contains(options, src.Type) {
		options = append(options, src.Type)
	}
	e.transport = widgets.NewSelect(options, nil)

	e.Command = widgets.NewEntry()
	e.Command.SetText(src.Command)
	e.Command.SetPlaceHolder(lang.L("npx, uvx, docker, /path/to/server …"))
	e.args = newListRows("argument", src.Args)
	e.args.splits = true
	e.args.split(nil) // rebuilds the rows with their Split buttons
	e.Env = newKeyValueRows("NAME", "value", src.Env)
	e.cwd = widgets.NewEntry()
	e.cwd.SetText(src.Cwd)
	e.cwd.SetPlaceHolder(lang.L("(the app's working directory)"))

	e.url = widgets.NewEntry()
	e.url.SetText(src.URL)
	e.url.SetPlaceHolder(lang.L("https://example.com/mcp"))
	e.headers = newKeyValueRows("Header", "value", src.Headers)
	e.OAuth = newOAuthFields(src.OAuth)
	e.spec = newListRows("document", src.Spec)
	e.baseURL = widgets.NewEntry()
	e.baseURL.SetText(src.BaseURL)
	e.baseURL.SetPlaceHolder(lang.L("(the document's first server URL)"))

	e.connectTO = timeoutEntry(src.ConnectTimeout, config.DefaultConnectTimeout.Seconds())
	e.callTO = timeoutEntry(src.CallTimeout, config.DefaultCallTimeout.Seconds())
	e.protocol = protocolSelect(src.ProtocolVersion)
	e.Problem = widget.NewLabel("")
	e.Problem.Importance = widget.DangerImportance
	e.Problem.Wrapping = fyne.TextWrapWord

	e.stdio = []fyne.CanvasObject{
		widgets.FormLabel(lang.L("Command")), e.Command,
		widgets.FormLabel(lang.L("Arguments")), e.args.root,
		widgets.FormLabel(lang.L("Environment")), e.Env.root,
		widgets.FormLabel(lang.L("Working folder")), e.cwd,
	}
	e.remote = []fyne.CanvasObject{widgets.FormLabel(lang.L("URL")), e.url}
	e.openapi = []fyne.CanvasObject{
		widgets.FormLabel(lang.L("OpenAPI document")), e.spec.root,
		widgets.FormLabel(lang.L("Base URL")), e.baseURL,
	}
	e.headerRows = []fyne.CanvasObject{widgets.FormLabel(lang.L("Headers")), e.headers.root}
	e.streamable = []fyne.CanvasObject{widget.NewLabel(""), e.OAuth.root}
	// One form layout for every row, so that the labels line up; a hidden
	// row (label and field) takes no room.
	rows := []fyne.CanvasObject{widgets.FormLabel(lang.L("Name")), e.Name, widgets.FormLabel(lang.L("Transport")), e.transport}
	rows = append(rows, e.stdio...)
	rows = append(rows, e.remote...)
	rows = append(rows, e.openapi...)
	rows = append(rows, e.headerRows...)
	rows = append(rows, e.streamable...)
	rows = append(rows, widgets.FormLabel(lang.L("Connect timeout (s)")), e.connectTO, widgets.FormLabel(lang.L("Call timeout (s)")), e.callTO)
	rows = append(rows, widgets.FormLabel(lang.L("Protocol version")), e.protocol)
	form := container.New(layout.NewFormLayout(), rows...)
	hint := widget.NewLabel(lang.L("Timeouts: empty for the default, -1 for none. The call timeout restarts with each progress notification."))
	hint.Wrapping = fyne.TextWrapWord
	hint.SizeName = theme.SizeNameCaptionText
	e.transport.OnChanged = func(string) { e.showTransport() }
	e.transport.SetSelected(src.Type)
	if e.transport.Selected == "" {
		e.transport.SetSelected(config.TypeStdio)
	}
	e.Root = container.NewVBox(form, hint, e.Problem)
	return e
}

// protocolSelect offers "auto" (the app finds the server's era) and every
// version the app speaks; an entry's unknown version stays selectable.
func protocolSelect(current string) *widgets.Select {
	options := slices.Clone(mcp.ProtocolVersions)
	if current != "" && !slices.Contains(options, current) {
		options = append(options, current)
	}
	sel := widgets.NewSelect(options, nil)
	if current == "" {
		current = mcp.VersionAuto
	}
	sel.SetSelected(current)
	return sel
}

func timeoutEntry(v *float64, def float64) *widgets.Entry {
	e := widgets.NewEntry()
	e.SetPlaceHolder(lang.L("{{.N}} (default)", map[string]any{"N": strconv.FormatFloat(def, 'g', -1, 64)}))
	if v != nil {
		e.SetText(strconv.FormatFloat(*v, 'g', -1, 64))
	}
	return e
}

func (e *Editor) showTransport() {
	t := e.transport.Selected
	widgets.ShowAll(e.stdio, t == config.TypeStdio)
	widgets.ShowAll(e.remote, t == config.TypeHTTP || t == config.TypeSSE)
	widgets.ShowAll(e.openapi, t == config.TypeOpenAPI)
	widgets.ShowAll(e.headerRows, t == config.TypeHTTP || t == config.TypeSSE || t == config.TypeOpenAPI)
	widgets.ShowAll(e.streamable, t == config.TypeHTTP)
	if e.Root != nil {
		e.Root.Refresh()
	}
}

// Build makes the entry the fields describe, or says what is wrong.
func (e *Editor) Build() (*config.ServerConfig, error) {
	sc := &config.ServerConfig{}
	if e.Orig != nil {
		sc = e.Orig.Clone()
	}
	name := strings.TrimSpace(e.Name.Text)
	switch {
	case name == "":
		return nil, errors.New("give the server a name")
	case (e.Orig == nil || name != e.Orig.Name) && e.taken(name):
		return nil, fmt.Errorf("a server named %q already exists; choose another name", name)
	}
	sc.Name = name
	// A plain assignment, not SetType: the file gets a "type" only when the
	// command or URL does not already imply it.
	sc.Type = e.transport.Selected
	switch sc.Type {
	case config.TypeStdio:
		sc.Command = strings.TrimSpace(e.Command.Text)
		if sc.Command == "" {
			return nil, errors.New("a stdio server needs a command to start")
		}
		sc.Args = e.args.values()
		env, err := e.Env.values("environment variable")
		if err != nil {
			return nil, err
		}
		sc.Env = env
		sc.Cwd = strings.TrimSpace(e.cwd.Text)
		sc.URL, sc.Headers, sc.OAuth = "", nil, nil
		sc.Spec, sc.BaseURL = nil, ""
	case config.TypeOpenAPI:
		sc.Spec = e.spec.values()
		if len(sc.Spec) == 0 {
			return nil, errors.New("an openapi entry needs its OpenAPI document: a file path or an http(s) URL, JSON or YAML")
		}
		sc.BaseURL = strings.TrimSpace(e.baseURL.Text)
		if sc.BaseURL != "" && !view.IsWebAddress(sc.BaseURL) {
			return nil, errors.New("the base URL must be a full http:// or https:// address, or empty for the document's own")
		}
		headers, err := e.headers.values("header")
		if err != nil {
			return nil, err
		}
		sc.Headers = headers
		sc.Command, sc.Args, sc.Env, sc.Cwd, sc.URL, sc.OAuth = "", nil, nil, "", "", nil
	case config.TypeHTTP, config.TypeSSE:
		sc.URL = strings.TrimSpace(e.url.Text)
		if !view.IsWebAddress(sc.URL) {
			return nil, errors.New("the URL must be a full http:// or https:// address")
		}
		headers, err := e.headers.values("header")
		if err != nil {
			return nil, err
		}
		sc.Headers = headers
		sc.Command, sc.Args, sc.Env, sc.Cwd = "", nil, nil, ""
		sc.Spec, sc.BaseURL = nil, ""
		if sc.Type == config.TypeHTTP {
			// Sign-in is the streamable transport's; an sse entry keeps what its file says.
			if sc.OAuth, err = e.OAuth.build(); err != nil {
				e.OAuth.reveal()
				return nil, err
			}
		}
	}
	var err error
	if sc.ConnectTimeout, err = view.ParseTimeout("connect timeout", e.connectTO.Text); err != nil {
		return nil, err
	}
	if sc.CallTimeout, err = view.ParseTimeout("call timeout", e.callTO.Text); err != nil {
		return nil, err
	}
	if v := e.protocol.Selected; v != mcp.VersionAuto || sc.ProtocolVersion != mcp.VersionAuto {
		// "auto" is the default: the file gets it only if it said so already.
		sc.ProtocolVersion = strings.TrimPrefix(v, mcp.VersionAuto)
	}
	return sc, nil
}

// ShowEditor opens the add (orig nil) or edit dialog. Saving writes the
// servers file through the manager and restarts the server.
func (s *Screen) ShowEditor(orig *config.ServerConfig) {
	m, win := s.deps.Manager(), s.deps.Win
	ed := NewEditor(orig, func(n string) bool { return m.Session(n) != nil })
	title, oldName := lang.L("Add server"), ""
	if orig != nil {
		title, oldName = i18n.L("Edit {{.Server}}", map[string]any{"Server": orig.Name}), orig.Name
	}
	scroll := container.NewVScroll(ed.Root)
	d := dialog.NewCustomWithoutButtons(title, scroll, win)
	save := widgets.NewButton(lang.L("Save and start"), theme.DocumentSaveIcon(), nil)
	save.Importance = widget.HighImportance
	save.OnTapped = func() {
		sc, err := ed.Build()
		if err != nil {
			ed.Problem.SetText(view.WithStop(view.Capitalise(err)))
			scroll.ScrollToBottom() // the message is under the fields, which may be taller than the dialog
			return
		}
		d.Hide()
		s.Editor = nil
		s.PutServer(oldName, sc)
	}
	cancel := widgets.NewButton(lang.L("Cancel"), nil, func() {
		d.Hide()
		s.Editor = nil
	})

	d.SetButtons([]fyne.CanvasObject{cancel, save})
	d.Resize(widgets.FitDialog(win, 760, 640)) // wide enough for the sign-in section's labels and fields side by side
	s.Editor = &OpenEditor{Ed: ed, Save: save.OnTapped, Cancel: cancel.OnTapped}
	d.Show()
	win.Canvas().Focus(ed.Name)
}

// OpenEditor is the editor dialog on screen, kept so tests (and a change
// of the file meanwhile) can reach it.
type OpenEditor struct {
	Ed           *Editor
	Save, Cancel func()
}

// RevealSignIn opens the sign-in (OAuth) section.
func (e *Editor) RevealSignIn() { e.OAuth.reveal() }
