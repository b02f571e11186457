package checks

import (
	"bytes"
	"encoding/json"
	"sort"
	"strings"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"

	"mcpbrowser/mcp/say"
)

// Recorded turns a call into a snapshot check: the same call, expecting the
// same outcome and the same result again. A check file is made for git and
// CI, so no secret is written: the arguments' secrets (by name and shape)
// are masked, and so is the snapshot wherever the server repeats them, the
// entry's own secrets or any secret found by its shape (r.MaskSecrets). A
// recorded call with secret arguments replays with the masked values; put
// the real ones back by hand where the check needs them.
func Recorded(server string, r *mcp.CallResult) Check {
	args := config.MaskArguments(r.Arguments)
	c := Check{Name: r.Tool, Server: server, Tool: r.Tool, Arguments: argumentsOf(args), ArgumentsJSON: args}
	c.Expect = snapshotExpect(ObserveCall(r, nil), r.MaskSecrets)
	return c
}

// RecordedRead turns a resources/read into a snapshot check.
func RecordedRead(server string, r *mcp.ReadResult) Check {
	c := Check{Name: "read " + r.URI, Server: server, Read: r.URI}
	c.Expect = snapshotExpect(ObserveRead(r), (*config.TextMasker)(nil).MaskBytes)
	return c
}

// RecordedPrompt turns a prompts/get into a snapshot check.
func RecordedPrompt(server string, r *mcp.PromptResult) Check {
	c := Check{Name: "prompt " + r.Prompt, Server: server, Prompt: r.Prompt}
	var secrets []string
	if len(r.Arguments) > 0 {
		c.PromptArguments = map[string]string{}
		for k, v := range r.Arguments {
			if c.PromptArguments[k] = config.MaskValue(k, v); config.IsSecretName(k) {
				secrets = append(secrets, v)
			}
		}
	}
	c.Expect = snapshotExpect(ObservePrompt(r), (*config.TextMasker)(nil).Add(secrets...).MaskBytes)
	return c
}

// snapshotExpect expects the outcome and the result observed, the result
// with its secrets masked (mask works on its JSON).
func snapshotExpect(o Observed, mask func([]byte) []byte) Expect {
	e := Expect{Outcome: o.Outcome}
	if o.Outcome == OutcomeRPCError {
		code := o.Code
		e.Code = &code
	}
	if o.Result != nil {
		v := o.Result
		if b, err := json.Marshal(v); err == nil {
			if m := mask(b); !bytes.Equal(m, b) {
				var back any
				if json.Unmarshal(m, &back) == nil {
					v = back
				}
			}
		}
		e.Snapshot = &v
	}
	return e
}

func argumentsOf(raw json.RawMessage) map[string]any {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil || len(m) == 0 {
		return nil
	}
	return m
}

// Suggest proposes a check for a result a person just saw, for "Save as
// check": the outcome, the text (or the JSON values it holds), the output
// schema when the tool has one, and a generous time bound.
func Suggest(name, server string, r *mcp.CallResult, outputSchema json.RawMessage) Check {
	o := ObserveCall(r, outputSchema)
	c := Check{Name: name, Server: server, Tool: r.Tool, Arguments: argumentsOf(r.Arguments)}
	c.Expect.Outcome = o.Outcome
	if o.Outcome == OutcomeRPCError {
		code := o.Code
		c.Expect.Code = &code
	}
	if m, ok := o.Structured.(map[string]any); ok && len(m) > 0 && len(m) <= 8 {
		for _, k := range sortedKeys(m) {
			v := m[k]
			switch v.(type) {
			case map[string]any, []any:
				yes := true
				c.Expect.JSON = append(c.Expect.JSON, PathExpect{Path: k, Exists: &yes})
			default:
				c.Expect.JSON = append(c.Expect.JSON, PathExpect{Path: k, Equals: &v})
			}
		}
	} else if t := o.Text; t != "" {
		if len(t) <= 200 && !strings.Contains(t, "\n") {
			c.Expect.Text = &TextExpect{Equals: &t}
		} else {
			first, _, _ := strings.Cut(t, "\n")
			if len(first) > 80 {
				first = first[:80]
			}
			c.Expect.Text = &TextExpect{Contains: first}
		}
	}
	if o.Outcome == OutcomeSuccess && len(outputSchema) > 0 && string(outputSchema) != "null" {
		c.Expect.OutputSchema = true
	}
	ms := r.Duration.Milliseconds()*10 + 1000
	c.Expect.MaxMS = int(min(ms, 60_000))
	return c
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// MarshalCheck writes one check as YAML, for a person to edit.
func MarshalCheck(c Check) (string, error) {
	f := File{Checks: []Check{c}}
	b, err := f.Marshal()
	if err != nil {
		return "", err
	}
	// Written as a list item under "checks:", indented by two; a person edits it unindented.
	lines := strings.Split(strings.TrimPrefix(string(b), "checks:\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimPrefix(l, "  ")
	}
	return strings.Join(lines, "\n"), nil
}

// ParseCheck reads one check written by MarshalCheck (and edited).
func ParseCheck(text string) (Check, error) {
	f, err := Parse([]byte("checks:\n" + text))
	if err != nil {
		return Check{}, err
	}
	if len(f.Checks) != 1 {
		return Check{}, say.Error("expected one check, found {{.N}}", say.Args{"N": len(f.Checks)})
	}
	return f.Checks[0], nil
}
