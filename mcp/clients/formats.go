package clients

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
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
			return nil, positioned(src.Path, doc, m.Off, "\"inputs\" must be a list of {\"id\": …} objects")
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
		return nil, positioned(src.Path, doc, m.Off, fmt.Sprintf("%q must be an object of servers, like {\"name\": {\"command\": …}}", key))
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
		imp.Err = positioned(src.Path, doc, e.Off, fmt.Sprintf("server %q: %v", e.Key, err))
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

const pastedPath = "pasted text"

func parseLoose(src config.ImportSource, data []byte) ([]*ImportedServer, error) {
	where := src.Path
	if where == "" {
		where = pastedPath
	}
	trimmed := bytes.TrimSpace(stripJSONC(data))
	if len(trimmed) == 0 {
		return nil, &config.ConfigError{Path: where, Msg: "nothing to read: paste a JSON object with \"mcpServers\", or one server with \"command\" or \"url\""}
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
	return nil, &config.ConfigError{Path: where, Msg: "no MCP servers found: expected {\"mcpServers\": …}, a map of servers, or one server with \"command\" or \"url\""}
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

// A jsonMember is one member of a JSON object, with the byte offset of its
// value in the whole document (for line and column in messages).
type jsonMember struct {
	Key   string
	Value json.RawMessage
	Off   int
}

func member(ms []jsonMember, key string) (jsonMember, bool) {
	for _, m := range ms {
		if m.Key == key {
			return m, true
		}
	}
	return jsonMember{}, false
}

func hasMember(ms []jsonMember, key string) bool {
	_, ok := member(ms, key)
	return ok
}

// jsonMembers lists the members of the object starting at doc[off:], in the
// order written. A key written twice keeps its first place and its last value,
// as JSON readers do.
func jsonMembers(path string, doc []byte, off int) ([]jsonMember, error) {
	start := firstNonSpace(doc, off)
	if start >= len(doc) || doc[start] != '{' {
		if start >= len(doc) {
			return nil, positioned(path, doc, start, "expected a JSON object, found nothing")
		}
		// Report real syntax errors as such, with their own position.
		if err := json.Unmarshal(doc[start:], new(any)); err != nil && off == 0 {
			return nil, syntaxError(path, doc, err)
		}
		return nil, positioned(path, doc, start, "expected a JSON object {…} here")
	}
	if off == 0 {
		// Validate the whole document once, so that syntax errors anywhere get
		// encoding/json's message and position.
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			return nil, syntaxError(path, doc, err)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(doc[start:]))
	if _, err := dec.Token(); err != nil {
		return nil, syntaxError(path, doc, err)
	}
	var out []jsonMember
	index := map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxError(path, doc, err)
		}
		key, _ := tok.(string)
		valueOff := start + int(dec.InputOffset())
		valueOff = firstNonSpace(doc, valueOff)
		if valueOff < len(doc) && doc[valueOff] == ':' {
			valueOff = firstNonSpace(doc, valueOff+1)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntaxError(path, doc, err)
		}
		m := jsonMember{Key: key, Value: raw, Off: valueOff}
		if i, ok := index[key]; ok {
			out[i].Value, out[i].Off = m.Value, m.Off
			continue
		}
		index[key] = len(out)
		out = append(out, m)
	}
	return out, nil
}

func firstNonSpace(doc []byte, off int) int {
	for off < len(doc) && (doc[off] == ' ' || doc[off] == '\t' || doc[off] == '\n' || doc[off] == '\r') {
		off++
	}
	return off
}

// positioned is a *ConfigError at a byte offset of doc.
func positioned(path string, doc []byte, off int, msg string) *config.ConfigError {
	line, col := textPosition(doc, off)
	return &config.ConfigError{Path: path, Line: line, Column: col, Msg: msg}
}

// syntaxError is a JSON decoding error as a *ConfigError pointing at the
// offending character (encoding/json's Offset counts it too), with the column
// counted in characters; config.go's jsonError does the same in bytes.
func syntaxError(path string, doc []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return config.JSONError(path, doc, err)
	}
	return positioned(path, doc, int(se.Offset)-1, "not valid JSON: "+se.Error())
}

