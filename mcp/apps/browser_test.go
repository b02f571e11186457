package apps_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// appServer returns the entry point of a pinned example MCP App server
// (testdata/npm), or skips when it or node is missing (fails with
// MCPBROWSER_REQUIRE_PEERS, as scripts/test.sh runs).
func appServer(t *testing.T, pkg string) string {
	t.Helper()
	_, here, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(here), "..", "..", "testdata", "npm", "node_modules", "@modelcontextprotocol", pkg, "dist", "index.js")
	_, statErr := os.Stat(p)
	_, nodeErr := exec.LookPath("node")
	if statErr != nil || nodeErr != nil {
		need(t, "%s is not installed (%v, %v); run scripts/test.sh", pkg, statErr, nodeErr)
	}
	return p
}

// chromium returns the Chromium to drive, or skips without one.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	need(t, "no Chromium found; scripts/deps.sh installs it (Debian package chromium)")
	return ""
}

func need(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// browser starts a headless Chromium for the test and returns its context.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(1000, 900),
		// Keep the sandboxed app frame in the page's process, so the test
		// reaches its nodes from the page (FromNode) and clicks by mouse. The
		// frame's opaque origin, which the security tests check, stays.
		chromedp.Flag("disable-features", "IsolateSandboxedIframes,SitePerProcess,IsolateOrigins"),
		chromedp.Flag("disable-site-isolation-trials", true),
	)
	// A guard against a hang, not a speed check.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(cancelAlloc)
	bctx, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return bctx
}

// session connects to an example app server over stdio, as the app does.
func session(t *testing.T, pkg string) (*mcp.Session, *eventLog) {
	t.Helper()
	entry := appServer(t, pkg)
	sc := &config.ServerConfig{Name: pkg, Command: "node", Args: []string{entry, "--stdio"}}
	sc.SetType(config.TypeStdio)
	sc.Validate()
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{sc}}, mcp.ManagerOptions{})
	t.Cleanup(func() { m.Close() })
	s := m.Session(pkg)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connecting to %s: %v (%s)", pkg, err, s.Status().Reason)
	}
	return s, &eventLog{}
}

// eventLog collects what an app did.
type eventLog struct {
	mu     sync.Mutex
	events []apps.Event
}

func (l *eventLog) add(e apps.Event) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.events = append(l.events, e)
}

