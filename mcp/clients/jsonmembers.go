package clients

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
	"unicode/utf8"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
)

// A jsonMember is one member of a JSON object, with the byte offset of its
// value in the whole document (for line and column in messages).
type jsonMember struct {
	Key   string
	Value json.RawMessage
	Off   int
}

func member(ms []jsonMember, key string) (jsonMember, bool) {
	for _, m := range ms {
		if m.Key == key {
			return m, true
		}
	}
	return jsonMember{}, false
}

func hasMember(ms []jsonMember, key string) bool {
	_, ok := member(ms, key)
	return ok
}

// jsonMembers lists the members of the object starting at doc[off:], in the
// order written. A key written twice keeps its first place and its last value,
// as JSON readers do.
func jsonMembers(path string, doc []byte, off int) ([]jsonMember, error) {
	start := firstNonSpace(doc, off)
	if start >= len(doc) || doc[start] != '{' {
		if start >= len(doc) {
			return nil, positioned(path, doc, start, say.Text("expected a JSON object, found nothing"))
		}
		// Report real syntax errors as such, with their own position.
		if err := json.Unmarshal(doc[start:], new(any)); err != nil && off == 0 {
			return nil, syntaxError(path, doc, err)
		}
		return nil, positioned(path, doc, start, say.Text("expected a JSON object {…} here"))
	}
	if off == 0 {
		// Validate the whole document once, so that syntax errors anywhere get
		// encoding/json's message and position.
		var v any
		if err := json.Unmarshal(doc, &v); err != nil {
			return nil, syntaxError(path, doc, err)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(doc[start:]))
	if _, err := dec.Token(); err != nil {
		return nil, syntaxError(path, doc, err)
	}
	var out []jsonMember
	index := map[string]int{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, syntaxError(path, doc, err)
		}
		key, _ := tok.(string)
		valueOff := start + int(dec.InputOffset())
		valueOff = firstNonSpace(doc, valueOff)
		if valueOff < len(doc) && doc[valueOff] == ':' {
			valueOff = firstNonSpace(doc, valueOff+1)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, syntaxError(path, doc, err)
		}
		m := jsonMember{Key: key, Value: raw, Off: valueOff}
		if i, ok := index[key]; ok {
			out[i].Value, out[i].Off = m.Value, m.Off
			continue
		}
		index[key] = len(out)
		out = append(out, m)
	}
	return out, nil
}

func firstNonSpace(doc []byte, off int) int {
	for off < len(doc) && (doc[off] == ' ' || doc[off] == '\t' || doc[off] == '\n' || doc[off] == '\r') {
		off++
	}
	return off
}

// positioned is a *ConfigError at a byte offset of doc.
func positioned(path string, doc []byte, off int, why say.Msg) *config.ConfigError {
	cerr := config.NewConfigError(path, why)
	cerr.Line, cerr.Column = textPosition(doc, off)
	return cerr
}

// syntaxError is a JSON decoding error as a *ConfigError pointing at the
// offending character (encoding/json's Offset counts it too), with the column
// counted in characters; config.go's jsonError does the same in bytes.
func syntaxError(path string, doc []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return config.JSONError(path, doc, err)
	}
	return positioned(path, doc, int(se.Offset)-1, config.NotValidJSON(doc, se))
}

// textPosition turns a byte offset into a 1-based line and a 1-based column
// counted in characters, as editors show them.
func textPosition(doc []byte, off int) (int, int) {
	off = min(max(off, 0), len(doc))
	before := doc[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	lineStart := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[lineStart:]) + 1
}

// stripJSONC turns JSON with comments and trailing commas (VS Code's JSONC,
// and README snippets) into JSON of the same length: comments, trailing
// commas and a byte-order mark become spaces, newlines stay, so line and
// column in messages still point into the file as written.
//
// Why not github.com/tailscale/hujson's Standardize, which also keeps
// offsets: on a file with a mistake it returns the text unchanged, so
// encoding/json would then report the first comment instead of the mistake,
// and the line and column a person needs to fix it would be lost. This
// scanner blanks the comments of a broken file too.
func stripJSONC(data []byte) []byte {
	out := bytes.Clone(data)
	if bytes.HasPrefix(out, []byte("\xef\xbb\xbf")) {
		copy(out, "   ")
	}
	blank := func(from, to int) {
		for i := from; i < to && i < len(out); i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
	}
	inString := false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == '/' && i+1 < len(out) && out[i+1] == '/':
			end := bytes.IndexByte(out[i:], '\n')
			if end < 0 {
				end = len(out) - i
			}
			blank(i, i+end)
			i += end - 1
		case c == '/' && i+1 < len(out) && out[i+1] == '*':
			end := bytes.Index(out[i+2:], []byte("*/"))
			if end < 0 {
				return out // unterminated: let the JSON parser report it
			}
			blank(i, i+2+end+2)
			i += 2 + end + 1
		}
	}
	// Trailing commas: a comma followed only by space before } or ].
	inString = false
	for i := 0; i < len(out); i++ {
		c := out[i]
		switch {
		case inString:
			if c == '\\' {
				i++
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ',':
			j := firstNonSpace(out, i+1)
			if j < len(out) && (out[j] == '}' || out[j] == ']') {
				out[i] = ' '
			}
		}
	}
	return out
}

func compactJSON(raw json.RawMessage) json.RawMessage {
	var buf bytes.Buffer
	if json.Compact(&buf, raw) != nil {
		return slices.Clone(raw)
	}
	return buf.Bytes()
}
