package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"encoding/json"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Feature is one capability a server can declare in initialize.
type Feature string

// The features the app shows. FeatureSubscribe and the list-changed ones are
// sub-capabilities of their parent.
const (
	FeatureTools         Feature = "tools"
	FeatureResources     Feature = "resources"
	FeaturePrompts       Feature = "prompts"
	FeatureCompletions   Feature = "completions"
	FeatureLogging       Feature = "logging"
	FeatureSubscribe     Feature = "resources.subscribe"
	FeatureResourcesList Feature = "resources.listChanged"
	FeaturePromptsList   Feature = "prompts.listChanged"
	FeatureToolsList     Feature = "tools.listChanged"
)

// Capabilities summarise what a server declared in its initialize result,
// so the window can show an absent feature as absent rather than as an error.
type Capabilities struct {
	// Known is false before the first successful connect: nothing can be said yet.
	Known bool

	Tools       bool
	Resources   bool
	Prompts     bool
	Completions bool
	Logging     bool

	ToolsListChanged     bool
	ResourcesSubscribe   bool
	ResourcesListChanged bool
	PromptsListChanged   bool

	// Experimental and Extensions are the names of non-standard
	// capabilities, sorted, for display only.
	Experimental []string
	Extensions   []string
}

// Capabilities is what the server declared in its last initialize. It is
// kept after the server stops, so the window can still show it; Known is
// false only before the first successful connect.
func (s *Session) Capabilities() Capabilities {
	return capabilitiesOf(s.InitializeResult())
}

func capabilitiesOf(init *sdk.InitializeResult) Capabilities {
	if init == nil {
		return Capabilities{}
	}
	c := Capabilities{Known: true}
	caps := init.Capabilities
	if caps == nil {
		return c
	}
	if caps.Tools != nil {
		c.Tools, c.ToolsListChanged = true, caps.Tools.ListChanged
	}
	if caps.Resources != nil {
		c.Resources = true
		c.ResourcesSubscribe, c.ResourcesListChanged = caps.Resources.Subscribe, caps.Resources.ListChanged
	}
	if caps.Prompts != nil {
		c.Prompts, c.PromptsListChanged = true, caps.Prompts.ListChanged
	}
	c.Completions = caps.Completions != nil
	c.Logging = caps.Logging != nil
	for k := range caps.Experimental {
		c.Experimental = append(c.Experimental, k)
	}
	for k := range caps.Extensions {
		c.Extensions = append(c.Extensions, k)
	}
	slices.Sort(c.Experimental)
	slices.Sort(c.Extensions)
	return c
}

// Has reports whether the server declared f.
func (c Capabilities) Has(f Feature) bool {
	switch f {
	case FeatureTools:
		return c.Tools
	case FeatureResources:
		return c.Resources
	case FeaturePrompts:
		return c.Prompts
	case FeatureCompletions:
		return c.Completions
	case FeatureLogging:
		return c.Logging
	case FeatureSubscribe:
		return c.ResourcesSubscribe
	case FeatureResourcesList:
		return c.ResourcesListChanged
	case FeaturePromptsList:
		return c.PromptsListChanged
	case FeatureToolsList:
		return c.ToolsListChanged
	}
	return false
}

// HasExtension reports whether the server declared the extension name
// (such as SkillsExtension) in its capabilities.
func (c Capabilities) HasExtension(name string) bool { return slices.Contains(c.Extensions, name) }

// String says in one line what is declared and what is not, for example
// "tools (listChanged), resources (subscribe), logging; not declared: prompts, completions".
func (c Capabilities) String() string {
	if !c.Known {
		return "not connected: capabilities unknown"
	}
	have, missing := c.Lists()
	out := strings.Join(have, ", ")
	if out == "" {
		out = "nothing declared"
	}
	if len(missing) > 0 {
		out += "; not declared: " + strings.Join(missing, ", ")
	}
	return out
}

// Lists names what the server declared, each with its sub-capabilities
// ("resources (subscribe, listChanged)"), and what it did not: the parts
// of String, for front ends that word the line themselves.
func (c Capabilities) Lists() (have, missing []string) {
	type part struct {
		name string
		on   bool
		subs []string
	}
	sub := func(name string, on bool) []string {
		if on {
			return []string{name}
		}
		return nil
	}
	parts := []part{
		{"tools", c.Tools, sub("listChanged", c.ToolsListChanged)},
		{"resources", c.Resources, append(sub("subscribe", c.ResourcesSubscribe), sub("listChanged", c.ResourcesListChanged)...)},
		{"prompts", c.Prompts, sub("listChanged", c.PromptsListChanged)},
		{"completions", c.Completions, nil},
		{"logging", c.Logging, nil},
	}
	for _, p := range parts {
		switch {
		case !p.on:
			missing = append(missing, p.name)
		case len(p.subs) > 0:
			have = append(have, p.name+" ("+strings.Join(p.subs, ", ")+")")
		default:
			have = append(have, p.name)
		}
	}
	return have, missing
}

// MarshalJSON renders the summary for the CLI.
func (c Capabilities) MarshalJSON() ([]byte, error) {
	type sub struct {
		ListChanged bool `json:"listChanged,omitempty"`
		Subscribe   bool `json:"subscribe,omitempty"`
	}
	declared := func(on bool, s sub) *sub {
		if !on {
			return nil
		}
		return &s
	}
	return json.Marshal(struct {
		Known        bool     `json:"known"`
		Tools        *sub     `json:"tools,omitempty"`
		Resources    *sub     `json:"resources,omitempty"`
		Prompts      *sub     `json:"prompts,omitempty"`
		Completions  *sub     `json:"completions,omitempty"`
		Logging      *sub     `json:"logging,omitempty"`
		Experimental []string `json:"experimental,omitempty"`
		Extensions   []string `json:"extensions,omitempty"`
		Summary      string   `json:"summary"`
	}{
		Known:        c.Known,
		Tools:        declared(c.Tools, sub{ListChanged: c.ToolsListChanged}),
		Resources:    declared(c.Resources, sub{ListChanged: c.ResourcesListChanged, Subscribe: c.ResourcesSubscribe}),
		Prompts:      declared(c.Prompts, sub{ListChanged: c.PromptsListChanged}),
		Completions:  declared(c.Completions, sub{}),
		Logging:      declared(c.Logging, sub{}),
		Experimental: c.Experimental,
		Extensions:   c.Extensions,
		Summary:      c.String(),
	})
}
