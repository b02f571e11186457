// Command mcpbrowser-tap is the lean tap: the stdio pass-through and
// recorder of `mcpbrowser tap` without the rest of the app, which that
// command becomes when it finds this program beside itself (see
// mcp/tap/lean.go for why). People and hosts run `mcpbrowser tap`.
package main

import (
	"os"

	"mcpbrowser/mcp/tap"
)

func main() {
	exe, _ := os.Executable()
	var guard []string
	if exe != "" {
		guard = []string{exe}
	}
	os.Exit(tap.LeanMain(os.Args[1:], tap.LeanOptions{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Guard: guard}))
}
