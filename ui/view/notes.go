package view

import (
	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
)

func TemplateNote(hasVars, completes bool) string {
	switch {
	case !hasVars:
		return ""
	case completes:
		return i18n.L("Fill in the variables (* required); the server suggests values as you type.")
	}
	return i18n.L("Fill in the variables (* required), then Read.")
}

func GetNote(hasArgs, completes bool) string {
	switch {
	case !hasArgs:
		return i18n.L("Get asks the server for the prompt's messages (prompts/get).")
	case completes:
		return i18n.L("* required. The server suggests values as you type. Enter gets the prompt.")
	}
	return i18n.L("* required. Enter gets the prompt.")
}

func PromptOutcome(r *mcp.PromptResult) string {
	if r.OK() {
		return i18n.N("Got {{.Count}} messages in {{.Duration}}.", len(r.Result.Messages), map[string]any{"Duration": Duration(r.Duration)})
	}
	return i18n.L("prompts/get failed ({{.Layer}} error).", map[string]any{"Layer": LayerWord(r.Layer)})
}
