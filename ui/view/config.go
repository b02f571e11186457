package view

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// OtherFileError says what is wrong with a config file and where.
func OtherFileError(err error) string {
	var ce *config.ConfigError
	if errors.As(err, &ce) {
		if ce.Line > 0 {
			return i18n.L("This file could not be read: line {{.Line}}, column {{.Column}}: {{.Problem}}. Its servers are not shown; fix it in its app.", map[string]any{"Line": ce.Line, "Column": ce.Column, "Problem": i18n.Explain(ce.Problem())})
		}
		return i18n.L("This file could not be read: {{.Problem}}.", map[string]any{"Problem": i18n.Explain(ce.Problem())})
	}
	return WithStop(Capitalise(err))
}

// ImportedLine is what an entry runs or where it connects, as one line
// with secret values masked: the command with its folder and variables, or
// the transport and URL with its headers.
func ImportedLine(s *config.ServerConfig) string {
	switch s.Type {
	case config.TypeStdio:
		c := config.CommandSummary{Command: s.Command, Args: s.Args, Cwd: s.Cwd}
		for _, name := range slices.Sorted(maps.Keys(s.Env)) {
			c.Env = append(c.Env, config.EnvEntry{Name: name, Value: config.MaskValue(name, s.Env[name]), Secret: config.IsSecretName(name)})
		}
		return c.String()
	case config.TypeHTTP, config.TypeSSE:
		line := s.Type + " " + s.MaskText(s.URL)
		for _, name := range slices.Sorted(maps.Keys(s.Headers)) {
			line += " · " + name + ": " + config.MaskValue(name, s.Headers[name])
		}
		return line
	case config.TypeOpenAPI:
		return "openapi " + strings.Join(s.Spec, ", ")
	}
	if s.Command != "" {
		return s.Command + " " + strings.Join(s.Args, " ")
	}
	return s.MaskText(s.URL)
}

// OriginText is "Imported from Claude Desktop: /path · kept fields it does
// not use: a, b", or "" for an entry typed here with nothing unusual.
func OriginText(cfg *config.ServerConfig) string {
	if cfg == nil {
		return ""
	}
	var parts []string
	if src, ok := config.ImportedFrom(cfg); ok && src.Path == "" {
		parts = append(parts, "Added from pasted text")
	} else if ok {
		parts = append(parts, "Imported from "+src.String())
	}
	if unknown := config.UnknownFields(cfg); len(unknown) > 0 {
		parts = append(parts, "kept fields MCP Browser does not use: "+strings.Join(unknown, ", "))
	}
	return Capitalise(strings.Join(parts, " · "))
}

// PasteError says what is wrong with pasted config text, and where.
func PasteError(err error) string {
	var ce *config.ConfigError
	if errors.As(err, &ce) {
		if ce.Line > 0 {
			return i18n.L("Line {{.Line}}, column {{.Column}}: {{.Problem}}.", map[string]any{"Line": ce.Line, "Column": ce.Column, "Problem": i18n.Explain(ce.Problem())})
		}
		return WithStop(Capitalise(i18n.Explain(ce.Problem())))
	}
	return WithStop(Capitalise(err))
}

// DescribeTarget says what a server entry starts or connects to.
func DescribeTarget(cfg *config.ServerConfig) string {
	switch cfg.Type {
	case config.TypeStdio:
		return i18n.L("Command: {{.Command}}", map[string]any{"Command": strings.Join(append([]string{cfg.Command}, cfg.Args...), " ")})
	case config.TypeHTTP, config.TypeSSE:
		return i18n.L("URL: {{.URL}}", map[string]any{"URL": cfg.MaskText(cfg.URL)})
	}
	return ""
}

// ServersFileError says what is wrong with the servers file, where, and what to do.
func ServersFileError(path string, err error) string {
	var ce *config.ConfigError
	where := i18n.L("The servers file {{.Path}} could not be read", map[string]any{"Path": path})
	if errors.As(err, &ce) {
		if ce.Line > 0 {
			where = i18n.L("The servers file {{.Path}} has a mistake at line {{.Line}}, column {{.Column}}", map[string]any{"Path": ce.Path, "Line": ce.Line, "Column": ce.Column})
		}
		return i18n.L("{{.Where}}: {{.Problem}}. No servers are shown and nothing will be saved until it is fixed; fix the file, then choose Reload.", map[string]any{"Where": where, "Problem": i18n.Explain(ce.Problem())})
	}
	return i18n.L("{{.Where}}: {{.Problem}}. Fix it, then choose Reload.", map[string]any{"Where": where, "Problem": i18n.Explain(err)})
}

// SecretsNote warns that an exported snippet holds secret values in clear
// (an API key in env, a token in a header), naming them; "" when it holds
// none. Placeholders such as ${env:TOKEN} are not secrets.
func SecretsNote(servers []*config.ServerConfig) string {
	var found []string
	for _, s := range servers {
		var names []string
		for _, m := range []map[string]string{s.Env, s.Headers} {
			for _, k := range slices.Sorted(maps.Keys(m)) {
				if config.MaskSecret(k, m[k]) != m[k] {
					names = append(names, k)
				}
			}
		}
		if len(names) > 0 {
			found = append(found, s.Name+": "+strings.Join(names, ", "))
		}
	}
	if len(found) == 0 {
		return ""
	}
	return i18n.L("The snippet holds secret values in clear ({{.Found}}): paste it only into the app's own config, not into a chat or an issue.", map[string]any{"Found": strings.Join(found, "; ")})
}

// ImportNotes is the small print under a server found in another app's
// file: the project it belongs to, the inputs it asks for, the fields this
// app keeps without using; "" when there is none.
func ImportNotes(imp *clients.ImportedServer) string {
	var notes []string
	if imp.Source.Project != "" && imp.Source.Project != imp.Source.Path {
		notes = append(notes, "project "+imp.Source.Project)
	}
	if len(imp.Inputs) > 0 {
		ids := make([]string, len(imp.Inputs))
		for i, in := range imp.Inputs {
			ids[i] = in.ID
		}
		notes = append(notes, "asks for: "+strings.Join(ids, ", "))
	}
	if len(imp.Unknown) > 0 {
		notes = append(notes, "kept: "+strings.Join(imp.Unknown, ", "))
	}
	return strings.Join(notes, " · ")
}
