package cli

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/tap"
)

// tapsFlags: taps --json.
func tapsFlags(fs *flag.FlagSet, inv *invocation) {
	fs.BoolVar(&inv.asJSON, "json", false, "print the sessions as JSON")
}

// watchFlags: watch and unwatch --file, --yes.
func watchFlags(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.file, "file", "", "the app's config `FILE` (default: the first of the app's files that has the server)")
	fs.BoolVar(&inv.yes, "yes", false, "write the change (without it, the change is only shown)")
}

// cmdTaps is `mcpbrowser taps`.
func cmdTaps(inv *invocation, env Env) error {
	sessions, err := tap.List("")
	if err != nil {
		return &exitError{ExitConnection, tr("could not read the recordings in {{.Dir}}: {{.Reason}}", M{"Dir": tap.Dir(), "Reason": fileProblem(err)})}
	}
	if inv.asJSON {
		type row struct {
			tap.Summary
			State  string `json:"state"`
			Server string `json:"serverName"`
		}
		rows := make([]row, len(sessions))
		for i, s := range sessions {
			rows[i] = row{s, s.State(), s.ServerName()}
		}
		return writeJSON(env.Stdout, rows)
	}
	if len(sessions) == 0 {
		fmt.Fprintln(env.Stdout, tr("No tapped sessions yet: run a server through mcpbrowser tap (mcpbrowser watch sets it up in an app)."))
		return nil
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "STATE\tHOST\tSERVER\tSTARTED\tREQUESTS\tERRORS\tSTDERR\tID")
	for _, s := range sessions {
		host := s.HostName()
		if host == "" {
			host = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%d\t%d\t%s\n", s.State(), host, s.ServerName(),
			s.Start.Local().Format(time.DateTime), s.Counts.Requests, s.Counts.Errors, s.Counts.Stderr, s.ID)
	}
	return tw.Flush()
}

// cmdWatch is `mcpbrowser watch APP SERVER`.
func cmdWatch(inv *invocation, env Env) error {
	format, server, err := appAndServer(inv)
	if err != nil {
		return err
	}
	path, data, err := appFileWith(format, server, inv.file)
	if err != nil {
		return err
	}
	exe := thisBinary(env)
	e, err := clients.PlanWatch(format, path, data, server, exe)
	switch {
	case errors.Is(err, clients.ErrRemoteServer):
		return usageT("{{.Server}} is a remote server, which the app connects to itself: run mcpbrowser tap --url with its address and point the app at the tap", M{"Server": q(server)})
	case errors.Is(err, clients.ErrAlreadyWatched):
		return usageT("{{.Server}} in {{.File}} already runs through mcpbrowser tap", M{"Server": q(server), "File": path})
	case err != nil:
		return &exitError{ExitUsage, explainCore(err)}
	}
	if _, err := e.Apply(data); err != nil {
		return &exitError{ExitUsage, explainCore(err)}
	}
	fmt.Fprint(env.Stdout, e.String())
	if !inv.yes {
		fmt.Fprintln(env.Stdout, tr("Nothing was written. Run it again with --yes to make this change."))
		return nil
	}
	backup, err := clients.WriteWatch(tap.WatchesDir(), e, data)
	if err != nil {
		return watchWriteFailed(err, path)
	}
	fmt.Fprintln(env.Stdout, tr("Watching {{.Server}}: restart the app (or its server) to start through the tap; mcpbrowser taps lists the sessions. The file as it was is kept in {{.Backup}}; mcpbrowser unwatch puts the entry back.", M{"Server": q(server), "Backup": backup}))
	return nil
}

