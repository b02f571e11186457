package cli

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Text the command line prints for people passes through terminalText, the
// one place where what a server sent (tool names, descriptions, errors,
// stderr lines) is kept from driving the terminal: an ESC starting a colour
// or an OSC title, a CR that overwrites the line, a NUL, any other C0 or C1
// control character, a bidi override that reorders what is read, and bytes
// that are not UTF-8 are written as escapes (\x1b, \r, \u202e). Newlines and
// tabs pass: the app's own messages are laid out with them. JSON output
// needs none of this (encoding/json escapes control characters) and is left
// byte for byte as it is.
func terminalText(s string) string {
	i := 0
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f || i < len(s) && (s[i] == '\n' || s[i] == '\t') {
		i++
	}
	if i == len(s) {
		return s // plain ASCII: the common case costs one pass
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r >= 0x80 && r < 0xa0 || isBidiControl(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isBidiControl reports the characters that change the order text is shown
// in (embeddings, overrides, isolates, marks) and the line and paragraph
// separators.
func isBidiControl(r rune) bool {
	return r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == 0x200e || r == 0x200f || r == 0x061c || r == 0x2028 || r == 0x2029
}

// A terminalWriter is a writer for text meant for people: everything
// written passes through terminalText. Each Write is taken as whole text
// (the command line writes whole lines or whole reports at once).
type terminalWriter struct{ w io.Writer }

func (t terminalWriter) Write(p []byte) (int, error) {
	s := string(p)
	if safe := terminalText(s); safe != s {
		if _, err := io.WriteString(t.w, safe); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return t.w.Write(p)
}

// textOut is w for text meant for people (terminalWriter).
func textOut(w io.Writer) io.Writer {
	if _, ok := w.(terminalWriter); ok {
		return w
	}
	return terminalWriter{w}
}

// rawOut is the writer under w's terminalWriter: for bytes that are not the
// command line's own text (the tap passes a server's stderr on unchanged).
func rawOut(w io.Writer) io.Writer {
	if t, ok := w.(terminalWriter); ok {
		return t.w
	}
	return w
}
