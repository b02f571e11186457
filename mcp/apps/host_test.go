package apps

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// fakeSession answers every request with an empty result and remembers them.
type fakeSession struct{ methods chan string }

func (f *fakeSession) Forward(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	f.methods <- method
	return json.RawMessage(`{"content":[]}`), nil
}

func openFake(t *testing.T) (*Host, *Running, *fakeSession) {
	t.Helper()
	f := &fakeSession{methods: make(chan string, 10)}
	h := &Host{}
	t.Cleanup(func() { h.Close() })
	r, err := h.Open(App{Server: "s", ToolName: "t", ResourceURI: "ui://t/app.html", HTML: "<p id=hello>hi</p>", Session: f})
	if err != nil {
		t.Fatal(err)
	}
	return h, r, f
}

func do(t *testing.T, method, url string, header map[string]string, body string) int {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

func TestHostRefuses(t *testing.T) {
	h, r, f := openFake(t)
	page := r.URL()
	origin := "http://" + h.Addr()
	rpc := page + "rpc"
	call := `{"method":"tools/call","params":{"name":"x"}}`
	tests := []struct {
		name   string
		method string
		url    string
		header map[string]string
		body   string
		want   int
	}{
		{"the page with its token", "GET", page, nil, "", 200},
		{"a call from the page's own origin", "POST", rpc, map[string]string{"Origin": origin, "Sec-Fetch-Site": "same-origin"}, call, 200},
		{"no token", "GET", origin + "/s/", nil, "", 404},
		{"root", "GET", origin + "/", nil, "", 404},
		{"a wrong token", "GET", origin + "/s/" + newToken() + "/", nil, "", 404},
		{"a call without the token", "POST", origin + "/s/rpc", map[string]string{"Origin": origin}, call, 404},
		{"the view's token is not the page's", "GET", origin + "/s/" + r.viewToken + "/", nil, "", 404},
		{"another origin", "POST", rpc, map[string]string{"Origin": "http://evil.example"}, call, 403},
		{"the app's own opaque origin", "POST", rpc, map[string]string{"Origin": "null"}, call, 403},
		{"another site, no Origin", "GET", page, map[string]string{"Sec-Fetch-Site": "cross-site"}, "", 403},
		{"a rebinding host name", "GET", page, map[string]string{"Host": "evil.example:" + h.Addr()[strings.LastIndex(h.Addr(), ":")+1:]}, "", 403},
		{"a method the host does not pass on", "POST", rpc, map[string]string{"Origin": origin}, `{"method":"sampling/createMessage"}`, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := do(t, tt.method, tt.url, tt.header, tt.body); got != tt.want {
				t.Errorf("status %d, want %d", got, tt.want)
			}
		})
	}
	// Only the allowed call reached the session.
	close(f.methods)
	var got []string
	for m := range f.methods {
		got = append(got, m)
	}
	if len(got) != 1 || got[0] != "tools/call" {
		t.Errorf("requests that reached the session: %v, want one tools/call", got)
	}
}

func TestClosedAppRefused(t *testing.T) {
	h, r, _ := openFake(t)
	view := "http://" + h.Addr() + "/v/" + r.viewToken
	if got := do(t, "GET", view, nil, ""); got != 200 {
		t.Fatalf("the view while open: %d", got)
	}
	r.Close()
	for _, u := range []string{r.URL(), r.URL() + "events", view} {
		if got := do(t, "GET", u, nil, ""); got != 404 {
			t.Errorf("GET %s after close: %d, want 404", u, got)
		}
	}
	if got := do(t, "POST", r.URL()+"rpc", nil, `{"method":"tools/call","params":{"name":"x"}}`); got != 404 {
		t.Errorf("a call after close: %d, want 404", got)
	}
}

func TestViewServedUnderItsCSP(t *testing.T) {
	h, r, _ := openFake(t)
	resp, err := http.Get("http://" + h.Addr() + "/v/" + r.viewToken)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	csp := resp.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "sandbox allow-scripts allow-forms") || strings.Contains(csp, "allow-same-origin") {
		t.Errorf("the view's CSP: %q", csp)
	}
	page, err := http.Get(r.URL())
	if err != nil {
		t.Fatal(err)
	}
	defer page.Body.Close()
	if got := page.Header.Get("Content-Security-Policy"); !strings.Contains(got, "script-src 'self'") || strings.Contains(got, "unsafe-inline") {
		t.Errorf("the host page's CSP: %q", got)
	}
}

// TestListenerLoopbackOnly checks the address, and that the port answers
// on no other address of this machine.
func TestListenerLoopbackOnly(t *testing.T) {
	h, _, _ := openFake(t)
	host, port, err := net.SplitHostPort(h.Addr())
	if err != nil {
		t.Fatal(err)
	}
	if host != "127.0.0.1" {
		t.Fatalf("listening on %s, want 127.0.0.1", host)
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, a := range addrs {
		ipnet, ok := a.(*net.IPNet)
		if !ok || ipnet.IP.IsLoopback() {
			continue
		}
		tried++
		c, err := net.DialTimeout("tcp", net.JoinHostPort(ipnet.IP.String(), port), time.Second)
		if err == nil {
			c.Close()
			t.Errorf("the app host answers on %s", ipnet.IP)
		}
	}
	t.Logf("tried %d non-loopback addresses", tried)
}

func TestHostCloseEndsAppsAndListener(t *testing.T) {
	h, r, _ := openFake(t)
	addr := h.Addr()
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.Done():
	default:
		t.Error("closing the host left the app running")
	}
	if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
		c.Close()
		t.Error("the listener outlived its host")
	}
	if _, err := h.Open(App{Session: &fakeSession{}}); err != ErrHostClosed {
		t.Errorf("Open after Close: %v", err)
	}
}

// stream opens the page's event stream as the host page does and waits for
// its first event; the returned func closes it, as leaving the page does.
func stream(t *testing.T, r *Running) (status int, leave func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", r.URL()+"events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	if resp.StatusCode == 200 {
		buf := make([]byte, 64)
		if _, err := resp.Body.Read(buf); err != nil {
			t.Fatalf("reading the first event: %v", err)
		}
	}
	return resp.StatusCode, func() { cancel(); resp.Body.Close() }
}

func TestReloadKeepsTheAppAndLeavingEndsIt(t *testing.T) {
	// A short grace: the reload below never arms it, and the closed tab
	// ends the app after it (the 3 s of ReattachGrace were 6 s of waiting).
	const grace = 200 * time.Millisecond
	SetReattachGrace(t, grace)
	_, r, _ := openFake(t)
	first, leave := stream(t, r)
	if first != 200 {
		t.Fatalf("the page's stream: %d", first)
	}
	defer leave()
	// The page reloads: the new page takes over at once, whether or not the
	// host has seen the old one go.
	got, leave2 := stream(t, r)
	if got != 200 {
		t.Fatalf("the reloaded page's stream: %d", got)
	}
	leave()
	select {
	case <-r.Done():
		t.Fatal("a reload ended the app")
	case <-time.After(grace + time.Second):
	}
	leave2() // the tab is closed
	select {
	case <-r.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("closing the page did not end the app")
	}
}
