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
	"os"
	"slices"
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
	ExitFile       = 5 // a file could not be read or written (a save failed)
)

// An exitError carries the exit code for a failure already explained in its
// message.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func usageErr(format string, args ...any) error {
	return &exitError{ExitUsage, fmt.Sprintf(format, args...)}
}

// A commandError is an exitError printed with its command's name
// ("mcpbrowser call: …"), for mistakes in that command's flags.
type commandError struct {
	cmd string
	exitError
}

func (e *commandError) Unwrap() error { return &e.exitError }

// A namedError is any failure of a stand-in command (command.standIn),
// printed with the command's name.
type namedError struct {
	cmd string
	err error
}

func (e *namedError) Error() string { return e.err.Error() }
func (e *namedError) Unwrap() error { return e.err }

// Env is what a command runs with: streams and the process's own facts.
type Env struct {
	Stdout, Stderr io.Writer
	Stdin          io.Reader
	// Executable is this program's path, to run the demo server from.
	Executable string
	// Version is the app's version, printed by --version and sent to
	// servers in initialize.
	Version string
}

// Run executes one command line (without the program name) and returns the exit code.
func Run(ctx context.Context, args []string, env Env) int {
	setupI18n()
	// Everything on stderr is text for people (errors, notes, --stderr and
	// --wire lines), so all of it passes through terminalText.
	env.Stderr = textOut(env.Stderr)
	err := execute(ctx, args, env)
	if err == nil || isHelp(err) {
		return ExitOK
	}
	// The one place a message gets its prefix: "mcpbrowser: ", or the
	// command's name for a mistake in its flags and for every message of a
	// stand-in command such as tap.
	prefix := "mcpbrowser: "
	if ne, ok := errors.AsType[*namedError](err); ok {
		prefix = "mcpbrowser " + ne.cmd + ": "
	} else if ce, ok := errors.AsType[*commandError](err); ok {
		prefix = "mcpbrowser " + ce.cmd + ": "
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.msg != "" {
			fmt.Fprintln(env.Stderr, prefix+ee.msg)
		}
		if ee.code == ExitUsage && ee.msg == tr("no command given") {
			fmt.Fprint(env.Stderr, usage())
		}
		return ee.code
	}
	fmt.Fprintln(env.Stderr, prefix+explainCore(err))
	if isFileError(err) {
		return ExitFile
	}
	return ExitConnection
}

// fileError is a failure to read or write one of the app's files (the
// servers file, approvals, a check file, a report), with exit code ExitFile.
func fileError(err error) error {
	return &exitError{ExitFile, explainCore(err)}
}

// isFileError reports a failure to read or write a file (a save that failed,
// a report that could not be written): the file system's own error, or
// config's and checks' wrapping of it. Every command that talks to a server
// says so with ExitConnection itself; what is left is the app's own files.
func isFileError(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	return errors.As(err, &pe) || errors.As(err, &le)
}

// invocation is a parsed command line: the command, its positional
// arguments, and the values of the flags that command declares (see
// commands(); flags another command declares stay zero).
type invocation struct {
	command    string
	positional []string
	adhoc      []string // the command after --: a stdio server started ad hoc

	// Which server, and how to watch it (targetFlags).
	configPath string
	url        string
	transport  string
	headers    map[string]string
	timeout    time.Duration
	stderr     bool
	wire       bool
	// Sign-in for a remote server that answers 401 (signInFlags).
	clientID     string
	clientSecret string
	scopes       []string
	// clientMetaURL (--client-metadata-url) is a Client ID Metadata
	// Document; grantType (--grant-type) is authorization_code or
	// client_credentials; taskFlags are call's --task, --no-wait and
	// task's --cancel (task.go).
	clientMetaURL string
	grantType     string
	oauthExt      oauthExtras // the OAuth extensions' flags (oauthflags.go)
	taskFlags     map[string]bool
	// Answers to the server's own requests, and its log level (answerFlags).
	roots         []string
	elicit        []string
	sampling      string
	samplingReply string
	level         string

	// Flags of one command each.
	argsJSON string // call --args
	prompt   string // complete --prompt
	template string // complete --template
	all      bool   // import --all
	onClash  string // import --on-clash: rename | replace | skip
	format   string // export --format
	// includeSecrets makes export write secret values as they are.
	includeSecrets bool
	demoRoot       string // demo-server --root
	record         string // call, read, prompt --record: the check file each call is appended to
	asJSON         bool   // taps --json
	file           string // watch, unwatch --file
	yes            bool   // watch, unwatch --yes
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
	cfg, err := config.Load(path)
	if errors.Is(err, fs.ErrNotExist) {
		if inv.configPath != "" {
			return nil, usageT("the config file {{.Path}} does not exist", M{"Path": path})
		}
		return config.DemoConfig(path, env.Executable), nil
	}
	if err != nil {
		return nil, usageT("{{.Err}} (fix the file; it has not been changed)", M{"Err": explainCore(err)})
	}
	return cfg, nil
}

