package view

//lint:file-ignore SA1019 SEP-2577 deprecates sampling from protocol 2026-07-28; servers of earlier versions use it, and the app supports those

import (
	"encoding/json"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
)

// DescribeRequest says in a few words who asks for what.
func DescribeRequest(r *mcp.PendingRequest) string {
	switch {
	case r.Kind == mcp.RequestSampling:
		return i18n.L("{{.Server}} asks for a model reply", map[string]any{"Server": r.Server})
	case r.IsURL():
		return i18n.L("{{.Server}} asks you to open a link", map[string]any{"Server": r.Server})
	}
	return i18n.L("{{.Server}} asks you for information", map[string]any{"Server": r.Server})
}

// SamplingDetails lists the request's limits and preferences, one per line.
func SamplingDetails(sp *sdk.CreateMessageParams) string {
	lines := []string{i18n.L("Max tokens: {{.N}}", map[string]any{"N": sp.MaxTokens})}
	if sp.Temperature != 0 {
		lines = append(lines, i18n.L("Temperature: {{.T}}", map[string]any{"T": strconv.FormatFloat(sp.Temperature, 'g', -1, 64)}))
	}
	if len(sp.StopSequences) > 0 {
		lines = append(lines, i18n.L("Stop sequences: {{.List}}", map[string]any{"List": QuoteAll(sp.StopSequences)}))
	}
	if sp.IncludeContext != "" {
		lines = append(lines, i18n.L("Include context: {{.Value}}", map[string]any{"Value": sp.IncludeContext}))
	}
	if mp := sp.ModelPreferences; mp != nil {
		var hints []string
		for _, h := range mp.Hints {
			if h != nil {
				hints = append(hints, h.Name)
			}
		}
		prefs := []string{}
		if len(hints) > 0 {
			prefs = append(prefs, "hints "+QuoteAll(hints))
		}
		for _, pr := range []struct {
			name string
			v    float64
		}{{"cost", mp.CostPriority}, {"speed", mp.SpeedPriority}, {"intelligence", mp.IntelligencePriority}} {
			if pr.v != 0 {
				prefs = append(prefs, pr.name+" "+strconv.FormatFloat(pr.v, 'g', -1, 64))
			}
		}
		if len(prefs) > 0 {
			lines = append(lines, i18n.L("Model preferences: {{.List}}", map[string]any{"List": strings.Join(prefs, ", ")}))
		}
	} else {
		lines = append(lines, i18n.L("Model preferences: none"))
	}
	if sp.Metadata != nil {
		if b, err := json.Marshal(sp.Metadata); err == nil {
			lines = append(lines, "Metadata: "+string(b))
		}
	}
	return strings.Join(lines, "\n")
}

func QuoteAll(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}
