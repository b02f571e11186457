package cli

import (
	"flag"
	"fmt"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The --help texts follow LANG / LC_ALL like the other lines for people:
// the top-level usage, each command's summary and usage, and every flag's
// description go through helpT, with the English text as the key, in
// internal/i18n/translations/cli.*.json. Command names, flag names,
// placeholders (TARGET, `FILE`) and examples stay as typed.
//
// A flag's description is translated where it is printed (printFlags), so a
// new flag needs no call here: its usage string is the key, and
// TestEveryHelpTextIsTranslated fails until both files have it. Keep the
// back-quoted placeholder of a description (`FILE`) unchanged in the
// translation: flag.UnquoteUsage takes it for the flag's value name.

// helpT translates one text of --help.
func helpT(key string, data ...M) string {
	helpSeen.record(key)
	return tr(key, data...)
}

// helpSeen notes every key helpT is asked for while a test listens.
var helpSeen helpRecorder

type helpRecorder struct {
	mu   sync.Mutex
	keys map[string]bool
}

func (r *helpRecorder) record(key string) {
	r.mu.Lock()
	if r.keys != nil {
		r.keys[key] = true
	}
	r.mu.Unlock()
}

// listen starts noting keys; the function returned stops and gives them.
func (r *helpRecorder) listen() (stop func() map[string]bool) {
	r.mu.Lock()
	r.keys = map[string]bool{}
	r.mu.Unlock()
	return func() map[string]bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		keys := r.keys
		r.keys = nil
		return keys
	}
}

// translatedFlag is f with its description in the language of the help.
func translatedFlag(f *flag.Flag) *flag.Flag {
	g := *f
	g.Usage = helpT(f.Usage)
	return &g
}

// helpRows prints rows of a help section: a left column as typed (flags,
// command lines), padded to width, then the translated description.
func helpRows(b *strings.Builder, width int, rows [][2]string) {
	for _, r := range rows {
		fmt.Fprintf(b, "  %-*s%s\n", width, r[0], helpT(r[1]))
	}
}

// targetHelp says what TARGET may be, in the usage of every command that
// connects and in mcpbrowser --help.
func targetHelp() string {
	var b strings.Builder
	b.WriteString(helpT("TARGET is a configured server's name, or instead:") + "\n")
	helpRows(&b, 57, [][2]string{{"--url URL [--transport http|sse] [--header 'K: V' ...]", "a remote server"}})
	helpRows(&b, 44, [][2]string{{"-- COMMAND ARGS...", "(at the end) a stdio server started ad hoc"}})
	return b.String()
}

// usageTail is the end of mcpbrowser --help: the flags the commands that
// connect share, exit codes, examples.
func usageTail() string {
	var b strings.Builder
	b.WriteString("\n" + helpT("Flags of the commands that connect (see mcpbrowser COMMAND --help):") + "\n")
	helpRows(&b, 20, [][2]string{
		{"--config FILE", "the servers file (default: the app's, under the XDG config dir)"},
		{"--timeout DURATION", "bounds connecting, and then the call (e.g. 30s, 2m)"},
		{"--stderr", "stream the server's stderr to ours"},
		{"--wire", "print every JSON-RPC message to stderr"},
		{"--level LEVEL", "set the server's log level after connecting (debug … emergency; see --stderr)"},
	})
	b.WriteString("\n" + helpT("Remote servers that answer 401 are signed in to in the browser ($BROWSER is honoured):") + "\n")
	helpRows(&b, 43, [][2]string{
		{"--client-id ID, --client-secret SECRET", "a pre-registered client"},
		{"--scope SCOPE", "(repeatable) the scopes to ask for"},
	})
	b.WriteString("\n" + helpT("Requests from the server are answered by flags, since nobody is at a form\n(without them the app does not offer the capability at all):") + "\n")
	helpRows(&b, 42, [][2]string{
		{"--elicit accept-defaults|decline|cancel", "answer elicitation; accept fills in the form's defaults"},
		{"--elicit NAME=VALUE", "(repeatable) fill a form field too, and accept"},
		{"--sampling-reply TEXT", "answer sampling with TEXT"},
		{"--sampling decline", "refuse sampling"},
		{"--root DIR", "(repeatable) a folder answered to roots/list"},
	})
	b.WriteString("\n" + helpT("Exit codes: 0 ok, 1 the tool returned an error, 2 usage or arguments, 3 JSON-RPC\nerror from the server, 4 could not connect, server died, or timed out, 5 a file could\nnot be read or written (a save failed).") + "\n")
	b.WriteString("\n" + helpT("Examples:") + "\n")
	b.WriteString(`  mcpbrowser call demo add a=2 b=3
  mcpbrowser call echo message=hi -- npx -y @modelcontextprotocol/server-everything
  mcpbrowser tools --url http://127.0.0.1:3001/mcp --header 'Authorization: Bearer X'
`)
	return b.String()
}

// upperFirst capitalizes the first letter (a Chinese text has none).
func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
