// Package surface is what a server offers — its tools, resources, resource
// templates and prompts — saved as a snapshot, and the differences between
// two of them, each classified as breaking for the server's callers or not.
// It imports no Fyne.
package surface

import (
	"context"
	"encoding/json"
	"mcpbrowser/mcp/say"
	"os"
	"sort"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/store"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Snapshot is a server's surface at one moment: what tools/list,
// resources/list, resources/templates/list and prompts/list returned.
type Snapshot struct {
	Server    string                  `json:"server,omitempty"`
	Version   string                  `json:"version,omitempty"`
	Tools     []*sdk.Tool             `json:"tools"`
	Resources []*sdk.Resource         `json:"resources"`
	Templates []*sdk.ResourceTemplate `json:"resourceTemplates"`
	Prompts   []*sdk.Prompt           `json:"prompts"`
}

// Take lists everything a connected session offers. A list the server does
// not declare is empty; a list it declares and fails is an error.
func Take(ctx context.Context, s *mcp.Session) (*Snapshot, error) {
	snap := &Snapshot{Server: s.Name(), Tools: s.Tools()}
	if init := s.InitializeResult(); init != nil && init.ServerInfo != nil {
		snap.Version = init.ServerInfo.Version
	}
	caps := s.Capabilities()
	var err error
	if caps.Has(mcp.FeatureResources) {
		if snap.Resources, err = s.Resources(ctx); err != nil {
			return nil, say.Error("listing resources: {{.Err}}", say.Args{"Err": err})
		}
		if snap.Templates, err = s.ResourceTemplates(ctx); err != nil {
			return nil, say.Error("listing resource templates: {{.Err}}", say.Args{"Err": err})
		}
	}
	if caps.Has(mcp.FeaturePrompts) {
		if snap.Prompts, err = s.Prompts(ctx); err != nil {
			return nil, say.Error("listing prompts: {{.Err}}", say.Args{"Err": err})
		}
	}
	snap.normalise()
	return snap, nil
}

// normalise sorts every list by its key and turns schemas into plain JSON
// values, so that two snapshots of the same surface are equal and a saved
// one reads the same as a fresh one.
func (s *Snapshot) normalise() {
	sort.Slice(s.Tools, func(i, j int) bool { return s.Tools[i].Name < s.Tools[j].Name })
	sort.Slice(s.Resources, func(i, j int) bool { return s.Resources[i].URI < s.Resources[j].URI })
	sort.Slice(s.Templates, func(i, j int) bool { return s.Templates[i].URITemplate < s.Templates[j].URITemplate })
	sort.Slice(s.Prompts, func(i, j int) bool { return s.Prompts[i].Name < s.Prompts[j].Name })
	for _, t := range s.Tools {
		t.InputSchema = plain(t.InputSchema)
		t.OutputSchema = plain(t.OutputSchema)
	}
	if s.Tools == nil {
		s.Tools = []*sdk.Tool{}
	}
	if s.Resources == nil {
		s.Resources = []*sdk.Resource{}
	}
	if s.Templates == nil {
		s.Templates = []*sdk.ResourceTemplate{}
	}
	if s.Prompts == nil {
		s.Prompts = []*sdk.Prompt{}
	}
}

func plain(v any) any {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	if json.Unmarshal(b, &out) != nil {
		return v
	}
	return out
}

// Marshal writes the snapshot as indented JSON.
func (s *Snapshot) Marshal() ([]byte, error) {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, snapshotStep("writing", err)
	}
	return append(b, '\n'), nil
}

// Parse reads a snapshot written by Marshal (or by `mcpbrowser snapshot`).
func Parse(data []byte) (*Snapshot, error) {
	var s Snapshot
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, say.Error("not a surface snapshot: {{.Err}}", say.Args{"Err": say.JSONCause(data, err)})
	}
	if s.Tools == nil && s.Resources == nil && s.Templates == nil && s.Prompts == nil {
		return nil, say.Error("not a surface snapshot: it has no tools, resources, resourceTemplates or prompts", nil)
	}
	s.normalise()
	return &s, nil
}

// Load reads a snapshot file.
func Load(path string) (*Snapshot, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, snapshotStep("reading", err)
	}
	s, err := Parse(data)
	if err != nil {
		return nil, say.Error("{{.Path}}: {{.Problem}}", say.Args{"Path": path, "Problem": err})
	}
	return s, nil
}

// Save writes the snapshot to path as package store saves every file
// (atomically, through a symbolic link, keeping the file's mode).
func (s *Snapshot) Save(path string) error {
	data, err := s.Marshal()
	if err != nil {
		return err
	}
	if err := store.WriteFile(path, data, store.Keep(0o644)); err != nil {
		return snapshotStep("saving", err)
	}
	return nil
}

// snapshotStep is err, met while step ("reading", "writing" or "saving")
// the snapshot.
func snapshotStep(step string, err error) error {
	return say.Error("{{.Step}} the snapshot: {{.Err}}", say.Args{"Step": say.Text(step), "Err": err})
}
