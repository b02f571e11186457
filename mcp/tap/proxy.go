package tap

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"time"
)

// A Proxy taps a remote server (streamable HTTP or SSE): the host talks to
// it on a loopback address, it passes each request on to the server and
// each answer back, streams as streams (flushed as they come), headers as
// they are, and records the JSON-RPC messages of both ways.
type Proxy struct {
	target *url.URL
	rec    *Recorder
	cap    int
	rp     *httputil.ReverseProxy
}

// NewProxy returns a proxy to target that records into rec (nil: none).
func NewProxy(target *url.URL, rec *Recorder) *Proxy {
	p := &Proxy{target: target, rec: rec, cap: DefaultFrameCap}
	if rec != nil {
		p.cap = rec.opts.FrameCap
	}
	p.rp = &httputil.ReverseProxy{
		// The host asks for the same path at the tap's address; only the
		// scheme and host change. No X-Forwarded-* is added.
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme, pr.Out.URL.Host = target.Scheme, target.Host
			pr.Out.Host = target.Host
		},
		FlushInterval:  -1, // every write of the server reaches the host at once (SSE)
		ModifyResponse: p.tapResponse,
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			p.note(fmt.Sprintf("could not reach the server for %s %s: %v", r.Method, r.URL.Path, err))
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	return p
}

// ListenLoopback listens on addr, which must be a loopback address
// (127.0.0.1:PORT, [::1]:PORT, localhost:PORT).
func ListenLoopback(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%q is not an address like 127.0.0.1:8080", addr)
	}
	if !isLoopbackHost(host) {
		return nil, fmt.Errorf("%q is not on this computer only: use 127.0.0.1:PORT", addr)
	}
	if host == "localhost" {
		addr = "127.0.0.1:" + addr[len(host)+1:]
	}
	return net.Listen("tcp", addr)
}

func isLoopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve answers on l until ctx ends.
func (p *Proxy) Serve(ctx context.Context, l net.Listener) error {
	srv := &http.Server{Handler: p, ReadHeaderTimeout: 30 * time.Second}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		srv.Close()
	}()
	err := srv.Serve(l)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// ServeHTTP answers only requests from this computer addressed to a
// loopback name (a web page that rebinds a name to 127.0.0.1 is refused).
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil || !isLoopbackHost(host) {
		http.Error(w, "only this computer may use the tap", http.StatusForbidden)
		return
	}
	name := r.Host
	if h, _, err := net.SplitHostPort(r.Host); err == nil {
		name = h
	}
	if !isLoopbackHost(strings.Trim(name, "[]")) {
		http.Error(w, "the tap answers only at 127.0.0.1 or localhost", http.StatusForbidden)
		return
	}
	if r.Body != nil && r.Body != http.NoBody && p.rec != nil {
		r.Body = &bodyTap{rc: r.Body, cap: p.cap, done: func(b []byte, n int) { p.rec.message(FromHost, b, n) }}
	}
	p.rp.ServeHTTP(w, r)
}

// tapResponse records the server's answer as it streams to the host.
func (p *Proxy) tapResponse(resp *http.Response) error {
	if resp.StatusCode >= 300 {
		p.note(fmt.Sprintf("the server answered %s %s with HTTP %s", resp.Request.Method, resp.Request.URL.Path, resp.Status))
	}
	if p.rec == nil || resp.Body == nil {
		return nil
	}
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body = &sseTap{rc: resp.Body, cap: p.cap, event: func(b []byte, n int) { p.rec.message(FromServer, b, n) }}
		return nil
	}
	if strings.Contains(resp.Header.Get("Content-Type"), "json") {
		resp.Body = &bodyTap{rc: resp.Body, cap: p.cap, done: func(b []byte, n int) { p.rec.message(FromServer, b, n) }}
	}
	return nil
}

func (p *Proxy) note(text string) {
	if p.rec != nil {
		p.rec.Note(text)
	}
}

// A bodyTap keeps a copy of a body (up to cap, the rest counted) as it is
// read, and hands it over at its end.
type bodyTap struct {
	rc   io.ReadCloser
	cap  int
	buf  []byte
	n    int
	done func([]byte, int)
	sent bool
}

func (b *bodyTap) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		if room := b.cap - len(b.buf); room > 0 {
			b.buf = append(b.buf, p[:min(n, room)]...)
		}
		b.n += n
	}
	if err == io.EOF {
		b.finish()
	}
	return n, err
}

func (b *bodyTap) Close() error {
	b.finish()
	return b.rc.Close()
}

func (b *bodyTap) finish() {
	if !b.sent && b.n > 0 {
		b.sent = true
		b.done(b.buf, b.n)
	}
}

// An sseTap hands over the data of each server-sent event as it passes.
type sseTap struct {
	rc    io.ReadCloser
	cap   int
	line  []byte
	data  []byte
	n     int
	event func([]byte, int)
}

func (s *sseTap) Read(p []byte) (int, error) {
	n, err := s.rc.Read(p)
	rest := p[:n]
	for len(rest) > 0 {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			s.addLine(rest, false)
			break
		}
		s.addLine(rest[:i], true)
		rest = rest[i+1:]
	}
	return n, err
}

func (s *sseTap) Close() error { return s.rc.Close() }

// addLine adds a piece of a line; at a line's end, a data: field joins the
// event, and a blank line ends it.
func (s *sseTap) addLine(piece []byte, end bool) {
	if len(s.line) < s.cap+16 {
		s.line = append(s.line, piece[:min(len(piece), s.cap+16-len(s.line))]...)
	}
	if !end {
		return
	}
	line := bytes.TrimSuffix(s.line, []byte{'\r'})
	s.line = s.line[:0]
	switch {
	case len(line) == 0:
		if s.n > 0 {
			s.event(s.data, s.n)
		}
		s.data, s.n = s.data[:0], 0
	case bytes.HasPrefix(line, []byte("data:")):
		v := bytes.TrimPrefix(bytes.TrimPrefix(line, []byte("data:")), []byte(" "))
		if s.n > 0 {
			s.data = append(s.data, '\n')
			s.n++
		}
		if room := s.cap - len(s.data); room > 0 {
			s.data = append(s.data, v[:min(len(v), room)]...)
		}
		s.n += len(v)
	}
}
