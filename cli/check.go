package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
)

const checkUsage = `Usage: mcpbrowser check FILE... [--server NAME=TARGET] [--junit OUT.xml] [--tap] [--update]

Runs the checks in each check file (YAML) and says which passed.
--server NAME=TARGET runs the checks of server NAME against TARGET instead: a
configured server's name, an http(s) URL, or a command line ("node build/index.js").
A check that calls a tool marked destructive runs only when it says "destructive: true".
Exit codes: 0 all passed, 1 a check failed, 2 usage or a bad check file, 4 could not connect,
5 the report or the updated file could not be written.
`

// runCheck is `mcpbrowser check`.
func runCheck(ctx context.Context, args []string, env Env) error {
	inv := newInvocation("check")
	fs := newFlagSet("check", helpT(checkUsage), env)
	configFlag(fs, inv)
	fs.Func("timeout", "bounds connecting to each server by a `DURATION` (e.g. 30s)", inv.setTimeout)
	var servers []string
	fs.Func("server", "(repeatable) run the checks of server NAME against TARGET: `NAME=TARGET`", func(v string) error {
		servers = append(servers, v)
		return nil
	})
	junit := fs.String("junit", "", "also write the results as JUnit XML to `FILE`")
	tap := fs.Bool("tap", false, "print TAP instead of the summary")
	update := fs.Bool("update", false, "rewrite the snapshots in the files with what came back")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	files := inv.positional
	if len(files) == 0 {
		return usageT("check needs at least one check FILE (see mcpbrowser check --help)")
	}
	lookup, err := configLookup(inv, env)
	if err != nil {
		return err
	}
	overrides := map[string]*config.ServerConfig{}
	for _, s := range servers {
		name, target, ok := strings.Cut(s, "=")
		if !ok || name == "" || strings.TrimSpace(target) == "" {
			return usageT("--server {{.Value}} is not NAME=TARGET", M{"Value": q(s)})
		}
		overrides[name] = targetConfig(name, target, lookup)
	}
	var loaded []*checks.File
	for _, path := range files {
		f, err := checks.Load(path)
		if err != nil {
			return &exitError{ExitUsage, i18n.CheckError(err)}
		}
		loaded = append(loaded, f)
	}
	var reports []*checks.Report
	for _, f := range loaded {
		rep, err := runCheckFile(ctx, inv, env, f, lookup, overrides, *update)
		if err != nil {
			return err
		}
		reports = append(reports, rep)
	}
	return finishCheck(env, reports, *junit, *tap)
}

func runCheckFile(ctx context.Context, inv *invocation, env Env, f *checks.File, lookup func(string) *config.ServerConfig,
	overrides map[string]*config.ServerConfig, update bool) (*checks.Report, error) {
	resolved, err := checks.Resolve(f, lookup, overrides)
	if err != nil {
		return nil, &exitError{ExitUsage, tr("{{.File}}: {{.Err}}", M{"File": f.Path, "Err": i18n.CheckError(err)})}
	}
	cfg := &config.Config{}
	for _, sc := range resolved {
		if inv.timeout > 0 {
			secs := inv.timeout.Seconds()
			sc.ConnectTimeout = &secs
		}
		cfg.Servers = append(cfg.Servers, sc)
	}
	m := mcp.NewManager(cfg, mcp.ManagerOptions{Approvals: approvalStore(inv), Handlers: requestHandlers(inv, env)})
	defer m.Close()
	rn := &checks.Runner{Connect: managerConnect(m), Update: update}
	rep := rn.Run(ctx, f)
	if update && rep.Updated > 0 {
		if err := f.Save(f.Path); err != nil {
			return nil, fileError(err)
		}
	}
	return rep, nil
}

// managerConnect connects the manager's session of a name, with the reason
// in plain words when that fails.
func managerConnect(m *mcp.Manager) func(ctx context.Context, name string, _ checks.ServerSpec) (checks.Target, error) {
	return func(ctx context.Context, name string, _ checks.ServerSpec) (checks.Target, error) {
		s := m.Session(name)
		if s == nil {
			return nil, checks.NoServerNamed(name, false)
		}
		if err := s.Connect(ctx); err != nil {
			var na *mcp.NeedsApprovalError
			if errors.As(err, &na) {
				return nil, checks.NeedsApproval(name, err)
			}
			return nil, checks.ConnectFailed(name, s.Status(), err)
		}
		return s, nil
	}
}

func finishCheck(env Env, reports []*checks.Report, junit string, tap bool) error {
	if junit != "" {
		if err := writeFileWith(junit, func(w io.Writer) error { return checks.WriteJUnit(w, reports) }); err != nil {
			return fileError(err)
		}
	}
	var err error
	if tap {
		err = checks.WriteTAP(textOut(env.Stdout), reports)
	} else {
		err = checks.WriteSummaryIn(textOut(env.Stdout), reports, i18n.CheckWords{})
	}
	if err != nil {
		return err
	}
	failed, unreachable := 0, 0
	for _, r := range reports {
		failed += r.Count(checks.StatusFailed) + r.Count(checks.StatusSkipped)
		unreachable += r.Count(checks.StatusError)
	}
	switch {
	case unreachable > 0:
		return &exitError{ExitConnection, trN("{{.Count}} checks could not run: a server could not be reached", unreachable, nil)}
	case failed > 0:
		return &exitError{ExitToolError, ""}
	}
	return nil
}

// configLookup finds servers-file entries by name (the demo config when
// there is no servers file).
func configLookup(inv *invocation, env Env) (func(string) *config.ServerConfig, error) {
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return nil, err
	}
	return func(name string) *config.ServerConfig { return cfg.Server(name) }, nil
}

// targetConfig reads the TARGET of --server NAME=TARGET: an http(s) URL, a
// configured server's name, or a command line.
func targetConfig(name, target string, lookup func(string) *config.ServerConfig) *config.ServerConfig {
	if strings.HasPrefix(target, "http://") || strings.HasPrefix(target, "https://") {
		return checks.ServerSpec{URL: target}.Config(name)
	}
	if sc := lookup(target); sc != nil {
		c := sc.Clone()
		c.Name = name
		return c
	}
	fields := strings.Fields(target)
	return checks.ServerSpec{Command: fields[0], Args: fields[1:]}.Config(name)
}

// writeFileWith writes a file through write, replacing it whole.
func writeFileWith(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
