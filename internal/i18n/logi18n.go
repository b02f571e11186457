package i18n

// The app's own lines in a server's log (source "app": started, connected,
// call markers, stop, era and sign-in steps) are written by the core in
// English. LogLine translates them when they are shown, by the same kind of
// table as Explain; their keys are in translations/logs.*.json. What the
// server itself printed never goes through here.

// logRules: the most specific first.
var logRules = []coreRule{
	// Starting and stopping a stdio server (mcp/transport/stdio.go).
	rule(`started (?P<Command>.+) \(pid (?P<Pid>\d+)\)`, "started {{.Command}} (pid {{.Pid}})"),
	rule(`found (?P<Command>.+) through the login shell's PATH`, "found {{.Command}} through the login shell's PATH"),
	rule(`stopped`, "stopped"),
	rule(`the server did not exit when its input closed; sending it SIGTERM`,
		"the server did not exit when its input closed; sending it SIGTERM"),
	rule(`the server ignored SIGTERM; killing it`, "the server ignored SIGTERM; killing it"),
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
	rule(`the server did not connect with protocol (?P<Version>\S+) as it did last time; asking it afresh`,
		"the server did not connect with protocol {{.Version}} as it did last time; asking it afresh"),
	rule(`the server answered server/discover late; connecting again with protocol (?P<Version>\S+)`,
		"the server answered server/discover late; connecting again with protocol {{.Version}}"),
	rule(`(?P<Why>.+); starting the server again and asking initialize`,
		"{{.Why}}; starting the server again and asking initialize", "Why"),
	rule(`could not remember the server's protocol version: (?P<Err>.*)`,
		"could not remember the server's protocol version: {{.Err}}"),
	rule(`server/discover offered no version this app speaks`, "server/discover offered no version this app speaks"),
	rule(`the server exited when asked server/discover`, "the server exited when asked server/discover"),
	rule(`no answer to server/discover within (?P<Wait>\S+)`, "no answer to server/discover within {{.Wait}}"),
	rule(`server/discover failed`, "server/discover failed"),
	rule(`server/discover: (?P<Err>.*)`, "server/discover: {{.Err}}", "Err"),
	rule(`answered late`, "answered late"),
	// Calls and requests (mcp/calls.go, mcp/features.go, mcp/tasks.go).
	rule(`call #(?P<ID>\d+) (?P<Name>.+) started as a task`, "call #{{.ID}} {{.Name}} started as a task"),
	rule(`call #(?P<ID>\d+) (?P<Name>.+) started`, "call #{{.ID}} {{.Name}} started"),
	rule(`call #(?P<ID>\d+) (?P<Name>.+) ended after (?P<Took>\S+(?: \(not counting \S+ waiting for your answer\))?): (?P<Outcome>[^:]+)`,
		"call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}", "Took", "Outcome"),
	rule(`(?P<Method>[a-z]+/[A-Za-z/]+) #(?P<ID>\d+) (?P<What>.*) started`, "{{.Method}} #{{.ID}} {{.What}} started"),
	rule(`(?P<Method>[a-z]+/[A-Za-z/]+) #(?P<ID>\d+) (?P<What>.*) ended after (?P<Took>\S+(?: \(not counting \S+ waiting for your answer\))?): (?P<Outcome>[^:]+)`,
		"{{.Method}} #{{.ID}} {{.What}} ended after {{.Took}}: {{.Outcome}}", "Took", "Outcome"),
	rule(`(?P<Took>\S+) \(not counting (?P<Waited>\S+) waiting for your answer\)`,
		"{{.Took}} (not counting {{.Waited}} waiting for your answer)"),
	rule(`the connection dropped; reconnecting once before giving up`, "the connection dropped; reconnecting once before giving up"),
	// The session (mcp/session.go).
	rule(`listing tools failed: (?P<Err>.*)`, "listing tools failed: {{.Err}}", "Err"),
	rule(`refreshing the tool list failed: (?P<Err>.*)`, "refreshing the tool list failed: {{.Err}}", "Err"),
	rule(`resource updated: (?P<URI>.*)`, "resource updated: {{.URI}}"),
	rule(`OpenAPI document: (?P<Warning>.*)`, "OpenAPI document: {{.Warning}}"),
	// A tool's app at work (mcp/apps/live.go; the app is named "TOOL's app").
	rule(`(?P<Tool>\S+)'s app tried to call (?P<Name>\S+), which is not offered to apps; refused`,
		"{{.Tool}}'s app tried to call {{.Name}}, which is not offered to apps; refused"),
	rule(`(?P<Tool>\S+)'s app calls the tool (?P<Name>\S+)`, "{{.Tool}}'s app calls the tool {{.Name}}"),
	rule(`(?P<Tool>\S+)'s app reads (?P<URI>\S+)`, "{{.Tool}}'s app reads {{.URI}}"),
	rule(`(?P<Tool>\S+)'s app lists the resources`, "{{.Tool}}'s app lists the resources"),
	rule(`(?P<Tool>\S+)'s app lists the resource templates`, "{{.Tool}}'s app lists the resource templates"),
	rule(`(?P<Tool>\S+)'s app lists the prompts`, "{{.Tool}}'s app lists the prompts"),
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

// logWords are the outcome words of a call's end marker (mcp/calls.go
// outcomeWord), translated only there.
var logWords = []coreRule{
	rule(`ok`, "ok"),
	rule(`tool error`, "tool error"),
	rule(`JSON-RPC error`, "JSON-RPC error"),
}

// LogLine translates one of the app's own log lines into the language Setup
// chose: the app's notes first, then the core's explanations (an exit, a
// dropped connection, with the server's last stderr lines kept as they
// came). A line it does not know comes back unchanged.
func LogLine(s string) string {
	if out, ok := applyRules(logRules, s, logPart); ok {
		return out
	}
	return Explain(s)
}

// logPart translates a part of a log line: an outcome word, a note of the
// log's own, or one of the core's sentences.
func logPart(s string) string {
	if out, ok := applyRules(logWords, s, logPart); ok {
		return out
	}
	if out, ok := applyRules(logRules, s, logPart); ok {
		return out
	}
	return explainSentence(s)
}
