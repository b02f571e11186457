//go:build !ci && linux

package ui

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"
	"fyne.io/fyne/v2/lang"
	"github.com/godbus/dbus/v5"

	"mcpbrowser/internal/portal"
	"mcpbrowser/ui/widgets"
)

// On Linux the desktop's own dialog comes through the XDG desktop portal
// (see internal/portal for why not GTK in this process). Where there is no
// portal, fallback shows the app's own chooser instead. Test binaries always get
// it: a desktop dialog would wait for a person forever.

func nativeOpenFile(parent fyne.Window, title string, filter fileFilter, chosen func(path string), fallback func()) bool {
	return askPortal(parent, portal.Options{Title: title, Filters: portalFilters(filter)}, portal.Open, chosen, fallback)
}

func nativeSaveFile(parent fyne.Window, title, suggested string, filter fileFilter, chosen func(path string), fallback func()) bool {
	return askPortal(parent, portal.Options{Title: title, CurrentName: suggested, Filters: portalFilters(filter)}, portal.Save, chosen, fallback)
}

func nativeOpenFolder(parent fyne.Window, title string, chosen func(path string), fallback func()) bool {
	return askPortal(parent, portal.Options{Title: title, Directory: true}, portal.Open, chosen, fallback)
}

// askPortal runs the portal's dialog on its own goroutine (it blocks until
// the person answers) and delivers the answer on the UI goroutine.
func askPortal(parent fyne.Window, o portal.Options, ask func(context.Context, *dbus.Conn, portal.Options) (string, error), chosen func(string), fallback func()) bool {
	if testing.Testing() {
		return false
	}
	o.Parent = x11Parent(parent)
	go func() {
		path, err := askOnSessionBus(o, ask)
		fyne.Do(func() {
			switch {
			case errors.Is(err, portal.ErrUnavailable):
				fallback()
			case err != nil:
				widgets.ShowError(err, parent)
			case path != "":
				chosen(path)
			}
		})
	}()
	return true
}

func askOnSessionBus(o portal.Options, ask func(context.Context, *dbus.Conn, portal.Options) (string, error)) (string, error) {
	// A connection of its own for each dialog: nothing stays open between
	// them. No session bus is started where there is none (it would outlive
	// the app, and a new bus has no portal on it anyway).
	conn, err := dbus.SessionBusPrivateNoAutoStartup()
	if err != nil {
		return "", fmt.Errorf("%w: %v", portal.ErrUnavailable, err)
	}
	defer conn.Close()
	if err := conn.Auth(nil); err != nil {
		return "", fmt.Errorf("%w: %v", portal.ErrUnavailable, err)
	}
	if err := conn.Hello(); err != nil {
		return "", fmt.Errorf("%w: %v", portal.ErrUnavailable, err)
	}
	return ask(context.Background(), conn, o)
}

// x11Parent names the window for the portal, so the dialog stays above it.
func x11Parent(w fyne.Window) string {
	nw, ok := w.(driver.NativeWindow)
	if !ok {
		return ""
	}
	parent := ""
	nw.RunNative(func(ctx any) {
		if x, ok := ctx.(driver.X11WindowContext); ok && x.WindowHandle != 0 {
			parent = fmt.Sprintf("x11:%x", x.WindowHandle)
		}
	})
	return parent
}

func portalFilters(f fileFilter) []portal.Filter {
	if len(f.Exts) == 0 {
		return nil
	}
	patterns := make([]string, len(f.Exts))
	for i, e := range f.Exts {
		patterns[i] = "*." + e
	}
	return []portal.Filter{{Name: f.name(), Patterns: patterns}, {Name: lang.L("All files"), Patterns: []string{"*"}}}
}
