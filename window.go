package main

import (
	"context"
	"fmt"
	"os"
)

// openWindow opens the app's window. Until the window lands it prints usage.
func openWindow(ctx context.Context, version string) int {
	fmt.Fprintln(os.Stderr, "mcpbrowser "+version+": the window is not built yet; see mcpbrowser --help")
	return 2
}
