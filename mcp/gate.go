package mcp

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
)

// Before a session starts a server, the gate makes sure the person has seen
// and approved an imported command, fills in the entry's variables, and has
// the answers to its VS Code-style ${input:…} prompts. Answers live in memory
// only: they are never written to the servers file.

// A NeedsApprovalError is an imported server whose exact command line has not
// been approved yet. Show Command to the person; Manager.Approve starts it.
type NeedsApprovalError struct {
	Server  string
	Command config.CommandSummary
}

func (e *NeedsApprovalError) Error() string {
	return fmt.Sprintf("%q came from another app's config and has not been approved yet. Check what it runs before starting it:\n%s", e.Server, e.Command.String())
}

// A NeedsInputsError is a server whose entry asks the person for values
// (${input:id}) that have not been given yet; Session.SetInputAnswers gives them.
type NeedsInputsError struct {
	Server string
	Inputs []config.VSCodeInput
}

func (e *NeedsInputsError) Error() string {
	ids := make([]string, len(e.Inputs))
	for i, in := range e.Inputs {
		ids[i] = in.ID
	}
	return fmt.Sprintf("%q needs values before it can start: %s", e.Server, strings.Join(ids, ", "))
}

// prepare returns the entry as it will run, or why it may not run yet.
func (s *Session) prepare(cfg *config.ServerConfig) (*config.ServerConfig, error) {
	if s.approvals != nil {
		summary := s.paths.Command(cfg) // the program StartStdio will run
		need, err := s.approvals.NeedsApproval(cfg, summary)
		if err != nil {
			return nil, fmt.Errorf("reading the approvals file: %w", err)
		}
		if need {
			return nil, &NeedsApprovalError{Server: cfg.Name, Command: summary}
		}
	}
	home, _ := os.UserHomeDir()
	run, err := clients.ExpandVariables(cfg, clients.Variables{Home: home, LookupEnv: os.LookupEnv, ReadFile: os.ReadFile})
	if err != nil {
		return nil, err
	}
	if inputs := clients.InputsNeeded(run); len(inputs) > 0 {
		s.mu.Lock()
		answers := s.inputAnswers
		s.mu.Unlock()
		resolved, err := clients.ResolveInputs(run, answers)
		if err != nil {
			return nil, &NeedsInputsError{Server: cfg.Name, Inputs: inputs}
		}
		run = resolved
	}
	run.Validate()
	return run, nil
}

// SetInputAnswers gives the values for the entry's ${input:id} prompts (kept
// in memory for this run of the app; never saved).
func (s *Session) SetInputAnswers(answers map[string]string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.inputAnswers = answers
}

// IsGateError reports whether err means the server waits for the person
// (approval or input values) rather than having failed.
func IsGateError(err error) bool {
	var na *NeedsApprovalError
	var ni *NeedsInputsError
	return errors.As(err, &na) || errors.As(err, &ni)
}
