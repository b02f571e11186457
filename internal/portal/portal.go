// Package portal asks the desktop for a file through the XDG desktop portal's
// FileChooser (org.freedesktop.portal.FileChooser over the D-Bus session bus):
// GNOME, KDE and most other Linux desktops show their own dialog for it, in
// their own process.
//
// It replaces sqweek/dialog on Linux, whose package init starts GTK in every
// process of this binary (the window, each CLI command, each demo server):
// about 12 MB of resident memory in the window alone, measured under Xvfb.
// The portal needs no cgo and no GTK here. It is not always there (a bare
// window manager, a container); then Open and Save return ErrUnavailable and
// the caller shows its own dialog.
package portal

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

const (
	busName         = "org.freedesktop.portal.Desktop"
	objectPath      = "/org/freedesktop/portal/desktop"
	fileChooser     = "org.freedesktop.portal.FileChooser"
	requestIface    = "org.freedesktop.portal.Request"
	responseSuccess = 0
)

// ErrUnavailable means there is no session bus or no FileChooser portal on it.
var ErrUnavailable = errors.New("no desktop file-chooser portal")

// A Filter offers files by glob patterns ("*.json") under a name ("JSON files").
type Filter struct {
	Name     string
	Patterns []string
}

// Options describe one dialog.
type Options struct {
	Title string
	// Parent is the window the dialog belongs to, as the portal names it
	// ("x11:2a0000c"); "" for none.
	Parent    string
	Directory bool     // choose a folder (Open only)
	Filters   []Filter // the first is selected
	// CurrentName is the suggested file name (Save only).
	CurrentName string
}

// Open asks for a file (or a folder, with Directory) to open. It returns the
// chosen path, or "" when the person cancelled. Ending ctx closes the dialog.
func Open(ctx context.Context, conn *dbus.Conn, o Options) (string, error) {
	opts := map[string]dbus.Variant{"modal": dbus.MakeVariant(true), "multiple": dbus.MakeVariant(false)}
	if o.Directory {
		opts["directory"] = dbus.MakeVariant(true)
	}
	return ask(ctx, conn, "OpenFile", o, opts)
}

// Save asks where to save a file. It returns the chosen path, or "" when the
// person cancelled. Ending ctx closes the dialog.
func Save(ctx context.Context, conn *dbus.Conn, o Options) (string, error) {
	opts := map[string]dbus.Variant{"modal": dbus.MakeVariant(true)}
	if o.CurrentName != "" {
		opts["current_name"] = dbus.MakeVariant(o.CurrentName)
	}
	return ask(ctx, conn, "SaveFile", o, opts)
}

// filterSpec is a filter as the portal takes it: (sa(us)), rule type 0 = glob.
type filterSpec struct {
	Name  string
	Rules []filterRule
}

type filterRule struct {
	Type    uint32
	Pattern string
}

func ask(ctx context.Context, conn *dbus.Conn, method string, o Options, opts map[string]dbus.Variant) (string, error) {
	if len(o.Filters) > 0 {
		specs := make([]filterSpec, len(o.Filters))
		for i, f := range o.Filters {
			specs[i].Name = f.Name
			for _, p := range f.Patterns {
				specs[i].Rules = append(specs[i].Rules, filterRule{Type: 0, Pattern: p})
			}
		}
		opts["filters"] = dbus.MakeVariant(specs)
		opts["current_filter"] = dbus.MakeVariant(specs[0])
	}
	token := newToken()
	opts["handle_token"] = dbus.MakeVariant(token)

	// Listen before asking, on the path the request will have: the answer
	// may come before the call returns.
	responses := make(chan *dbus.Signal, 4)
	conn.Signal(responses)
	defer conn.RemoveSignal(responses)
	expected := requestPath(conn.Names(), token)
	if err := matchResponse(conn, expected); err != nil {
		return "", fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer unmatchResponse(conn, expected)

	// The call itself returns at once with the request's handle (the answer
	// comes later, as a signal). It is not cut short by ctx: a dialog asked
	// for must be known, so that ending ctx can close it. The bound covers a
	// portal that is being started by D-Bus activation.
	callCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	var handle dbus.ObjectPath
	err := conn.Object(busName, objectPath).CallWithContext(callCtx, fileChooser+"."+method, 0, o.Parent, o.Title, opts).Store(&handle)
	cancel()
	if err != nil {
		var derr dbus.Error
		if errors.As(err, &derr) && isMissing(derr.Name) {
			return "", fmt.Errorf("%w: %s", ErrUnavailable, derr.Name)
		}
		return "", fmt.Errorf("the file-chooser portal refused: %w", err)
	}
	if handle != expected { // portals before version 0.9 pick their own path
		if err := matchResponse(conn, handle); err == nil {
			defer unmatchResponse(conn, handle)
		}
	}
	for {
		select {
		case sig := <-responses:
			if sig.Path != handle || sig.Name != requestIface+".Response" {
				continue
			}
			return answer(sig.Body)
		case <-ctx.Done():
			conn.Object(busName, handle).Call(requestIface+".Close", dbus.FlagNoReplyExpected)
			return "", ctx.Err()
		}
	}
}

// answer reads a Response signal's body: (u response, a{sv} results).
func answer(body []any) (string, error) {
	if len(body) != 2 {
		return "", fmt.Errorf("the file-chooser portal answered %d values, want 2", len(body))
	}
	code, _ := body[0].(uint32)
	results, _ := body[1].(map[string]dbus.Variant)
	if code != responseSuccess {
		// 1: cancelled; 2: ended otherwise, which is what GNOME's portal
		// answers to Escape or the window's close button. Both are "no file".
		return "", nil
	}
	var uris []string
	if v, ok := results["uris"]; ok {
		uris, _ = v.Value().([]string)
	}
	if len(uris) == 0 {
		return "", errors.New("the file-chooser portal answered without a file")
	}
	u, err := url.Parse(uris[0])
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("the file-chooser portal answered %q, which is not a local file", uris[0])
	}
	return u.Path, nil
}

func matchResponse(conn *dbus.Conn, path dbus.ObjectPath) error {
	return conn.AddMatchSignal(dbus.WithMatchObjectPath(path), dbus.WithMatchInterface(requestIface), dbus.WithMatchMember("Response"))
}

func unmatchResponse(conn *dbus.Conn, path dbus.ObjectPath) {
	conn.RemoveMatchSignal(dbus.WithMatchObjectPath(path), dbus.WithMatchInterface(requestIface), dbus.WithMatchMember("Response"))
}

// requestPath is where the portal puts a request made with token: the
// caller's unique bus name without its ':' and with '.' as '_'.
func requestPath(names []string, token string) dbus.ObjectPath {
	sender := ""
	if len(names) > 0 {
		sender = strings.ReplaceAll(strings.TrimPrefix(names[0], ":"), ".", "_")
	}
	return dbus.ObjectPath(objectPath + "/request/" + sender + "/" + token)
}

func newToken() string {
	b := make([]byte, 8)
	rand.Read(b)
	return "mcpbrowser_" + hex.EncodeToString(b)
}

// isMissing reports whether a D-Bus error name means there is no portal to ask.
func isMissing(name string) bool {
	switch name {
	case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner",
		"org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
		"org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.Spawn.ServiceNotFound":
		return true
	}
	return false
}
