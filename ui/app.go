// Package ui is the MCP Browser window: servers on the left, the selected
// server's tools with a form, Run and the result in the middle, and the
// server's stderr and wire log on the right. Every protocol action goes
// through package mcp; this package only shows things and takes input.
package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"mcpbrowser/ui/requests"
	"os"
	"os/signal"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"mcpbrowser/assets"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
)

// AppID is the application's unique ID, under which Fyne keeps preferences.
const AppID = "io.github.mcpbrowser.app"

// Options configure Run.
type Options struct {
	// ConfigPath is the servers file; "" means mcp.DefaultConfigPath().
	ConfigPath string
	// Version is the app's version, sent to servers in initialize.
	Version string
}

// Run opens the window, connects the enabled servers in the background and
// blocks until the window is closed, the app quits or the process gets
// SIGINT/SIGTERM. Every server's process tree is stopped before it returns.
func Run(opts Options) error {
	path := opts.ConfigPath
	if path == "" {
		p, err := config.DefaultConfigPath()
		if err != nil {
			return fmt.Errorf("finding the servers file: %w", err)
		}
		path = p
	}
	cfg, cfgErr := loadConfigOrDemo(path)

	// Imported stdio servers wait for the person's approval of their exact
	// command line. Without a place to keep approvals they would wait
	// forever, so then nothing waits (as for servers typed in by hand).
	approvals, err := config.DefaultApprovalStore()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpbrowser: imported servers will start without asking:", err)
		approvals = nil
	}
	a := app.NewWithID(AppID)
	setupLanguage(a)
	a.SetIcon(assets.Icon())
	// Sampling and elicitation requests wait in a queue for the person.
	queue := requests.NewServerRequests()
	client := mcp.ClientInfo{Version: opts.Version}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{Approvals: approvals, Handlers: queue.Handlers(), Client: client})
	w := NewMainWindow(a, m, path)
	w.client = client
	w.approvals = approvals
	w.requests.Attach(queue)
	if dir, err := history.DefaultDir(); err == nil {
		w.SetHistory(history.New(dir, history.Options{}))
	} else {
		fmt.Fprintln(os.Stderr, "mcpbrowser: calls are not kept in history:", err)
	}
	if rs, err := config.DefaultRootStore(); err == nil {
		w.servers.KeepRootsIn(rs)
	} else {
		fmt.Fprintln(os.Stderr, "mcpbrowser: roots stay in the app's preferences, where the command line does not see them:", err)
	}
	if cfgErr != nil {
		w.SetConfigError(cfgErr)
	}

	// A signal quits the app the way the window's close button does, so that
	// the one shutdown path below stops every server and the window's
	// preferences are saved on the UI goroutine (savePrefs), never once the
	// app has stopped. Fyne's Run catches SIGINT and SIGTERM too and ends
	// its loop at once, before w.quit could run; then Fyne's own last write
	// of its preferences file, unguarded, raced its re-read of that file
	// ("Preferences load error: EOF", in one quit of four by SIGTERM; Fyne
	// issue 2936). So once the app has started, the signals are ours alone.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	var retake *time.Timer
	takeSignals := func() {
		signal.Reset(os.Interrupt, syscall.SIGTERM) // drops Fyne's handler too
		signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	}
	a.Lifecycle().SetOnStarted(func() {
		// Fyne's handler is registered by a goroutine Run starts, at about
		// this time: taken over now, and once more a moment later.
		takeSignals()
		retake = time.AfterFunc(time.Second, takeSignals)
	})
	defer func() {
		if retake != nil {
			retake.Stop()
		}
	}()
	ended := make(chan struct{})
	defer close(ended)
	go func() {
		select {
		case <-sigs:
			if w.ctx.Err() == nil {
				fyne.Do(w.quit)
			}
		case <-ended:
		}
	}()

	w.Show()
	a.Run()
	w.Close()
	return nil
}

// loadConfigOrDemo reads the servers file. A missing file gives the demo
// config (the built-in demo server, run from this executable; nothing is
// written until the person changes something). A broken file gives an empty
// config with no path, so nothing can overwrite it, and the error to show.
func loadConfigOrDemo(path string) (*config.Config, error) {
	cfg, err := config.Load(path)
	switch {
	case err == nil:
		return cfg, nil
	case errors.Is(err, fs.ErrNotExist):
		exe, exeErr := os.Executable()
		if exeErr != nil {
			exe = os.Args[0]
		}
		return config.DemoConfig(path, exe), nil
	}
	return &config.Config{}, err
}

// SetHistory keeps every tool call, resource read and prompt get of the
// window's servers in h (nil keeps nothing). Run sets the history under the
// XDG data directory; tests set one in a temporary folder or none.
func (w *MainWindow) SetHistory(h *history.History) {
	w.history = h
	if w.manager != nil {
		w.manager.SetHistory(h) // the core records every call
	}
	w.features.History.Reset()
}
