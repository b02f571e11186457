package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
)

// This file is how a command declares and parses its flags: a flag.FlagSet
// per command, flags allowed before and after the positional arguments, a
// lone -- ending them (what follows is an ad-hoc server's command line), and
// the flag package's errors put in plain words.

// newFlagSet makes a command's flag set. Errors come back from Parse to be
// worded by parseInterleaved, never printed by the flag package; fs.Usage
// prints usageText and the flags to stdout, for --help.
func newFlagSet(name, usageText string, env Env) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	stdout := env.Stdout
	if stdout == nil {
		stdout = io.Discard
	}
	fs.SetOutput(stdout)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usageText)
		printFlags(fs.Output(), fs)
	}
	return fs
}

// printFlags lists a flag set's flags as --name VALUE, one a line.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var rows [][2]string
	fs.VisitAll(func(f *flag.Flag) {
		arg, text := flag.UnquoteUsage(translatedFlag(f))
		name := "--" + f.Name
		if !isBoolFlag(f) {
			if arg == "" || arg == "value" {
				arg = "VALUE"
			}
			name += " " + arg
		}
		rows = append(rows, [2]string{name, text})
	})
	if len(rows) == 0 {
		return
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r[0]))
	}
	fmt.Fprintln(w, "\n"+helpT("Flags:"))
	for _, r := range rows {
		fmt.Fprintf(w, "  %-*s  %s\n", width, r[0], r[1])
	}
}

func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parseInterleaved parses args with fs: flags may stand before, between and
// after the positional arguments, which go to inv.positional; everything
// after a lone -- is the command line of an ad-hoc stdio server
// (inv.adhoc). --help returns flag.ErrHelp once the command's usage is
// printed; any other mistake is a usage error in plain words.
func parseInterleaved(fs *flag.FlagSet, args []string, inv *invocation) error {
	if i := terminator(fs, args); i >= 0 {
		inv.adhoc = args[i+1:]
		args = args[:i]
		if fs.Lookup("url") == nil {
			return flagUsageT(fs, "{{.Command}} does not start a server, so nothing may follow --", M{"Command": fs.Name()})
		}
		if len(inv.adhoc) == 0 {
			return flagUsageT(fs, "nothing after --: give the command that starts the server")
		}
	}
	out := fs.Output()
	for {
		fs.SetOutput(io.Discard) // the flag package would print its own wording, and the usage, on every error
		err := fs.Parse(args)
		fs.SetOutput(out)
		if errors.Is(err, flag.ErrHelp) {
			fs.Usage()
			return flag.ErrHelp
		}
		if err != nil {
			return plainFlagError(fs, err)
		}
		if fs.NArg() == 0 {
			return nil
		}
		inv.positional = append(inv.positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// terminator finds the lone -- that ends the flags, skipping a -- that is
// the value of a flag (--sampling-reply --); -1 when there is none.
func terminator(fs *flag.FlagSet, args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return i
		}
		if len(a) < 2 || a[0] != '-' || strings.Contains(a, "=") {
			continue
		}
		if f := fs.Lookup(strings.TrimLeft(a, "-")); f != nil && !isBoolFlag(f) {
			i++ // its value
		}
	}
	return -1
}

// plainFlagError rewords the flag package's errors ("flag provided but not
// defined: -format") for people, naming the command and where its usage is.
func plainFlagError(fs *flag.FlagSet, err error) error {
	cmd := fs.Name()
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		if takenElsewhere(name) {
			return flagUsageT(fs, "--{{.Flag}} is not an option of {{.Command}}; see mcpbrowser {{.Command}} --help", M{"Flag": name, "Command": cmd})
		}
		return flagUsageT(fs, "unknown flag --{{.Flag}}; see mcpbrowser {{.Command}} --help", M{"Flag": name, "Command": cmd})
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return flagUsageT(fs, "--{{.Flag}} needs a value", M{"Flag": name})
	}
	if rest, ok := strings.CutPrefix(msg, "invalid boolean value "); ok {
		_, name, _ := strings.Cut(rest, " for -")
		name, _, _ = strings.Cut(name, ":")
		return flagUsageT(fs, "--{{.Flag}} takes no value", M{"Flag": name})
	}
	if rest, ok := strings.CutPrefix(msg, "invalid value "); ok {
		// invalid value "soon" for flag -timeout: <the Set error>
		_, tail, _ := strings.Cut(rest, " for flag -")
		name, why, _ := strings.Cut(tail, ": ")
		if f := fs.Lookup(name); f != nil && (why == "parse error" || why == "value out of range") {
			value, _, _ := strings.Cut(rest, " for flag -")
			return flagUsageT(fs, "--{{.Flag}} {{.Value}} is not {{.Kind}}", M{"Flag": name, "Value": value, "Kind": kindOf(f)})
		}
		return flagUsageErr(fs, "%s", why)
	}
	if rest, ok := strings.CutPrefix(msg, "bad flag syntax: "); ok {
		return flagUsageT(fs, "{{.Arg}} is not a flag; see mcpbrowser {{.Command}} --help", M{"Arg": q(rest), "Command": cmd})
	}
	return flagUsageT(fs, "{{.Err}}; see mcpbrowser {{.Command}} --help", M{"Err": msg, "Command": cmd})
}

