package history

import (
	"encoding/json"
	"fmt"

	"mcpbrowser/mcp/config"
)

// A Record is a finished call as history keeps it. The core's CallResult,
// ReadResult and PromptResult are Records: HistoryEntry gives the server and
// the entry (without ID and Result), MarshalJSON the result as the CLI
// prints it.
type Record interface {
	json.Marshaler
	HistoryEntry() (server string, e Entry)
}

// AddCall, AddRead and AddPrompt are Add, by the name of what they record.
// Front ends need none of them: the core records every call itself
// (mcp.ManagerOptions.History, Manager.SetHistory).
func (h *History) AddCall(r Record) error { return h.Add(r) }

// AddRead records a resources/read (Add).
func (h *History) AddRead(r Record) error { return h.Add(r) }

// AddPrompt records a prompts/get (Add).
func (h *History) AddPrompt(r Record) error { return h.Add(r) }

// Add records a finished call: a tool call, resource read or prompt get.
func (h *History) Add(r Record) error {
	server, e := r.HistoryEntry()
	raw, err := r.MarshalJSON()
	if err != nil {
		return fmt.Errorf("recording %s %q in history: %w", e.Kind, e.Name, err)
	}
	// No secret is kept: the arguments' secrets (by name, at any depth, and
	// by shape), and wherever the result repeats them (its own "arguments",
	// a server's echo) those values, the entry's own secret values and every
	// secret found by its shape. The result is cut to its bound first, so
	// that masking never reads more than is kept.
	secrets := config.SecretArguments(e.Arguments)
	e.Arguments = config.MaskArguments(e.Arguments)
	if len(raw) > h.opts.MaxResultBytes {
		raw, e.Cut = CutJSON(raw, h.opts.MaxResultBytes), true
	}
	if m, ok := r.(interface{ MaskSecrets([]byte) []byte }); ok {
		raw = m.MaskSecrets(raw)
	}
	e.Result = (*config.TextMasker)(nil).Add(secrets...).MaskBytes(raw)
	return h.Append(server, e)
}
