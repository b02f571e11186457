package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// TestApproveConcurrent: 30 `mcpbrowser approve` at once, each a process of
// its own, and the window's way of approving (the same ApproveCommand, in
// this process) at the same moment: every approval is kept. Before the
// approvals file had a cross-process lock, 9 to 18 of 30 survived.
func TestApproveConcurrent(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	cfgPath := filepath.Join(dir, "servers.json")
	cfg := &config.Config{Path: cfgPath}
	const processes, window = 30, 6
	for i := range processes + window {
		s := &config.ServerConfig{Name: fmt.Sprintf("s%02d", i), Type: config.TypeStdio, Command: demoBinary, Args: []string{fmt.Sprint("arg", i)}}
		s.Validate()
		config.MarkImported(s, config.ImportSource{Format: config.FormatClaudeDesktop, Path: "/elsewhere/claude_desktop_config.json"})
		cfg.Put(s)
	}
	if err := cfg.Save(); err != nil {
		t.Fatal(err)
	}
	store := config.NewApprovalStore(filepath.Join(state, "mcpbrowser"))

	var wg sync.WaitGroup
	errs := make(chan error, processes+window)
	for _, s := range cfg.Servers[:processes] {
		wg.Go(func() { errs <- approveInProcess(state, s.Name, cfgPath) })
	}
	for _, s := range cfg.Servers[processes:] {
		wg.Go(func() { errs <- store.ApproveCommand(s.Name, transport.CommandLine(s)) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	var lost []string
	for _, s := range cfg.Servers {
		if needs, err := store.NeedsApproval(s, transport.CommandLine(s)); err != nil || needs {
			lost = append(lost, s.Name)
		}
	}
	if len(lost) > 0 {
		t.Errorf("%d of %d approvals lost: %v", len(lost), len(cfg.Servers), lost)
	}
}

// approveInProcess runs `mcpbrowser approve NAME --config PATH` as a process
// of its own (this test binary as the CLI, see runHelper) and waits for it.
func approveInProcess(stateHome, name, cfgPath string) error {
	spec, _ := json.Marshal([]string{"approve", name, "--config", cfgPath})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), helperEnv+"="+string(spec), "XDG_STATE_HOME="+stateHome)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"approved": "`+name+`"`) {
		return fmt.Errorf("approve %s: %v\n%s", name, err, out)
	}
	return nil
}
