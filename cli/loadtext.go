package cli

import (
	"fmt"
	"strings"
	"time"

	"mcpbrowser/mcp/load"
)

// The keys of each layer's words: its count (the Load tab's words) and its
// first error.
var (
	loadLayerCounts = map[load.Layer]string{load.Transport: "{{.N}} transport", load.JSONRPC: "{{.N}} jsonrpc",
		load.Tool: "{{.N}} tool", load.Cancelled: "{{.N}} cancelled"}
	loadFirstErrors = map[load.Layer]string{load.Transport: "first transport error: {{.Message}}", load.JSONRPC: "first jsonrpc error: {{.Message}}",
		load.Tool: "first tool error: {{.Message}}", load.Cancelled: "first cancelled error: {{.Message}}"}
)

// loadText is `mcpbrowser load`'s summary for people in the language of
// LANG (load.Summary.Text's lines, in English word for word); --json stays
// as it is.
func loadText(server, tool string, sessions int, s load.Summary) string {
	ms := func(d time.Duration) string {
		return tr("{{.N}} ms", M{"N": fmt.Sprintf("%.2f", float64(d.Microseconds())/1000)})
	}
	var b strings.Builder
	b.WriteString(tr("{{.Server}} {{.Tool}}, {{.Sessions}} session(s)", M{"Server": server, "Tool": tool, "Sessions": sessions}) + "\n")
	b.WriteString(tr("{{.Calls}} calls in {{.Wall}} at concurrency {{.Concurrency}}: {{.Rate}} calls/s", M{
		"Calls": s.Calls, "Wall": s.Wall.Round(time.Millisecond).String(), "Concurrency": s.Concurrency, "Rate": fmt.Sprintf("%.0f", s.CallsPerSecond)}) + "\n")
	b.WriteString(tr("latency: p50 {{.P50}}, p90 {{.P90}}, p99 {{.P99}}, max {{.Max}} (min {{.Min}}, mean {{.Mean}})", M{
		"P50": ms(s.P50), "P90": ms(s.P90), "P99": ms(s.P99), "Max": ms(s.Max), "Min": ms(s.Min), "Mean": ms(s.Mean)}) + "\n")
	layers := []load.Layer{load.Transport, load.JSONRPC, load.Tool, load.Cancelled}
	if s.Failed() == 0 {
		b.WriteString(tr("errors: none") + "\n")
	} else {
		line := tr("errors: {{.N}}", M{"N": s.Failed()})
		for _, l := range layers {
			if n := s.Errors[l]; n > 0 {
				line += tr(", ") + tr(loadLayerCounts[l], M{"N": n})
			}
		}
		b.WriteString(line + "\n")
		for _, l := range layers {
			if m := s.ErrorMessages[l]; m != "" {
				b.WriteString("  " + tr(loadFirstErrors[l], M{"Message": explainCore(s.ErrorWords(l))}) + "\n")
			}
		}
	}
	if s.PeakRSS > 0 {
		b.WriteString(tr("server peak memory (RSS): {{.MB}} MB", M{"MB": fmt.Sprintf("%.1f", float64(s.PeakRSS)/(1<<20))}) + "\n")
	}
	return b.String()
}
