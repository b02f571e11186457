package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strings"
)

// A command is one subcommand of the command line. Most declare their flags
// (flags) and do their work on the parsed invocation (run); a command that
// parses its own arguments has main instead, written as
// run<Cmd>(ctx, args, env) with its own flag set (newFlagSet,
// parseInterleaved), returning flag.ErrHelp after --help.
type command struct {
	name    string
	args    string // what follows the name in the usage, e.g. "TARGET TOOL [key=value ...]"
	summary string // one line
	section string // a heading in mcpbrowser --help, where a new group starts
	flags   func(fs *flag.FlagSet, inv *invocation)
	run     func(ctx context.Context, inv *invocation, env Env) error
	main    func(ctx context.Context, args []string, env Env) error
	// standIn: the command runs in another app's place (an app starts it
	// as its server), so its messages land in that app's log among other
	// programs' lines and name it: "mcpbrowser tap: …".
	standIn bool
}

const otherApps = "Servers from other apps (Claude Desktop, Claude Code, Cursor, VS Code, Cline, Windsurf, Codex):"

// commands is every command, in the order mcpbrowser --help lists them.
// A new command is one line here.
func commands() []command {
	return []command{
		{name: "servers", summary: "list the configured servers", flags: configFlag, run: noCtx(cmdServers)},
		{name: "tools", args: "TARGET", summary: "list a server's tools (JSON)", flags: connectFlags, run: cmdTools},
		{name: "call", args: "TARGET TOOL [key=value ...] [--args JSON] [--task [--no-wait]]", summary: "call a tool, print the result (JSON)", flags: callFlags, run: cmdCall},
		{name: "resources", args: "TARGET", summary: "list a server's resources (JSON)", flags: connectFlags, run: cmdResources},
		{name: "templates", args: "TARGET", summary: "list its resource templates and their variables", flags: connectFlags, run: cmdTemplates},
		{name: "read", args: "TARGET URI [var=value ...]", summary: "read a resource; a template URI is filled from the pairs", flags: recordingFlags, run: cmdRead},
		{name: "prompts", args: "TARGET", summary: "list its prompts", flags: connectFlags, run: cmdPrompts},
		{name: "prompt", args: "TARGET NAME [key=value ...]", summary: "get a prompt's messages", flags: recordingFlags, run: cmdPrompt},
		{name: "complete", args: "TARGET (--prompt NAME | --template URI) ARG [VALUE] [other=value ...]", summary: "ask the server to complete an argument", flags: completeFlags, run: cmdComplete},
		{name: "ping", args: "TARGET", summary: "ping the server, print the round-trip time", flags: connectFlags, run: cmdPing},
		{name: "task", args: "TARGET ID [--cancel]", summary: "a task's status (and its result when done), or cancel it", flags: taskFlags, run: cmdTask},
		{name: "skills", args: "TARGET", summary: "list a server's skills (reads no file)", flags: connectFlags, run: cmdSkills},
		{name: "skill", args: "TARGET NAME", summary: "load a skill, each file verified (digest, size, front matter)", flags: connectFlags, run: cmdSkill},
		{name: "lint", args: "TARGET [--json] [--strict] [--probe]", summary: "check the tools (prompts, resources) against quality rules", main: runLint},
		{name: "load", args: "TARGET TOOL [key=value ...] --concurrency N (--requests M | --duration D) [--sessions K] [--json]", summary: "call a tool many times: calls/s, latency percentiles, errors by layer", main: runLoad},
		{name: "app", args: "TARGET TOOL [key=value ...] [--no-open]", summary: "call a tool and show its MCP App in the browser", main: runApp},
		{name: "check", args: "FILE... [--server NAME=TARGET] [--junit OUT.xml] [--tap] [--update]", summary: "run check files: saved calls and what to expect of them", main: runCheck},
		{name: "snapshot", args: "TARGET", summary: "print what a server offers (tools, resources, prompts) as JSON, to diff later", flags: connectFlags, run: cmdSnapshot},
		{name: "diff", args: "A B [--fail-on breaking|any] [--json]", summary: "compare what two servers (or snapshots) offer; breaking changes marked", main: runDiff},
		{name: "tap", args: "[--name NAME] -- COMMAND [ARGS...] | --url URL [--listen ADDR]", summary: "stand between an app and a server and record what they say", main: runTap, standIn: true},
		{name: "taps", args: "[--json]", summary: "list the sessions mcpbrowser tap recorded (live or finished, host, server, counts)", flags: tapsFlags, run: noCtx(cmdTaps)},
		{name: "demo-server", args: "[--root DIR]", summary: "run the built-in demo MCP server on stdio", flags: demoServerFlags, run: cmdDemoServer, standIn: true},

		{name: "discover", args: "[DIR ...]", summary: "every config file found here, with its servers (JSON)", section: otherApps, flags: configFlag, run: noCtx(cmdDiscover)},
		{name: "import", args: "FILE|- (--all | NAME ...) [--on-clash rename|replace|skip]", summary: "add servers from a file (or pasted JSON on stdin)", flags: importFlags, run: noCtx(cmdImport)},
		{name: "approve", args: "NAME", summary: "show an imported server's command line and allow it", flags: configFlag, run: noCtx(cmdApprove)},
		{name: "export", args: "[NAME ...] --format claude|claude-code|cursor|vscode|cline|windsurf|codex|json [--include-secrets]", summary: "print servers for another app", flags: exportFlags, run: noCtx(cmdExport)},
		{name: "watch", args: "APP SERVER [--file FILE] [--yes]", summary: "make an app start one of its servers through mcpbrowser tap (shows the change; --yes writes it)", flags: watchFlags, run: noCtx(cmdWatch)},
		{name: "unwatch", args: "APP SERVER [--file FILE] [--yes]", summary: "put the app's entry back byte for byte", flags: watchFlags, run: noCtx(cmdUnwatch)},
		{name: "sign-out", args: "TARGET", summary: "forget a remote server's sign-in", flags: signOutFlags, run: noCtx(cmdSignOut)},
	}
}

