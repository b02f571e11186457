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
	name := cfg.Name
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
	switch {
	case cfg.Disabled:
		v.title.SetText(i18n.L("{{.Server}} is disabled", map[string]any{"Server": name}))
		v.Reason.SetText(lang.L("It is not started with the others. Enable it to start it."))
		v.Retry.SetText(lang.L("Enable"))
		v.Retry.SetIcon(theme.MediaPlayIcon())
		widgets.SetEnabled(v.Retry, editable)
	case st.State == mcp.StateReady:
		return false
	case st.State == mcp.StateStarting:
		v.title.SetText(i18n.L("Starting {{.Server}} …", map[string]any{"Server": name}))
		reason := view.DescribeTarget(cfg)
		if st.Detail != "" {
			// A slow start says what it waits for, e.g. a sign-in in the browser.
			reason += "\n\n" + st.Detail
		}
		reason += v.offerSignInAddress(s, st)
		v.Reason.SetText(reason)
		v.Bar.Show()
		v.Bar.Start()
		v.Retry.SetText(lang.L("Stop"))
		v.Retry.SetIcon(theme.CancelIcon())
		v.action = v.deps.Stop
	case st.Waiting && v.deps.NeedsApproval(cfg):
		v.title.SetText(i18n.L("{{.Server}} waits for your approval", map[string]any{"Server": name}))
		v.Reason.SetText(i18n.L("{{.Reason}}\n\nApprove it only if you trust this command: it runs with your permissions.", map[string]any{"Reason": view.Capitalise(st.Reason)}))
		v.Retry.SetText(lang.L("Approve and start"))
		v.Retry.SetIcon(theme.ConfirmIcon())
		v.action = v.deps.Approve
	case st.Waiting:
		v.title.SetText(i18n.L("{{.Server}} needs values before it can start", map[string]any{"Server": name}))
		v.Reason.SetText(i18n.L("{{.Reason}}. They are kept in memory only, never written to the servers file.", map[string]any{"Reason": view.Capitalise(st.Reason)}))
		v.Retry.SetText(lang.L("Enter values…"))
		v.Retry.SetIcon(theme.DocumentCreateIcon())
		v.action = v.deps.AskInputs
	case st.State == mcp.StateFailed:
		v.title.SetText(i18n.L("{{.Server}} could not start", map[string]any{"Server": name}))
		v.Reason.SetText(firstErrorNote(s) + view.Capitalise(st.Reason))
	case st.State == mcp.StateExited:
		if st.ExitedAt.IsZero() {
			v.title.SetText(i18n.L("{{.Server}} exited", map[string]any{"Server": name}))
		} else {
			v.title.SetText(i18n.L("{{.Server}} exited at {{.Time}}", map[string]any{"Server": name, "Time": st.ExitedAt.Format("15:04:05")}))
		}
		v.Reason.SetText(firstErrorNote(s) + view.Capitalise(st.Reason))
	default:
		v.title.SetText(i18n.L("{{.Server}} is stopped", map[string]any{"Server": name}))
		reason := i18n.L("It is not running.")
		if cfg.Problem != "" {
			reason = i18n.L("It cannot be started: {{.Problem}}.", map[string]any{"Problem": view.Capitalise(cfg.Problem)})
		}
		v.Reason.SetText(reason)
		v.Retry.SetText(lang.L("Start"))
		v.Retry.SetIcon(theme.MediaPlayIcon())
	}
	return true
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
