package view

import (
	"fmt"
	"strings"
	"time"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// The window's wording built at run time — counts, durations, status
// lines — in the language i18n.Setup chose. Each text is one translation
// key with {{.Fields}}; translated pieces are never joined by hand.

// Duration is a call's running time as the window shows it: 850 µs,
// 45 ms, 1.5 s, 2 min 3 s.
func Duration(d time.Duration) string {
	switch {
	case d <= 0:
		return ""
	case d < time.Millisecond:
		return i18n.L("{{.N}} µs", map[string]any{"N": d.Microseconds()})
	case d < 10*time.Millisecond:
		return i18n.L("{{.N}} ms", map[string]any{"N": fmt.Sprintf("%.1f", float64(d.Microseconds())/1000)})
	case d < time.Second:
		return i18n.L("{{.N}} ms", map[string]any{"N": d.Milliseconds()})
	case d < time.Minute:
		return i18n.L("{{.N}} s", map[string]any{"N": fmt.Sprintf("%.1f", d.Seconds())})
	}
	d = d.Round(time.Second)
	return i18n.L("{{.Min}} min {{.S}} s", map[string]any{"Min": int(d.Minutes()), "S": int(d.Seconds()) % 60})
}

// ServerDetail is a server row's second line: its transport, then its tool
// count or what keeps it from running.
func ServerDetail(transport string, state mcp.State, tools int, disabled, unstartable, waiting bool) string {
	if transport == "" {
		transport = i18n.L("unknown transport")
	}
	data := map[string]any{"Transport": transport}
	switch {
	case disabled:
		return i18n.L("{{.Transport}} · disabled", data)
	case state == mcp.StateReady:
		return i18n.N("{{.Transport}} · {{.Count}} tools", tools, data)
	case state == mcp.StateStopped && unstartable:
		return i18n.L("{{.Transport}} · not startable", data)
	case waiting:
		return i18n.L("{{.Transport}} · waiting for you", data)
	}
	data["State"] = StateWord(state)
	return i18n.L("{{.Transport}} · {{.State}}", data)
}

// StateWord is a session state in words.
func StateWord(s mcp.State) string {
	switch s {
	case mcp.StateStopped:
		return i18n.L("stopped")
	case mcp.StateStarting:
		return i18n.L("starting")
	case mcp.StateReady:
		return i18n.L("ready")
	case mcp.StateFailed:
		return i18n.L("failed")
	case mcp.StateExited:
		return i18n.L("exited")
	}
	return s.String()
}

// CapabilitiesLine is the line above the tabs in words a person who never
// read the protocol follows: the MCP version and how it came about, what the
// server offers and what it does not. The exact terms (fell back, declared,
// listChanged …) are CapabilitiesDetail's, one click away.
func CapabilitiesLine(c mcp.Capabilities, era mcp.Era) string {
	if !c.Known {
		return i18n.L("not connected: capabilities unknown")
	}
	have, missing := c.Lists()
	for i := range have {
		have[i] = featureWord(have[i])
	}
	for i := range missing {
		missing[i] = featureWord(missing[i])
	}
	offers := i18n.L("Offers {{.Have}}", map[string]any{"Have": strings.Join(have, ", ")})
	switch {
	case len(have) == 0:
		offers = i18n.L("Offers none of these: {{.Missing}}", map[string]any{"Missing": strings.Join(missing, ", ")})
	case len(missing) > 0:
		offers = i18n.L("{{.Offers}}; not {{.Missing}}", map[string]any{"Offers": offers, "Missing": strings.Join(missing, ", ")})
	}
	if era.Version == "" {
		return i18n.L("{{.Offers}}.", map[string]any{"Offers": offers})
	}
	return i18n.L("MCP version {{.Era}}. {{.Offers}}.", map[string]any{"Era": eraPlainWords(era), "Offers": offers})
}

// eraPlainWords is the version and how it came about, in plain words.
func eraPlainWords(e mcp.Era) string {
	data := map[string]any{"Version": e.Version}
	switch e.How {
	case mcp.EraPinned:
		return i18n.L("{{.Version}}, as set in the server's entry", data)
	case mcp.EraDiscovered:
		return i18n.L("{{.Version}}, the newest the server speaks", data)
	case mcp.EraRemembered:
		return i18n.L("{{.Version}}, as last time", data)
	case mcp.EraFellBack:
		return i18n.L("{{.Version}}, an older one, since the server did not take the newest", data)
	}
	return e.Version
}

// featureWord is a capability's feature in words, without the protocol's
// sub-capability keys.
func featureWord(s string) string {
	name, _, _ := strings.Cut(s, " (")
	return capabilityWords(name)
}

// CapabilitiesDetail is the same line in the protocol's exact terms: the
// version and how it was chosen (with why it fell back), what the server
// declared and what it did not, sub-capabilities included.
func CapabilitiesDetail(c mcp.Capabilities, era mcp.Era) string {
	if !c.Known {
		return i18n.L("not connected: capabilities unknown")
	}
	have, missing := c.Lists()
	for i := range have {
		have[i] = capabilityWords(have[i])
	}
	for i := range missing {
		missing[i] = capabilityWords(missing[i])
	}
	declared := i18n.L("Declared: {{.Have}}", map[string]any{"Have": strings.Join(have, ", ")})
	if len(have) == 0 {
		declared = i18n.L("Nothing declared")
	}
	if len(missing) > 0 {
		declared = i18n.L("{{.Declared}}; not declared: {{.Missing}}", map[string]any{"Declared": declared, "Missing": strings.Join(missing, ", ")})
	}
	if era.Version == "" {
		return declared
	}
	return i18n.L("Protocol {{.Era}}. {{.Declared}}", map[string]any{"Era": EraWords(era), "Declared": declared})
}

// capabilityWords translates a capability's name ("tools", the feature)
// and keeps its sub-capabilities ("(listChanged)"), the protocol's keys.
func capabilityWords(s string) string {
	name, subs, _ := strings.Cut(s, " (")
	var word string
	switch name {
	case "tools":
		word = i18n.L("tools")
	case "resources":
		word = i18n.L("resources")
	case "prompts":
		word = i18n.L("prompts")
	case "completions":
		word = i18n.L("completions")
	case "logging":
		word = i18n.L("logging")
	default:
		word = name
	}
	if subs == "" {
		return word
	}
	return word + " (" + subs
}

// EraWords is the protocol version and how it was chosen:
// "2025-11-25 (fell back: …)".
func EraWords(e mcp.Era) string {
	data := map[string]any{"Version": e.Version, "Why": i18n.LogLine(e.WhyWords())}
	switch e.How {
	case mcp.EraPinned:
		return i18n.L("{{.Version}} (pinned)", data)
	case mcp.EraDiscovered:
		return i18n.L("{{.Version}} (discovered)", data)
	case mcp.EraRemembered:
		return i18n.L("{{.Version}} (remembered)", data)
	case mcp.EraFellBack:
		if e.Why != "" {
			return i18n.L("{{.Version}} (fell back: {{.Why}})", data)
		}
		return i18n.L("{{.Version}} (fell back)", data)
	}
	return e.Version
}

// PresetText is the line under a preset choice: what it does, what it runs
// and what must be installed for it. The preset's words are the app's own
// (mcp/config) and translated here; the command is shown as it runs.
func PresetText(p config.Preset) string {
	data := map[string]any{"Description": i18n.L(p.Description), "Command": p.CommandPreview(), "Needs": p.Needs}
	if p.Needs != "" {
		return i18n.L("{{.Description}}\nRuns: {{.Command}}\nNeeds {{.Needs}} installed.", data)
	}
	return i18n.L("{{.Description}}\nRuns: {{.Command}}", data)
}