// textPosition turns a byte offset into a 1-based line and a 1-based column
// counted in characters, as editors show them.
func textPosition(doc []byte, off int) (int, int) {
	off = min(max(off, 0), len(doc))
	before := doc[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}

// stripJSONC turns JSON with comments and trailing commas (VS Code's JSONC,
// and README snippets) into JSON of the same length: comments, trailing
// commas and a byte-order mark become spaces, newlines stay, so line and
// column in messages still point into the file as written.
//
// Why not github.com/tailscale/hujson's Standardize, which also keeps
// offsets: on a file with a mistake it returns the text unchanged, so
// encoding/json would then report the first comment instead of the mistake,
// and the line and column a person needs to fix it would be lost. This
// scanner blanks the comments of a broken file too.
func stripJSONC(data []byte) []byte {
	out := bytes.Clone(data)
	if bytes.HasPrefix(out, []byte("\xef\xbb\xbf")) {
		copy(out, "   ")
	}
	blank := func(from, to int) {
		for i := from; i < to && i < len(out); i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	inString := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			end := bytes.IndexByte(out[i:], '\n')
			if end < 0 {
				end = len(out) - i
			}
			blank(i, i+end)
			i += end - 1
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return out // unterminated: let the JSON parser report it
			}
			blank(i, i+2+end+2)
			i += 2 + end + 1
		}
	}
	// Trailing commas: a comma followed only by space before } or ].
	inString = false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ',':
			j := firstNonSpace(out, i+1)
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
			}
		}
	}
	return out
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return slices.Clone(raw)
	}
	return buf.Bytes()
}

// --- VS Code inputs and ${…} variables ---

