package cli

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/history"
)

// This file is the CLI for everything beyond tools: resources, templates,
// prompts, completion, ping and the log level, and the flags that answer a
// server's own requests (sampling, elicitation, roots), since nobody is at a
// form to answer them.

// setFeatureFlag stores one of this file's flags, checking its value so that
// a mistake is a usage error before any server starts.
func (inv *invocation) setFeatureFlag(name, value string) error {
	switch name {
	case "elicit":
		switch {
		case strings.Contains(value, "="):
			// A field value: implies accepting, like accept-defaults.
		case value == "accept-defaults", value == "decline", value == "cancel":
			for _, v := range inv.elicit {
				if !strings.Contains(v, "=") && v != value {
					return usageT("--elicit {{.First}} and --elicit {{.Second}} contradict each other", M{"First": v, "Second": value})
				}
			}
		default:
			return usageT("--elicit must be accept-defaults, decline, cancel, or a field value like name=Ada (not {{.Value}})", M{"Value": q(value)})
		}
		inv.elicit = append(inv.elicit, value)
	case "sampling":
		if value != "decline" {
			return usageT("--sampling takes only \"decline\"; to answer, use --sampling-reply TEXT")
		}
		inv.sampling = value
	case "sampling-reply":
		inv.samplingReply = value
	case "prompt":
		inv.prompt = value
	case "template":
		inv.template = value
	case "level":
		if !slices.Contains(mcp.LogLevels(), value) {
			return usageT("--level must be one of {{.Levels}} (not {{.Value}})", M{"Levels": strings.Join(mcp.LogLevels(), ", "), "Value": q(value)})
		}
		inv.level = value
	}
	if inv.sampling != "" && inv.samplingReply != "" {
		return usageT("give either --sampling-reply TEXT or --sampling decline, not both")
	}
	return nil
}

// elicitPolicy turns the --elicit flags into a policy.
func (inv *invocation) elicitPolicy() mcp.ElicitPolicy {
	var p mcp.ElicitPolicy
	for _, v := range inv.elicit {
		switch {
		case strings.Contains(v, "="):
			p.Values = append(p.Values, v)
			if p.Action == "" {
				p.Action = mcp.ElicitAccept
			}
		case v == "accept-defaults":
			p.Action = mcp.ElicitAccept
		default:
			p.Action = mcp.ElicitAction(v)
		}
	}
	return p
}

// requestHandlers answer server requests as the flags say. With no flag the
// handler is nil, so the capability is not advertised and a server never
// asks. Each answer is reported on stderr, so the person sees what was sent
// on their behalf; a URL is shown there and never opened.
func requestHandlers(inv *invocation, env Env) mcp.Handlers {
	auto := mcp.AutoHandlers(inv.elicitPolicy(), mcp.SamplingPolicy{Reply: inv.samplingReply, Decline: inv.sampling == "decline"})
	var mu sync.Mutex
	note := func(server, text string) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(env.Stderr, "[%s] %s\n", server, text)
	}
	var h mcp.Handlers
	if elicit := auto.Elicit; elicit != nil {
		h.Elicit = func(ctx context.Context, server string, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			p := req.Params
			if p.Mode == "url" {
				note(server, tr("asks you to open {{.URL}} ({{.Message}}); this command does not open it", M{"URL": p.URL, "Message": p.Message}))
			} else {
				note(server, tr("asks: {{.Message}}", M{"Message": p.Message}))
			}
			res, err := elicit(ctx, server, req)
			if err != nil {
				note(server, tr("elicitation not answered: {{.Err}}. Give the missing fields with --elicit NAME=VALUE, or --elicit decline.", M{"Err": explainCore(err)}))
				return nil, err
			}
			note(server, tr("elicitation answered {{.Action}} (--elicit)", M{"Action": q(string(res.Action))}))
			return res, nil
		}
	}
	if sample := auto.CreateMessage; sample != nil {
		h.CreateMessage = func(ctx context.Context, server string, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			res, err := sample(ctx, server, req)
			if err != nil {
				note(server, tr("sampling request declined (--sampling decline)"))
			} else {
				note(server, tr("sampling request answered with the --sampling-reply text as model {{.Model}}", M{"Model": q(res.Model)}))
			}
			return res, err
		}
	}
	return h
}

// setRoots gives the session the --root folders before it connects (the
// roots capability is advertised only when there are some). Without --root, a
// server of the app's own servers file gets the roots the window keeps for
// it (config.RootStore); an ad-hoc server or one from --config gets none.
func setRoots(inv *invocation, s *mcp.Session) error {
	if len(inv.roots) == 0 {
		if inv.url != "" || len(inv.adhoc) > 0 || inv.configPath != "" {
			return nil
		}
		if st, err := config.DefaultRootStore(); err == nil {
			if folders, _ := st.Get(s.Name()); len(folders) > 0 {
				s.SetRoots(folders)
			}
		}
		return nil
	}
	var folders []string
	for _, r := range inv.roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return usageErr("--root %s: %v", r, err)
		}
		fi, err := os.Stat(abs)
		if err != nil || !fi.IsDir() {
			return usageT("--root {{.Dir}} is not a folder", M{"Dir": r})
		}
		folders = append(folders, abs)
	}
	s.SetRoots(folders)
	return nil
}

