package i18n

// LogLine translates one of the app's own log lines (source "app": started,
// connected, call markers, stop, era and sign-in steps) into the language
// Setup chose. The core writes them by key (transport.ServerLog.Say), and
// LogLine translates a line's Said() by that key, the messages and errors
// in its fields in turn (as Explain does); a line written as text, and
// what the server itself printed, come back unchanged. Their keys are in
// translations/logs.*.json and session.*.json.
func LogLine(line any) string {
	if s, ok := line.(string); ok {
		return s
	}
	return Explain(line)
}