func (l *eventLog) has(kind apps.EventKind, text string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, e := range l.events {
		if e.Kind == kind && strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}

func (l *eventLog) count(kind apps.EventKind) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, e := range l.events {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

// waitFor polls cond until it holds or the test's guard ends.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// wireHas reports whether the session's wire log holds a message containing all of parts.
func wireHas(s *mcp.Session, parts ...string) bool {
	entries, _ := s.Wire.Since(0)
	for _, e := range entries {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(string(e.JSON), p)
		}
		if ok {
			return true
		}
	}
	return false
}

// appDoc returns the query options that reach the app's document in the
// host page's iframe (see the site-isolation flags in browser).
func appDoc(t *testing.T, bctx context.Context) []chromedp.QueryOption {
	t.Helper()
	var opts []chromedp.QueryOption
	waitFor(t, "the app's iframe", func() bool {
		qctx, cancel := context.WithTimeout(bctx, time.Second)
		defer cancel()
		nodes, err := chromedp.Run(qctx, chromedp.Nodes(chromedp.CSS("iframe#app")))
		if err == nil && len(nodes) > 0 {
			opts = []chromedp.QueryOption{chromedp.FromNode(nodes[0])}
			return true
		}
		return false
	})
	return opts
}

// text reads an element's text in the app, "" while it is not there.
func text(ctx context.Context, opts []chromedp.QueryOption, css string) string {
	qctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	s, _ := chromedp.Run(qctx, chromedp.Text(chromedp.CSS(css), opts...))
	return s
}

func TestBasicAppInChromium(t *testing.T) {
	s, events := session(t, "server-basic-vanillajs")
	tool := s.Tool("get-time")
	if tool == nil {
		t.Fatalf("server-basic-vanillajs has no get-time tool")
	}
	if got := apps.ResourceURI(tool.Meta); got != "ui://get-time/mcp-app.html" {
		t.Fatalf("resource URI = %q", got)
	}
	bctx := browser(t)
	ctx := context.Background()
	r0 := s.CallTool(ctx, "get-time", json.RawMessage(`{}`), mcp.CallOptions{})
	if !r0.OK() {
		t.Fatalf("get-time: %s", r0.Message)
	}
	result, _ := json.Marshal(r0.Result)
	host := &apps.Host{}
	defer host.Close()
	var calls []*mcp.CallResult
	var mu sync.Mutex
	live := &apps.Live{S: s, OnCall: func(r *mcp.CallResult) { mu.Lock(); calls = append(calls, r); mu.Unlock() }}
	run, err := apps.Open(ctx, host, live, "get-time", json.RawMessage(`{}`), result, apps.HostContext{Theme: "light"}, events.add)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(run.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the view finishes ui/initialize", func() bool { return events.has(apps.EventReady, "") })
	actx, opts := bctx, appDoc(t, bctx)
	// The app draws its own page; the tool result it was given shows as the time.
	waitFor(t, "the app shows the tool result", func() bool {
		s := text(actx, opts, "#server-time")
		return s != "" && s != "Loading..."
	})
	// The view is sandboxed: an opaque origin, no way into the host page's
	// document nor the host page into its.
	sandbox, err := chromedp.Run(bctx, chromedp.Evaluate[string](`document.getElementById("app").getAttribute("sandbox")`))
	if err != nil || sandbox != apps.IframeSandbox {
		t.Errorf("the iframe's sandbox = %q (%v), want %q", sandbox, err, apps.IframeSandbox)
	}
	sameOrigin, err := chromedp.Run(bctx, chromedp.Evaluate[bool](`(() => {
		const f = document.getElementById("app");
		try { return f.contentDocument !== null || !!f.contentWindow.document; } catch (e) { return false; }
	})()`))
	if err != nil || sameOrigin {
		t.Errorf("the host page reaches into the app's document (%v)", err)
	}
	before := len(mustWire(s))
	// A call from inside the app reaches the server through the same session.
	if err := chromedp.Do(actx, chromedp.Click(chromedp.CSS("#get-time-btn"), opts...)); err != nil {
		t.Fatalf("clicking the app's button: %v", err)
	}
	waitFor(t, "the app's tools/call reaches the session", func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(calls) > 0
	})
	mu.Lock()
	call := calls[0]
	mu.Unlock()
	if !call.OK() || call.Tool != "get-time" {
		t.Fatalf("the app's call: %+v", call)
	}
	answer, _ := json.Marshal(call.Result)
	if !(len(mustWire(s)) > before && wireHas(s, `"tools/call"`, `"get-time"`)) {
		t.Error("the app's tools/call is not in the session's messages")
	}
	if !strings.Contains(logText(s), "get-time's app calls the tool get-time") {
		t.Errorf("the server log does not mark the call as the app's:\n%s", logText(s))
	}
	// Its result reaches the app: the time the server answered is shown.
	waitFor(t, "the call's result reaches the app", func() bool {
		got := strings.TrimSpace(text(actx, opts, "#server-time"))
		return got != "" && strings.Contains(string(answer), got)
	})
	if !events.has(apps.EventTraffic, "tools/call") || !events.has(apps.EventCall, "tools/call get-time") {
		t.Error("the app's traffic was not reported")
	}
	// A reload keeps the app: the new page starts the view again. How long
	// Chromium takes to reload is not what is tested (host_test.go tests the
	// grace), so the grace is stretched: a loaded machine took longer than 3 s.
	apps.SetReattachGrace(t, 5*time.Minute)
	if err := chromedp.Do(bctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the reloaded view's ui/initialize", func() bool {
		select {
		case <-run.Done():
			t.Fatal("a reload ended the app")
		default:
		}
		return events.count(apps.EventReady) >= 2
	})
	// Closing the page ends the bridge.
	apps.SetReattachGrace(t, apps.ReattachGrace)
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	select {
	case <-run.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("closing the page did not end the app")
	}
}

func mustWire(s *mcp.Session) []transport.WireEntry {
	e, _ := s.Wire.Since(0)
	return e
}

func logText(s *mcp.Session) string {
	entries, _ := s.Log.Since(0)
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(e.String() + "\n")
	}
	return b.String()
}

