package transport

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mcpbrowser/mcp/say"
	"net/http"
	"net/url"
	"strings"

	"mcpbrowser/mcp/config"
)

// A tapTransport is the http.RoundTripper every remote server's traffic goes
// through: it adds the entry's headers and query parameters and records each
// exchange in the wire log. Tapping here, not by wrapping the SDK's connection,
// keeps streamable HTTP's background stream and session headers intact.
type tapTransport struct {
	base    http.RoundTripper
	headers map[string]string
	query   map[string]string
	// endpoint is the MCP endpoint: headers and query go only to its origin.
	endpoint *url.URL
	wire     *WireLog
	// maxEvent bounds one server-sent event (0: MaxEventSize); tests lower it.
	maxEvent int
}

// eventLimit is where the tap cuts an event stream.
func (t *tapTransport) eventLimit() int {
	if t.maxEvent > 0 {
		return t.maxEvent + eventSlack
	}
	return MaxEventSize + eventSlack
}

// NewHTTPClient returns the client a remote session uses for its MCP
// endpoint: the entry's headers and query parameters go to that endpoint's
// origin only (an SSE server may name a message endpoint elsewhere; a
// redirect may lead anywhere).
func NewHTTPClient(cfg *config.ServerConfig, wire *WireLog) *http.Client {
	endpoint, _ := url.Parse(cfg.URL)
	return &http.Client{Transport: &tapTransport{
		base:     http.DefaultTransport,
		headers:  cfg.Headers,
		query:    cfg.Query,
		endpoint: endpoint,
		wire:     wire,
	}}
}

// NewOAuthHTTPClient returns the client of a sign-in's discovery,
// registration and token requests: recorded in the wire log, but carrying
// only what OAuth itself prescribes — never the entry's configured headers
// or query parameters, which belong to the MCP endpoint.
func NewOAuthHTTPClient(wire *WireLog) *http.Client {
	return &http.Client{Transport: &tapTransport{base: http.DefaultTransport, wire: wire}}
}

// ownsCredentials reports whether req goes to the MCP endpoint's origin and
// is no discovery request there (/.well-known/ belongs to OAuth).
func (t *tapTransport) ownsCredentials(u *url.URL) bool {
	return t.endpoint != nil && strings.EqualFold(u.Scheme, t.endpoint.Scheme) &&
		strings.EqualFold(u.Host, t.endpoint.Host) && !strings.HasPrefix(u.Path, "/.well-known/")
}

func (t *tapTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	if t.ownsCredentials(req.URL) {
		t.addCredentials(req)
	}
	var body []byte
	if req.Body != nil && req.Body != http.NoBody {
		b, err := io.ReadAll(req.Body)
		req.Body.Close()
		if err != nil {
			return nil, err
		}
		body = b
		req.Body = io.NopCloser(bytes.NewReader(b))
	}
	if isJSONRPC(body) {
		t.wire.Record(Sent, body)
	} else {
		t.wire.RecordHTTP(Sent, req.Method+" "+MaskURL(req.URL), len(body), maskBody(body))
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		t.wire.RecordHTTP(Received, fmt.Sprintf("%s %s failed: %v", req.Method, MaskURL(req.URL), err), 0, nil)
		return nil, err
	}
	summary := fmt.Sprintf("%s %s → %s", req.Method, MaskURL(req.URL), resp.Status)
	ctype := resp.Header.Get("Content-Type")
	switch {
	case strings.HasPrefix(ctype, "text/event-stream"):
		t.wire.RecordHTTP(Received, summary+" (event stream)", 0, nil)
		resp.Body = &sseTap{ReadCloser: resp.Body, wire: t.wire, limit: t.eventLimit()}
	case strings.Contains(ctype, "json") && resp.ContentLength > MaxMessageSize:
		resp.Body.Close()
		t.wire.RecordHTTP(Received, summary, int(resp.ContentLength), nil)
		return nil, &ReplyTooLargeError{Limit: MaxMessageSize}
	case strings.Contains(ctype, "json"):
		// One byte past the limit tells a reply over it from one that ends
		// there; a cut reply would only fail to parse, far from the reason.
		b, err := io.ReadAll(io.LimitReader(resp.Body, MaxMessageSize+1))
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		if len(b) > MaxMessageSize {
			t.wire.RecordHTTP(Received, summary, len(b), nil)
			return nil, &ReplyTooLargeError{Limit: MaxMessageSize}
		}
		if id := idOfHead(b); id != nil && tooDeep(b) {
			// As over stdio: a tool nested too deep is marked on its own,
			// any other reply too deep fails its call alone.
			fixed, note := repairDeepReply(b, id)
			t.wire.RecordHTTP(Received, summary+" ("+note+")", len(b), nil)
			resp.Body, resp.ContentLength = io.NopCloser(bytes.NewReader(fixed)), int64(len(fixed))
			return resp, nil
		}
		resp.Body = io.NopCloser(bytes.NewReader(b))
		if isJSONRPC(b) {
			t.wire.Record(Received, b)
		} else {
			t.wire.RecordHTTP(Received, summary, len(b), maskBody(b))
		}
	default:
		t.wire.RecordHTTP(Received, summary, int(max(resp.ContentLength, 0)), nil)
	}
	return resp, nil
}

