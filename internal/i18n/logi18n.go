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
	// Sign-in steps (mcp/signin.go; the steps of mcp/oauth).
	rule(`sign-in: (?P<Step>.*)`, "sign-in: {{.Step}}", "Step"),
	rule(`Discovering the authorization server…`, "Discovering the authorization server…"),
	rule(`Authorization server: (?P<Issuer>.*)`, "Authorization server: {{.Issuer}}"),
	rule(`Using the pre-registered client ID (?P<ID>.*)\.`, "Using the pre-registered client ID {{.ID}}."),
	rule(`Identifying MCP Browser by its client metadata document (?P<URL>\S+)\.`,
		"Identifying MCP Browser by its client metadata document {{.URL}}."),
	rule(`Registering MCP Browser with the authorization server…`, "Registering MCP Browser with the authorization server…"),
	rule(`Opening the browser to sign in at (?P<Host>\S+)…`, "Opening the browser to sign in at {{.Host}}…"),
	rule(`Could not open a browser \((?P<Err>.*)\)\. To sign in, open this address yourself: (?P<URL>\S+)`,
		"Could not open a browser ({{.Err}}). To sign in, open this address yourself: {{.URL}}"),
	rule(`Waiting for you to sign in in the browser…`, "Waiting for you to sign in in the browser…"),
	rule(`Signed in in the browser; getting a token…`, "Signed in in the browser; getting a token…"),
	rule(`Signed in to (?P<URL>\S+) as (?P<Who>.+)\.`, "Signed in to {{.URL}} as {{.Who}}."),
	rule(`Signed in to (?P<URL>\S+)\.`, "Signed in to {{.URL}}."),
	rule(`Sign-in to (?P<URL>\S+) failed\.`, "Sign-in to {{.URL}} failed."),
	rule(`The server needs more permission \(scope (?P<Scope>".*")\); signing in again…`,
		"The server needs more permission (scope {{.Scope}}); signing in again…"),
	rule(`Binding the token to a key of this app's \(DPoP\)\.`, "Binding the token to a key of this app's (DPoP)."),
	rule(`Signed in, but the token could not be saved for next time: (?P<Err>.*)`,
		"Signed in, but the token could not be saved for next time: {{.Err}}"),
	rule(`Ignoring the saved sign-in: (?P<Err>.*)`, "Ignoring the saved sign-in: {{.Err}}"),
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
