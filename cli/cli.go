// Package cli is MCP Browser's command line: the same core as the window,
// JSON on stdout, one plain line per failure on stderr, and exit codes a
// script can act on.
package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// Exit codes.
const (
	ExitOK         = 0
	ExitToolError  = 1 // the tool returned isError
	ExitUsage      = 2 // usage error, or arguments that do not fit the schema
	ExitRPCError   = 3 // the server answered with a JSON-RPC error
	ExitConnection = 4 // could not connect, the server died, or timed out
)

// An exitError carries the exit code for a failure already explained in its message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{ExitUsage, fmt.Sprintf(format, args...)}
}

// Env is what a command runs with: streams and the process's own facts.
type Env struct {
	Stdout, Stderr io.Writer
	Stdin          io.Reader
	// Executable is this program's path, to run the demo server from.
	Executable string
	Version    string
}

// Run executes one command line (without the program name) and returns the exit code.
func Run(ctx context.Context, args []string, env Env) int {
	inv, err := parseArgs(args)
	if err == nil {
		err = dispatch(ctx, inv, env)
	}
	if err == nil {
		return ExitOK
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(env.Stderr, "mcpbrowser: "+ee.msg)
		}
		if ee.code == ExitUsage && inv != nil && inv.command == "" {
			fmt.Fprint(env.Stderr, usage)
		}
		return ee.code
	}
	fmt.Fprintln(env.Stderr, "mcpbrowser: "+err.Error())
	return ExitConnection
}

const usage = `Usage:
  mcpbrowser                                  open the window
  mcpbrowser servers                          list the configured servers
  mcpbrowser tools TARGET                     list a server's tools (JSON)
  mcpbrowser call TARGET TOOL [key=value ...] [--args JSON]
                                              call a tool, print the result (JSON)
  mcpbrowser resources TARGET                 list a server's resources (JSON)
  mcpbrowser templates TARGET                 list its resource templates and their variables
  mcpbrowser read TARGET URI [var=value ...]  read a resource; a template URI is filled from the pairs
  mcpbrowser prompts TARGET                   list its prompts
  mcpbrowser prompt TARGET NAME [key=value ...]
                                              get a prompt's messages
  mcpbrowser complete TARGET (--prompt NAME | --template URI) ARG [VALUE] [other=value ...]
                                              ask the server to complete an argument
  mcpbrowser ping TARGET                      ping the server, print the round-trip time
  mcpbrowser demo-server [--root DIR]         run the built-in demo MCP server on stdio
  mcpbrowser --version

Servers from other apps (Claude Desktop, Claude Code, Cursor, VS Code, Cline, Windsurf, Codex):
  mcpbrowser discover                         every config file found here, with its servers (JSON)
  mcpbrowser import FILE|- (--all | NAME ...) [--on-clash rename|replace|skip]
                                              add servers from a file (or pasted JSON on stdin)
  mcpbrowser approve NAME                     show an imported server's command line and allow it
  mcpbrowser export [NAME ...] --format claude|claude-code|cursor|vscode|cline|windsurf|codex|json
  mcpbrowser sign-out TARGET                  forget a remote server's sign-in

TARGET is a configured server's name, or instead:
  --url URL [--transport http|sse] [--header 'K: V' ...]   a remote server
  -- COMMAND ARGS...                          (at the end) a stdio server started ad hoc

Flags:
  --config FILE       the servers file (default: the app's, under the XDG config dir)
  --timeout DURATION  bounds connecting, and then the call (e.g. 30s, 2m)
  --stderr            stream the server's stderr to ours
  --wire              print every JSON-RPC message to stderr
  --level LEVEL       set the server's log level after connecting (debug … emergency; see --stderr)

Remote servers that answer 401 are signed in to in the browser ($BROWSER is honoured):
  --client-id ID, --client-secret SECRET     a pre-registered client
  --scope SCOPE                              (repeatable) the scopes to ask for

Requests from the server are answered by flags, since nobody is at a form
(without them the app does not offer the capability at all):
  --elicit accept-defaults|decline|cancel   answer elicitation; accept fills in the form's defaults
  --elicit NAME=VALUE                       (repeatable) fill a form field too, and accept
  --sampling-reply TEXT                     answer sampling with TEXT
  --sampling decline                        refuse sampling
  --root DIR                                (repeatable) a folder answered to roots/list

Exit codes: 0 ok, 1 the tool returned an error, 2 usage or arguments, 3 JSON-RPC
error from the server, 4 could not connect, server died, or timed out.

Examples:
  mcpbrowser call demo add a=2 b=3
  mcpbrowser call echo message=hi -- npx -y @modelcontextprotocol/server-everything
  mcpbrowser tools --url http://127.0.0.1:3001/mcp --header 'Authorization: Bearer X'
`

