package tabs

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/widgets"
)

// A listTab is what the tabs that list a feature of the selected server
// (Resources, Prompts) share: they follow the server's session and its
// connection, fetch their lists the first time they are shown and again
// when the server says the lists changed, say how long a list stays fresh
// (ttlMs), tell the quality report when a list came from the server, and
// show a feature the server did not declare as absent, with "Try anyway".
// A tab embeds it and supplies what differs in a listKind.
type listTab struct {
	kind    listKind
	Session *mcp.Session
	conn    *sdk.InitializeResult
	// Stale is set when the lists must be fetched the next time the tab is shown.
	Stale bool
	// forced is set when the person tried the undeclared feature and the server answered.
	forced bool
	// seq numbers the fetches, so that a late answer for an older one is dropped.
	seq int

	Absent *AbsentNotice
	// body is the tab's lists and detail; Root holds it and Absent, one on show.
	body fyne.CanvasObject
	Root *fyne.Container
	// column is the lists under their headings: a freshness line shown must
	// push its list down.
	column fyne.CanvasObject
}

// A listKind is what a listTab's tab supplies: the feature, and what its
// lists are and how they are shown.
type listKind struct {
	Work widgets.Worker
	// Visible reports whether the tab is on show.
	Visible func() bool
	// Listed says the server's lists came from the server (not from the
	// cache), for the quality report (may be nil).
	Listed func(server string)
	// Feature is the capability ("prompts"), Method the request that lists
	// it ("prompts/list").
	Feature, Method string
	// Declared reports whether the server declared the feature.
	Declared func(mcp.Capabilities) bool
	// Reset starts the tab over for a new session or connection.
	Reset func()
	// Loading says on the tab that the lists are on their way.
	Loading func()
	// List fetches the lists (on the job's goroutine; refresh asks the
	// server whatever their ttlMs said). It returns what shows them (run on
	// the UI goroutine, if the answer is still wanted) and whether any list
	// came from the server.
	List func(ctx context.Context, s *mcp.Session, refresh bool) (show func(), listed bool)
	// Try sends the list request to a server that did not declare the
	// feature: how many items came, and what shows them.
	Try func(ctx context.Context, s *mcp.Session) (n int, show func(), err error)
	// Answered words what Try got when the server answered.
	Answered func(n int) string
	// Absent runs after the tab showed the feature as absent (may be nil).
	Absent func()
}

// init sets the tab's kind up; a tab calls it on its embedded listTab
// before it builds its widgets.
func (t *listTab) init(k listKind) {
	t.kind = k
	t.Absent = newAbsentNotice(t.tryAnyway)
}

// place puts body (the lists and the detail) in the tab, column being the
// lists under their headings.
func (t *listTab) place(body, column fyne.CanvasObject) {
	t.body, t.column = body, column
	t.Root = container.NewStack(t.body, t.Absent.Root)
	t.Absent.Root.Hide()
}

// SetSession follows the selected server: a new session or connection (the
// lists, subscriptions and marks belong to one) starts the tab over, and
// the lists are fetched when the tab is (or next is) shown.
func (t *listTab) SetSession(s *mcp.Session, visible bool) {
	conn := ConnectionOf(s)
	if s == t.Session && conn == t.conn {
		return
	}
	t.Session, t.conn = s, conn
	t.seq++
	t.forced = false
	t.kind.Reset()
	t.Stale = true
	if visible {
		t.Shown()
	}
}

// Shown fetches the lists if they are stale; a feature the server did not
// declare is shown as absent instead.
func (t *listTab) Shown() {
	if !t.Stale {
		return
	}
	s := t.Session
	if s == nil || s.Status().State != mcp.StateReady {
		return
	}
	t.Stale = false
	if c := s.Capabilities(); c.Known && !t.kind.Declared(c) && !t.forced {
		t.Absent.set(t.kind.Feature, t.kind.Method)
		t.body.Hide()
		t.Absent.Root.Show()
		if t.kind.Absent != nil {
			t.kind.Absent()
		}
		return
	}
	t.Absent.Root.Hide()
	t.body.Show()
	t.fetch(false)
}

// ListChanged fetches again after the server's list_changed notification
// (which also ends the lists' freshness).
func (t *listTab) ListChanged(server string) {
	if t.Session == nil || t.Session.Name() != server {
		return
	}
	if t.kind.Visible() && t.body.Visible() {
		t.fetch(true)
	} else {
		t.Stale = true
	}
}

// fetch shows the lists: from the session's cache while the server's ttlMs
// says they are fresh, else fetched (every page); refresh asks the server
// whatever the ttlMs said.
func (t *listTab) fetch(refresh bool) {
	s := t.Session
	if s == nil {
		return
	}
	t.seq++
	n := t.seq
	t.kind.Loading()
	t.kind.Work.GoWork(func(ctx context.Context) {
		show, listed := t.kind.List(ctx, s, refresh)
		fyne.Do(func() {
			if n == t.seq && s == t.Session {
				show()
				t.column.Refresh()
			}
			if t.kind.Listed != nil && listed {
				t.kind.Listed(s.Name())
			}
		})
	})
}

// tryAnyway sends the list request to a server that did not declare the
// feature; when it answers with items after all, the tab shows them.
func (t *listTab) tryAnyway() {
	s := t.Session
	if s == nil {
		return
	}
	t.Absent.trying(t.kind.Method)
	t.kind.Work.GoWork(func(ctx context.Context) {
		n, show, err := t.kind.Try(ctx, s)
		fyne.Do(func() {
			if s != t.Session {
				return
			}
			if err != nil {
				t.Absent.answered(err, "")
				return
			}
			t.Absent.answered(nil, t.kind.Answered(n))
			if n > 0 {
				t.forced = true
				t.Absent.Root.Hide()
				t.body.Show()
				show()
			}
		})
	})
}

// showListError says under a list's heading why it could not be fetched,
// or hides the note when it was; it reports whether there was an error.
func showListError(note *widget.Label, err error) bool {
	if err == nil {
		note.Hide()
		return false
	}
	note.SetText(i18n.L("The list could not be fetched: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
	note.Show()
	return true
}

// newRowList is the list every list tab shows on its left: its items as
// two-line rows, only those the tab's filter lets through (rows). items
// is the tab's items as they are now, row how one reads (name, subtitle,
// note) and selected what choosing one does; while *quiet is set (the tab
// marks a row itself, markRow) choosing does nothing. quiet may be nil.
func newRowList[T any](rows *widgets.Filtered, items func() []T, row func(T) (string, string, string), selected func(T), quiet *bool) *widget.List {
	item := func(id widget.ListItemID) (T, bool) {
		var none T
		all := items()
		i := rows.Item(id)
		if i < 0 || i >= len(all) {
			return none, false
		}
		return all[i], true
	}
	l := widget.NewList(rows.Rows, widgets.NewTwoLineRow, func(id widget.ListItemID, o fyne.CanvasObject) {
		if it, ok := item(id); ok {
			name, sub, note := row(it)
			widgets.SetTwoLineRow(o, name, sub, note)
		}
	})
	l.OnSelected = func(id widget.ListItemID) {
		if quiet != nil && *quiet {
			return
		}
		if it, ok := item(id); ok {
			selected(it)
		}
	}
	return l
}

// markRow marks item i's row of l, wherever the filter moved it (none when
// the filter hides it, or i < 0), without choosing it again.
func markRow(l *widget.List, rows *widgets.Filtered, i int, quiet *bool) {
	*quiet = true
	defer func() { *quiet = false }()
	widgets.SelectRow(l, rows.Row(i))
}
