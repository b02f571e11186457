package say

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// JSONCause is err, from decoding data as JSON, as a keyed message when it
// is a syntax error: the end of the input, or a character that does not
// belong (where an object's key was expected, or elsewhere); its text stays
// the decoder's own. Any other error comes back as it is.
func JSONCause(data []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) || se.Error() != err.Error() {
		return err
	}
	return jsonSyntax(data, se)
}

func jsonSyntax(data []byte, se *json.SyntaxError) error {
	var v any
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&v); errors.Is(err, io.ErrUnexpectedEOF) {
		return Known(se, Text("unexpected end of JSON input"))
	}
	at := int(se.Offset) - 1
	if at < 0 || at >= len(data) {
		return se
	}
	char := quoteChar(data[at])
	where, ok := strings.CutPrefix(se.Error(), "invalid character "+char+" ")
	if !ok {
		return se
	}
	if keyExpected(data[:at]) {
		return Known(se, New("invalid character {{.Char}} looking for beginning of object key string", Args{"Char": char}))
	}
	return Known(se, New("invalid character {{.Char}} {{.Where}}", Args{"Char": char, "Where": where}))
}

// quoteChar is a byte as encoding/json quotes it in a syntax error.
func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	s := strconv.Quote(string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// keyExpected reports whether JSON that reads before (with no mistake in
// it) leaves off where an object's key comes next: just after its "{" or a
// ",".
func keyExpected(before []byte) bool {
	var open []byte
	var last byte
	inString, escaped := false, false
	for _, c := range before {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			last = '"'
			continue
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			open = append(open, c)
		case c == '}' || c == ']':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			continue
		}
		last = c
	}
	return !inString && len(open) > 0 && open[len(open)-1] == '{' && (last == '{' || last == ',')
}
