package clients

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"

	"github.com/BurntSushi/toml"
)

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
			cerr := config.NewConfigError(path, say.New("not valid TOML: {{.Err}}", say.Args{"Err": pe.Message}))
			cerr.Line, cerr.Column = pe.Position.Line, pe.Position.Col
			return nil, cerr
		}
		return nil, config.NewConfigError(path, say.New("not valid TOML: {{.Err}}", say.Args{"Err": err}))
	}
	table, ok := doc["mcp_servers"]
	if !ok {
		return nil, nil
	}
	entries, ok := table.(map[string]any)
	if !ok {
		return nil, config.NewConfigError(path, say.Text("mcp_servers must be a table of [mcp_servers.NAME] tables"))
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
			cerr := config.NewConfigError(path, config.ServerSays(name, err))
			cerr.Line, cerr.Column = line, min(line, 1)
			imp.Err = cerr
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