// kindOf names what a typed flag (fs.Int, fs.Duration …) wants.
func kindOf(f *flag.Flag) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return tr("a valid value")
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64:
		return tr("a whole number")
	case float64:
		return tr("a number")
	case time.Duration:
		return tr("a duration like 30s or 2m")
	}
	return tr("a valid value")
}

// takenElsewhere reports whether some other command declares the flag.
func takenElsewhere(name string) bool {
	for _, c := range commands() {
		if c.flags == nil {
			continue
		}
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs, newInvocation(c.name))
		if fs.Lookup(name) != nil {
			return true
		}
	}
	return false
}

// flagUsageErr is a usage error that names the command ("mcpbrowser call: …").
func flagUsageErr(fs *flag.FlagSet, format string, args ...any) error {
	return &commandError{fs.Name(), exitError{ExitUsage, fmt.Sprintf(format, args...)}}
}

// The flags commands share, by what they are for. A command declares the
// groups it uses (see commands()).

// configFlag: the servers file.
func configFlag(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.configPath, "config", "", "the servers `FILE` (default: the app's, under the XDG config dir)")
}

// targetFlags pick the server (a configured name, --url, or -- COMMAND) and
// how to watch it.
func targetFlags(fs *flag.FlagSet, inv *invocation) {
	configFlag(fs, inv)
	remoteFlags(fs, inv)
	fs.Func("timeout", "bounds connecting, and then the call, by a `DURATION` (e.g. 30s, 2m)", inv.setTimeout)
	fs.BoolVar(&inv.stderr, "stderr", false, "stream the server's stderr to ours")
	fs.BoolVar(&inv.wire, "wire", false, "print every JSON-RPC message to stderr")
}

// remoteFlags name a remote server instead of a configured one.
func remoteFlags(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.url, "url", "", "a remote server's `URL` instead of a configured name")
	fs.Func("transport", "the `KIND` of remote server: http (the default) or sse", inv.setTransport)
	fs.Func("header", "(repeatable) an HTTP header `'Name: value'` for a remote server", inv.addHeader)
}

// signInFlags: how to sign in to a remote server that answers 401.
func signInFlags(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.clientID, "client-id", "", "a pre-registered OAuth client `ID`")
	fs.StringVar(&inv.clientSecret, "client-secret", "", "that client's `SECRET`")
	fs.Func("scope", "(repeatable) a `SCOPE` to ask for when signing in", func(v string) error {
		inv.scopes = append(inv.scopes, strings.Fields(v)...)
		return nil
	})
	fs.StringVar(&inv.clientMetaURL, "client-metadata-url", "", "this client's Client ID Metadata Document `URL` (the client ID where the server supports it)")
	fs.Func("grant-type", "authorization_code (sign in in the browser, the default), client_credentials (a client, no browser), jwt_bearer (a workload identity token) or enterprise (an ID token exchanged at the identity provider)", func(v string) error {
		if !validGrantType(v) {
			return fmt.Errorf("must be authorization_code, client_credentials, jwt_bearer or enterprise, not %q", v)
		}
		inv.grantType = v
		return nil
	})
	oauthExtFlags(fs, inv)
}

// answerFlags answer the server's own requests, since nobody is at a form
// (without them the capability is not offered at all), and set its log level.
func answerFlags(fs *flag.FlagSet, inv *invocation) {
	fs.Func("root", "(repeatable) a `DIR` answered to roots/list", func(v string) error {
		inv.roots = append(inv.roots, v)
		return nil
	})
	for _, f := range []struct{ name, usage string }{
		{"elicit", "(repeatable) answer elicitation with an `ANSWER`: accept-defaults, decline, cancel, or a field NAME=VALUE"},
		{"sampling", "`decline` refuses sampling"},
		{"sampling-reply", "answer sampling with `TEXT`"},
		{"level", "set the server's log `LEVEL` after connecting (debug … emergency; see --stderr)"},
	} {
		fs.Func(f.name, f.usage, func(v string) error { return inv.setFeatureFlag(f.name, v) })
	}
}

// connectFlags are every flag of a command that connects to a server.
func connectFlags(fs *flag.FlagSet, inv *invocation) {
	targetFlags(fs, inv)
	signInFlags(fs, inv)
	answerFlags(fs, inv)
}

func (inv *invocation) setTimeout(value string) error {
	d, err := time.ParseDuration(value)
	if err != nil || d <= 0 {
		return usageT("--timeout {{.Value}} is not a duration like 30s or 2m", M{"Value": q(value)})
	}
	inv.timeout = d
	return nil
}

func (inv *invocation) setTransport(value string) error {
	t := config.NormalizeType(value)
	if t != config.TypeHTTP && t != config.TypeSSE {
		return usageT("--transport must be http or sse, not {{.Value}}", M{"Value": q(value)})
	}
	inv.transport = t
	return nil
}

func (inv *invocation) addHeader(value string) error {
	k, v, ok := strings.Cut(value, ":")
	if !ok || strings.TrimSpace(k) == "" {
		return usageT("--header {{.Value}} is not of the form 'Name: value'", M{"Value": q(value)})
	}
	inv.headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	return nil
}

func (inv *invocation) setOnClash(value string) error {
	if !slices.Contains([]string{"rename", "replace", "skip"}, value) {
		return usageT("--on-clash must be rename, replace or skip, not {{.Value}}", M{"Value": q(value)})
	}
	inv.onClash = value
	return nil
}
