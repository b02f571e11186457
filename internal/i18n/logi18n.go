package i18n

// The app's own lines in a server's log (source "app": started, connected,
// call markers, stop, era and sign-in steps). The core writes most of them
// by key (transport.ServerLog.Say: start, stop, call markers, tool-list
// failures), which LogLine translates by that key. The lines still written
// as English text are matched by the table below, as Explain does for the
// core; their keys are in translations/logs.*.json. What the server itself
// printed never goes through here.

// logRules: the lines still written as text, the most specific first.
var logRules = []coreRule{
	// Connected (mcp/session.go describeInit, with the era of mcp/era.go).
	rule(`connected`, "connected"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+) \(pinned\)`,
		"connected to {{.Name}}, protocol {{.Version}} (pinned)"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+) \(discovered\)`,
		"connected to {{.Name}}, protocol {{.Version}} (discovered)"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+) \(remembered\)`,
		"connected to {{.Name}}, protocol {{.Version}} (remembered)"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+) \(discovered: (?P<Why>.*)\)`,
		"connected to {{.Name}}, protocol {{.Version}} (discovered: {{.Why}})", "Why"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+) \(fell back: (?P<Why>.*)\)`,
		"connected to {{.Name}}, protocol {{.Version}} (fell back: {{.Why}})", "Why"),
	rule(`connected to (?P<Name>.+), protocol (?P<Version>\S+)`, "connected to {{.Name}}, protocol {{.Version}}"),
	// Protocol eras (mcp/eraconnect.go, mcp/era.go).
	rule(`(?P<Why>.+); starting the server again and asking initialize`,
		"{{.Why}}; starting the server again and asking initialize", "Why"),
	rule(`server/discover offered no version this app speaks`, "server/discover offered no version this app speaks"),
	rule(`the server exited when asked server/discover`, "the server exited when asked server/discover"),
	rule(`no answer to server/discover within (?P<Wait>\S+)`, "no answer to server/discover within {{.Wait}}"),
	rule(`server/discover failed`, "server/discover failed"),
	rule(`server/discover: (?P<Err>.*)`, "server/discover: {{.Err}}", "Err"),
	rule(`answered late`, "answered late"),
}

// LogLine translates one of the app's own log lines into the language Setup
// chose: a line the core wrote by key (transport.LogEntry.Said) by its key;
// a line written as text by the table above, then by the core's
// explanations (an exit, with the server's last stderr lines kept as they
// came). A line it does not know comes back unchanged.
func LogLine(line any) string {
	s, ok := line.(string)
	if !ok {
		return Explain(line)
	}
	if out, ok := applyRules(logRules, s, logPart); ok {
		return out
	}
	return explainText(s)
}

// logPart translates a part of a log line: a note of the log's own, or one
// of the core's sentences.
func logPart(s string) string {
	if out, ok := applyRules(logRules, s, logPart); ok {
		return out
	}
	return explainSentence(s)
}
