package tabs

import (
	"context"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// shortRequest bounds requests made from the header (ping, log level): they
// are quick, and a server that never answers must not leave a spinner forever.
const shortRequest = 30 * time.Second

// A serverHeader sits above the tabs: what the server declared, the level
// of log messages it should send, its roots, and a ping.
type serverHeader struct {
	work    widgets.Worker
	session *mcp.Session
	conn    *sdk.InitializeResult

	caps     *widget.Label
	level    *widget.Select
	rootsBtn *widgets.Button
	pingBtn  *widgets.Button
	termsBtn *widgets.Button // the capabilities line in plain words or in the protocol's terms
	exact    bool            // the line is in the protocol's terms
	note     *widget.Label   // the last ping's time or what went wrong
	capsBox  *fyne.Container // caps and note, three lines tall (headerlines.go)
	root     fyne.CanvasObject

	// quiet is set while the header changes the level select itself.
	quiet bool
	seq   int // numbers header requests so a late answer for another server is dropped
}

// newServerHeader is the header; openRoots opens the roots dialog.
func newServerHeader(work widgets.Worker, openRoots func()) *serverHeader {
	h := &serverHeader{work: work}
	h.caps = widget.NewLabel("")
	h.caps.SizeName = theme.SizeNameCaptionText
	h.caps.Wrapping = fyne.TextWrapWord
	h.level = widget.NewSelect(mcp.LogLevels(), func(level string) {
		if !h.quiet {
			h.setLevel(level)
		}
	})
	h.level.PlaceHolder = lang.L("Log level")
	h.rootsBtn = widgets.NewButton(lang.L("Roots…"), theme.FolderIcon(), openRoots)
	h.pingBtn = widgets.NewButton(lang.L("Ping"), theme.MediaReplayIcon(), h.ping)
	// The info button turns the line into the protocol's exact terms and back.
	h.termsBtn = widgets.NewButton("", theme.InfoIcon(), func() {
		h.exact = !h.exact
		h.show(h.session)
	})
	h.note = widget.NewLabel("")
	h.note.SizeName = theme.SizeNameCaptionText
	h.note.Truncation = fyne.TextTruncateEllipsis
	h.note.Hide()
	h.capsBox = newFixedLines(h.caps, capsLines, h.note)
	actions := container.NewHBox(h.level, h.rootsBtn, h.pingBtn, h.termsBtn)
	h.root = container.NewVBox(
		container.NewBorder(nil, nil, nil, actions, h.capsBox), // headerlines.go
		widget.NewSeparator())
	return h
}

// show describes s; a new session or connection forgets the level and the ping.
func (h *serverHeader) show(s *mcp.Session) {
	conn := ConnectionOf(s)
	if s != h.session || conn != h.conn {
		h.session, h.conn = s, conn
		h.seq++
		h.quiet = true
		h.level.ClearSelected()
		h.quiet = false
		h.say("")
	}
	if s == nil {
		h.caps.SetText("")
		return
	}
	c := s.Capabilities()
	if h.exact {
		widgets.SetLabel(h.caps, view.CapabilitiesDetail(c, s.Era()))
	} else {
		widgets.SetLabel(h.caps, view.CapabilitiesLine(c, s.Era()))
	}
	if c.Logging && s.Status().State == mcp.StateReady {
		h.level.Enable()
	} else {
		h.level.Disable()
	}
	widgets.SetEnabled(h.pingBtn, s.Status().State == mcp.StateReady)
}

func (h *serverHeader) say(msg string) {
	h.note.SetText(msg)
	if msg == "" {
		h.note.Hide()
	} else {
		h.note.Show()
	}
	h.capsBox.Refresh() // the note takes the last line, or gives it back
}

// setLevel sends logging/setLevel; the messages that follow arrive in the stderr tab.
func (h *serverHeader) setLevel(level string) {
	s := h.session
	if s == nil || level == "" {
		return
	}
	h.seq++
	n := h.seq
	h.say(i18n.L("Asking the server to send log messages at {{.Level}} and above …", map[string]any{"Level": level}))
	h.work.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, shortRequest)
		defer cancel()
		err := s.SetLogLevel(ctx, level)
		fyne.Do(func() {
			if n != h.seq {
				return
			}
			if err != nil {
				h.say(i18n.L("Setting the log level failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				return
			}
			h.say(i18n.L("The server sends log messages at {{.Level}} and above (see the stderr tab).", map[string]any{"Level": level}))
		})
	})
}

// ping measures one round trip to the server.
func (h *serverHeader) ping() {
	s := h.session
	if s == nil {
		return
	}
	h.seq++
	n := h.seq
	h.pingBtn.Disable()
	h.say(lang.L("Ping …"))
	h.work.GoWork(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, shortRequest)
		defer cancel()
		d, err := s.Ping(ctx)
		err = mcp.AsRequestError("ping", err)
		fyne.Do(func() {
			h.pingBtn.Enable()
			if n != h.seq {
				return
			}
			if err != nil {
				h.say(i18n.L("Ping failed: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				return
			}
			h.say(i18n.L("Ping: the server answered in {{.Duration}} (at {{.Time}}).", map[string]any{"Duration": view.Duration(d), "Time": time.Now().Format("15:04:05")}))
		})
	})
}
