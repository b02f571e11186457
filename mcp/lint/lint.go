// Package lint checks what an MCP server offers — its tools, prompts and
// resources as listed — against rules that say whether a model will use the
// tools well and whether every client will accept them. It needs no network
// and no model: each rule is a function of the listed JSON (and of the call
// results seen in a session, for the output rules).
//
//	rep := lint.Run(lint.Surface{Server: "demo", Tools: tools})
//	for _, f := range rep.Findings { fmt.Println(f.Severity, f.Rule, f.Target, f.Message) }
package lint

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
)

// Severity says how much a finding matters.
type Severity string

const (
	// Error: some clients refuse the tool, or it contradicts itself.
	Error Severity = "error"
	// Warning: a model or a client is likely to get it wrong.
	Warning Severity = "warning"
	// Info: worth knowing, often fine.
	Info Severity = "info"
)

func (s Severity) rank() int {
	switch s {
	case Error:
		return 0
	case Warning:
		return 1
	}
	return 2
}

// Kind is what a finding is about.
type Kind string

const (
	KindServer   Kind = "server"
	KindTool     Kind = "tool"
	KindPrompt   Kind = "prompt"
	KindResource Kind = "resource"
)

// A Rule is one check: its id, a title for people, how much it matters,
// and in one line why it matters and how to fix it.
type Rule struct {
	ID string `json:"id"`
	// Title names the rule in a few words for the report's headings; the
	// JSON output has the id and the why, as it always had.
	Title    string   `json:"-"`
	Severity Severity `json:"severity"`
	Group    string   `json:"group"`
	Why      string   `json:"why"`
}

// A Finding is one place a rule fired.
type Finding struct {
	Rule     string   `json:"rule"`
	Severity Severity `json:"severity"`
	Kind     Kind     `json:"kind"`
	// Target is the tool's (prompt's, resource's) name; empty for the server.
	Target string `json:"target,omitempty"`
	// Path locates the problem inside the target, e.g. "inputSchema.properties.path".
	Path string `json:"path,omitempty"`
	// Message says what is wrong, in English (the JSON output's words in
	// every language).
	Message string `json:"message"`
	// Key is Message's template and Args its {{.Fields}} (see MessageKeys):
	// what internal/i18n words in the person's language.
	Key  string `json:"-"`
	Args Args   `json:"-"`
}

// Annotations are a tool's hints; nil means the server did not set it.
type Annotations struct {
	ReadOnlyHint    *bool `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool `json:"openWorldHint,omitempty"`
}

func (a *Annotations) any() bool {
	return a != nil && (a.ReadOnlyHint != nil || a.DestructiveHint != nil || a.IdempotentHint != nil || a.OpenWorldHint != nil)
}

// A Tool is one entry of tools/list.
type Tool struct {
	Name         string          `json:"name"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  *Annotations    `json:"annotations,omitempty"`
	// Raw is the whole entry as sent, for its size; when empty the fields
	// above are marshalled instead.
	Raw json.RawMessage `json:"-"`
}

// ParseTool reads one tools/list entry, keeping its bytes for the cost rules.
func ParseTool(raw json.RawMessage) (Tool, error) {
	var t Tool
	err := json.Unmarshal(raw, &t)
	t.Raw = raw
	return t, err
}

// An Argument is a prompt's argument.
type Argument struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Required    bool   `json:"required,omitempty"`
}

// A Prompt is one entry of prompts/list.
type Prompt struct {
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	Arguments   []Argument `json:"arguments,omitempty"`
}

// A Resource is one entry of resources/list or resources/templates/list.
type Resource struct {
	Name        string `json:"name"`
	URI         string `json:"uri,omitempty"`
	Description string `json:"description,omitempty"`
}

// An Observation is one tools/call result seen in this session.
type Observation struct {
	Tool    string `json:"tool"`
	IsError bool   `json:"isError,omitempty"`
	// StructuredContent is the result's structuredContent; nil when absent.
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
}

// A Surface is what a server offers, as listed, plus what its calls returned.
type Surface struct {
	// Server is the name the server is configured under, for the
	// agent-prefixed name rule (mcp__server__tool).
	Server    string
	Tools     []Tool
	Prompts   []Prompt
	Resources []Resource
	Observed  []Observation
}

// A Report is every finding, worst first, and the cost of the tool list.
type Report struct {
	Server   string    `json:"server,omitempty"`
	Findings []Finding `json:"findings"`
	Cost     Cost      `json:"cost"`
	Counts   Counts    `json:"counts"`
}

// Counts are the findings per severity.
type Counts struct {
	Error   int `json:"error"`
	Warning int `json:"warning"`
	Info    int `json:"info"`
}

// Run applies every rule.
func Run(s Surface) Report {
	rep, _ := RunContext(context.Background(), s)
	return rep
}

// RunContext applies every rule, and stops with ctx's error (and no report)
// soon after ctx is done: a list of thousands of tools takes a while.
func RunContext(ctx context.Context, s Surface) (Report, error) {
	c := checker{ctx: ctx}
	for _, r := range []func(*checker, Surface){checkSchemas, checkDescriptions, checkAnnotations, checkNames, checkOutputs, checkPromptsAndResources} {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		r(&c, s)
		if c.err != nil {
			return Report{}, c.err
		}
	}
	cost := measureCost(s.Tools)
	checkCost(&c, cost)
	slices.SortStableFunc(c.findings, func(a, b Finding) int {
		if d := a.Severity.rank() - b.Severity.rank(); d != 0 {
			return d
		}
		if d := strings.Compare(a.Rule, b.Rule); d != 0 {
			return d
		}
		return strings.Compare(a.Target, b.Target)
	})
	rep := Report{Server: s.Server, Findings: c.findings, Cost: cost}
	if rep.Findings == nil {
		rep.Findings = []Finding{}
	}
	for _, f := range rep.Findings {
		switch f.Severity {
		case Error:
			rep.Counts.Error++
		case Warning:
			rep.Counts.Warning++
		default:
			rep.Counts.Info++
		}
	}
	return rep, nil
}

// ForTarget returns the findings about one tool (prompt, resource).
func (r Report) ForTarget(kind Kind, name string) []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Kind == kind && f.Target == name {
			out = append(out, f)
		}
	}
	return out
}

// ByRule groups the findings by rule id, in the report's order.
func (r Report) ByRule() []RuleFindings {
	var out []RuleFindings
	index := map[string]int{}
	for _, f := range r.Findings {
		i, ok := index[f.Rule]
		if !ok {
			i = len(out)
			index[f.Rule] = i
			rule, _ := Lookup(f.Rule)
			out = append(out, RuleFindings{Rule: rule})
		}
		out[i].Findings = append(out[i].Findings, f)
	}
	return out
}

// RuleFindings are one rule's findings.
type RuleFindings struct {
	Rule     Rule
	Findings []Finding
}

// Failed reports whether strict mode fails: any warning or error.
func (r Report) Failed() bool { return r.Counts.Error+r.Counts.Warning > 0 }

type checker struct {
	ctx      context.Context
	err      error // the rule that stopped early, for ctx
	findings []Finding
}

// add records a finding whose message is the template key with args filled in.
func (c *checker) add(rule string, kind Kind, target, path, key string, args ...Args) {
	r, ok := Lookup(rule)
	if !ok {
		panic("lint: unknown rule " + rule)
	}
	if !knownMessage[key] {
		panic("lint: message not in messageKeys: " + key)
	}
	var a Args
	if len(args) > 0 {
		a = args[0]
	}
	c.findings = append(c.findings, Finding{Rule: rule, Severity: r.Severity, Kind: kind, Target: target, Path: path, Message: fill(key, a), Key: key, Args: a})
}
