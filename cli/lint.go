package cli

import (
	"context"
	"fmt"
	"io"
	"strings"

	"mcpbrowser/mcp/lint"
)

const lintUsage = `Usage: mcpbrowser lint TARGET [--json] [--strict]

Checks a server's tools (and prompts and resources) against quality rules:
schema portability, descriptions, annotations, names, output, token cost.
Nothing is called and nothing is fetched. Exit code 1 with --strict when
any warning or error is found.

Flags:
`

func runLint(ctx context.Context, args []string, env Env) error {
	inv := &invocation{command: "lint", headers: map[string]string{}}
	fs := newFlagSet("lint", lintUsage, env)
	targetFlags(fs, inv)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	strict := fs.Bool("strict", false, "exit 1 when any warning or error is found")
	if err := parseInterleaved(fs, args, inv); err != nil {
		return err
	}
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErr("lint takes only a TARGET; unexpected %q", rest[0])
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	rep := lint.Run(s.LintSurface(ctx))
	if *asJSON {
		err = writeJSON(env.Stdout, lintJSON{Report: rep, Rules: firedRules(rep)})
	} else {
		err = writeLintText(env.Stdout, rep)
	}
	if err != nil {
		return err
	}
	if *strict && rep.Failed() {
		return &exitError{ExitToolError, fmt.Sprintf("%d errors and %d warnings (--strict)", rep.Counts.Error, rep.Counts.Warning)}
	}
	return nil
}

// lintJSON is the report with the rules that fired, so a machine reading it
// has the explanations too.
type lintJSON struct {
	lint.Report
	Rules []lint.Rule `json:"rules"`
}

func firedRules(rep lint.Report) []lint.Rule {
	rules := []lint.Rule{}
	for _, g := range rep.ByRule() {
		rules = append(rules, g.Rule)
	}
	return rules
}

// writeLintText prints findings grouped by rule, each rule's why once, then
// the cost.
func writeLintText(w io.Writer, rep lint.Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d errors, %d warnings, %d notes\n", rep.Server, rep.Counts.Error, rep.Counts.Warning, rep.Counts.Info)
	for _, g := range rep.ByRule() {
		fmt.Fprintf(&b, "\n%s %s (%d)\n  %s\n", strings.ToUpper(string(g.Rule.Severity)), g.Rule.ID, len(g.Findings), g.Rule.Why)
		for _, f := range g.Findings {
			where := string(f.Kind)
			if f.Target != "" {
				where += " " + f.Target
			}
			if f.Path != "" {
				where += " (" + f.Path + ")"
			}
			fmt.Fprintf(&b, "  - %s: %s\n", where, f.Message)
		}
	}
	c := rep.Cost
	fmt.Fprintf(&b, "\nCost: about %d tokens for %d tools (%s)\n", c.Total, len(c.Tools), c.Method)
	for _, t := range c.Top {
		fmt.Fprintf(&b, "  %6d  %s\n", t.Tokens, t.Tool)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
