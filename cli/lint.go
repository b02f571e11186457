package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"mcpbrowser/internal/lintwords"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/lint"
)

const lintUsage = `Usage: mcpbrowser lint TARGET [--json] [--strict] [--probe]

Checks a server's tools (and prompts and resources) against quality rules:
schema portability, descriptions, annotations, names, output, token cost.
Nothing is fetched, and nothing is called unless --probe asks: then each
tool that says it is read-only (readOnlyHint) and has no required arguments
is called once with none, and its result checked against its outputSchema.
Exit code 1 with --strict when any warning or error is found.
`

func runLint(ctx context.Context, args []string, env Env) error {
	inv := newInvocation("lint")
	fs := newFlagSet("lint", helpT(lintUsage), env)
	connectFlags(fs, inv)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "exit 1 when any warning or error is found")
	probe := fs.Bool("probe", false, "call each tool that says it is read-only and needs no arguments, once, so the output rules have results to judge")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageT("lint takes only a TARGET; unexpected {{.Arg}}", M{"Arg": q(rest[0])})
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	// With no tool list there is nothing honest to report on the tools.
	if err := s.ToolsError(); err != nil {
		var re *mcp.RequestError
		if *asJSON || !errors.As(err, &re) {
			return failed(env, sc.Name, s.Capabilities().Tools, err)
		}
		return &exitError{re.ExitCode(), explainCore(re)}
	}
	sf := lint.SurfaceOf(ctx, s)
	if *probe {
		sf.Observed = probeTools(ctx, s, sf.Tools, inv.timeout)
	}
	rep, err := lint.RunContext(ctx, sf)
	if err != nil { // Ctrl+C or SIGTERM while a long list is checked
		return &exitError{ExitConnection, tr("lint stopped before it finished: interrupted")}
	}
	if *asJSON {
		err = writeJSON(env.Stdout, lintJSON{Report: rep, Rules: firedRules(rep), Probed: probedNames(sf.Observed)})
	} else {
		err = writeLintText(textOut(env.Stdout), rep, probedNames(sf.Observed))
	}
	if err != nil {
		return err
	}
	if *strict && rep.Failed() {
		return &exitError{ExitToolError, tr("{{.Errors}} errors and {{.Warnings}} warnings (--strict)", M{"Errors": rep.Counts.Error, "Warnings": rep.Counts.Warning})}
	}
	return nil
}

// lintJSON is the report with the rules that fired, so a machine reading it
// has the explanations too.
type lintJSON struct {
	lint.Report
	Rules []lint.Rule `json:"rules"`
	// Probed are the tools --probe called.
	Probed []string `json:"probed,omitempty"`
}

func probedNames(obs []lint.Observation) []string {
	var names []string
	for _, o := range obs {
		names = append(names, o.Tool)
	}
	return names
}

func firedRules(rep lint.Report) []lint.Rule {
	rules := []lint.Rule{}
	for _, g := range rep.ByRule() {
		rules = append(rules, g.Rule)
	}
	return rules
}

// writeLintText prints findings grouped by rule, each rule's why once, then
// the cost, in the language of LANG / LC_ALL (the words through
// internal/i18n's lint wording, which the window uses too).
func writeLintText(w io.Writer, rep lint.Report, probed []string) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n", lintwords.Summary(rep))
	if len(probed) > 0 {
		fmt.Fprintf(&b, "%s\n", tr("Called once to check their output: {{.Tools}}", M{"Tools": strings.Join(probed, ", ")}))
	}
	for _, g := range rep.ByRule() {
		head := tr("{{.Severity}} {{.Rule}} ({{.Count}}): {{.Title}}", M{"Severity": strings.ToUpper(lintwords.Severity(g.Rule.Severity)),
			"Rule": g.Rule.ID, "Count": len(g.Findings), "Title": lintwords.Title(g.Rule)})
		fmt.Fprintf(&b, "\n%s\n  %s\n", head, lintwords.Why(g.Rule))
		for _, f := range g.Findings {
			fmt.Fprintf(&b, "  - %s\n", tr("{{.Where}}: {{.Message}}", M{"Where": lintwords.Where(f, true), "Message": lintwords.Message(f)}))
		}
	}
	c := rep.Cost
	fmt.Fprintf(&b, "\n%s\n", tr("{{.Cost}} ({{.Method}})", M{"Cost": lintwords.Cost(c), "Method": lintwords.CostMethod(c)}))
	for _, t := range c.Top {
		fmt.Fprintf(&b, "  %6d  %s\n", t.Tokens, t.Tool)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// probeTools calls, once and without arguments, each tool that declares
// itself read-only and requires nothing, and returns what came back.
func probeTools(ctx context.Context, s *mcp.Session, tools []lint.Tool, timeout time.Duration) []lint.Observation {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	var out []lint.Observation
	for _, t := range tools {
		if t.Annotations == nil || t.Annotations.ReadOnlyHint == nil || !*t.Annotations.ReadOnlyHint || requiresArguments(t.InputSchema) {
			continue
		}
		r := s.CallTool(mcp.WithoutHistory(ctx), t.Name, nil, mcp.CallOptions{Timeout: -1, MaxTotal: timeout}) // probes stay out of History
		if o, ok := lint.ObservationOf(r); ok {
			out = append(out, o)
		}
	}
	return out
}

func requiresArguments(schema json.RawMessage) bool {
	var m struct {
		Required []string `json:"required"`
	}
	return json.Unmarshal(schema, &m) != nil || len(m.Required) > 0
}