func cmdServers(inv *invocation, env Env) error {
	if len(inv.positional) > 0 {
		return usageT("servers takes no arguments")
	}
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return err
	}
	// Each entry as the servers file holds it (mcp.ServerConfig's own JSON),
	// with its name, type and problem, and its secrets masked.
	type row struct {
		Name string `json:"name"`
		Type string `json:"type"`
		*config.ServerConfig
		Problem  string          `json:"problem,omitempty"`
		Protocol *serverProtocol `json:"protocol,omitempty"`
	}
	rows := []row{}
	for _, s := range cfg.Servers {
		rows = append(rows, row{Name: s.Name, Type: s.Type, ServerConfig: masked(s), Problem: s.Problem, Protocol: configuredProtocol(s)})
	}
	return writeJSON(env.Stdout, map[string]any{"config": cfg.Path, "servers": rows})
}

// masked is a copy of an entry fit to print: the values of secret-looking
// environment variables, headers and query parameters, and the credentials
// of sign-in and OpenAPI auth, are masked.
func masked(s *config.ServerConfig) *config.ServerConfig {
	out, _ := config.MaskedForExport([]*config.ServerConfig{s}) // URL secrets too
	return out[0]
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
		return nil, nil, usageT("give either --url or a command after --, not both")
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
			return nil, nil, usageT("{{.Command}} needs a TARGET: a configured server's name, --url URL, or -- COMMAND", M{"Command": inv.command})
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
			return nil, nil, usageT("no server named {{.Name}} in {{.Path}} (configured: {{.Names}})", M{"Name": q(name), "Path": cfg.Path, "Names": strings.Join(names, ", ")})
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
	if inv.clientID != "" || inv.clientSecret != "" || inv.clientMetaURL != "" || inv.grantType != "" || len(inv.scopes) > 0 {
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
		if inv.clientMetaURL != "" {
			o.ClientMetadataURL = inv.clientMetaURL
		}
		if inv.grantType != "" {
			o.GrantType = inv.grantType
		}
		sc.OAuth = o
	}
	sc.OAuth = inv.oauthExt.apply(sc.OAuth)
	if inv.timeout > 0 {
		secs := inv.timeout.Seconds()
		sc.ConnectTimeout = &secs
	}
	sc.Validate()
	return sc, rest, nil
}

// hostName names a server given by --url after its host: never its
// credentials (http://user:PASS@host/mcp is "host"), since the name is shown
// and kept everywhere (errors, the [name] log prefix, JSON, log file names).
func hostName(raw string) string {
	s := strings.TrimPrefix(strings.TrimPrefix(raw, "https://"), "http://")
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[i+1:]
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
		Client: mcp.ClientInfo{Version: env.Version}, History: historyFor(inv, env), OnHistoryError: historyError(env),
		SignInTimeout: inv.timeout}) // --timeout bounds a browser sign-in too
	var mu sync.Mutex // keeps lines from two goroutines whole
	unsubscribe := m.Subscribe(func(e mcp.Event) {
		switch {
		case e.Kind == mcp.EventLog && e.Log.Kind == transport.LogInfo && strings.HasPrefix(e.Log.Text, "sign-in: "):
			// Sign-in steps are for the person at the terminal, always.
			mu.Lock()
			fmt.Fprintln(env.Stderr, "mcpbrowser: "+explainCore(signInStep(*e.Log)))
			mu.Unlock()
		case e.Kind == mcp.EventLog && inv.stderr && e.Log.Kind != transport.LogCallStart && e.Log.Kind != transport.LogCallEnd:
			mu.Lock()
			fmt.Fprintln(env.Stderr, "["+sc.Name+"] "+logLine(*e.Log))
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
			return nil, nil, usageT("{{.Err}}\nIf that is what you expect, approve it once: mcpbrowser approve {{.Name}}", M{"Err": explainCore(err), "Name": sc.Name})
		}
		var reason any = s.Status().Why()
		if s.Status().Reason == "" {
			reason = err
		}
		return nil, nil, &exitError{ExitConnection, tr("could not connect to {{.Name}}: {{.Reason}}", M{"Name": q(sc.Name), "Reason": explainCore(reason)})}
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
		return usageT("tools takes only a TARGET; unexpected {{.Arg}}", M{"Arg": q(rest[0])})
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	// An empty list because tools/list failed is a failure, not "no tools".
	if err := s.ToolsError(); err != nil {
		return failed(env, sc.Name, s.Capabilities().Tools, err)
	}
	// Each tool as the server sent it: execution, icons, _meta and unknown
	// fields included.
	tools := []json.RawMessage{}
	for _, t := range s.Tools() {
		tools = append(tools, s.RawTool(t.Name))
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "protocol": protocolOf(s), "tools": tools})
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }
