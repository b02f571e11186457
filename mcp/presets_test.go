package mcp

import (
	"slices"
	"strings"
	"testing"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

func TestPresetBuild(t *testing.T) {
	cases := []struct {
		id      string
		values  map[string][]string
		command string
		args    []string
		env     map[string]string
	}{
		{"playwright", nil, "npx", []string{"@playwright/mcp@latest"}, nil},
		{"filesystem", map[string][]string{"folders": {"/home/a/Documents", " ", "/tmp"}}, "npx",
			[]string{"-y", "@modelcontextprotocol/server-filesystem", "/home/a/Documents", "/tmp"}, nil},
		{"memory", nil, "npx", []string{"-y", "@modelcontextprotocol/server-memory"}, nil},
		{"memory", map[string][]string{"file": {"/home/a/memory.jsonl"}}, "npx", []string{"-y", "@modelcontextprotocol/server-memory"},
			map[string]string{"MEMORY_FILE_PATH": "/home/a/memory.jsonl"}},
		{"everything", nil, "npx", []string{"-y", "@modelcontextprotocol/server-everything"}, nil},
		{"fetch", nil, "uvx", []string{"mcp-server-fetch"}, nil},
		{"git", map[string][]string{"repository": {"/src/app"}}, "uvx", []string{"mcp-server-git", "--repository", "/src/app"}, nil},
		{"sequential-thinking", nil, "npx", []string{"-y", "@modelcontextprotocol/server-sequential-thinking"}, nil},
		{"time", nil, "uvx", []string{"mcp-server-time"}, nil},
		{"time", map[string][]string{"timezone": {"Europe/Paris"}}, "uvx", []string{"mcp-server-time", "--local-timezone", "Europe/Paris"}, nil},
	}
	for _, c := range cases {
		p, ok := config.PresetByID(c.id)
		if !ok {
			t.Fatalf("no preset %q", c.id)
		}
		s, err := p.Build(c.values)
		if err != nil {
			t.Fatalf("%s: %v", c.id, err)
		}
		if s.Name != c.id || s.Type != config.TypeStdio || s.Command != c.command || !slices.Equal(s.Args, c.args) || s.Problem != "" {
			t.Errorf("%s: built %+v", c.id, s)
		}
		if len(s.Env) != len(c.env) || (c.env != nil && s.Env["MEMORY_FILE_PATH"] != c.env["MEMORY_FILE_PATH"]) {
			t.Errorf("%s: env %v, want %v", c.id, s.Env, c.env)
		}
		if _, imported := config.ImportedFrom(s); imported {
			t.Errorf("%s: a preset is marked as imported", c.id)
		}
		// Building again gives a fresh entry: editing one leaves the preset alone.
		s.Args[0] = "changed"
		if again, _ := p.Build(c.values); again.Args[0] == "changed" {
			t.Errorf("%s: presets share their argument list", c.id)
		}
	}
}

func TestPresetParametersRequired(t *testing.T) {
	for _, c := range []struct {
		id     string
		values map[string][]string
		want   string
	}{
		{"filesystem", nil, "folders"},
		{"filesystem", map[string][]string{"folders": {"", "  "}}, "folders"},
		{"git", nil, "repository"},
		{"git", map[string][]string{"repository": {"/a", "/b"}}, "one value"},
	} {
		p, _ := config.PresetByID(c.id)
		if _, err := p.Build(c.values); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s with %v: %v, want an error about %q", c.id, c.values, err, c.want)
		}
	}
}

func TestPresetList(t *testing.T) {
	var ids []string
	for _, p := range config.Presets() {
		ids = append(ids, p.ID)
		if p.Title == "" || p.Description == "" || p.Needs == "" {
			t.Errorf("%s: incomplete %+v", p.ID, p)
		}
		for _, param := range p.Parameters {
			if param.Name == "" || param.Label == "" || (param.Kind != config.ParamFolder && param.Kind != config.ParamText) {
				t.Errorf("%s: parameter %+v", p.ID, param)
			}
		}
	}
	want := []string{"playwright", "filesystem", "memory", "everything", "fetch", "git", "sequential-thinking", "time"}
	if !slices.Equal(ids, want) {
		t.Errorf("presets %v, want %v", ids, want)
	}
	if _, ok := config.PresetByID("nope"); ok {
		t.Error("found a preset that does not exist")
	}
	previews := map[string]string{
		"filesystem": "npx -y @modelcontextprotocol/server-filesystem FOLDERS…",
		"git":        "uvx mcp-server-git --repository REPOSITORY",
		"time":       "uvx mcp-server-time [--local-timezone TIMEZONE]",
		"memory":     "npx -y @modelcontextprotocol/server-memory",
	}
	for id, want := range previews {
		p, _ := config.PresetByID(id)
		if got := p.CommandPreview(); got != want {
			t.Errorf("%s preview %q, want %q", id, got, want)
		}
	}
}

// TestPresetInServersFile: a preset entry saves as the short entry people
// write by hand and loads back the same.
func TestPresetInServersFile(t *testing.T) {
	p, _ := config.PresetByID("filesystem")
	s, err := p.Build(map[string][]string{"folders": {"/data"}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{}
	cfg.Put(s)
	data, err := cfg.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"type"`) {
		t.Errorf("a preset entry spells out its implied type:\n%s", data)
	}
	back, err := config.Parse("x", data)
	if err != nil {
		t.Fatal(err)
	}
	if !clients.SameEntry(back.Servers[0], s) {
		t.Errorf("changed through the servers file:\n%s", data)
	}
}