// The flags of single commands, beyond the shared groups of flags.go.

func callFlags(fs *flag.FlagSet, inv *invocation) {
	recordingFlags(fs, inv)
	fs.StringVar(&inv.argsJSON, "args", "", "the arguments as a `JSON` object; key=value pairs go on top")
	taskBool(fs, inv, "task", "run the tool as a task: follow its status, print its result")
	taskBool(fs, inv, "no-wait", "with --task: print the task (its id) and return at once")
}

func taskFlags(fs *flag.FlagSet, inv *invocation) {
	connectFlags(fs, inv)
	taskBool(fs, inv, "cancel", "cancel the task instead of showing it")
}

// taskBool declares a boolean flag kept in inv.taskFlags.
func taskBool(fs *flag.FlagSet, inv *invocation, name, usage string) {
	if inv.taskFlags == nil {
		inv.taskFlags = map[string]bool{}
	}
	fs.BoolFunc(name, usage, func(string) error { inv.taskFlags[name] = true; return nil })
}

func completeFlags(fs *flag.FlagSet, inv *invocation) {
	connectFlags(fs, inv)
	fs.Func("prompt", "complete an argument of the prompt `NAME`", func(v string) error { return inv.setFeatureFlag("prompt", v) })
	fs.Func("template", "complete a variable of the resource template `URI`", func(v string) error { return inv.setFeatureFlag("template", v) })
}

func importFlags(fs *flag.FlagSet, inv *invocation) {
	configFlag(fs, inv)
	fs.BoolVar(&inv.all, "all", false, "import every server in the file")
	fs.Func("on-clash", "when a name is taken: rename (default), replace or skip", inv.setOnClash)
}

func exportFlags(fs *flag.FlagSet, inv *invocation) {
	configFlag(fs, inv)
	fs.StringVar(&inv.format, "format", "", "the other app's `FORMAT`: claude, claude-code, cursor, vscode, cline, windsurf, codex or json")
	fs.BoolVar(&inv.includeSecrets, "include-secrets", false, "write secret values as they are (masked otherwise)")
}

func signOutFlags(fs *flag.FlagSet, inv *invocation) {
	configFlag(fs, inv)
	remoteFlags(fs, inv)
}

func demoServerFlags(fs *flag.FlagSet, inv *invocation) {
	fs.StringVar(&inv.demoRoot, "root", "", "sandbox `DIR` for read_file (default: a fresh one with sample files)")
}

