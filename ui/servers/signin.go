package servers

import (
	"context"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// Sign-in to remote servers, as the window shows it: the signed-in line with
// Sign out, and the address to open by hand when no browser could be started
// (the editor's "Sign-in (OAuth)" section is in oauthfields.go). The sign-in itself is package
// mcp's; its steps arrive as Status.Detail and "sign-in: …" log lines.

// A SignInBar is the selected server's saved sign-in under the server list:
// "Signed in: …" and Sign out. It is hidden for servers without one.
type SignInBar struct {
	text    *widget.Label
	signOut *widgets.Button
	Root    *fyne.Container
	// server is the session the bar describes; nil when hidden.
	server *mcp.Session
}

func newSignInBar(signOut func()) *SignInBar {
	b := &SignInBar{text: widget.NewLabel("")}
	b.text.Wrapping = fyne.TextWrapWord
	b.text.SizeName = theme.SizeNameCaptionText
	b.text.Selectable = true
	b.signOut = widgets.NewButton(lang.L("Sign out"), theme.LogoutIcon(), signOut)
	b.signOut.Importance = widget.LowImportance
	b.Root = container.NewVBox(widget.NewSeparator(), b.text, container.NewHBox(b.signOut))
	b.Root.Hide()
	return b
}

// Update shows s's saved sign-in, or hides the bar. It reads the token file,
// so it runs on state changes and selection, never per frame.
func (b *SignInBar) Update(s *mcp.Session) {
	text := signedInText(s)
	if text == "" {
		b.server = nil
		b.Root.Hide()
		return
	}
	b.server = s
	b.text.SetText(text)
	b.Root.Show()
}

// signedInText is "Signed in …" for an http entry with a saved sign-in, or "".
func signedInText(s *mcp.Session) string {
	if s == nil {
		return ""
	}
	cfg := s.Config()
	if cfg.Type != config.TypeHTTP {
		return ""
	}
	return view.SignedIn(cfg.URL, s.SignedIn())
}

// The steps of package oauth's browser sign-in that the window looks for: when
// no browser opens, the person is given the address to open themselves.
const (
	couldNotOpenBrowser = "Could not open a browser"
	waitingForBrowser   = "Waiting for you to sign in"
	signInLogPrefix     = "sign-in: "
)

// signInAddressStep is the "Could not open a browser … open this address
// yourself: URL" step of the sign-in s is in now, and the URL in it; both ""
// when the browser opened or the sign-in is not waiting for the person. The
// step is on the status line only for an instant (the next step, waiting,
// replaces it), so once the sign-in waits it is read back from the log.
func signInAddressStep(s *mcp.Session, st mcp.Status) (step, address string) {
	if st.State != mcp.StateStarting || st.Detail == "" {
		return "", ""
	}
	if strings.HasPrefix(st.Detail, couldNotOpenBrowser) {
		return st.Detail, view.AddressIn(st.Detail)
	}
	if !strings.HasPrefix(st.Detail, waitingForBrowser) {
		return "", ""
	}
	// Newest first: this sign-in's "Waiting…", then just before it either
	// "Could not open a browser…" or "Opening the browser…".
	lines := s.Log.Tail(8, transport.LogInfo)
	for i := len(lines) - 1; i >= 0; i-- {
		text, ok := strings.CutPrefix(lines[i].Text, signInLogPrefix)
		if ok && strings.HasPrefix(text, waitingForBrowser) {
			continue
		}
		if ok && strings.HasPrefix(text, couldNotOpenBrowser) {
			return text, view.AddressIn(text)
		}
		return "", ""
	}
	return "", ""
}

// newCopyAddressButton copies the sign-in address the status view offers.
func newCopyAddressButton(v *Status) *widgets.Button {
	b := widgets.NewButton(lang.L("Copy address"), theme.ContentCopyIcon(), func() {
		if v.signInAddress != "" {
			v.deps.CopyAddress(v.signInAddress)
		}
	})
	b.Hide()
	return b
}

// offerSignInAddress shows Copy address when the sign-in waits for the person
// to open its address by hand, and returns the text to add to the status
// (the step with the address) when the status line no longer says it.
func (v *Status) offerSignInAddress(s *mcp.Session, st mcp.Status) string {
	step, address := signInAddressStep(s, st)
	v.signInAddress = address
	if address == "" {
		v.CopyAddress.Hide()
		return ""
	}
	v.CopyAddress.Show()
	if step == st.Detail {
		return ""
	}
	return "\n\n" + step
}

// SignOutSelected asks, then forgets the selected server's sign-in and
// stops it, so that starting it again signs in again.
func (s *Screen) SignOutSelected() {
	sess := s.selected()
	if sess == nil {
		return
	}
	name := sess.Name()
	if signedInText(sess) == "" {
		s.deps.Notice(name + " has no saved sign-in")
		widgets.ShowInformation(lang.L("Sign out"), i18n.L("{{.Server}} has no saved sign-in.", map[string]any{"Server": name}), s.deps.Win)
		return
	}
	msg := widget.NewLabel(i18n.L("Sign out of \"{{.Name}}\"?\nMCP Browser forgets its saved sign-in and stops the server; starting it again signs in again.", map[string]any{"Name": name}))
	msg.Wrapping = fyne.TextWrapWord
	d := widgets.NewCustomConfirm(lang.L("Sign out"), lang.L("Sign out"), lang.L("Cancel"), msg, func(ok bool) {
		if ok {
			s.signOut(sess)
		}
	}, s.deps.Win)
	d.Resize(fyne.NewSize(460, 200))
	d.Show()
}

// signOut stops sess, then forgets its sign-in, off the UI goroutine
// (stopping may take a moment). Stopping comes first: a request still in
// flight would otherwise meet a 401 and start a new sign-in.
func (s *Screen) signOut(sess *mcp.Session) {
	m, name := s.deps.Manager(), sess.Name()
	s.deps.Work.GoWork(func(ctx context.Context) {
		sess.Close()
		err := sess.SignOut()
		fyne.Do(func() {
			if m != s.deps.Manager() {
				return
			}
			if err != nil {
				s.deps.ShowError(i18n.L("Signing out of {{.Server}}", map[string]any{"Server": name}), err)
			} else {
				s.deps.Notice("Signed out of " + name)
			}
			s.deps.ShowSelection()
		})
	})
}

// signOutItem is the menu's Sign out…, enabled (for the selection's menu)
// only when the selected server has a saved sign-in.
func (s *Screen) signOutItem(forSelection bool) *fyne.MenuItem {
	it := fyne.NewMenuItem(lang.L("Sign out…"), s.SignOutSelected)
	if forSelection {
		it.Disabled = signedInText(s.selected()) == ""
	}
	return it
}
