package cli

import (
	"flag"
	"strconv"
	"strings"
	"sync"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/transport"
)

// The lines the CLI writes for people on stderr follow LANG / LC_ALL
// (English or Simplified Chinese, see internal/i18n); its JSON on stdout,
// field names, exit codes and the servers file never change with the
// language. A message is its English text used as the key, with names,
// counts and values in {{.Templates}} — add the key to both files in
// internal/i18n/translations.

// M is the template data of a message.
type M = map[string]any

var setupLanguage sync.Once

// setupI18n picks the language from the environment, once per process.
func setupI18n() {
	setupLanguage.Do(func() { _, _ = i18n.Setup(i18n.Auto) })
}

// tr translates a message; data fills its {{.Templates}}.
func tr(key string, data ...M) string {
	return i18n.L(key, data...)
}

// usageT is a usage error worded by a translated message.
func usageT(key string, data ...M) error {
	return &exitError{ExitUsage, tr(key, data...)}
}

// flagUsageT is a translated usage error that names the command.
func flagUsageT(fs *flag.FlagSet, key string, data ...M) error {
	return &commandError{fs.Name(), exitError{ExitUsage, tr(key, data...)}}
}

// q quotes a value the way %q does.
func q(s string) string { return strconv.Quote(s) }

// explainCore translates a failure explanation from the core (mcp/…)
// (a message with its key, an error, or text).
func explainCore(msg any) string { return i18n.Explain(msg) }

// signInStep is a sign-in line of the server log without its "sign-in: ":
// the step's message when the line was written by key.
func signInStep(e transport.LogEntry) any {
	if e.Msg != nil {
		if step, ok := e.Msg.Args["Step"]; ok {
			return step
		}
	}
	return strings.TrimPrefix(e.Text, "sign-in: ")
}

// trN translates a message with plural forms ("one"/"other" in the files);
// count picks the form and is {{.Count}} in the text.
func trN(key string, count int, data M) string {
	if data == nil {
		data = M{}
	}
	data["Count"] = count
	return i18n.N(key, count, data)
}

// logLine is a server log line for --stderr: the app's own notes (started,
// connected, stopped) in the person's language, as the window shows them;
// what the server printed, as it came.
func logLine(e transport.LogEntry) string {
	if e.Kind == transport.LogInfo {
		e.Text = i18n.LogLine(e.Said())
	}
	return e.String()
}
