package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// The commands that bring servers from other apps: discover, import, export, approve.

// cmdDiscover lists every other client's config file on this machine, the
// servers in each, and whether each is already in our list.
func cmdDiscover(inv *invocation, env Env) error {
	cwd, _ := os.Getwd()
	denv, err := clients.DefaultDiscoverEnv(append([]string{cwd}, inv.positional...)...)
	if err != nil {
		return err
	}
	found := clients.Discover(denv)
	if cfg, err := loadConfig(inv, env); err == nil {
		clients.MarkKnown(found, cfg)
	}
	if found == nil {
		found = []clients.DiscoveredFile{}
	}
	return writeJSON(env.Stdout, map[string]any{"files": found})
}

// cmdImport adds servers from a file (or - for pasted text on stdin) to the
// servers file: --all, or the names given. Imported stdio servers still need
// the person's approval (mcpbrowser approve NAME) before they start.
func cmdImport(inv *invocation, env Env) error {
	if len(inv.positional) == 0 {
		return usageT("import needs a FILE (or - to read pasted JSON from stdin), then --all or server names")
	}
	src, names := inv.positional[0], inv.positional[1:]
	if !inv.all && len(names) == 0 {
		return usageT("say which servers to import: --all, or their names after the file")
	}
	var found []*clients.ImportedServer
	var err error
	if src == "-" {
		data, rerr := io.ReadAll(env.Stdin)
		if rerr != nil {
			return rerr
		}
		found, err = clients.ParsePasted(string(data))
	} else {
		data, rerr := os.ReadFile(src)
		if rerr != nil {
			return usageT("cannot read {{.File}}: {{.Err}}", M{"File": src, "Err": explainCore(rerr)})
		}
		found, err = clients.ParseClientConfig(config.GuessFormat(src), src, data)
	}
	if err != nil {
		return usageErr("%s", explainCore(err))
	}
	var chosen []*clients.ImportedServer
	for _, imp := range found {
		if inv.all || contains(names, imp.Server.Name) {
			chosen = append(chosen, imp)
		}
	}
	for _, n := range names {
		if !containsServer(found, n) {
			return usageT("{{.File}} has no server named {{.Name}} (it has: {{.Names}})", M{"File": src, "Name": q(n), "Names": serverNames(found)})
		}
	}
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return err
	}
	policy := clients.ClashRename
	if inv.onClash != "" {
		policy = clients.ClashPolicy(inv.onClash)
	}
	results := clients.Import(cfg, chosen, policy)
	if err := cfg.Save(); err != nil {
		return fileError(err)
	}
	fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("saved {{.Path}}; imported servers start once approved (mcpbrowser approve NAME)", M{"Path": cfg.Path}))
	return writeJSON(env.Stdout, map[string]any{"config": cfg.Path, "imported": results})
}

func containsServer(found []*clients.ImportedServer, name string) bool {
	for _, f := range found {
		if f.Server.Name == name {
			return true
		}
	}
	return false
}

func serverNames(found []*clients.ImportedServer) string {
	var names []string
	for _, f := range found {
		names = append(names, f.Server.Name)
	}
	return strings.Join(names, ", ")
}

// cmdExport prints servers (the names given, or all) as a snippet for another client.
func cmdExport(inv *invocation, env Env) error {
	if inv.format == "" {
		return usageT("export needs --format claude|claude-code|cursor|vscode|cline|windsurf|codex|json")
	}
	format, err := config.ParseFormat(inv.format)
	if err != nil {
		return usageErr("%s", explainCore(err))
	}
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return err
	}
	var servers []*config.ServerConfig
	if len(inv.positional) == 0 {
		servers = cfg.Servers
	}
	for _, n := range inv.positional {
		s := cfg.Server(n)
		if s == nil {
			return usageT("no server named {{.Name}} in {{.Path}}", M{"Name": q(n), "Path": cfg.Path})
		}
		servers = append(servers, s)
	}
	if !inv.includeSecrets {
		var masked bool
		servers, masked = config.MaskedForExport(servers)
		if masked {
			fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("note: secret values are masked (****); add --include-secrets to export them as they are"))
		}
	}
	out, err := clients.Export(servers, format)
	if err != nil {
		return &exitError{ExitUsage, i18n.Explain(err)}
	}
	for _, note := range clients.ExportNotes(servers, format) {
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("note: {{.Note}}", M{"Note": i18n.Explain(note)}))
	}
	_, err = env.Stdout.Write(out)
	return err
}

// cmdApprove shows an imported server's exact command line and remembers the
// person's approval of it.
func cmdApprove(inv *invocation, env Env) error {
	if len(inv.positional) != 1 {
		return usageT("approve takes one server name")
	}
	cfg, err := loadConfig(inv, env)
	if err != nil {
		return err
	}
	s := cfg.Server(inv.positional[0])
	if s == nil {
		return usageT("no server named {{.Name}} in {{.Path}}", M{"Name": q(inv.positional[0]), "Path": cfg.Path})
	}
	store, err := config.DefaultApprovalStore()
	if err != nil {
		return fileError(err)
	}
	summary := transport.CommandLine(s)
	fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("approving {{.Name}}, which runs:\n{{.Summary}}", M{"Name": q(s.Name), "Summary": summary.String()}))
	if err := store.ApproveCommand(s.Name, summary); err != nil {
		return fileError(err)
	}
	return writeJSON(env.Stdout, map[string]any{"approved": s.Name, "command": summary})
}

// approvalStore is the store the CLI checks configured servers against; ad-hoc
// servers (--url, -- COMMAND) are typed by the person and need none.
func approvalStore(inv *invocation) *config.ApprovalStore {
	if inv.url != "" || len(inv.adhoc) > 0 {
		return nil
	}
	store, err := config.DefaultApprovalStore()
	if err != nil {
		return nil
	}
	return store
}

// cmdSignOut forgets a remote server's sign-in (its saved token).
func cmdSignOut(inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageT("sign-out takes only a TARGET")
	}
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{sc}}, mcp.ManagerOptions{})
	if err := m.Session(sc.Name).SignOut(); err != nil {
		return err
	}
	return writeJSON(env.Stdout, map[string]any{"signedOut": sc.Name})
}
