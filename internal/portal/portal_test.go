package portal

import (
	"bufio"
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/godbus/dbus/v5"
)

// testBus starts a private D-Bus session daemon for one test and returns its address.
func testBus(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("dbus-daemon"); err != nil {
		if os.Getenv("MCPBROWSER_REQUIRE_PEERS") != "" {
			t.Fatal("dbus-daemon is not installed (Debian package dbus-daemon)")
		}
		t.Skip("needs dbus-daemon")
	}
	// A config of its own: no service files, so nothing installed on the
	// machine (a real portal) can be started by activation.
	// (A short folder: a socket's path has a limit of about 100 bytes.)
	dir, err := os.MkdirTemp("", "bus")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	config := dir + "/bus.conf"
	if err := os.WriteFile(config, []byte(`<busconfig>
  <type>session</type>
  <listen>unix:dir=`+dir+`</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>`), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("dbus-daemon", "--config-file="+config, "--nofork", "--nopidfile", "--print-address=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the bus address: %v", err)
	}
	return strings.TrimSpace(addr)
}

func connect(t *testing.T, addr string) *dbus.Conn {
	t.Helper()
	conn, err := dbus.Connect(addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// fakePortal is a FileChooser that answers every request with its response
// (nil: never answers) and records what it was asked.
type fakePortal struct {
	conn     *dbus.Conn
	code     uint32
	uris     []string
	answer   bool
	newStyle bool // false: the handle is a path of the portal's own choosing
	// replyDelay holds the reply to the call back (a slow portal).
	replyDelay time.Duration

	mu     sync.Mutex
	asked  []asked
	closed []dbus.ObjectPath
}

type asked struct {
	method, parent, title string
	opts                  map[string]dbus.Variant
}

func (p *fakePortal) OpenFile(sender dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	return p.request("OpenFile", sender, parent, title, opts)
}

func (p *fakePortal) SaveFile(sender dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	return p.request("SaveFile", sender, parent, title, opts)
}

func (p *fakePortal) request(method string, sender dbus.Sender, parent, title string, opts map[string]dbus.Variant) (dbus.ObjectPath, *dbus.Error) {
	p.mu.Lock()
	p.asked = append(p.asked, asked{method, parent, title, opts})
	p.mu.Unlock()
	path := dbus.ObjectPath(objectPath + "/request/old_style_1")
	if p.newStyle {
		token, _ := opts["handle_token"].Value().(string)
		path = requestPath([]string{string(sender)}, token)
	}
	p.conn.Export(&fakeRequest{p: p, path: path}, path, requestIface)
	time.Sleep(p.replyDelay)
	if p.answer {
		go func() {
			// The answer comes on its own: after the reply or (new style) even before it.
			time.Sleep(20 * time.Millisecond)
			p.conn.Emit(path, requestIface+".Response", p.code, map[string]dbus.Variant{"uris": dbus.MakeVariant(p.uris)})
		}()
	}
	return path, nil
}

type fakeRequest struct {
	p    *fakePortal
	path dbus.ObjectPath
}

func (r *fakeRequest) Close() *dbus.Error {
	r.p.mu.Lock()
	defer r.p.mu.Unlock()
	r.p.closed = append(r.p.closed, r.path)
	return nil
}

func startPortal(t *testing.T, addr string, p *fakePortal) {
	t.Helper()
	p.conn = connect(t, addr)
	if err := p.conn.Export(p, objectPath, fileChooser); err != nil {
		t.Fatal(err)
	}
	if reply, err := p.conn.RequestName(busName, dbus.NameFlagDoNotQueue); err != nil || reply != dbus.RequestNameReplyPrimaryOwner {
		t.Fatalf("owning %s: %v (reply %d)", busName, err, reply)
	}
}

func TestDialogs(t *testing.T) {
	t.Parallel()
	jsonFiles := []Filter{{Name: "JSON files", Patterns: []string{"*.json"}}}
	tests := []struct {
		name     string
		portal   *fakePortal
		save     bool
		opts     Options
		wantPath string
		wantErr  string
		check    func(t *testing.T, a asked)
	}{
		{
			name:   "open a JSON file",
			portal: &fakePortal{answer: true, newStyle: true, uris: []string{"file:///home/me/My%20servers.json"}},
			opts:   Options{Title: "Import servers", Parent: "x11:2a", Filters: jsonFiles},
			// The URI's escapes are undone.
			wantPath: "/home/me/My servers.json",
			check: func(t *testing.T, a asked) {
				if a.method != "OpenFile" || a.title != "Import servers" || a.parent != "x11:2a" {
					t.Errorf("asked %s(%q, %q)", a.method, a.parent, a.title)
				}
				var filters []filterSpec
				if err := dbus.Store([]any{a.opts["filters"].Value()}, &filters); err != nil {
					t.Fatalf("filters %v: %v", a.opts["filters"], err)
				}
				if len(filters) != 1 || filters[0].Name != "JSON files" || len(filters[0].Rules) != 1 || filters[0].Rules[0] != (filterRule{0, "*.json"}) {
					t.Errorf("filters %+v", filters)
				}
				if d, _ := a.opts["directory"].Value().(bool); d {
					t.Error("a file dialog asked for a directory")
				}
			},
		},
		{
			name:     "save with a suggested name, portal picks its own request path",
			portal:   &fakePortal{answer: true, uris: []string{"file:///tmp/result.txt"}},
			save:     true,
			opts:     Options{Title: "Save result", CurrentName: "result.txt"},
			wantPath: "/tmp/result.txt",
			check: func(t *testing.T, a asked) {
				if a.method != "SaveFile" {
					t.Errorf("asked %s", a.method)
				}
				if n, _ := a.opts["current_name"].Value().(string); n != "result.txt" {
					t.Errorf("current_name %v", a.opts["current_name"])
				}
			},
		},
		{
			name:     "choose a folder",
			portal:   &fakePortal{answer: true, newStyle: true, uris: []string{"file:///srv/project"}},
			opts:     Options{Title: "Add a root", Directory: true},
			wantPath: "/srv/project",
			check: func(t *testing.T, a asked) {
				if d, _ := a.opts["directory"].Value().(bool); !d {
					t.Errorf("directory %v", a.opts["directory"])
				}
			},
		},
		{
			name:   "cancelled by the person",
			portal: &fakePortal{answer: true, newStyle: true, code: 1},
			opts:   Options{Title: "Import"},
		},
		{
			// GNOME's portal answers Escape this way.
			name:   "ended by the desktop",
			portal: &fakePortal{answer: true, newStyle: true, code: 2},
			opts:   Options{Title: "Import"},
		},
		{
			name:    "not a local file",
			portal:  &fakePortal{answer: true, newStyle: true, uris: []string{"https://example.invalid/x.json"}},
			opts:    Options{Title: "Import"},
			wantErr: "not a local file",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			addr := testBus(t)
			startPortal(t, addr, tt.portal)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			ask := Open
			if tt.save {
				ask = Save
			}
			path, err := ask(ctx, connect(t, addr), tt.opts)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err %v, want one saying %q", err, tt.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if path != tt.wantPath {
				t.Errorf("path %q, want %q", path, tt.wantPath)
			}
			tt.portal.mu.Lock()
			defer tt.portal.mu.Unlock()
			if len(tt.portal.asked) != 1 {
				t.Fatalf("the portal was asked %d times", len(tt.portal.asked))
			}
			if tt.check != nil {
				tt.check(t, tt.portal.asked[0])
			}
		})
	}
}

// Ending the context closes the dialog the portal is showing, even when it
// ends before the portal has replied with the dialog's handle.
func TestCancelClosesTheDialog(t *testing.T) {
	t.Parallel()
	addr := testBus(t)
	p := &fakePortal{newStyle: true, replyDelay: 200 * time.Millisecond}
	startPortal(t, addr, p)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := Open(ctx, connect(t, addr), Options{Title: "Import"})
		done <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		p.mu.Lock()
		n := len(p.asked)
		p.mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the portal was never asked")
		}
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v, want context.Canceled", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		p.mu.Lock()
		closed := len(p.closed)
		p.mu.Unlock()
		if closed == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the request was not closed")
		}
	}
}

// With no portal on the bus the caller is told to use its own dialog.
func TestNoPortal(t *testing.T) {
	t.Parallel()
	addr := testBus(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := Open(ctx, connect(t, addr), Options{Title: "Import"})
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("err %v, want ErrUnavailable", err)
	}
}
