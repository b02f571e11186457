package transport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
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
	wire    *WireLog
}

// newHTTPClient returns the client a remote session (or an OpenAPI entry) uses.
func NewHTTPClient(cfg *config.ServerConfig, wire *WireLog) *http.Client {
	return &http.Client{Transport: &tapTransport{
		base:    http.DefaultTransport,
		headers: cfg.Headers,
		query:   cfg.Query,
		wire:    wire,
	}}
}

func (t *tapTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
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
		resp.Body = &sseTap{ReadCloser: resp.Body, wire: t.wire}
	case strings.Contains(ctype, "json") && resp.ContentLength < MaxMessageSize:
		b, err := io.ReadAll(io.LimitReader(resp.Body, MaxMessageSize))
		resp.Body.Close()
		if err != nil {
			return nil, err
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

// sseTap records each JSON-RPC message of a server-sent event stream as the
// SDK reads it.
type sseTap struct {
	io.ReadCloser
	wire    *WireLog
	pending []byte // bytes of an unfinished line
	data    bytes.Buffer
}

func (s *sseTap) Read(p []byte) (int, error) {
	n, err := s.ReadCloser.Read(p)
	s.pending = append(s.pending, p[:n]...)
	for {
		i := bytes.IndexByte(s.pending, '\n')
		if i < 0 {
			break
		}
		line := bytes.TrimRight(s.pending[:i], "\r")
		s.pending = s.pending[i+1:]
		switch {
		case len(line) == 0:
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
	return n, err
}

// secretParams are query and form parameters whose values never reach a log.
var secretParams = []string{"code", "access_token", "refresh_token", "id_token", "client_secret",
	"code_verifier", "token", "api_key", "apikey", "key", "password", "secret", "client_assertion",
	"registration_access_token", "subject_token", "assertion"}

// MaskURL renders u with the values of secret-looking query parameters hidden.
func MaskURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	if c.User != nil {
		c.User = url.User(c.User.Username())
	}
	if c.RawQuery != "" {
		q := c.Query()
		for k := range q {
			if config.IsSecretName(k) || containsFold(secretParams, k) {
				q.Set(k, config.Mask(q.Get(k)))
			}
		}
		c.RawQuery = q.Encode()
	}
	return c.String()
}

// maskBody hides secret values in a form-encoded or JSON body of an HTTP step
// (token requests carry codes, verifiers and secrets).
func maskBody(b []byte) []byte {
	if len(b) == 0 {
		return nil
	}
	if q, err := url.ParseQuery(string(b)); err == nil && bytes.IndexByte(b, '=') > 0 && !bytes.ContainsAny(b[:1], "{[") {
		for k := range q {
			if containsFold(secretParams, k) {
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
			if s, ok := e.(string); ok && containsFold(secretParams, k) && s != "" {
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

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