// inputRefs lists the ids of ${input:ID} placeholders anywhere in the entry,
// in first-seen order.
func inputRefs(s *config.ServerConfig) []string {
	var ids []string
	visitStrings(s, func(v string) {
		for _, id := range placeholderIDs(v, "input:") {
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	})
	return ids
}

// placeholderIDs returns the names of ${PREFIXname} placeholders in v.
func placeholderIDs(v, prefix string) []string {
	var ids []string
	for {
		i := strings.Index(v, "${"+prefix)
		if i < 0 {
			return ids
		}
		v = v[i+2+len(prefix):]
		end := strings.IndexByte(v, '}')
		if end < 0 {
			return ids
		}
		ids = append(ids, v[:end])
		v = v[end+1:]
	}
}

// visitStrings calls f with every string value of the entry a placeholder may
// sit in, sorted map keys first for a stable order.
func visitStrings(s *config.ServerConfig, f func(string)) {
	f(s.Command)
	for _, a := range s.Args {
		f(a)
	}
	for _, k := range slices.Sorted(maps.Keys(s.Env)) {
		f(s.Env[k])
	}
	f(s.Cwd)
	f(s.URL)
	for _, k := range slices.Sorted(maps.Keys(s.Headers)) {
		f(s.Headers[k])
	}
	for _, k := range slices.Sorted(maps.Keys(s.Query)) {
		f(s.Query[k])
	}
	for _, k := range slices.Sorted(maps.Keys(s.Extra)) {
		if k != config.MetaKey {
			f(string(s.Extra[k]))
		}
	}
}

// mapStrings returns a clone of s with f applied to every string a placeholder
// may sit in (command, args, env values, cwd, url, header and query values,
// envFile).
func mapStrings(s *config.ServerConfig, f func(string) string) *config.ServerConfig {
	c := s.Clone()
	c.Command = f(c.Command)
	for i := range c.Args {
		c.Args[i] = f(c.Args[i])
	}
	for k, v := range c.Env {
		c.Env[k] = f(v)
	}
	c.Cwd = f(c.Cwd)
	c.URL = f(c.URL)
	for k, v := range c.Headers {
		c.Headers[k] = f(v)
	}
	for k, v := range c.Query {
		c.Query[k] = f(v)
	}
	var envFile string
	if json.Unmarshal(c.Extra["envFile"], &envFile) == nil && envFile != "" {
		c.Extra["envFile"], _ = json.Marshal(f(envFile))
	}
	return c
}

// InputsNeeded lists the VS Code inputs the entry refers to with ${input:ID},
// with their definitions when the entry was imported with them (so the UI
// knows the prompt and whether to mask the answer).
func InputsNeeded(s *config.ServerConfig) []config.VSCodeInput {
	defs := map[string]config.VSCodeInput{}
	for _, raw := range config.ReadMeta(s).Inputs {
		var in config.VSCodeInput
		if json.Unmarshal(raw, &in) == nil && in.ID != "" {
			in.Raw = raw
			defs[in.ID] = in
		}
	}
	var out []config.VSCodeInput
	for _, id := range inputRefs(s) {
		in, ok := defs[id]
		if !ok {
			in = config.VSCodeInput{ID: id, Type: "promptString", Password: config.IsSecretName(id)}
		}
		out = append(out, in)
	}
	return out
}

// ResolveInputs returns a copy of the entry with each ${input:ID} replaced by
// answers[ID], for starting the server. The copy holds secrets in clear: keep
// it in memory only. It is marked so that Export refuses it; do not Save it
// (save the original, which keeps the placeholders). An unanswered input is
// an error naming it.
func ResolveInputs(s *config.ServerConfig, answers map[string]string) (*config.ServerConfig, error) {
	var missing []string
	for _, in := range InputsNeeded(s) {
		if _, ok := answers[in.ID]; !ok {
			missing = append(missing, in.ID)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("server %q needs a value for %s before it can start", s.Name, strings.Join(missing, ", "))
	}
	c := mapStrings(s, func(v string) string {
		for id, answer := range answers {
			v = strings.ReplaceAll(v, "${input:"+id+"}", answer)
		}
		return v
	})
	m := config.ReadMeta(c)
	m.Answered = true
	config.WriteMeta(c, m)
	return c, nil
}

// HoldsAnswers reports whether the entry is a ResolveInputs copy holding
// the person's answers in clear, which must never be saved or exported.
func HoldsAnswers(s *config.ServerConfig) bool { return config.ReadMeta(s).Answered }

// Variables are the values ${…} placeholders expand to when a server starts.
type Variables struct {
	// Home is ${userHome}.
	Home string
	// WorkspaceFolder is ${workspaceFolder}; empty means the project the entry
	// was imported from, if any.
	WorkspaceFolder string
	// LookupEnv reads the environment for ${env:NAME} (and ${NAME} in Claude
	// Code entries); nil means no variables are set.
	LookupEnv func(string) (string, bool)
	// ReadFile reads an "envFile" (VS Code); nil means envFile is not read.
	ReadFile func(string) ([]byte, error)
}

// ExpandVariables returns a copy of the entry with the variables VS Code,
// Cursor and Claude Code allow in their config files expanded: ${env:NAME},
// ${userHome}, ${workspaceFolder}, ${workspaceFolderBasename},
// ${pathSeparator} and ${/} everywhere; ${NAME} and ${NAME:-default} in
// entries imported from Claude Code. ${input:ID} is left for ResolveInputs,
// and unknown placeholders are left as written. A VS Code "envFile" is read
// and its variables added to env (the entry's own env wins).
func ExpandVariables(s *config.ServerConfig, v Variables) (*config.ServerConfig, error) {
	src, _ := config.ImportedFrom(s)
	ws := v.WorkspaceFolder
	if ws == "" {
		ws = src.Project
	}
	lookup := v.LookupEnv
	if lookup == nil {
		lookup = func(string) (string, bool) { return "", false }
	}
	claudeStyle := src.Format == config.FormatClaudeCode
	expand := func(in string) string {
		var b strings.Builder
		for {
			i := strings.Index(in, "${")
			if i < 0 {
				b.WriteString(in)
				return b.String()
			}
			end := strings.IndexByte(in[i:], '}')
			if end < 0 {
				b.WriteString(in)
				return b.String()
			}
			b.WriteString(in[:i])
			name := in[i+2 : i+end]
			b.WriteString(expandOne(name, in[i:i+end+1], ws, v.Home, lookup, claudeStyle))
			in = in[i+end+1:]
		}
	}
	c := mapStrings(s, expand)
	var envFile string
	if json.Unmarshal(c.Extra["envFile"], &envFile) != nil || envFile == "" || v.ReadFile == nil {
		return c, nil
	}
	if !filepath.IsAbs(envFile) && ws != "" {
		envFile = filepath.Join(ws, envFile) // VS Code reads it relative to the workspace
	}
	data, err := v.ReadFile(envFile)
	if err != nil {
		return nil, fmt.Errorf("server %q: reading its envFile: %w", s.Name, err)
	}
	fromFile := parseDotEnv(data)
	if len(fromFile) > 0 && c.Env == nil {
		c.Env = map[string]string{}
	}
	for k, val := range fromFile {
		if _, ok := c.Env[k]; !ok {
			c.Env[k] = val
		}
	}
	return c, nil
}

func expandOne(name, written, ws, home string, lookup func(string) (string, bool), claudeStyle bool) string {
	switch {
	case strings.HasPrefix(name, "env:"):
		val, _ := lookup(strings.TrimPrefix(name, "env:"))
		return val
	case name == "userHome" && home != "":
		return home
	case name == "workspaceFolder" && ws != "":
		return ws
	case name == "workspaceFolderBasename" && ws != "":
		return path.Base(strings.ReplaceAll(ws, `\`, "/"))
	case name == "pathSeparator" || name == "/":
		if strings.Contains(ws+home, `\`) {
			return `\`
		}
		return "/"
	case claudeStyle && isEnvName(strings.SplitN(name, ":-", 2)[0]):
		key, def, hasDef := strings.Cut(name, ":-")
		if val, ok := lookup(key); ok && (val != "" || !hasDef) {
			return val
		}
		if hasDef {
			return def
		}
		return written // Claude Code refuses an unset variable; show it as written
	}
	return written
}

func isEnvName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r != '_' && !(r >= 'A' && r <= 'Z') && !(r >= 'a' && r <= 'z') && !(i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// parseDotEnv reads KEY=VALUE lines; # starts a comment, quotes are removed,
// "export " is allowed.
func parseDotEnv(data []byte) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		k, v, ok := strings.Cut(line, "=")
		k = strings.TrimSpace(k)
		if !ok || !isEnvName(k) {
			continue
		}
		v = strings.TrimSpace(v)
		if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
			v = v[1 : len(v)-1]
		} else if i := strings.Index(v, " #"); i >= 0 {
			v = strings.TrimSpace(v[:i])
		}
		out[k] = v
	}
	return out
}

// --- export ---

// Export renders the servers as a snippet the client of that format accepts:
// a whole file for an empty client, or the part to merge into an existing one.
// MCP Browser's own "x-mcpbrowser" field is left out; VS Code inputs are
// written back as "inputs" definitions and the entries keep their
// ${input:ID} placeholders, so no answer is ever written in clear. Entries no
// client but ours can run (openapi) are left out; ExportNotes says so.
func Export(servers []*config.ServerConfig, format config.Format) ([]byte, error) {
	for _, s := range servers {
		if HoldsAnswers(s) {
			return nil, say.Error("server {{.Name}} holds answers to VS Code inputs and must not be exported; export the saved entry instead", say.Args{"Name": strconv.Quote(s.Name)})
		}
	}
	var kept []*config.ServerConfig
	names := map[string]bool{}
	for _, s := range servers {
		if s.Type == config.TypeOpenAPI && format != config.FormatJSON {
			continue
		}
		if names[s.Name] {
			return nil, say.Error("two servers are named {{.Name}}; rename one before exporting them together", say.Args{"Name": strconv.Quote(s.Name)})
		}
		names[s.Name] = true
		kept = append(kept, s)
	}
	switch format {
	case config.FormatCodex:
		return exportCodex(kept)
	case config.FormatVSCode:
		return exportJSON(kept, format, "servers", vscodeInputs(kept))
	case config.FormatClaudeDesktop, config.FormatClaudeCode, config.FormatCursor, config.FormatCline, config.FormatWindsurf, config.FormatJSON:
		return exportJSON(kept, format, "mcpServers", nil)
	}
	return nil, say.Error("unknown format {{.Format}}", say.Args{"Format": strconv.Quote(string(format))})
}

// ExportNotes says, in plain words, what the person should know about
// exporting these servers to that format (a transport the client lacks,
// inputs only VS Code asks for, fields the client will ignore), each note
// a message with its key for the front ends to word.
func ExportNotes(servers []*config.ServerConfig, format config.Format) []say.Msg {
	var notes []say.Msg
	for _, s := range servers {
		switch {
		case s.Type == config.TypeOpenAPI && format != config.FormatJSON:
			notes = append(notes, say.New("{{.Name}} is an OpenAPI entry, which only MCP Browser can run; it is left out.", say.Args{"Name": strconv.Quote(s.Name)}))
		case format == config.FormatClaudeDesktop && (s.Type == config.TypeHTTP || s.Type == config.TypeSSE):
			notes = append(notes, say.New("{{.Name}} is a remote server: Claude Desktop starts only local commands from this file; add it under Settings → Connectors, or run it through `npx mcp-remote {{.URL}}`.", say.Args{"Name": strconv.Quote(s.Name), "URL": s.URL}))
		case format == config.FormatCodex && s.Type == config.TypeSSE:
			notes = append(notes, say.New("{{.Name}} uses the legacy SSE transport, which Codex does not speak; it is written with its URL, as streamable HTTP.", say.Args{"Name": strconv.Quote(s.Name)}))
		}
		if ids := inputRefs(s); len(ids) > 0 && format != config.FormatVSCode {
			notes = append(notes, say.New("{{.Name}} uses {{.Inputs}}, which only VS Code asks for; replace it with the value or an environment variable.", say.Args{"Name": strconv.Quote(s.Name), "Inputs": "${input:" + strings.Join(ids, "}, ${input:") + "}"}))
		}
		if unknown := config.UnknownFields(s); len(unknown) > 0 && format != config.FormatJSON {
			notes = append(notes, say.New("{{.Name}} keeps fields {{.Fields}} that {{.App}} may not understand.", say.Args{"Name": strconv.Quote(s.Name), "Fields": strings.Join(unknown, ", "), "App": format.Title()}))
		}
	}
	return notes
}

// vscodeInputs collects the input definitions the servers refer to, once each.
func vscodeInputs(servers []*config.ServerConfig) []json.RawMessage {
	var out []json.RawMessage
	seen := map[string]bool{}
	for _, s := range servers {
		for _, in := range InputsNeeded(s) {
			if seen[in.ID] {
				continue
			}
			seen[in.ID] = true
			out = append(out, in.Raw)
		}
	}
	return out
}

func exportJSON(servers []*config.ServerConfig, format config.Format, key string, inputs []json.RawMessage) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("{")
	if len(inputs) > 0 {
		buf.WriteString(`"inputs":[`)
		for i, in := range inputs {
			if i > 0 {
				buf.WriteString(",")
			}
			buf.Write(compactJSON(in))
		}
		buf.WriteString("],")
	}
	k, _ := json.Marshal(key)
	buf.Write(k)
	buf.WriteString(":{")
	for i, s := range servers {
		entry, err := exportEntry(s, format)
		if err != nil {
			return nil, fmt.Errorf("server %q: %w", s.Name, err)
		}
		if i > 0 {
			buf.WriteString(",")
		}
		name, _ := json.Marshal(s.Name)
		buf.Write(name)
		buf.WriteString(":")
		buf.Write(entry)
	}
	buf.WriteString("}}")
	var out bytes.Buffer
	if err := json.Indent(&out, buf.Bytes(), "", "  "); err != nil {
		return nil, err
	}
	out.WriteString("\n")
	return out.Bytes(), nil
}

// exportFields is an entry's fields as the client of format writes them.
func exportFields(s *config.ServerConfig, format config.Format) (map[string]json.RawMessage, error) {
	entry, err := s.MarshalEntry()
	if err != nil {
		return nil, err
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(entry, &fields); err != nil {
		return nil, err
	}
	delete(fields, config.MetaKey)
	if s.Type == "" {
		return fields, nil // unknown or missing type: keep what the person wrote
	}
	typ := func(t string) { fields["type"], _ = json.Marshal(t) }
	switch format {
	case config.FormatVSCode, config.FormatClaudeCode:
		typ(s.Type) // both write the type on every entry
	case config.FormatCline:
		switch s.Type {
		case config.TypeHTTP:
			typ("streamableHttp")
		case config.TypeSSE:
			typ("sse") // Cline reads a URL without a type as SSE, but say it
		default:
			delete(fields, "type")
		}
	case config.FormatClaudeDesktop, config.FormatCursor, config.FormatWindsurf:
		if s.Type == config.ImpliedType(s) {
			delete(fields, "type")
		} else {
			typ(s.Type)
		}
	}
	if format == config.FormatWindsurf && s.URL != "" {
		fields["serverUrl"] = fields["url"]
		delete(fields, "url")
	}
	return fields, nil
}

// exportOrder is the order fields are written in; the rest follow sorted.
var exportOrder = []string{"type", "command", "args", "env", "envFile", "cwd", "url", "serverUrl", "headers", "query"}

func exportEntry(s *config.ServerConfig, format config.Format) ([]byte, error) {
	fields, err := exportFields(s, format)
	if err != nil {
		return nil, err
	}
	keys := slices.Clone(exportOrder)
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	for _, k := range keys {
		v, ok := fields[k]
		if !ok {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		key, _ := json.Marshal(k)
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(compactJSON(v)) // kept fields come with their file's layout
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// sameEntry reports whether two entries mean the same server, ignoring
// MCP Browser's own metadata: used to tell an import that is already there.
func SameEntry(a, b *config.ServerConfig) bool {
	ea, err1 := exportEntry(a, config.FormatJSON)
	eb, err2 := exportEntry(b, config.FormatJSON)
	return err1 == nil && err2 == nil && bytes.Equal(ea, eb)
}

// --- Codex: ~/.codex/config.toml ---

// codexFields maps Codex's names for the fields we know to ours.
var codexFields = map[string]string{"http_headers": "headers",
	"startup_timeout_sec": "connectTimeout", "tool_timeout_sec": "callTimeout"}

// parseCodex reads the [mcp_servers.NAME] tables of a Codex config.toml; the
// rest of the file (model, profiles …) is not ours to read.
func parseCodex(path string, data []byte) ([]*ImportedServer, error) {
	var doc map[string]any
	md, err := toml.Decode(string(data), &doc)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &config.ConfigError{Path: path, Line: pe.Position.Line, Column: pe.Position.Col, Msg: "not valid TOML: " + pe.Message}
		}
		return nil, &config.ConfigError{Path: path, Msg: "not valid TOML: " + err.Error()}
	}
	table, ok := doc["mcp_servers"]
	if !ok {
		return nil, nil
	}
	entries, ok := table.(map[string]any)
	if !ok {
		return nil, &config.ConfigError{Path: path, Msg: "mcp_servers must be a table of [mcp_servers.NAME] tables"}
	}
	var names []string
	for _, k := range md.Keys() {
		if len(k) == 2 && k[0] == "mcp_servers" && !slices.Contains(names, k[1]) {
			names = append(names, k[1])
		}
	}
	for _, name := range slices.Sorted(maps.Keys(entries)) {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	src := config.ImportSource{Format: config.FormatCodex, Path: path}
	var out []*ImportedServer
	for _, name := range names {
		imp := &ImportedServer{Source: src}
		fields, _ := entries[name].(map[string]any)
		s, err := codexServer(name, fields)
		if err != nil {
			line := codexTableLine(data, name)
			imp.Err = &config.ConfigError{Path: path, Line: line, Column: min(line, 1), Msg: fmt.Sprintf("server %q: %v", name, err)}
			imp.Server = &config.ServerConfig{Name: name, Problem: imp.Err.Error()}
			out = append(out, imp)
			continue
		}
		finishImport(imp, s, nil)
		out = append(out, imp)
	}
	return out, nil
}

// codexTableLine finds the line of [mcp_servers.NAME], for messages; 0 if not found.
func codexTableLine(data []byte, name string) int {
	for i, line := range strings.Split(string(data), "\n") {
		l := strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if l == "[mcp_servers."+name+"]" || l == "[mcp_servers."+strconv.Quote(name)+"]" {
			return i + 1
		}
	}
	return 0
}

func codexServer(name string, fields map[string]any) (*config.ServerConfig, error) {
	if fields == nil {
		return nil, errors.New("must be a table like [mcp_servers.NAME] with command = \"…\" or url = \"…\"")
	}
	s := &config.ServerConfig{Name: name, Extra: map[string]json.RawMessage{}}
	known := map[string]any{}
	for k, v := range fields {
		if ours, ok := codexFields[k]; ok {
			k = ours
		}
		switch k {
		case "enabled":
			on, ok := v.(bool)
			if !ok {
				return nil, errors.New("field \"enabled\" must be true or false")
			}
			s.Disabled = !on
		case "type", "command", "args", "env", "cwd", "url", "headers", "connectTimeout", "callTimeout":
			known[k] = v
		default:
			raw, err := json.Marshal(v)
			if err != nil {
				return nil, fmt.Errorf("field %q: %w", k, err)
			}
			s.Extra[k] = raw
		}
	}
	raw, err := json.Marshal(known)
	if err != nil {
		return nil, err
	}
	parsed, err := config.ParseServer(name, raw)
	if err != nil {
		return nil, err
	}
	parsed.Disabled = s.Disabled
	maps.Copy(parsed.Extra, s.Extra)
	parsed.Validate()
	return parsed, nil
}

// exportCodex writes [mcp_servers.NAME] tables by hand, in the order Codex's
// documentation shows the keys (command, args, env …), with env and headers
// as inline tables. Reading uses BurntSushi/toml (parseCodex); its encoder
// cannot write this: it sorts a map's keys and writes a nested map as a
// [mcp_servers.NAME.env] table of its own, and an entry is a map here, since
// the fields this app does not know are kept too.
func exportCodex(servers []*config.ServerConfig) ([]byte, error) {
	var b strings.Builder
	for i, s := range servers {
		fields, err := exportFields(s, config.FormatCodex)
		if err != nil {
			return nil, fmt.Errorf("server %q: %w", s.Name, err)
		}
		if s.Type != "" {
			delete(fields, "type") // Codex tells stdio from HTTP by command or url
		}
		for theirs, ours := range codexFields {
			if v, ok := fields[ours]; ok {
				fields[theirs] = v
				delete(fields, ours)
			}
		}
		if _, ok := fields["disabled"]; ok {
			delete(fields, "disabled")
			if s.Disabled {
				fields["enabled"] = json.RawMessage("false")
			}
		}
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "[mcp_servers.%s]\n", tomlKey(s.Name))
		order := []string{"command", "args", "env", "cwd", "url", "http_headers", "startup_timeout_sec", "tool_timeout_sec", "enabled"}
		for _, k := range slices.Sorted(maps.Keys(fields)) {
			if !slices.Contains(order, k) {
				order = append(order, k)
			}
		}
		for _, k := range order {
			raw, ok := fields[k]
			if !ok {
				continue
			}
			v, err := tomlValue(raw)
			if err != nil {
				return nil, fmt.Errorf("server %q, field %q: %w", s.Name, k, err)
			}
			if v == "" {
				continue // null: TOML has no way to say it, and absent means the same
			}
			fmt.Fprintf(&b, "%s = %s\n", tomlKey(k), v)
		}
	}
	return []byte(b.String()), nil
}

// tomlKey writes a key bare when TOML allows it, quoted otherwise.
func tomlKey(k string) string {
	bare := k != ""
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			bare = false
		}
	}
	if bare {
		return k
	}
	return tomlString(k)
}

// tomlString is a TOML basic string. JSON's string escapes are TOML's, except
// that TOML also wants DEL escaped.
func tomlString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.ReplaceAll(strings.TrimSuffix(buf.String(), "\n"), "\x7f", `\u007f`)
}

// tomlValue renders a JSON value as an inline TOML value; "" for null.
func tomlValue(raw json.RawMessage) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return "", err
	}
	return tomlInline(v)
}

func tomlInline(v any) (string, error) {
	switch v := v.(type) {
	case nil:
		return "", nil
	case string:
		return tomlString(v), nil
	case bool:
		return strconv.FormatBool(v), nil
	case json.Number:
		return v.String(), nil
	case []any:
		parts := make([]string, 0, len(v))
		for _, e := range v {
			p, err := tomlInline(e)
			if err != nil {
				return "", err
			}
			if p == "" {
				return "", errors.New("a list holding null cannot be written in TOML")
			}
			parts = append(parts, p)
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case map[string]any:
		parts := make([]string, 0, len(v))
		for _, k := range slices.Sorted(maps.Keys(v)) {
			p, err := tomlInline(v[k])
			if err != nil {
				return "", err
			}
			if p != "" {
				parts = append(parts, tomlKey(k)+" = "+p)
			}
		}
		if len(parts) == 0 {
			return "{}", nil
		}
		return "{ " + strings.Join(parts, ", ") + " }", nil
	}
	return "", fmt.Errorf("cannot write %T in TOML", v)
}
