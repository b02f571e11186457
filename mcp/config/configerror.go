package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"mcpbrowser/mcp/say"
)

// PastedText is the Path of a ConfigError about text pasted in, not a file.
const PastedText = "pasted text"

// A ConfigError is a servers file that could not be read, with the place it went wrong.
type ConfigError struct {
	Path         string
	Line, Column int // 1-based; 0 when unknown
	// Msg is the problem in English; Why is it as a keyed message, when
	// the core worded it (NewConfigError sets both).
	Msg string
	Why say.Msg
}

// NewConfigError is the problem why in the file at path (or PastedText),
// at no place yet.
func NewConfigError(path string, why say.Msg) *ConfigError {
	return &ConfigError{Path: path, Msg: why.String(), Why: why}
}

func (e *ConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// Problem is what went wrong, without the place, as a keyed message.
func (e *ConfigError) Problem() say.Msg {
	if e.Why.IsZero() {
		return say.New("{{.Text}}", say.Args{"Text": e.Msg})
	}
	return e.Why
}

// MessageKey and MessageArgs say the error as a keyed message (see mcp/say).
func (e *ConfigError) MessageKey() string {
	if e.Line > 0 {
		return "{{.Path}}:{{.Line}}:{{.Column}}: {{.Problem}}"
	}
	return "{{.Path}}: {{.Problem}}"
}

func (e *ConfigError) MessageArgs() map[string]any {
	var path any = e.Path
	if e.Path == PastedText {
		path = say.Text(PastedText)
	}
	return map[string]any{"Path": path, "Line": e.Line, "Column": e.Column, "Problem": e.Problem()}
}

// ServerProblem is err, the problem of the server entry name.
func ServerProblem(name string, err error) error {
	m := ServerSays(name, err)
	return &m
}

// ServerSays is err, the problem of the server entry name, as a message.
func ServerSays(name string, err error) say.Msg {
	return say.New("server {{.Name}}: {{.Err}}", say.Args{"Name": strconv.Quote(name), "Err": err})
}

// JSONError is err, from decoding data as JSON, as a ConfigError at the
// place in data it points to.
func JSONError(path string, data []byte, err error) error {
	cerr := &ConfigError{Path: path, Msg: err.Error()}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		// Offset counts the offending byte too.
		cerr.Line, cerr.Column = lineColumn(data, int(se.Offset)-1)
		cerr.Why = NotValidJSON(data, se)
		cerr.Msg = cerr.Why.String()
	case errors.As(err, &te):
		cerr.Line, cerr.Column = lineColumn(data, int(te.Offset))
		cerr.Why = say.New("expected {{.Kind}} here", say.Args{"Kind": jsonKind(te.Type.Kind().String())})
		cerr.Msg = cerr.Why.String()
	default:
		cerr.Why = say.New("{{.Text}}", say.Args{"Text": say.Cause(err)})
	}
	return cerr
}

// NotValidJSON is "not valid JSON: " and the syntax error se found in data,
// as a keyed message: the end of the input, or a character that does not
// belong (where a key was expected, or elsewhere). Its English is the
// decoder's own.
func NotValidJSON(data []byte, se *json.SyntaxError) say.Msg {
	return say.New("not valid JSON: {{.Err}}", say.Args{"Err": say.JSONCause(data, se)})
}
