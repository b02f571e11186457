package config

import (
	"fmt"
	"strings"
)

// A Preset is a one-click entry for a well-known server. It is only a
// starting ServerConfig: the person may edit it like any other entry.
type Preset struct {
	// ID is stable, for the CLI and tests ("filesystem").
	ID          string
	Title       string
	Description string
	// Needs names the program that must be installed for the command to run.
	Needs string
	// Parameters are what the UI must ask for before adding the entry.
	Parameters []PresetParameter

	server ServerConfig
}

// A ParameterKind says what widget asks for a parameter.
type ParameterKind string

const (
	ParamFolder ParameterKind = "folder" // a folder picker
	ParamText   ParameterKind = "text"
)

// A PresetParameter is one value a preset needs from the person.
type PresetParameter struct {
	// Name keys the values passed to Build.
	Name  string
	Label string
	Kind  ParameterKind
	// Multiple allows several values (several folders).
	Multiple bool
	Required bool
	// Flag, when set, is written before each value ("--repository").
	Flag string
	// Env, when set, puts the value in this environment variable instead of
	// the arguments.
	Env string
}

// Presets lists the built-in presets, in the order the UI shows them.
func Presets() []Preset {
	npx := func(pkg ...string) ServerConfig {
		return ServerConfig{Type: TypeStdio, Command: "npx", Args: pkg}
	}
	uvx := func(args ...string) ServerConfig {
		return ServerConfig{Type: TypeStdio, Command: "uvx", Args: args}
	}
	const node, uv = "Node.js (npx)", "uv (uvx)"
	return []Preset{
		{ID: "playwright", Title: "Playwright", Needs: node,
			Description: "Drive a web browser: open pages, click, type, read the page.",
			server:      npx("@playwright/mcp@latest")},
		{ID: "filesystem", Title: "Filesystem", Needs: node,
			Description: "Read and write files inside the folders you choose.",
			server:      npx("-y", "@modelcontextprotocol/server-filesystem"),
			Parameters: []PresetParameter{{Name: "folders", Label: "Folders the server may use",
				Kind: ParamFolder, Multiple: true, Required: true}}},
		{ID: "memory", Title: "Memory", Needs: node,
			Description: "A knowledge graph the model can store facts in.",
			server:      npx("-y", "@modelcontextprotocol/server-memory"),
			Parameters: []PresetParameter{{Name: "file", Label: "Memory file (optional)",
				Kind: ParamText, Env: "MEMORY_FILE_PATH"}}},
		{ID: "everything", Title: "Everything", Needs: node,
			Description: "The reference test server: every kind of tool, resource and prompt.",
			server:      npx("-y", "@modelcontextprotocol/server-everything")},
		{ID: "fetch", Title: "Fetch", Needs: uv,
			Description: "Fetch a web page and return it as markdown.",
			server:      uvx("mcp-server-fetch")},
		{ID: "git", Title: "Git", Needs: uv,
			Description: "Read and change a git repository.",
			server:      uvx("mcp-server-git"),
			Parameters: []PresetParameter{{Name: "repository", Label: "Repository folder",
				Kind: ParamFolder, Required: true, Flag: "--repository"}}},
		{ID: "sequential-thinking", Title: "Sequential thinking", Needs: node,
			Description: "A tool for step-by-step problem solving.",
			server:      npx("-y", "@modelcontextprotocol/server-sequential-thinking")},
		{ID: "time", Title: "Time", Needs: uv,
			Description: "Current time and time-zone conversion.",
			server:      uvx("mcp-server-time"),
			Parameters: []PresetParameter{{Name: "timezone", Label: "Local time zone (optional, e.g. Europe/Paris)",
				Kind: ParamText, Flag: "--local-timezone"}}},
	}
}

// PresetByID finds a preset.
func PresetByID(id string) (Preset, bool) {
	for _, p := range Presets() {
		if p.ID == id {
			return p, true
		}
	}
	return Preset{}, false
}

// Build returns the preset's entry, named after its ID, with the parameter
// values in place: values[name] holds one value, or several for a Multiple
// parameter. A missing required value is an error naming it.
func (p Preset) Build(values map[string][]string) (*ServerConfig, error) {
	s := p.server.Clone()
	s.Name = p.ID
	for _, param := range p.Parameters {
		var vals []string
		for _, v := range values[param.Name] {
			if v = strings.TrimSpace(v); v != "" {
				vals = append(vals, v)
			}
		}
		if len(vals) == 0 {
			if param.Required {
				return nil, fmt.Errorf("the %s preset needs %s", p.Title, strings.ToLower(param.Label))
			}
			continue
		}
		if !param.Multiple && len(vals) > 1 {
			return nil, fmt.Errorf("the %s preset takes one value for %s, not %d", p.Title, strings.ToLower(param.Label), len(vals))
		}
		for _, v := range vals {
			if param.Env != "" {
				if s.Env == nil {
					s.Env = map[string]string{}
				}
				s.Env[param.Env] = v
				continue
			}
			if param.Flag != "" {
				s.Args = append(s.Args, param.Flag)
			}
			s.Args = append(s.Args, v)
		}
	}
	s.Validate()
	return s, nil
}

// CommandPreview is the preset's command line with placeholders for its
// parameters, for a menu: "npx -y @modelcontextprotocol/server-filesystem FOLDERS…".
func (p Preset) CommandPreview() string {
	parts := append([]string{p.server.Command}, p.server.Args...)
	for _, param := range p.Parameters {
		ph := strings.ToUpper(param.Name)
		if param.Multiple {
			ph += "…"
		}
		if param.Env != "" {
			continue
		}
		if param.Flag != "" {
			ph = param.Flag + " " + ph
		}
		if !param.Required {
			ph = "[" + ph + "]"
		}
		parts = append(parts, ph)
	}
	return strings.Join(parts, " ")
}
