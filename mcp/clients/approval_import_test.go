package clients

import (
	"path/filepath"
	"testing"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// TestApprovalThroughServersFile: the import mark survives the servers file,
// and an entry edited after import is asked again.
func TestApprovalThroughServersFile(t *testing.T) {
	store := config.NewApprovalStore(t.TempDir())
	pasted, err := ParsePasted(`{"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}`)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &config.Config{Path: filepath.Join(t.TempDir(), "servers.json")}
	cfg.Put(&config.ServerConfig{Name: "mine", Type: config.TypeStdio, Command: "node", Args: []string{"x.js"}})
	Import(cfg, pasted, ClashRename)
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	load := func() *config.Config {
		c, err := config.Load(cfg.Path)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	loaded := load()
	memory := loaded.Server("memory")
	if n, _, _ := needsApproval(store, memory); !n {
		t.Fatal("a pasted entry loaded from the servers file needs no approval")
	}
	if n, _, _ := needsApproval(store, loaded.Server("mine")); n {
		t.Error("the person's own entry needs approval")
	}
	if err := store.ApproveCommand(memory.Name, transport.CommandLine(memory)); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := needsApproval(store, load().Server("memory")); n {
		t.Error("approval lost across a reload")
	}
	// The person edits the imported entry: its new command is asked again.
	edited := load()
	edited.Server("memory").Args = append(edited.Server("memory").Args, "--extra")
	if err := edited.Save(); err != nil {
		t.Fatal(err)
	}
	if n, _, _ := needsApproval(store, load().Server("memory")); !n {
		t.Error("an edited imported entry was not asked again")
	}
}

// needsApproval applies the store's rule to s as it will start.
func needsApproval(st *config.ApprovalStore, s *config.ServerConfig) (bool, config.CommandSummary, error) {
	c := transport.CommandLine(s)
	n, err := st.NeedsApproval(s, c)
	return n, c, err
}
