package clients

import (
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mcpbrowser/mcp/config"
)

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
