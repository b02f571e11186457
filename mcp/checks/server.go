package checks

import (
	"sort"
	"strings"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// Config turns an inline spec into a servers-file entry named name.
func (s ServerSpec) Config(name string) *config.ServerConfig {
	sc := &config.ServerConfig{Name: name, Command: s.Command, Args: s.Args, Env: s.Env, Cwd: s.Cwd, URL: s.URL, Headers: s.Headers}
	t := config.NormalizeType(s.Type)
	if t == "" {
		t = config.TypeStdio
		if s.URL != "" {
			t = config.TypeHTTP
		}
	}
	sc.SetType(t)
	sc.Validate()
	return sc
}

// SpecOf is the inline spec of a servers-file entry, for writing into a
// check file so that it runs where that servers file does not exist. The
// environment and headers are left out: they often hold secrets.
func SpecOf(sc *config.ServerConfig) ServerSpec {
	shown, _ := config.MaskedForExport([]*config.ServerConfig{sc}) // a check file is made for git
	sc = shown[0]
	s := ServerSpec{Command: sc.Command, Cwd: sc.Cwd, URL: sc.URL}
	if len(sc.Args) > 0 {
		s.Args = sc.Args
	}
	if sc.Type != config.TypeStdio {
		s.Type = sc.Type
	}
	return s
}

// Resolve finds the entry for each server the file's checks use: an
// override (--server NAME=TARGET) first, then the file's inline entry, then
// the servers file (lookup) by the file's reference or by the name itself.
func Resolve(f *File, lookup func(name string) *config.ServerConfig, overrides map[string]*config.ServerConfig) (map[string]*config.ServerConfig, error) {
	out := map[string]*config.ServerConfig{}
	var missing []string
	for i := range f.Checks {
		name := f.ServerOf(&f.Checks[i])
		if _, done := out[name]; done {
			continue
		}
		if sc := overrides[name]; sc != nil {
			c := sc.Clone()
			c.Name = name
			out[name] = c
			continue
		}
		spec, ok := f.Servers[name]
		if ok && spec.Inline() {
			out[name] = spec.Config(name)
			continue
		}
		ref := name
		if ok && spec.Ref != "" {
			ref = spec.Ref
		}
		if sc := lookup(ref); sc != nil {
			c := sc.Clone()
			c.Name = name
			out[name] = c
			continue
		}
		missing = append(missing, name)
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return out, say.Error("no server named {{.Names}} in the servers file or the check file; give one with --server NAME=TARGET", say.Args{"Names": strings.Join(missing, ", ")})
	}
	return out, nil
}
