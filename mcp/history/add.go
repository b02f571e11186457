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
	HistoryEntry() (server string, e HistoryEntry)
}

// AddCall records a tools/call.
func (h *History) AddCall(r Record) error { return h.add(r) }

// AddRead records a resources/read.
func (h *History) AddRead(r Record) error { return h.add(r) }

// AddPrompt records a prompts/get.
func (h *History) AddPrompt(r Record) error { return h.add(r) }

func (h *History) add(r Record) error {
	server, e := r.HistoryEntry()
	raw, err := r.MarshalJSON()
	if err != nil {
		return fmt.Errorf("recording %s %q in history: %w", e.Kind, e.Name, err)
	}
	// No secret is kept: secret-named arguments, and the entry's own secret
	// values wherever the result repeats them.
	e.Arguments = config.MaskArguments(e.Arguments)
	if m, ok := r.(interface{ MaskSecrets([]byte) []byte }); ok {
		raw = m.MaskSecrets(raw)
	}
	e.Result = raw
	return h.Append(server, e)
}
