// Package lintwords words the quality report (mcp/lint) in the person's
// language, for the window (ui/quality/lint.go) and the CLI's human output
// (cli/lint.go) alike; the keys are in internal/i18n/translations/lint.*.json.
//
// A finding is not translated by matching its English sentence, as Explain
// does for the core: mcp/lint keeps each message's template and fields
// beside the English (Finding.Key, Finding.Args), so the sentence is worded
// from the same template here, and a new message cannot be missed by a
// pattern (TestMessagesAreInBothLanguages checks every template).
package lintwords

import (
	"maps"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/lint"
)

// Message is what a finding says is wrong.
func Message(f lint.Finding) string {
	if f.Key == "" {
		return f.Message
	}
	args := f.Args
	if p, ok := args["Problem"].(i18n.Keyed); ok {
		// A schema problem, keyed by mcp/schema.
		args = maps.Clone(args)
		args["Problem"] = i18n.FieldProblem(p)
	}
	return i18n.L(f.Key, args)
}

// Why is why a rule matters and how to fix what it found.
func Why(r lint.Rule) string { return i18n.L(r.Why) }

// Severity is a severity's word: error, warning, info.
func Severity(s lint.Severity) string {
	switch s {
	case lint.Error:
		return i18n.X("lint.severity.error", "error")
	case lint.Warning:
		return i18n.X("lint.severity.warning", "warning")
	}
	return i18n.X("lint.severity.info", "info")
}

// Kind is what a finding is about: tool, prompt, resource, server.
func Kind(k lint.Kind) string { return i18n.L(string(k)) }

// Where says where a finding is: "tool add", "tool add (inputSchema)",
// "server".
func Where(f lint.Finding, withPath bool) string {
	d := map[string]any{"Kind": Kind(f.Kind), "Target": f.Target, "Path": f.Path}
	switch {
	case f.Target != "" && withPath && f.Path != "":
		return i18n.L("{{.Kind}} {{.Target}} ({{.Path}})", d)
	case f.Target != "":
		return i18n.L("{{.Kind}} {{.Target}}", d)
	case withPath && f.Path != "":
		return i18n.L("{{.Kind}} ({{.Path}})", d)
	}
	return d["Kind"].(string)
}

// Summary is the report's first line: "demo: 0 errors, 1 warning, 2 notes".
func Summary(rep lint.Report) string {
	return i18n.L("{{.Server}}: {{.Errors}}, {{.Warnings}}, {{.Notes}}", map[string]any{"Server": rep.Server,
		"Errors": i18n.N("{{.Count}} errors", rep.Counts.Error), "Warnings": i18n.N("{{.Count}} warnings", rep.Counts.Warning),
		"Notes": i18n.N("{{.Count}} notes", rep.Counts.Info)})
}

// Title is a rule's name for people (its id stays as typed, like a flag).
func Title(r lint.Rule) string { return i18n.L(r.Title) }

// RuleHeading is a rule's section heading in the window: its title and
// how often it fired.
func RuleHeading(g lint.RuleFindings) string {
	return i18n.L("{{.Title}} ({{.Count}})", map[string]any{"Title": Title(g.Rule), "Count": len(g.Findings)})
}

// Cost is the cost section's heading.
func Cost(c lint.Cost) string {
	return i18n.N("Cost: about {{.Tokens}} tokens for {{.Count}} tools", len(c.Tools), map[string]any{"Tokens": c.Total})
}

// CostMethod says how the cost is estimated (lint.CostMethod, whose
// English is its key).
func CostMethod(c lint.Cost) string { return i18n.L(c.Method) }
