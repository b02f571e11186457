package cli

import (
	"flag"
	"fmt"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
)

// recordCheck appends a call to the --record check file as a snapshot
// check. A configured server is named; a server typed on the command line
// (--url, -- COMMAND) is written inline so that the file runs on its own.
// A failure to record is reported and does not change the exit code.
func recordCheck(inv *invocation, env Env, sc *config.ServerConfig, c checks.Check) {
	if inv.record == "" {
		return
	}
	spec := checks.ServerSpec{Ref: sc.Name}
	if inv.url != "" || len(inv.adhoc) > 0 {
		spec = checks.SpecOf(sc)
	}
	if err := checks.Append(inv.record, map[string]checks.ServerSpec{sc.Name: spec}, c); err != nil {
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("not recorded: {{.Reason}}", M{"Reason": i18n.CheckError(err)}))
	}
}

// recordingFlags are connectFlags and --record, for the commands whose calls
// can be recorded (call, read, prompt).
func recordingFlags(fs *flag.FlagSet, inv *invocation) {
	connectFlags(fs, inv)
	fs.StringVar(&inv.record, "record", "", "append the call and its result to the check `FILE` as a snapshot check (replay: mcpbrowser check FILE)")
}
