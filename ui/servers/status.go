package servers

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A Status is shown in the middle when the selected server is not
// ready: what state it is in, why (in plain words), and what to do.
type Status struct {
	deps   StatusDeps
	title  *widget.Label
	Reason *widget.Label
	Bar    *widget.ProgressBarInfinite
	Retry  *widgets.Button // Retry, Start, Enable, Approve … whatever helps now
	edit   *widgets.Button
	Root   fyne.CanvasObject
	action func()
	// CopyAddress copies signInAddress, the page to open by hand when no
	// browser could be opened for a sign-in (signin.go).
	CopyAddress   *widgets.Button
	signInAddress string
}

// StatusDeps is what the status view needs from the window: the
// actions its buttons take on the selected server.
type StatusDeps struct {
	Restart, Stop, Approve, AskInputs, Edit func()
	// NeedsApproval reports whether the entry waits for the person's
	// approval of its command.
	NeedsApproval func(cfg *config.ServerConfig) bool
	// SignIn shows the server's sign-in under the server list.
	SignIn func(s *mcp.Session)
	// CopyAddress puts a sign-in address on the clipboard.
	CopyAddress func(address string)
}

// NewStatus is the status page; Show fills it in for a server.
func NewStatus(deps StatusDeps) *Status {
	v := &Status{
		deps:   deps,
		title:  widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		Reason: widget.NewLabel(""),
		Bar:    widgets.NewStoppedInfiniteBar(),
	}
	v.title.SizeName = theme.SizeNameSubHeadingText
	v.title.Wrapping = fyne.TextWrapWord
	v.Reason.Wrapping = fyne.TextWrapWord
	v.Reason.Selectable = true
	v.Retry = widgets.NewButton(lang.L("Retry"), theme.ViewRefreshIcon(), func() {
		if v.action != nil {
			v.action()
		}
	})
	v.Retry.Importance = widget.HighImportance
	v.edit = widgets.NewButton(lang.L("Edit…"), theme.DocumentCreateIcon(), deps.Edit)
	v.CopyAddress = newCopyAddressButton(v)
	buttons := container.NewHBox(v.Retry, v.edit, v.CopyAddress, layout.NewSpacer())
	v.Root = container.NewVScroll(container.NewPadded(container.NewVBox(v.title, v.Bar, v.Reason, buttons)))
	return v
}

// Show describes the server's state; it reports false when the server is ready
// (the tools are shown instead).
func (v *Status) Show(s *mcp.Session, editable bool) bool {
	cfg := s.Config()
	st := s.Status()
	v.Bar.Stop() // before Hide: see newStoppedInfiniteBar
	v.Bar.Hide()
	v.Retry.Show()
	v.Retry.Enable()
	v.Retry.SetText(lang.L("Retry"))
	v.Retry.SetIcon(theme.ViewRefreshIcon())
	v.action = v.deps.Restart
	widgets.SetEnabled(v.edit, editable)
	v.CopyAddress.Hide()
	v.deps.SignIn(s)
	step := ""
	if !cfg.Disabled && st.State == mcp.StateStarting {
		step = v.offerSignInAddress(s, st)
	}
	page, ready := view.ServerStatus(cfg, st, st.Waiting && v.deps.NeedsApproval(cfg), step, func() string { return firstErrorNote(s) })
	if ready {
		return false
	}
	v.title.SetText(page.Title)
	v.Reason.SetText(page.Reason)
	b := statusButtons[page.Action]
	v.Retry.SetText(lang.L(b.label))
	v.Retry.SetIcon(b.icon())
	switch page.Action {
	case view.StatusEnable:
		widgets.SetEnabled(v.Retry, editable)
	case view.StatusStop:
		v.action = v.deps.Stop
	case view.StatusApprove:
		v.action = v.deps.Approve
	case view.StatusEnterValues:
		v.action = v.deps.AskInputs
	}
	if page.Starting {
		v.Bar.Show()
		v.Bar.Start()
	}
	return true
}

// statusButtons are the main button's label and icon for each action.
var statusButtons = map[view.StatusAction]struct {
	label string
	icon  func() fyne.Resource
}{
	view.StatusRetry:       {"Retry", theme.ViewRefreshIcon},
	view.StatusEnable:      {"Enable", theme.MediaPlayIcon},
	view.StatusStop:        {"Stop", theme.CancelIcon},
	view.StatusApprove:     {"Approve and start", theme.ConfirmIcon},
	view.StatusEnterValues: {"Enter values…", theme.DocumentCreateIcon},
	view.StatusStart:       {"Start", theme.MediaPlayIcon},
}

// firstErrorNote is the first error line s wrote to stderr, when the last
// lines (which the reason lists) do not include it, as a paragraph; else "".
func firstErrorNote(s *mcp.Session) string {
	entries := s.Log.Tail(500, transport.LogStderr)
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = e.Text
	}
	if l := view.FirstErrorLine(lines, 5); l != "" {
		return i18n.L("First error: {{.Line}}", map[string]any{"Line": l}) + "\n\n"
	}
	return ""
}
