package cli

import (
	"os"
	"runtime"

	"mcpbrowser/mcp/tap"
)

// leanTap is the lean tap (mcp/tap/lean.go) beside this program, or "" when
// there is none or this run cannot hand over to it: on Windows, where a
// process cannot become another, and when the command line is not this
// process's own (a test, or another Go program running the CLI).
func leanTap(env Env) string {
	if runtime.GOOS == "windows" || env.Stdin != os.Stdin || env.Stdout != os.Stdout || rawOut(env.Stderr) != os.Stderr {
		return ""
	}
	return tap.LeanBeside(env.Executable)
}
