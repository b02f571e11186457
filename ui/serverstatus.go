package ui

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

// serverStatusView is shown in the middle when the selected server is not
// ready: what state it is in, why (in plain words), and what to do.
type serverStatusView struct {
	deps   serverStatusDeps
	title  *widget.Label
	reason *widget.Label
	bar    *widget.ProgressBarInfinite
	retry  *widgets.Button // Retry, Start, Enable, Approve … whatever helps now
	edit   *widgets.Button
	root   fyne.CanvasObject
	action func()
	// copyAddress copies signInAddress, the page to open by hand when no
	// browser could be opened for a sign-in (signin.go).
	copyAddress   *widgets.Button
	signInAddress string
}

// serverStatusDeps is what the status view needs from the window: the
// actions its buttons take on the selected server.
type serverStatusDeps struct {
	restart, stop, approve, askInputs, edit func()
	// needsApproval reports whether the entry waits for the person's
	// approval of its command.
	needsApproval func(cfg *config.ServerConfig) bool
	// signIn shows the server's sign-in under the server list.
	signIn func(s *mcp.Session)
	// copyAddress puts a sign-in address on the clipboard.
	copyAddress func(address string)
}

func newServerStatusView(deps serverStatusDeps) *serverStatusView {
	v := &serverStatusView{
		deps:   deps,
		title:  widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		reason: widget.NewLabel(""),
		bar:    widgets.NewStoppedInfiniteBar(),
	}
	v.title.SizeName = theme.SizeNameSubHeadingText
	v.title.Wrapping = fyne.TextWrapWord
	v.reason.Wrapping = fyne.TextWrapWord
	v.reason.Selectable = true
	v.retry = widgets.NewButton(lang.L("Retry"), theme.ViewRefreshIcon(), func() {
		if v.action != nil {
			v.action()
		}
	})
	v.retry.Importance = widget.HighImportance
	v.edit = widgets.NewButton(lang.L("Edit…"), theme.DocumentCreateIcon(), deps.edit)
	v.copyAddress = newCopyAddressButton(v)
	buttons := container.NewHBox(v.retry, v.edit, v.copyAddress, layout.NewSpacer())
	v.root = container.NewVScroll(container.NewPadded(container.NewVBox(v.title, v.bar, v.reason, buttons)))
	return v
}

// show describes the server's state; it reports false when the server is ready
// (the tools are shown instead).
func (v *serverStatusView) show(s *mcp.Session, editable bool) bool {
	cfg := s.Config()
	st := s.Status()
	name := cfg.Name
	v.bar.Stop() // before Hide: see newStoppedInfiniteBar
	v.bar.Hide()
	v.retry.Show()
	v.retry.Enable()
	v.retry.SetText(lang.L("Retry"))
	v.retry.SetIcon(theme.ViewRefreshIcon())
	v.action = v.deps.restart
	widgets.SetEnabled(v.edit, editable)
	v.copyAddress.Hide()
	v.deps.signIn(s)
	switch {
	case cfg.Disabled:
		v.title.SetText(i18n.L("{{.Server}} is disabled", map[string]any{"Server": name}))
		v.reason.SetText(lang.L("It is not started with the others. Enable it to start it."))
		v.retry.SetText(lang.L("Enable"))
		v.retry.SetIcon(theme.MediaPlayIcon())
		widgets.SetEnabled(v.retry, editable)
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
		v.reason.SetText(reason)
		v.bar.Show()
		v.bar.Start()
		v.retry.SetText(lang.L("Stop"))
		v.retry.SetIcon(theme.CancelIcon())
		v.action = v.deps.stop
	case st.Waiting && v.deps.needsApproval(cfg):
		v.title.SetText(i18n.L("{{.Server}} waits for your approval", map[string]any{"Server": name}))
		v.reason.SetText(i18n.L("{{.Reason}}\n\nApprove it only if you trust this command: it runs with your permissions.", map[string]any{"Reason": view.Capitalise(st.Why())}))
		v.retry.SetText(lang.L("Approve and start"))
		v.retry.SetIcon(theme.ConfirmIcon())
		v.action = v.deps.approve
	case st.Waiting:
		v.title.SetText(i18n.L("{{.Server}} needs values before it can start", map[string]any{"Server": name}))
		v.reason.SetText(i18n.L("{{.Reason}}. They are kept in memory only, never written to the servers file.", map[string]any{"Reason": view.Capitalise(st.Why())}))
		v.retry.SetText(lang.L("Enter values…"))
		v.retry.SetIcon(theme.DocumentCreateIcon())
		v.action = v.deps.askInputs
	case st.State == mcp.StateFailed:
		v.title.SetText(i18n.L("{{.Server}} could not start", map[string]any{"Server": name}))
		v.reason.SetText(firstErrorNote(s) + view.Capitalise(st.Why()))
	case st.State == mcp.StateExited:
		if st.ExitedAt.IsZero() {
			v.title.SetText(i18n.L("{{.Server}} exited", map[string]any{"Server": name}))
		} else {
			v.title.SetText(i18n.L("{{.Server}} exited at {{.Time}}", map[string]any{"Server": name, "Time": st.ExitedAt.Format("15:04:05")}))
		}
		v.reason.SetText(firstErrorNote(s) + view.Capitalise(st.Why()))
	default:
		v.title.SetText(i18n.L("{{.Server}} is stopped", map[string]any{"Server": name}))
		reason := i18n.L("It is not running.")
		if cfg.Problem != "" {
			reason = i18n.L("It cannot be started: {{.Problem}}.", map[string]any{"Problem": view.Capitalise(cfg.Problem)})
		}
		v.reason.SetText(reason)
		v.retry.SetText(lang.L("Start"))
		v.retry.SetIcon(theme.MediaPlayIcon())
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