// setLevel sends --level right after connecting. A server that refuses it
// is reported but does not stop the command: what was asked for may still work.
func setLevel(ctx context.Context, inv *invocation, env Env, s *mcp.Session) {
	if inv.level == "" {
		return
	}
	if err := s.SetLogLevel(ctx, inv.level); err != nil {
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("--level {{.Level}}: {{.Err}} (going on without it)", M{"Level": inv.level, "Err": explainCore(err)}))
	}
}

// failed prints a failed request as JSON (like a failed call), with
// whether the server declared the feature, and returns its exit code.
func failed(env Env, server string, declared bool, err error) error {
	var re *mcp.RequestError
	if !errors.As(err, &re) {
		return err
	}
	out := map[string]any{"server": server, "declared": declared, "ok": false, "errorLayer": re.Layer, "message": re.Message}
	if rpc := re.RPCError; rpc != nil {
		e := map[string]any{"code": rpc.Code, "message": rpc.Message}
		if len(rpc.Data) > 0 && string(rpc.Data) != "null" {
			e["data"] = rpc.Data
		}
		out["jsonrpcError"] = e
	}
	if werr := writeJSON(env.Stdout, out); werr != nil {
		return werr
	}
	return &exitError{re.ExitCode(), explainCore(re)}
}

// connectFor resolves the target, checks that exactly want more positional
// arguments remain (or at least want when atLeast), and connects.
func connectFor(ctx context.Context, inv *invocation, env Env, want int, atLeast bool, what string) (*config.ServerConfig, []string, *mcp.Session, func(), error) {
	sc, rest, err := target(inv, env)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	if len(rest) < want || (!atLeast && len(rest) > want) {
		return nil, nil, nil, nil, usageT("usage: mcpbrowser {{.Usage}}", M{"Usage": what})
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return sc, rest, s, stop, nil
}

func cmdResources(ctx context.Context, inv *invocation, env Env) error {
	sc, _, s, stop, err := connectFor(ctx, inv, env, 0, false, "resources TARGET")
	if err != nil {
		return err
	}
	defer stop()
	list, err := s.Resources(ctx)
	if err != nil {
		return failed(env, sc.Name, s.Capabilities().Resources, err)
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "declared": s.Capabilities().Resources, "resources": nonNil(list)})
}

// templateRow is a template with its variables spelled out.
type templateRow struct {
	*sdk.ResourceTemplate
	Variables []string `json:"variables"`
}

func cmdTemplates(ctx context.Context, inv *invocation, env Env) error {
	sc, _, s, stop, err := connectFor(ctx, inv, env, 0, false, "templates TARGET")
	if err != nil {
		return err
	}
	defer stop()
	list, err := s.ResourceTemplates(ctx)
	if err != nil {
		return failed(env, sc.Name, s.Capabilities().Resources, err)
	}
	rows := []templateRow{}
	for _, t := range list {
		rows = append(rows, templateRow{t, nonNil(mcp.TemplateVariables(t.URITemplate))})
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "declared": s.Capabilities().Resources, "resourceTemplates": rows})
}

func cmdPrompts(ctx context.Context, inv *invocation, env Env) error {
	sc, _, s, stop, err := connectFor(ctx, inv, env, 0, false, "prompts TARGET")
	if err != nil {
		return err
	}
	defer stop()
	list, err := s.Prompts(ctx)
	if err != nil {
		return failed(env, sc.Name, s.Capabilities().Prompts, err)
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "declared": s.Capabilities().Prompts, "prompts": nonNil(list)})
}

// pairs parses key=value arguments (all strings, as prompts and template
// variables have them).
func pairs(args []string) (map[string]string, error) {
	m := map[string]string{}
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok || k == "" {
			return nil, usageT("{{.Arg}} is not key=value", M{"Arg": q(a)})
		}
		m[k] = v
	}
	return m, nil
}

// cmdRead reads a URI, or a template's URI filled from key=value pairs:
// mcpbrowser read TARGET 'file:///{path}' path=notes.md
func cmdRead(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usageT("usage: mcpbrowser read TARGET URI (or a template URI and its key=value variables)")
	}
	uri := rest[0]
	vars, err := pairs(rest[1:])
	if err != nil {
		return err
	}
	if len(mcp.TemplateVariables(uri)) > 0 {
		if uri, err = mcp.ExpandTemplate(uri, vars); err != nil {
			return usageErr("%s", explainCore(err))
		}
	} else if len(vars) > 0 {
		return usageT("{{.URI}} is not a template, so it takes no key=value variables", M{"URI": uri})
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := withTimeout(ctx, inv)
	defer cancel()
	r := s.ReadResource(ctx, uri)
	recordCheck(inv, env, sc, checks.RecordedRead(sc.Name, r))
	if err := writeJSON(env.Stdout, r); err != nil {
		return err
	}
	if r.OK() {
		return nil
	}
	return &exitError{r.ExitCode(), explainCore(r.Why())}
}