// invocation is a parsed command line.
type invocation struct {
	command    string
	positional []string
	configPath string
	timeout    time.Duration
	stderr     bool
	wire       bool
	url        string
	transport  string
	headers    map[string]string
	argsJSON   string
	root       string
	adhoc      []string // the command after --
	all        bool     // import: every server in the file
	onClash    string   // import: rename | replace | skip
	format     string   // export: the client format
	// Sign-in for a remote server that answers 401.
	clientID     string
	clientSecret string
	scopes       []string
	help         bool
	// Flags of features.go.
	roots         []string // --root, repeatable
	elicit        []string // --elicit, repeatable
	sampling      string
	samplingReply string
	prompt        string
	template      string
	level         string
}

// valueFlags take a value (as --flag VALUE or --flag=VALUE); boolFlags do not.
var (
	valueFlags = []string{"config", "timeout", "url", "transport", "header", "args", "root", "format", "on-clash",
		"client-id", "client-secret", "scope", "elicit", "sampling", "sampling-reply", "prompt", "template", "level"}
	boolFlags = []string{"stderr", "wire", "help", "h", "version", "all"}
)

func parseArgs(args []string) (*invocation, error) {
	inv := &invocation{headers: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			inv.adhoc = args[i+1:]
			if len(inv.adhoc) == 0 {
				return inv, usageErr("nothing after --: give the command that starts the server")
			}
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			if inv.command == "" {
				inv.command = a
			} else {
				inv.positional = append(inv.positional, a)
			}
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case contains(boolFlags, name):
			if hasValue {
				return inv, usageErr("--%s takes no value", name)
			}
			switch name {
			case "stderr":
				inv.stderr = true
			case "wire":
				inv.wire = true
			case "help", "h":
				inv.help = true
			case "version":
				inv.command = "version"
			case "all":
				inv.all = true
			}
		case contains(valueFlags, name):
			if !hasValue {
				if i+1 >= len(args) {
					return inv, usageErr("--%s needs a value", name)
				}
				i++
				value = args[i]
			}
			if err := inv.set(name, value); err != nil {
				return inv, err
			}
		default:
			return inv, usageErr("unknown flag %s (see mcpbrowser --help)", a)
		}
	}
	return inv, nil
}

