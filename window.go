package main

import (
	"fmt"
	"os"

	"mcpbrowser/ui"
)

// openWindow opens the app's window on the given servers file ("" = the default).
func openWindow(configPath, version string) int {
	if err := ui.Run(ui.Options{ConfigPath: configPath, Version: version}); err != nil {
		fmt.Fprintln(os.Stderr, "mcpbrowser:", err)
		return 1
	}
	return 0
}