func cmdPrompt(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usageT("usage: mcpbrowser prompt TARGET NAME [key=value ...] (see `mcpbrowser prompts TARGET`)")
	}
	name := rest[0]
	args, err := pairs(rest[1:])
	if err != nil {
		return err
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := withTimeout(ctx, inv)
	defer cancel()
	r := s.GetPrompt(ctx, name, args)
	recordCheck(inv, env, sc, checks.RecordedPrompt(sc.Name, r))
	if err := writeJSON(env.Stdout, r); err != nil {
		return err
	}
	if r.OK() {
		return nil
	}
	return &exitError{r.ExitCode(), explainCore(r.Why())}
}

// cmdComplete asks for completions of a prompt argument or a template
// variable; extra key=value pairs are the other arguments already chosen.
func cmdComplete(ctx context.Context, inv *invocation, env Env) error {
	const use = "usage: mcpbrowser complete TARGET (--prompt NAME | --template URI) ARG [VALUE] [other=value ...]"
	if (inv.prompt == "") == (inv.template == "") {
		return usageT("complete needs exactly one of --prompt NAME or --template URI; {{.Usage}}", M{"Usage": use})
	}
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) == 0 {
		return usageErr("%s", use)
	}
	arg, value, extra := rest[0], "", rest[1:]
	if len(extra) > 0 && !strings.Contains(extra[0], "=") {
		value, extra = extra[0], extra[1:]
	}
	resolved, err := pairs(extra)
	if err != nil {
		return err
	}
	ref := mcp.PromptRef(inv.prompt)
	if inv.template != "" {
		ref = mcp.TemplateRef(inv.template)
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	values, err := s.Complete(ctx, ref, arg, value, resolved)
	if err != nil {
		return failed(env, sc.Name, s.Capabilities().Completions, err)
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "declared": s.Capabilities().Completions,
		"ref": ref, "argument": map[string]string{"name": arg, "value": value}, "values": values})
}

func cmdPing(ctx context.Context, inv *invocation, env Env) error {
	sc, _, s, stop, err := connectFor(ctx, inv, env, 0, false, "ping TARGET")
	if err != nil {
		return err
	}
	defer stop()
	rtt, err := s.Ping(ctx)
	if err != nil {
		return failed(env, sc.Name, true, mcp.AsRequestError("ping", err))
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "ok": true, "roundTripMs": float64(rtt.Microseconds()) / 1000})
}

// withTimeout bounds a read or prompt by --timeout, as call does.
func withTimeout(ctx context.Context, inv *invocation) (context.Context, context.CancelFunc) {
	if inv.timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, inv.timeout)
}

// HistoryDirEnv names the environment variable that overrides where the CLI
// writes history ("off" turns it off).
const HistoryDirEnv = "MCPBROWSER_HISTORY_DIR"

// historyFor is the history a command's calls are kept in (nil: none); the
// core records them (mcp.ManagerOptions.History), as it does the window's.
//
// Decision: the CLI writes history, but only for a server of the app's own
// servers file, the servers the window lists, so that what someone tried in
// a terminal is there when they open the window. It does not write for an
// ad-hoc server (--url, -- COMMAND) or one from another file (--config): the
// window would not show it, or would show a different server under the same
// name. MCPBROWSER_HISTORY_DIR names another folder, where everything is
// recorded (tests, or keeping a script's calls apart), and "off" records
// nothing. A failure to record is reported and does not change the exit code.
func historyFor(inv *invocation, env Env) *history.History {
	dir, record := historyTarget(inv)
	if !record {
		return nil
	}
	if dir == "" {
		d, err := history.DefaultDir()
		if err != nil {
			historyError(env)(err)
			return nil
		}
		dir = d
	}
	return history.New(dir, history.Options{})
}

// historyError reports a call that could not be recorded; it does not change
// the exit code.
func historyError(env Env) func(error) {
	return func(err error) {
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("not recorded in history: {{.Err}}", M{"Err": explainCore(err)}))
	}
}

// historyTarget applies the decision above: whether to record, and where
// ("" for the app's own history folder).
func historyTarget(inv *invocation) (dir string, record bool) {
	if inv.url != "" || len(inv.adhoc) > 0 {
		return "", false
	}
	switch dir := os.Getenv(HistoryDirEnv); {
	case dir == "off":
		return "", false
	case dir != "":
		return dir, true
	}
	return "", inv.configPath == ""
}
