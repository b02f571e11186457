package requests

import (
	"time"

	"fyne.io/fyne/v2"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
)

// Dismiss answers every request of m's server ("" for all servers) that
// still waits — a sampling request is rejected, an elicitation cancelled —
// and waits until the answers are written, or dismissFlushWait. It is for
// when the person stops, restarts or quits, which dismisses what the server
// asked. Without it the stop hangs: closing a session waits for every call
// in flight, including the one that made the server ask, while the server
// waits for an answer that a closing session no longer writes. It blocks:
// call it off the UI goroutine, right before closing. It touches no widget.
func (p *RequestPanel) Dismiss(m *mcp.Manager, server, why string) {
	src := p.Src
	if src == nil {
		return
	}
	type flush struct {
		wire    *transport.WireLog
		from    uint64
		answers int
	}
	flushes := map[string]*flush{}
	for _, p := range src.Queue.Pending() {
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
	deadline := time.Now().Add(DismissFlushWait)
	for _, f := range flushes {
		for time.Now().Before(deadline) && SentResponses(f.wire, f.from) < f.answers {
			time.Sleep(5 * time.Millisecond)
		}
	}
}

// Attach shows the requests waiting in r and every one that comes.
// The manager's (and every later manager's) handlers must be r's.
func (p *RequestPanel) Attach(r *ServerRequests) {
	p.Src = r
	r.SetNotify(func() { fyne.Do(p.Sync) })
	p.Sync()
}

// Handlers are the handlers for a new manager (after a reload).
func (p *RequestPanel) Handlers() mcp.Handlers {
	if p.Src == nil {
		return mcp.Handlers{}
	}
	return p.Src.Handlers()
}
