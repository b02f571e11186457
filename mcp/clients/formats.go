package clients

import (
	"bytes"
	"encoding/json"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// An ImportedServer is one server entry read from another client's file.
type ImportedServer struct {
	// Server carries the entry; its Extra holds the fields we do not use and an
	// "x-mcpbrowser" field recording Source (see importMeta).
	Server *config.ServerConfig
	Source config.ImportSource
	// Unknown names the fields kept in Server.Extra that this app does not use.
	Unknown []string
	// Inputs are the VS Code inputs the entry refers to; they are asked for
	// when the server starts (ResolveInputs), never stored with answers.
	Inputs []config.VSCodeInput
	// Err is set when the entry itself is malformed (a *ConfigError with its
	// line and column); Server then holds the raw fields and cannot be imported.
	Err error

	// Known and NameTaken are set by MarkKnown: Known when our list already has
	// an entry with the same name and the same command or URL; NameTaken when an
	// entry with this name exists but differs.
	Known     bool
	NameTaken bool
}

// ParseClientConfig reads one client config file. A file that is not valid
// JSON (or TOML) is a *ConfigError with line and column; an entry that cannot
// be understood is returned with Err set while the others load. path is used
// in messages and as the entry's source.
func ParseClientConfig(format config.Format, path string, data []byte) ([]*ImportedServer, error) {
	switch format {
	case config.FormatCodex:
		return parseCodex(path, data)
	case config.FormatJSON:
		return parseLoose(config.ImportSource{Format: config.FormatJSON, Path: path}, data)
	case config.FormatClaudeDesktop, config.FormatClaudeCode, config.FormatCursor, config.FormatVSCode, config.FormatCline, config.FormatWindsurf:
	default:
		return nil, say.Error("unknown format {{.Format}}", say.Args{"Format": strconv.Quote(string(format))})
	}
	doc := stripJSONC(data)
	if len(bytes.TrimSpace(doc)) == 0 {
		return nil, nil
	}
	top, err := jsonMembers(path, doc, 0)
	if err != nil {
		return nil, err
	}
	src := config.ImportSource{Format: format, Path: path}
	switch format {
	case config.FormatVSCode:
		return parseVSCodeDoc(src, doc, top)
	case config.FormatClaudeCode:
		servers, err := serversAt(src, doc, top, "mcpServers", nil)
		if err != nil {
			return nil, err
		}
		projects, ok := member(top, "projects")
		if !ok {
			return servers, nil
		}
		folders, err := jsonMembers(path, doc, projects.Off)
		if err != nil {
			return nil, err
		}
		for _, folder := range folders {
			fields, err := jsonMembers(path, doc, folder.Off)
			if err != nil {
				continue // not a project object: not ours to judge
			}
			psrc := src
			psrc.Project = folder.Key
			more, err := serversAt(psrc, doc, fields, "mcpServers", nil)
			if err != nil {
				return nil, err
			}
			servers = append(servers, more...)
		}
		return servers, nil
	}
	return serversAt(src, doc, top, "mcpServers", nil)
}

// parseVSCodeDoc reads {"servers": …, "inputs": […]}, or the same under "mcp"
// as in a VS Code settings.json.
func parseVSCodeDoc(src config.ImportSource, doc []byte, top []jsonMember) ([]*ImportedServer, error) {
	if _, ok := member(top, "servers"); !ok {
		if m, ok := member(top, "mcp"); ok {
			inner, err := jsonMembers(src.Path, doc, m.Off)
			if err != nil {
				return nil, err
			}
			top = inner
		}
	}
	var inputs []config.VSCodeInput
	if m, ok := member(top, "inputs"); ok {
		var raws []json.RawMessage
		if err := json.Unmarshal(m.Value, &raws); err != nil {
			return nil, positioned(src.Path, doc, m.Off, say.Text("\"inputs\" must be a list of {\"id\": …} objects"))
		}
		for _, raw := range raws {
			var in config.VSCodeInput
			if err := json.Unmarshal(raw, &in); err != nil || in.ID == "" {
				continue
			}
			in.Raw = compactJSON(raw)
			inputs = append(inputs, in)
		}
	}
	return serversAt(src, doc, top, "servers", inputs)
}

// serversAt reads the object of servers under key (absent means none).
func serversAt(src config.ImportSource, doc []byte, fields []jsonMember, key string, inputs []config.VSCodeInput) ([]*ImportedServer, error) {
	m, ok := member(fields, key)
	if !ok || string(m.Value) == "null" {
		return nil, nil
	}
	entries, err := jsonMembers(src.Path, doc, m.Off)
	if err != nil {
		return nil, positioned(src.Path, doc, m.Off, say.New(`{{.Key}} must be an object of servers, like {"name": {"command": …}}`, say.Args{"Key": strconv.Quote(key)}))
	}
	var out []*ImportedServer
	for _, e := range entries {
		out = append(out, importEntry(src, doc, e, inputs))
	}
	return out, nil
}

// importEntry turns one written entry into an ImportedServer.
func importEntry(src config.ImportSource, doc []byte, e jsonMember, inputs []config.VSCodeInput) *ImportedServer {
	imp := &ImportedServer{Source: src}
	s, err := config.ParseServer(e.Key, e.Value)
	if err != nil {
		imp.Err = positioned(src.Path, doc, e.Off, config.ServerSays(e.Key, err))
		s = &config.ServerConfig{Name: e.Key, Problem: imp.Err.Error()}
		var fields map[string]json.RawMessage
		if json.Unmarshal(e.Value, &fields) == nil {
			s.Extra = fields // keep every byte of it, for display and export
		}
		imp.Server = s
		return imp
	}
	applyAliases(s, src.Format)
	finishImport(imp, s, inputs)
	return imp
}

// finishImport records the source and the inputs on the entry.
func finishImport(imp *ImportedServer, s *config.ServerConfig, inputs []config.VSCodeInput) {
	imp.Server = s
	m := config.ImportMeta{Source: &imp.Source}
	for _, id := range inputRefs(s) {
		// VS Code needs a definition for every id; one named like a secret is asked masked.
		in := config.VSCodeInput{ID: id, Type: "promptString", Password: config.IsSecretName(id)}
		if i := slices.IndexFunc(inputs, func(in config.VSCodeInput) bool { return in.ID == id }); i >= 0 {
			in = inputs[i]
		}
		if in.Raw == nil {
			in.Raw, _ = json.Marshal(in)
		}
		imp.Inputs = append(imp.Inputs, in)
		m.Inputs = append(m.Inputs, in.Raw)
	}
	for k, v := range s.Extra {
		s.Extra[k] = compactJSON(v) // one spelling of each value, whatever the file's layout
	}
	config.WriteMeta(s, m)
	imp.Unknown = config.UnknownFields(s)
}

// applyAliases maps the remote-server spellings of other clients onto our
// fields: "serverUrl" (Windsurf), "httpUrl" (streamable HTTP), Cline's
// "transportType", and Cline's rule that a URL without a type is SSE.
func applyAliases(s *config.ServerConfig, format config.Format) {
	if s.URL == "" {
		for _, k := range []string{"serverUrl", "httpUrl"} {
			var u string
			if json.Unmarshal(s.Extra[k], &u) != nil || u == "" {
				continue
			}
			s.URL = u
			delete(s.Extra, k)
			if s.TypeAsWritten() == "" && s.Command == "" {
				s.Type = config.TypeHTTP
			}
			break
		}
	}
	if format == config.FormatCline {
		var tt string
		if s.TypeAsWritten() == "" && json.Unmarshal(s.Extra["transportType"], &tt) == nil && tt != "" {
			s.SetTypeAsWritten(tt)
			delete(s.Extra, "transportType")
		}
		if s.TypeAsWritten() == "" && s.Command == "" && s.URL != "" {
			s.Type = config.TypeSSE
		}
	}
	s.Validate()
}

// ParsePasted reads servers from text pasted out of a README or another app:
// a full {"mcpServers": …} (or VS Code's {"servers": …}), a bare map of
// servers, a single server object (named after its package or host), a
// "name": {…} fragment, or Codex [mcp_servers.NAME] tables. Comments and
// trailing commas are allowed. Every server is marked as imported.
func ParsePasted(text string) ([]*ImportedServer, error) {
	return parseLoose(config.ImportSource{Format: config.FormatJSON}, []byte(text))
}

const pastedPath = config.PastedText

func parseLoose(src config.ImportSource, data []byte) ([]*ImportedServer, error) {
	where := src.Path
	if where == "" {
		where = pastedPath
	}
	trimmed := bytes.TrimSpace(stripJSONC(data))
	if len(trimmed) == 0 {
		return nil, config.NewConfigError(where, say.Text(`nothing to read: paste a JSON object with "mcpServers", or one server with "command" or "url"`))
	}
	if trimmed[0] == '[' || bytes.Contains(trimmed, []byte("[mcp_servers")) {
		servers, err := parseCodex(src.Path, data)
		if err == nil && len(servers) > 0 {
			for _, s := range servers {
				s.Source.Format = src.Format
				config.MarkImported(s.Server, s.Source)
			}
			return servers, nil
		}
	}
	doc := stripJSONC(data)
	top, err := jsonMembers(where, doc, 0)
	if err != nil && trimmed[0] == '"' {
		// A `"name": {…}` fragment copied out of a larger file.
		wrapped := stripJSONC([]byte("{" + strings.TrimRight(strings.TrimSpace(string(data)), ",") + "}"))
		if more, werr := jsonMembers(where, wrapped, 0); werr == nil {
			doc, top, err = wrapped, more, nil
		}
	}
	if err != nil {
		return nil, err
	}
	switch {
	case hasMember(top, "mcpServers"):
		return serversAt(src, doc, top, "mcpServers", nil)
	case isVSCodeShape(src.Path, doc, top):
		vs := src
		vs.Format = config.FormatVSCode
		servers, err := parseVSCodeDoc(vs, doc, top)
		for _, s := range servers {
			s.Source.Format = src.Format
			config.MarkImported(s.Server, s.Source)
		}
		return servers, err
	case isServerObject(top):
		e := jsonMember{Key: "", Value: doc[firstNonSpace(doc, 0):], Off: firstNonSpace(doc, 0)}
		e.Value = bytes.TrimSpace(e.Value)
		imp := importEntry(src, doc, e, nil)
		imp.Server.Name = suggestName(imp.Server)
		return []*ImportedServer{imp}, nil
	case len(top) > 0 && allObjects(top):
		var out []*ImportedServer
		for _, e := range top {
			out = append(out, importEntry(src, doc, e, nil))
		}
		return out, nil
	}
	return nil, config.NewConfigError(where, say.Text(`no MCP servers found: expected {"mcpServers": …}, a map of servers, or one server with "command" or "url"`))
}

// isVSCodeShape tells VS Code's {"servers": …} (or settings.json's
// {"mcp": {"servers": …}}) from a bare map that names a server "servers".
func isVSCodeShape(path string, doc []byte, top []jsonMember) bool {
	if m, ok := member(top, "mcp"); ok {
		if inner, err := jsonMembers(path, doc, m.Off); err == nil && hasMember(inner, "servers") {
			return true
		}
	}
	m, ok := member(top, "servers")
	if !ok {
		return false
	}
	inner, err := jsonMembers(path, doc, m.Off)
	return err == nil && !isServerObject(inner)
}

// serverKeys are fields only a server entry (not a map of servers) has.
var serverKeys = []string{"command", "url", "serverUrl", "httpUrl", "args", "type"}

func isServerObject(top []jsonMember) bool {
	for _, m := range top {
		if slices.Contains(serverKeys, m.Key) {
			return true
		}
	}
	return false
}

func allObjects(top []jsonMember) bool {
	for _, m := range top {
		if len(m.Value) == 0 || m.Value[0] != '{' {
			return false
		}
	}
	return true
}

// suggestName names a server pasted without one, after its package or host:
// `npx -y @modelcontextprotocol/server-filesystem` → "filesystem",
// `uvx mcp-server-fetch` → "fetch", `npx @playwright/mcp@latest` → "playwright",
// https://mcp.deepwiki.com/mcp → "deepwiki".
func suggestName(s *config.ServerConfig) string {
	if s.URL != "" {
		if u, err := url.Parse(s.URL); err == nil && u.Hostname() != "" {
			for _, label := range strings.Split(u.Hostname(), ".") {
				if !slices.Contains([]string{"www", "api", "mcp", "localhost", "127"}, label) {
					return label
				}
			}
			return u.Hostname()
		}
	}
	candidate := ""
	for _, a := range s.Args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		if strings.ContainsAny(a, "@/") || strings.Contains(strings.ToLower(a), "mcp") {
			candidate = a
			break
		}
	}
	if candidate == "" {
		candidate = path.Base(strings.ReplaceAll(s.Command, `\`, "/"))
		candidate = strings.TrimSuffix(strings.TrimSuffix(candidate, ".exe"), ".cmd")
	}
	name, scope := candidate, ""
	if strings.HasPrefix(name, "@") {
		scope, name, _ = strings.Cut(name[1:], "/")
	}
	if i := strings.LastIndex(name, "@"); i > 0 {
		name = name[:i] // a version: pkg@latest
	}
	if i := strings.LastIndex(name, ":"); i > 0 && !strings.Contains(name[i:], "/") {
		name = name[:i] // an image tag
	}
	name = path.Base(name)
	for _, p := range []string{"mcp-server-", "server-", "mcp-"} {
		name = strings.TrimPrefix(name, p)
	}
	for _, p := range []string{"-mcp-server", "-server", "-mcp"} {
		name = strings.TrimSuffix(name, p)
	}
	if (name == "" || name == "mcp" || name == "server") && scope != "" {
		name = scope
	}
	if name == "" || name == "." || name == "/" {
		name = "server"
	}
	return name
}
