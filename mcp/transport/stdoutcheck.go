package transport

import (
	"bytes"
	"encoding/json"
)

// The SDK ends the whole session when it cannot decode a line of stdout as a
// JSON-RPC message, and takes a reply without result or error for an empty
// answer to whatever call has its id. So the stdout filter passes on only the
// messages the SDK can take, and logs every other line as noise, saying why.

// A presence records only that a field was there (its value is skipped).
type presence bool

func (p *presence) UnmarshalJSON([]byte) error { *p = true; return nil }

// problem says what makes a decoded envelope a message the SDK cannot take,
// or "" when it is fine.
func (env *envelope) problem() string {
	if !validID(env.ID) {
		return "id must be a string or a number"
	}
	if env.Method != "" {
		return ""
	}
	return replyProblem(len(env.ID) > 0 && string(env.ID) != "null", bool(env.Result), env.Error != nil)
}

func replyProblem(hasID, hasResult, hasError bool) string {
	switch {
	case !hasID:
		return "a reply without an id"
	case !hasResult && !hasError:
		return "a reply with neither result nor error"
	case hasResult && hasError:
		return "a reply with both result and error"
	}
	return ""
}

func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return true
	}
	switch c := id[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9':
		return true
	}
	return string(id) == "null"
}

// messageProblem looks at a JSON-RPC-shaped object the fast path refused and
// says, in plain words, what is wrong with it. It is the slow path: it runs
// only for lines that are not passed on.
func messageProblem(line []byte) string {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		return "not valid JSON"
	}
	var s string
	if m, ok := fields["method"]; ok && json.Unmarshal(m, &s) != nil {
		return "method must be a string"
	}
	if !validID(fields["id"]) {
		return "id must be a string or a number"
	}
	if e, ok := fields["error"]; ok && string(e) != "null" {
		var we struct {
			Code    int64           `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		}
		if bytes.TrimSpace(e)[0] != '{' || json.Unmarshal(e, &we) != nil {
			return "error must be an object with a code and a message"
		}
	}
	if _, ok := fields["method"]; !ok {
		id, hasID := fields["id"]
		_, hasResult := fields["result"]
		e, hasError := fields["error"]
		if p := replyProblem(hasID && string(id) != "null", hasResult, hasError && string(e) != "null"); p != "" {
			return p
		}
	}
	return "the message cannot be read"
}

// batchProblem says what is wrong with a batch, or "" when each of its
// messages is fine.
func batchProblem(line []byte) string {
	var batch []json.RawMessage
	if err := json.Unmarshal(line, &batch); err != nil {
		return "not valid JSON"
	}
	if len(batch) == 0 {
		return "an empty batch"
	}
	for _, m := range batch {
		var env envelope
		t := bytes.TrimSpace(m)
		if len(t) == 0 || t[0] != '{' {
			return "a batch member that is not an object"
		}
		if decodeEnvelope(t, &env) != nil {
			return messageProblem(t)
		}
		if p := env.problem(); p != "" {
			return p
		}
	}
	return ""
}