// A ReplyTooLargeError is an HTTP reply whose body is over the limit the app
// reads (MaxMessageSize); it was not read.
type ReplyTooLargeError struct{ Limit int }

func (e *ReplyTooLargeError) Error() string { return e.Said().String() }

// Said is the error as a message with its key, for the front ends to word.
func (e *ReplyTooLargeError) Said() say.Msg {
	return say.New("the server's reply was over the limit of {{.MiB}} MiB and was not read", say.Args{"MiB": e.Limit >> 20})
}

// addCredentials sets the entry's headers and query parameters on req.
func (t *tapTransport) addCredentials(req *http.Request) {
	for k, v := range t.headers {
		req.Header.Set(k, v)
	}
	if len(t.query) > 0 {
		q := req.URL.Query()
		for k, v := range t.query {
			q.Set(k, v)
		}
		req.URL.RawQuery = q.Encode()
	}
}

// MaxEventSize is the most bytes one server-sent event may take before the
// blank line that ends it: the same bound as one stdio message. The SDK is
// told it (StreamableClientTransport.MaxEventSize, SSEClientTransport's too)
// and fails the connection past it; the tap enforces it again, a little
// higher, because the SDK then drains the rest of the body to reuse the
// connection, and an event that never ends would be read (and, before this
// bound, kept) for as long as the server keeps sending.
const MaxEventSize = MaxMessageSize

// eventSlack is how far past MaxEventSize the tap reads before it cuts the
// stream: more than the SDK reads ahead (a 4 KiB buffer), so the SDK's own
// failure, which ends the session, comes first.
const eventSlack = 64 << 10

// ErrEventTooLarge is what a stream tap returns once a server-sent event
// has gone on past MaxEventSize without ending.
var ErrEventTooLarge = errors.New("the server sent an event larger than the limit without ending it; the stream was closed")

// sseTap records each JSON-RPC message of a server-sent event stream as the
// SDK reads it, and cuts the stream when one event goes on past limit bytes
// (blank line to blank line), so that neither it nor the SDK keeps an
// endless event.
type sseTap struct {
	io.ReadCloser
	wire    *WireLog
	limit   int
	pending []byte // bytes of an unfinished line
	data    bytes.Buffer
	event   int   // bytes of the current event's finished lines
	err     error // set once the stream is cut
}

func (s *sseTap) Read(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.ReadCloser.Read(p)
	s.pending = append(s.pending, p[:n]...)
	for {
		i := bytes.IndexByte(s.pending, '\n')
		if i < 0 {
			break
		}
		s.event += i + 1
		line := bytes.TrimRight(s.pending[:i], "\r")
		s.pending = s.pending[i+1:]
		switch {
		case len(line) == 0:
			s.event = 0
			if s.data.Len() > 0 {
				if isJSONRPC(s.data.Bytes()) {
					s.wire.Record(Received, s.data.Bytes())
				}
				s.data.Reset()
			}
		case bytes.HasPrefix(line, []byte("data:")):
			if s.data.Len() > 0 {
				s.data.WriteByte('\n')
			}
			s.data.Write(bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" ")))
		}
	}
	if s.event+len(s.pending) > s.limit {
		s.cut()
		return n, s.err
	}
	return n, err
}

// cut ends the stream: what was kept of the event goes, the body is closed,
// and the wire log says why in plain words.
func (s *sseTap) cut() {
	s.err = ErrEventTooLarge
	s.pending, s.data = nil, bytes.Buffer{}
	s.ReadCloser.Close()
	s.wire.RecordHTTP(Received, fmt.Sprintf("event stream closed: the server sent an event of more than %d MB without ending it", (s.limit-eventSlack)>>20), 0, nil)
}

// MaskURL renders u with its password and the values of secret-looking
// query parameters hidden (config.MaskURL, kept here for the transport's callers).
func MaskURL(u *url.URL) string { return config.MaskURL(u) }

// maskBody hides secret values in a form-encoded or JSON body of an HTTP step
// (token requests carry codes, verifiers and secrets).
func maskBody(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	if q, err := url.ParseQuery(string(b)); err == nil && bytes.IndexByte(b, '=') > 0 && !bytes.ContainsAny(b[:1], "{[") {
		for k := range q {
			if config.IsSecretParam(k) {
				q.Set(k, config.Mask(q.Get(k)))
			}
		}
		return []byte(q.Encode())
	}
	var v any
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	masked, _ := json.Marshal(maskJSON(v))
	return masked
}

func maskJSON(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			// Only real secrets: metadata such as "token_endpoint" must stay readable.
			if s, ok := e.(string); ok && config.IsSecretParam(k) && s != "" {
				t[k] = config.Mask(s)
			} else {
				t[k] = maskJSON(e)
			}
		}
	case []any:
		for i, e := range t {
			t[i] = maskJSON(e)
		}
	}
	return v
}
