package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"time"

	"mcpbrowser/ui"
)

// openWindow opens the app's window on the given servers file ("" = the default).
func openWindow(configPath, version string) int {
	go func() {
		// Starting up (fonts, schemas, every server's tool list) leaves garbage
		// behind; once the window sits idle, give those pages back to the OS
		// instead of holding them for the whole session.
		time.Sleep(5 * time.Second)
		debug.FreeOSMemory()
	}()
	if err := ui.Run(ui.Options{ConfigPath: configPath, Version: version}); err != nil {
		fmt.Fprintln(os.Stderr, "mcpbrowser:", err)
		return 1
	}
	return 0
}