// noCtx adapts a command that needs no context.
func noCtx(run func(*invocation, Env) error) func(context.Context, *invocation, Env) error {
	return func(_ context.Context, inv *invocation, env Env) error { return run(inv, env) }
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func newInvocation(name string) *invocation {
	return &invocation{command: name, headers: map[string]string{}}
}

// execute runs one command line.
func execute(ctx context.Context, args []string, env Env) error {
	name, rest, err := splitCommand(args)
	if err != nil {
		return err
	}
	switch name {
	case "":
		return usageT("no command given")
	case "help":
		return help(ctx, rest, env)
	case "version":
		fmt.Fprintln(env.Stdout, "mcpbrowser "+env.Version)
		return nil
	}
	c, ok := findCommand(name)
	if !ok {
		return usageT("unknown command {{.Command}} (see mcpbrowser --help)", M{"Command": q(name)})
	}
	if c.main != nil {
		return c.named(c.main(ctx, rest, env))
	}
	inv, err := c.parse(rest, env)
	if err != nil {
		return c.named(err)
	}
	return c.named(c.run(ctx, inv, env))
}

// named is err marked with the command's name when the command is a
// stand-in (see command.standIn); Run prints it as "mcpbrowser NAME: …".
func (c command) named(err error) error {
	if err == nil || !c.standIn || isHelp(err) {
		return err
	}
	return &namedError{c.name, err}
}

// parse reads a command's flags and arguments (not its name).
func (c command) parse(args []string, env Env) (*invocation, error) {
	inv := newInvocation(c.name)
	fs := newFlagSet(c.name, c.usage(), env)
	if c.flags != nil {
		c.flags(fs, inv)
	}
	if err := parseInterleaved(fs, args, inv); err != nil {
		return inv, err
	}
	return inv, nil
}

// usage is the start of the command's --help; its flags follow.
func (c command) usage() string {
	var b strings.Builder
	line := "mcpbrowser " + c.name
	if c.args != "" {
		line += " " + c.args
	}
	b.WriteString(helpT("Usage: {{.Line}}", M{"Line": line}) + "\n\n")
	b.WriteString(helpT("{{.Summary}}.", M{"Summary": upperFirst(helpT(c.summary))}) + "\n")
	if c.flags != nil {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs, newInvocation(c.name))
		if fs.Lookup("url") != nil && strings.Contains(c.args, "TARGET") {
			b.WriteString("\n" + targetHelp())
		}
	}
	return b.String()
}

// splitCommand finds the command's name, which may follow flags
// (mcpbrowser --config F servers), and returns it with the other arguments.
// --help and -h alone ask for help, --version for the version.
func splitCommand(args []string) (string, []string, error) {
	if len(args) == 0 {
		return "", nil, nil
	}
	switch args[0] {
	case "--help", "-help", "-h":
		return "help", args[1:], nil
	case "--version", "-version":
		return "version", args[1:], nil
	}
	takesValue := flagsTakingValues()
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if len(a) < 2 || a[0] != '-' {
			rest := append(append([]string{}, args[:i]...), args[i+1:]...)
			return a, rest, nil
		}
		if name := strings.TrimLeft(a, "-"); !strings.Contains(name, "=") && takesValue[name] {
			i++
		}
	}
	return "", nil, usageT("no command given")
}

// flagsTakingValues is every command's flags that take a value.
func flagsTakingValues() map[string]bool {
	m := map[string]bool{}
	for _, c := range commands() {
		if c.flags == nil {
			continue
		}
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs, newInvocation(c.name))
		fs.VisitAll(func(f *flag.Flag) {
			if !isBoolFlag(f) {
				m[f.Name] = true
			}
		})
	}
	return m
}

// help prints the whole usage, or one command's (mcpbrowser help call).
func help(ctx context.Context, args []string, env Env) error {
	if len(args) == 0 {
		fmt.Fprint(env.Stdout, usage())
		return nil
	}
	c, ok := findCommand(args[0])
	if !ok {
		return usageT("unknown command {{.Command}} (see mcpbrowser --help)", M{"Command": q(args[0])})
	}
	if c.main != nil {
		return c.main(ctx, []string{"--help"}, env)
	}
	_, err := c.parse([]string{"--help"}, env)
	return err
}

// usage is mcpbrowser --help: the commands from commands(), then what they share.
func usage() string {
	var b strings.Builder
	b.WriteString(helpT("Usage:") + "\n")
	fmt.Fprintf(&b, "%-46s%s\n", "  mcpbrowser", helpT("open the window"))
	for _, c := range commands() {
		if c.section != "" {
			fmt.Fprintf(&b, "\n%s\n", helpT(c.section))
		}
		line := "  mcpbrowser " + c.name
		if c.args != "" {
			line += " " + c.args
		}
		summary := helpT(c.summary)
		if len(line) < 46 {
			fmt.Fprintf(&b, "%-46s%s\n", line, summary)
		} else {
			fmt.Fprintf(&b, "%s\n%46s%s\n", line, "", summary)
		}
	}
	b.WriteString("  mcpbrowser --version\n")
	fmt.Fprintf(&b, "%-46s%s\n\n", "  mcpbrowser COMMAND --help", helpT("that command's flags"))
	b.WriteString(targetHelp())
	b.WriteString(usageTail())
	return b.String()
}

// isHelp reports whether err is the end of a --help, which is no failure.
func isHelp(err error) bool { return errors.Is(err, flag.ErrHelp) }
