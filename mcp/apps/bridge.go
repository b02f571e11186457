package apps

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// EventKind says what an app did.
type EventKind string

// What the person is shown about an app.
const (
	EventOpened   EventKind = "opened"    // the page connected and the view is loading
	EventReady    EventKind = "ready"     // the view finished ui/initialize
	EventTraffic  EventKind = "traffic"   // one message between the view and the host
	EventCall     EventKind = "call"      // a request the view sent on to the server
	EventOpenLink EventKind = "open-link" // the view asked to open a link (shown, not opened)
	EventMessage  EventKind = "message"   // the view asked to post a message (shown, sent nowhere)
	EventLog      EventKind = "log"       // the view logged something, or the host notes a problem
	EventSize     EventKind = "size"      // the view reported its size
	EventClosed   EventKind = "closed"    // the app ended
)

// An Event is one thing an app did, for the person to see.
type Event struct {
	Time time.Time
	Kind EventKind
	// Dir is "view→host" or "host→view" for traffic.
	Dir string
	// Text says it in plain words; JSON is the message or its params.
	Text string
	JSON json.RawMessage
}

// Bodies the page may send are small, except tool arguments and traffic
// copies, which a data-heavy app can make large.
const maxBody = 16 << 20

// hostPageCSP is the host page's own policy: only its own scripts, and
// frames only from this host (the view's address).
const hostPageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; frame-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

func (r *Running) servePage(w http.ResponseWriter, req *http.Request, file string) {
	switch {
	case file == "" && req.Method == http.MethodGet:
		w.Header().Set("Content-Security-Policy", hostPageCSP)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, hostPage(r.app))
	case (file == "bridge.js" || file == "host.js") && req.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
		if file == "bridge.js" {
			w.Write(bridgeJS)
		} else {
			w.Write(hostJS)
		}
	case file == "host.css" && req.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/css; charset=utf-8")
		w.Write(hostCSS)
	case file == "events" && req.Method == http.MethodGet:
		r.serveEvents(w, req)
	case file == "rpc" && req.Method == http.MethodPost:
		r.serveRPC(w, req)
	case file == "report" && req.Method == http.MethodPost:
		r.serveReport(w, req)
	default:
		http.NotFound(w, req)
	}
}

// serveView serves the app's HTML as its own document, under its CSP (the
// iframe adds the same sandbox).
func (r *Running) serveView(w http.ResponseWriter) {
	w.Header().Set("Content-Security-Policy", r.app.Meta.ContentSecurityPolicy())
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	io.WriteString(w, r.app.HTML)
}

// pageState is the first event: everything the page needs to start the view.
type pageState struct {
	ViewURL       string          `json:"viewUrl"`
	Sandbox       string          `json:"sandbox"`
	Allow         string          `json:"allow"`
	PrefersBorder *bool           `json:"prefersBorder,omitempty"`
	Server        string          `json:"server"`
	ToolName      string          `json:"toolName"`
	Tool          json.RawMessage `json:"tool,omitempty"`
	ResourceURI   string          `json:"resourceUri"`
	Input         json.RawMessage `json:"input,omitempty"`
	Result        json.RawMessage `json:"result,omitempty"`
	Context       HostContext     `json:"hostContext"`
	Meta          ResourceMeta    `json:"meta"`
}

// serveEvents is the page's stream of server-sent events, and the bridge's
// life: when the page goes away the stream ends and so does the app.
func (r *Running) serveEvents(w http.ResponseWriter, req *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	page := r.attach()
	a := r.app
	state := pageState{ViewURL: "/v/" + r.viewToken, Sandbox: IframeSandbox, Allow: a.Meta.Allow(),
		PrefersBorder: a.Meta.PrefersBorder, Server: a.Server, ToolName: a.ToolName, Tool: a.Tool,
		ResourceURI: a.ResourceURI, Input: a.Input, Result: a.Result, Context: r.hostContext(), Meta: a.Meta}
	if err := writeEvent(w, pageEvent{Name: "state", Data: state}); err != nil {
		r.detach(page)
		return
	}
	flusher.Flush()
	r.emit(Event{Kind: EventOpened, Text: "the page connected; the view is loading"})
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-req.Context().Done():
			// The person closed the tab (or the browser), or is reloading it:
			// the bridge ends unless the page comes back.
			r.detach(page)
			return
		case <-r.done:
			writeEvent(w, pageEvent{Name: "closed", Data: map[string]string{"reason": "closed in MCP Browser"}})
			flusher.Flush()
			return
		case <-page:
			writeEvent(w, pageEvent{Name: "closed", Data: map[string]string{"reason": "opened in another tab"}})
			flusher.Flush()
			return
		case e := <-r.push:
			if writeEvent(w, e) != nil {
				r.detach(page)
				return
			}
			flusher.Flush()
		case <-ping.C:
			io.WriteString(w, ": ping\n\n")
			flusher.Flush()
		}
	}
}

func writeEvent(w io.Writer, e pageEvent) error {
	data, err := json.Marshal(e.Data)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", e.Name, data)
	return err
}

type rpcRequest struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// serveRPC sends one request of the view on to the server, through the
// same session the person uses.
func (r *Running) serveRPC(w http.ResponseWriter, req *http.Request) {
	var rr rpcRequest
	if err := json.NewDecoder(io.LimitReader(req.Body, maxBody)).Decode(&rr); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if !Forwarded[rr.Method] {
		r.emit(Event{Kind: EventLog, Text: fmt.Sprintf("refused the view's request %q: the host does not pass it on", rr.Method)})
		json.NewEncoder(w).Encode(map[string]any{"error": rpcError{-32601, "the host does not offer " + rr.Method}})
		return
	}
	r.emit(Event{Kind: EventCall, Text: "the view sends " + describeRequest(rr) + " to the server", JSON: rr.Params})
	// The call ends with the request (the page went away) or with the app.
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel()
	defer context.AfterFunc(r.life, cancel)()
	res, err := r.app.Session.Forward(ctx, rr.Method, rr.Params)
	if err != nil {
		json.NewEncoder(w).Encode(map[string]any{"error": rpcError{-32603, err.Error()}})
		return
	}
	json.NewEncoder(w).Encode(map[string]any{"result": res})
}

func describeRequest(rr rpcRequest) string {
	var p struct {
		Name string `json:"name"`
		URI  string `json:"uri"`
	}
	json.Unmarshal(rr.Params, &p)
	switch {
	case p.Name != "":
		return rr.Method + " " + p.Name
	case p.URI != "":
		return rr.Method + " " + p.URI
	}
	return rr.Method
}

// report is what the page tells about the view (see host.js).
type report struct {
	Kind EventKind       `json:"kind"`
	Dir  string          `json:"dir"`
	Text string          `json:"text"`
	JSON json.RawMessage `json:"json"`
}

func (r *Running) serveReport(w http.ResponseWriter, req *http.Request) {
	var rep report
	if err := json.NewDecoder(io.LimitReader(req.Body, maxBody)).Decode(&rep); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	switch rep.Kind {
	case EventReady, EventTraffic, EventOpenLink, EventMessage, EventLog, EventSize:
	default:
		http.Error(w, "unknown report", http.StatusBadRequest)
		return
	}
	if rep.Dir != "" && rep.Dir != "view→host" && rep.Dir != "host→view" {
		rep.Dir = ""
	}
	r.emit(Event{Kind: rep.Kind, Dir: rep.Dir, Text: clipText(rep.Text, 2000), JSON: rep.JSON})
	w.WriteHeader(http.StatusNoContent)
}

func clipText(s string, n int) string {
	s = strings.ToValidUTF8(s, "?")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