// cmdUnwatch is `mcpbrowser unwatch APP SERVER`.
func cmdUnwatch(inv *invocation, env Env) error {
	format, server, err := appAndServer(inv)
	if err != nil {
		return err
	}
	var edit *clients.WatchEdit
	if inv.file != "" {
		edit = clients.WatchedEntry(tap.WatchesDir(), inv.file, server)
	} else if edits := clients.LoadWatches(tap.WatchesDir(), format, server); len(edits) > 0 {
		edit = edits[0]
	}
	if edit == nil {
		return usageT("{{.Server}} is not watched in {{.App}} (mcpbrowser watch did not change it)", M{"Server": q(server), "App": format.Title()})
	}
	data, err := os.ReadFile(edit.Path)
	if err != nil {
		return &exitError{ExitConnection, tr("could not read {{.File}}: {{.Reason}}", M{"File": edit.Path, "Reason": fileProblem(err)})}
	}
	if _, err := edit.Revert(data); err != nil {
		return &exitError{ExitUsage, tr("{{.Server}} in {{.File}} was changed since it was watched, so it is left alone; its backups are in {{.Dir}}", M{"Server": q(server), "File": edit.Path, "Dir": tap.WatchesDir()})}
	}
	undo := edit.Undo()
	fmt.Fprint(env.Stdout, undo.String())
	if !inv.yes {
		fmt.Fprintln(env.Stdout, tr("Nothing was written. Run it again with --yes to make this change."))
		return nil
	}
	if err := clients.WriteUnwatch(tap.WatchesDir(), edit); err != nil {
		return watchWriteFailed(err, edit.Path)
	}
	fmt.Fprintln(env.Stdout, tr("{{.Server}} is back as it was; restart the app (or its server) for it to take effect.", M{"Server": q(server)}))
	return nil
}

func appAndServer(inv *invocation) (config.Format, string, error) {
	if len(inv.positional) != 2 {
		return "", "", usageT("give the app and the server's name, like: mcpbrowser {{.Command}} claude my-server", M{"Command": inv.command})
	}
	format, err := config.ParseFormat(inv.positional[0])
	if err != nil || format == config.FormatJSON {
		return "", "", usageT("unknown app {{.App}}: use claude, claude-code, cursor, vscode, cline, windsurf or codex", M{"App": q(inv.positional[0])})
	}
	return format, inv.positional[1], nil
}

// appFileWith finds the app's file that has the server (or reads file).
func appFileWith(format config.Format, server, file string) (string, []byte, error) {
	var paths []string
	if file != "" {
		paths = []string{file}
	} else {
		cwd, _ := os.Getwd()
		denv, err := clients.DefaultDiscoverEnv(cwd)
		if err != nil {
			return "", nil, &exitError{ExitConnection, explainCore(err)}
		}
		for _, loc := range clients.Locations(denv) {
			if loc.Format == format {
				paths = append(paths, loc.Path)
			}
		}
	}
	var looked []string
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", nil, &exitError{ExitConnection, tr("could not read {{.File}}: {{.Reason}}", M{"File": p, "Reason": fileProblem(err)})}
		}
		looked = append(looked, p)
		servers, err := clients.ParseClientConfig(format, p, data)
		if err != nil {
			return "", nil, &exitError{ExitUsage, explainCore(err)}
		}
		for _, s := range servers {
			if s.Server.Name == server {
				return p, data, nil
			}
		}
	}
	if len(looked) == 0 {
		return "", nil, usageT("found no config file of {{.App}} on this computer", M{"App": format.Title()})
	}
	return "", nil, usageT("{{.App}} has no server {{.Server}} (looked in {{.Files}})", M{"App": format.Title(), "Server": q(server), "Files": strings.Join(looked, ", ")})
}

// thisBinary is the program an app's entry runs to tap (clients.ThisProgram).
func thisBinary(env Env) string { return clients.ThisProgram(env.Executable) }

// watchWriteFailed words a watch or unwatch that wrote nothing.
func watchWriteFailed(err error, path string) error {
	var be *clients.BackupError
	switch {
	case errors.As(err, &be):
		return &exitError{ExitConnection, tr("could not keep a backup in {{.Dir}}: {{.Reason}}; nothing was changed", M{"Dir": be.Dir, "Reason": fileProblem(be.Err)})}
	case errors.Is(err, clients.ErrReadOnly):
		return &exitError{ExitFile, tr("{{.File}} is read-only, so nothing was written: make it writable (chmod u+w) and run the command again", M{"File": path})}
	case errors.Is(err, clients.ErrFileGone):
		return &exitError{ExitFile, tr("{{.File}} is no longer there, so nothing was written", M{"File": path})}
	case errors.Is(err, clients.ErrFileChanged), errors.Is(err, clients.ErrEntryChanged):
		return &exitError{ExitUsage, tr("{{.File}} changed while it was being written, so nothing was written: run the command again", M{"File": path})}
	}
	return &exitError{ExitConnection, tr("could not write {{.File}}: {{.Reason}}", M{"File": path, "Reason": fileProblem(err)})}
}
