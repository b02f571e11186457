package clients

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/store"
)

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

// SaveExport writes a snippet Export made to path, ending in a newline,
// atomically (a failed write never leaves half a config behind) and, for a
// new file, readable by its owner only: a snippet may hold secrets.
func SaveExport(path string, snippet []byte) error {
	if !bytes.HasSuffix(snippet, []byte("\n")) {
		snippet = append(slices.Clip(snippet), '\n')
	}
	return store.WriteFile(path, snippet, store.Keep(0o600))
}
