package i18n

import (
	"maps"

	"fyne.io/fyne/v2/lang"

	"mcpbrowser/mcp/lint"
)

// The quality report (mcp/lint) in the person's language, for the window
// (ui/lintreport.go) and the CLI's human output (cli/lint.go) alike; the
// keys are in translations/lintzh.*.json (a rule's why, whose English is its
// key, in i18nw.*.json).
//
// A finding is not translated by matching its English sentence, as Explain
// does for the core: mcp/lint keeps each message's template and fields
// beside the English (Finding.Key, Finding.Args), so the sentence is worded
// from the same template here, and a new message cannot be missed by a
// pattern (TestLintMessagesAreInBothLanguages checks every template).

// LintMessage is what a finding says is wrong.
func LintMessage(f lint.Finding) string {
	if f.Key == "" {
		return f.Message
	}
	args := f.Args
	if p, ok := args["Problem"].(string); ok {
		// A schema problem, worded by mcp/schema in English.
		args = maps.Clone(args)
		args["Problem"] = FieldProblem(p)
	}
	return lang.L(f.Key, args)
}

// LintWhy is why a rule matters and how to fix what it found.
func LintWhy(r lint.Rule) string { return lang.L(r.Why) }

// LintSeverity is a severity's word: error, warning, info.
func LintSeverity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return lang.X("lint.severity.error", "error")
	case lint.Warning:
		return lang.X("lint.severity.warning", "warning")
	}
	return lang.X("lint.severity.info", "info")
}

// LintKind is what a finding is about: tool, prompt, resource, server.
func LintKind(k lint.Kind) string { return lang.L(string(k)) }

// LintWhere says where a finding is: "tool add", "tool add (inputSchema)",
// "server".
func LintWhere(f lint.Finding, withPath bool) string {
	d := map[string]any{"Kind": LintKind(f.Kind), "Target": f.Target, "Path": f.Path}
	switch {
	case f.Target != "" && withPath && f.Path != "":
		return lang.L("{{.Kind}} {{.Target}} ({{.Path}})", d)
	case f.Target != "":
		return lang.L("{{.Kind}} {{.Target}}", d)
	case withPath && f.Path != "":
		return lang.L("{{.Kind}} ({{.Path}})", d)
	}
	return d["Kind"].(string)
}

// LintSummary is the report's first line: "demo: 0 errors, 1 warning, 2 notes".
func LintSummary(rep lint.Report) string {
	return lang.L("{{.Server}}: {{.Errors}}, {{.Warnings}}, {{.Notes}}", map[string]any{"Server": rep.Server,
		"Errors": N("{{.Count}} errors", rep.Counts.Error), "Warnings": N("{{.Count}} warnings", rep.Counts.Warning),
		"Notes": N("{{.Count}} notes", rep.Counts.Info)})
}

// LintTitle is a rule's name for people (its id stays as typed, like a flag).
func LintTitle(r lint.Rule) string { return lang.L(r.Title) }

// LintRuleHeading is a rule's section heading in the window: its title and
// how often it fired.
func LintRuleHeading(g lint.RuleFindings) string {
	return lang.L("{{.Title}} ({{.Count}})", map[string]any{"Title": LintTitle(g.Rule), "Count": len(g.Findings)})
}

// LintCost is the cost section's heading.
func LintCost(c lint.Cost) string {
	return N("Cost: about {{.Tokens}} tokens for {{.Count}} tools", len(c.Tools), map[string]any{"Tokens": c.Total})
}

// LintCostMethod says how the cost is estimated (lint.CostMethod, whose
// English is its key).
func LintCostMethod(c lint.Cost) string { return lang.L(c.Method) }