// TestBudgetAllocatorInChromium hosts a data-heavy app: its view draws a
// slider row per budget category from the tool result it is handed.
func TestBudgetAllocatorInChromium(t *testing.T) {
	s, events := session(t, "server-budget-allocator")
	const toolName = "get-budget-data"
	tool := s.Tool(toolName)
	if tool == nil {
		t.Fatalf("server-budget-allocator has no %s tool", toolName)
	}
	if apps.ResourceURI(tool.Meta) == "" {
		t.Fatalf("%s names no ui:// resource: %v", toolName, tool.Meta)
	}
	bctx := browser(t)
	ctx := context.Background()
	r0 := s.CallTool(ctx, toolName, json.RawMessage(`{}`), mcp.CallOptions{})
	if !r0.OK() {
		t.Fatalf("%s: %s", toolName, r0.Message)
	}
	result, _ := json.Marshal(r0.Result)
	host := &apps.Host{}
	defer host.Close()
	run, err := apps.Open(ctx, host, &apps.Live{S: s}, toolName, json.RawMessage(`{}`), result, apps.HostContext{Theme: "dark"}, events.add)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(run.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the view finishes ui/initialize", func() bool { return events.has(apps.EventReady, "") })
	opts := appDoc(t, bctx)
	var rows []*chromedp.Node
	waitFor(t, "the app draws its slider rows from the result", func() bool {
		qctx, cancel := context.WithTimeout(bctx, 2*time.Second)
		defer cancel()
		rows, _ = chromedp.Run(qctx, chromedp.Nodes(chromedp.CSS(".slider-row"), append(opts, chromedp.AtLeast(1))...))
		return len(rows) > 0
	})
	t.Logf("the app drew %d slider rows, %d bytes of result", len(rows), len(result))
	if !events.has(apps.EventTraffic, "ui/notifications/tool-result") {
		t.Error("the tool result sent to the view was not reported as traffic")
	}
	if shot := os.Getenv("MCPBROWSER_APP_SCREENSHOT"); shot != "" {
		time.Sleep(2 * time.Second) // let the chart's animation finish for the picture
		png, err := chromedp.Run(bctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(shot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// countingSession answers everything and counts the requests that reach it.
type countingSession struct {
	mu sync.Mutex
	n  int
}

func (c *countingSession) Forward(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	c.mu.Lock()
	c.n++
	c.mu.Unlock()
	return json.RawMessage(`{"content":[]}`), nil
}

// TestViewCannotReachTheHost loads the view's own address in a tab of its
// own: its CSP keeps it sandboxed (an opaque origin) even outside the
// iframe, and a request it makes to the host with the page's token is
// refused before it reaches the session.
func TestViewCannotReachTheHost(t *testing.T) {
	bctx := browser(t)
	sess := &countingSession{}
	host := &apps.Host{}
	defer host.Close()
	run, err := host.Open(apps.App{Server: "s", ToolName: "t", ResourceURI: "ui://t/app.html",
		HTML: "<!DOCTYPE html><p id=hello>hi</p>", Session: sess})
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(run.URL())); err != nil {
		t.Fatal(err)
	}
	var src string
	waitFor(t, "the host page's iframe", func() bool {
		qctx, cancel := context.WithTimeout(bctx, time.Second)
		defer cancel()
		src, _ = chromedp.Run(qctx, chromedp.Evaluate[string](`(document.getElementById("app") || {}).src || ""`))
		return src != ""
	})
	tab, cancel := chromedp.NewContext(bctx)
	defer cancel()
	if err := chromedp.Do(tab, chromedp.Navigate(src)); err != nil {
		t.Fatal(err)
	}
	origin, err := chromedp.Run(tab, chromedp.Evaluate[string](`self.origin`))
	if err != nil || origin != "null" {
		t.Errorf("the view's origin = %q (%v), want the opaque \"null\"", origin, err)
	}
	status, err := chromedp.Run(tab, chromedp.Evaluate[int](`fetch(`+strconv.Quote(run.URL()+"rpc")+`, {method: "POST",
		body: JSON.stringify({method: "tools/call", params: {name: "x"}})}).then(r => r.status, () => -1)`, chromedp.EvalAwaitPromise))
	if err != nil || (status != -1 && status != 403) {
		t.Errorf("the view's request to the host: status %d (%v), want it blocked or refused", status, err)
	}
	sess.mu.Lock()
	defer sess.mu.Unlock()
	if sess.n != 0 {
		t.Errorf("%d requests from the view reached the session", sess.n)
	}
}
