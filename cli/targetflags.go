package cli

import (
	"context"
	"flag"
	"fmt"
	"slices"
)

// Commands with their own flag.FlagSet (lint, load) are run from here before
// the shared parser sees their flags.
var flagSetCommands = map[string]func(context.Context, []string, Env) error{
	"lint": runLint,
	"load": runLoad,
}

// newFlagSet makes a command's flag set: errors are returned, not printed
// twice, and --help prints the command's usage.
func newFlagSet(name, usageText string, env Env) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageText)
		fs.PrintDefaults()
	}
	return fs
}

// targetFlags adds the flags that pick and connect a server, filling inv.
func targetFlags(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.configPath, "config", "", "the servers file")
	fs.StringVar(&inv.url, "url", "", "a remote server's URL")
	fs.Func("transport", "http or sse, for --url", func(v string) error { return inv.set("transport", v) })
	fs.Func("header", "(repeatable) 'Name: value' for a remote server", func(v string) error { return inv.set("header", v) })
	fs.Func("timeout", "bounds connecting, and then each call (e.g. 30s)", func(v string) error { return inv.set("timeout", v) })
	fs.BoolVar(&inv.stderr, "stderr", false, "stream the server's stderr to ours")
	fs.BoolVar(&inv.wire, "wire", false, "print every JSON-RPC message to stderr")
}

// parseInterleaved parses flags that may stand between the positional
// arguments, and takes everything after a lone -- as the command of an ad hoc
// stdio server.
func parseInterleaved(fs *flag.FlagSet, args []string, inv *invocation) error {
	if i := slices.Index(args, "--"); i >= 0 {
		inv.adhoc = args[i+1:]
		args = args[:i]
		if len(inv.adhoc) == 0 {
			return usageErr("nothing after --: give the command that starts the server")
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				return err
			}
			return &exitError{ExitUsage, ""} // the flag package has said what is wrong
		}
		if fs.NArg() == 0 {
			return nil
		}
		inv.positional = append(inv.positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// runFlagSetCommand runs a command that parses its own flags; ok is false
// when args do not name one.
func runFlagSetCommand(ctx context.Context, args []string, env Env) (err error, ok bool) {
	if len(args) == 0 {
		return nil, false
	}
	run, ok := flagSetCommands[args[0]]
	if !ok {
		return nil, false
	}
	err = run(ctx, args[1:], env)
	if err == flag.ErrHelp {
		return nil, true
	}
	return err, true
}