func (inv *invocation) set(name, value string) error {
	switch name {
	case "config":
		inv.configPath = value
	case "timeout":
		d, err := time.ParseDuration(value)
		if err != nil || d <= 0 {
			return usageErr("--timeout %q is not a duration like 30s or 2m", value)
		}
		inv.timeout = d
	case "url":
		inv.url = value
	case "transport":
		t := config.NormalizeType(value)
		if t != config.TypeHTTP && t != config.TypeSSE {
			return usageErr("--transport must be http or sse, not %q", value)
		}
		inv.transport = t
	case "header":
		k, v, ok := strings.Cut(value, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return usageErr("--header %q is not of the form 'Name: value'", value)
		}
		inv.headers[strings.TrimSpace(k)] = strings.TrimSpace(v)
	case "args":
		inv.argsJSON = value
	case "format":
		inv.format = value
	case "client-id":
		inv.clientID = value
	case "client-secret":
		inv.clientSecret = value
	case "scope":
		inv.scopes = append(inv.scopes, strings.Fields(value)...)
	case "on-clash":
		switch value {
		case "rename", "replace", "skip":
			inv.onClash = value
		default:
			return usageErr("--on-clash must be rename, replace or skip, not %q", value)
		}
	case "root":
		inv.root = value
		inv.roots = append(inv.roots, value)
	case "elicit", "sampling", "sampling-reply", "prompt", "template", "level":
		return inv.setFeatureFlag(name, value)
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func dispatch(ctx context.Context, inv *invocation, env Env) error {
	if inv.help || inv.command == "help" {
		fmt.Fprint(env.Stdout, usage)
		return nil
	}
	switch inv.command {
	case "version":
		fmt.Fprintln(env.Stdout, "mcpbrowser "+env.Version)
		return nil
	case "servers":
		return cmdServers(inv, env)
	case "tools":
		return cmdTools(ctx, inv, env)
	case "discover":
		return cmdDiscover(inv, env)
	case "import":
		return cmdImport(inv, env)
	case "export":
		return cmdExport(inv, env)
	case "approve":
		return cmdApprove(inv, env)
	case "sign-out":
		return cmdSignOut(inv, env)
	case "call":
		return cmdCall(ctx, inv, env)
	case "resources":
		return cmdResources(ctx, inv, env)
	case "templates":
		return cmdTemplates(ctx, inv, env)
	case "read":
		return cmdRead(ctx, inv, env)
	case "prompts":
		return cmdPrompts(ctx, inv, env)
	case "prompt":
		return cmdPrompt(ctx, inv, env)
	case "complete":
		return cmdComplete(ctx, inv, env)
	case "ping":
		return cmdPing(ctx, inv, env)
	case "":
		return usageErr("no command given")
	}
	return usageErr("unknown command %q (see mcpbrowser --help)", inv.command)
}

// loadConfig reads the servers file; a missing file means the demo config.
func loadConfig(inv *invocation, env Env) (*config.Config, error) {
	path := inv.configPath
	if path == "" {
		p, err := config.DefaultConfigPath()
		if err != nil {
			return nil, fmt.Errorf("finding the config directory: %w", err)
		}
		path = p
	}
	cfg, err := config.LoadConfig(path)
	if errors.Is(err, fs.ErrNotExist) {
		if inv.configPath != "" {
			return nil, usageErr("the config file %s does not exist", path)
		}
		return config.DemoConfig(path, env.Executable), nil
	}
	if err != nil {
		return nil, usageErr("%v (fix the file; it has not been changed)", err)
	}
	return cfg, nil
}

func cmdServers(inv *invocation, env Env) error {
	if len(inv.positional) > 0 {
		return usageErr("servers takes no arguments")
	}
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return err
	}
	type row struct {
		Name     string            `json:"name"`
		Type     string            `json:"type"`
		Command  string            `json:"command,omitempty"`
		Args     []string          `json:"args,omitempty"`
		Env      map[string]string `json:"env,omitempty"`
		Cwd      string            `json:"cwd,omitempty"`
		URL      string            `json:"url,omitempty"`
		Headers  map[string]string `json:"headers,omitempty"`
		Spec     []string          `json:"spec,omitempty"`
		Disabled bool              `json:"disabled,omitempty"`
		Problem  string            `json:"problem,omitempty"`
	}
	rows := []row{}
	for _, s := range cfg.Servers {
		rows = append(rows, row{Name: s.Name, Type: s.Type, Command: s.Command, Args: s.Args,
			Env: maskMap(s.Env), Cwd: s.Cwd, URL: s.URL, Headers: maskMap(s.Headers), Spec: s.Spec,
			Disabled: s.Disabled, Problem: s.Problem})
	}
	return writeJSON(env.Stdout, map[string]any{"config": cfg.Path, "servers": rows})
}

func maskMap(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = config.MaskSecret(k, v)
	}
	return out
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// target resolves which server a command talks to and returns the rest of
// the positional arguments.
func target(inv *invocation, env Env) (*config.ServerConfig, []string, error) {
	rest := inv.positional
	var sc *config.ServerConfig
	switch {
	case inv.url != "" && len(inv.adhoc) > 0:
		return nil, nil, usageErr("give either --url or a command after --, not both")
	case inv.url != "":
		t := inv.transport
		if t == "" {
			t = config.TypeHTTP
		}
		sc = &config.ServerConfig{Name: hostName(inv.url), URL: inv.url, Headers: inv.headers}
		sc.SetType(t)
	case len(inv.adhoc) > 0:
		sc = &config.ServerConfig{Name: baseName(inv.adhoc[0]), Command: inv.adhoc[0], Args: inv.adhoc[1:]}
		sc.SetType(config.TypeStdio)
	default:
		if len(rest) == 0 {
			return nil, nil, usageErr("%s needs a TARGET: a configured server's name, --url URL, or -- COMMAND", inv.command)
		}
		cfg, err := loadConfig(inv, env)
		if err != nil {
			return nil, nil, err
		}
		name := rest[0]
		rest = rest[1:]
		sc = cfg.Server(name)
		if sc == nil {
			var names []string
			for _, s := range cfg.Servers {
				names = append(names, s.Name)
			}
			return nil, nil, usageErr("no server named %q in %s (configured: %s)", name, cfg.Path, strings.Join(names, ", "))
		}
		sc = sc.Clone()
		if len(inv.headers) > 0 {
			if sc.Headers == nil {
				sc.Headers = map[string]string{}
			}
			for k, v := range inv.headers {
				sc.Headers[k] = v
			}
		}
	}
	if inv.clientID != "" || inv.clientSecret != "" || len(inv.scopes) > 0 {
		o := &config.OAuthConfig{}
		if sc.OAuth != nil {
			o = sc.OAuth
		}
		if inv.clientID != "" {
			o.ClientID = inv.clientID
		}
		if inv.clientSecret != "" {
			o.ClientSecret = inv.clientSecret
		}
		if len(inv.scopes) > 0 {
			o.Scopes = inv.scopes
		}
		sc.OAuth = o
	}
	if inv.timeout > 0 {
		secs := inv.timeout.Seconds()
		sc.ConnectTimeout = &secs
	}
	sc.Validate()
	return sc, rest, nil
}

func hostName(raw string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(raw, "https://"), "http://")
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	return s
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// connect starts the one server a command needs, with --stderr and --wire
// streaming, and returns its session and the way to stop it (the whole
// process tree) — the caller must call it.
func connect(ctx context.Context, inv *invocation, env Env, sc *config.ServerConfig) (*mcp.Session, func(), error) {
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{sc}}, mcp.ManagerOptions{Approvals: approvalStore(inv), Handlers: requestHandlers(inv, env),
		History: historyFor(inv, env), OnHistoryError: historyError(env)})
	var mu sync.Mutex // keeps lines from two goroutines whole
	unsubscribe := m.Subscribe(func(e mcp.Event) {
		switch {
		case e.Kind == mcp.EventLog && e.Log.Kind == transport.LogInfo && strings.HasPrefix(e.Log.Text, "sign-in: "):
			// Sign-in steps are for the person at the terminal, always.
			mu.Lock()
			fmt.Fprintln(env.Stderr, "mcpbrowser: "+strings.TrimPrefix(e.Log.Text, "sign-in: "))
			mu.Unlock()
		case e.Kind == mcp.EventLog && inv.stderr && e.Log.Kind != transport.LogCallStart && e.Log.Kind != transport.LogCallEnd:
			mu.Lock()
			fmt.Fprintln(env.Stderr, "["+sc.Name+"] "+e.Log.String())
			mu.Unlock()
		case e.Kind == mcp.EventWire && inv.wire:
			mu.Lock()
			fmt.Fprintf(env.Stderr, "%s %s %s (%d B) %s\n", e.Wire.Time.Format("15:04:05.000"), e.Wire.Dir, e.Wire.Summary, e.Wire.Size, clip(e.Wire.JSON, 2000))
			mu.Unlock()
		}
	})
	stop := func() {
		m.Close()
		unsubscribe()
	}
	s := m.Session(sc.Name)
	if err := setRoots(inv, s); err != nil {
		stop()
		return nil, nil, err
	}
	if err := s.Connect(ctx); err != nil {
		stop()
		var na *mcp.NeedsApprovalError
		if errors.As(err, &na) {
			return nil, nil, usageErr("%v\nIf that is what you expect, approve it once: mcpbrowser approve %s", err, sc.Name)
		}
		reason := s.Status().Reason
		if reason == "" {
			reason = err.Error()
		}
		return nil, nil, &exitError{ExitConnection, fmt.Sprintf("could not connect to %q: %s", sc.Name, reason)}
	}
	setLevel(ctx, inv, env, s)
	return s, stop, nil
}

func clip(b []byte, n int) string {
	if len(b) <= n {
		return string(b)
	}
	return string(b[:n]) + fmt.Sprintf(" … (%d more bytes)", len(b)-n)
}

func cmdTools(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErr("tools takes only a TARGET; unexpected %q", rest[0])
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "tools": nonNil(s.Tools())})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
