// Package say carries what the core says to a person as a message key and
// its arguments, the way mcp/lint's findings do, so that each front end can
// word it in the person's language without reading the English back.
//
// A Msg's Key is its English template, which is also its key in the
// translation files: "the server exited with code {{.Code}}.". Its Args fill
// the {{.Fields}}; an argument may itself be a Msg (a cause worded by the
// core, translated in turn) or an error. String and Error render the
// English, so a Msg is the core's old sentence wherever text is wanted, and
// a Msg made as an error unwraps to the errors among its arguments, so
// errors.Is and errors.As see through it as they did through fmt.Errorf's %w.
//
// The package imports nothing of the app and no Fyne; internal/i18n
// translates a Msg through an interface of its own (MessageKey,
// MessageArgs), so it does not import this package either.
package say

import (
	"fmt"
	"strings"
)

// Args are a message's {{.Fields}}.
type Args = map[string]any

// A Msg is a sentence for a person: its English template and the fields
// that fill it.
type Msg struct {
	// Key is the English template, with {{.Fields}}; it is the key of the
	// translation files too.
	Key string
	// Args fill the template's fields.
	Args Args
	// One is the English template for a Count of 1, when Key is a plural
	// (see Plural); "" for a message that has no plural forms.
	One string
}

// New is a message with its fields.
func New(key string, args Args) Msg { return Msg{Key: key, Args: args} }

// Text is a message with no fields.
func Text(key string) Msg { return Msg{Key: key} }

// Error is a message as an error: its text is the English, and it unwraps
// to the errors among its arguments.
func Error(key string, args Args) error { return &Msg{Key: key, Args: args} }

// IsZero reports whether m says nothing.
func (m Msg) IsZero() bool { return m.Key == "" }

// MessageKey is the translation key (the English template).
func (m Msg) MessageKey() string { return m.Key }

// MessageArgs are the template's fields, an error among them as Cause
// says it (so a front end words a file that is not there, or the end of
// the input, in its own language).
func (m Msg) MessageArgs() map[string]any {
	var args Args
	for k, v := range m.Args {
		e, ok := v.(error)
		if !ok {
			continue
		}
		if c, ok := cause(e); ok {
			if args == nil {
				args = make(Args, len(m.Args))
				for k, v := range m.Args {
					args[k] = v
				}
			}
			args[k] = c
		}
	}
	if args == nil {
		return m.Args
	}
	return args
}

// String is the message in English.
func (m Msg) String() string {
	if m.One != "" && m.Args["Count"] == 1 {
		return Render(m.One, m.Args)
	}
	return Render(m.Key, m.Args)
}

// Error is the message in English.
func (m Msg) Error() string { return m.String() }

// Unwrap returns the errors among the arguments (a Msg made by Error is
// one too), for errors.Is and errors.As.
func (m Msg) Unwrap() []error {
	var errs []error
	for _, v := range m.Args {
		if e, ok := v.(error); ok {
			errs = append(errs, e)
		}
	}
	return errs
}

// Map returns m with f applied to the text of every argument that is
// text, in nested messages too (to mask a secret the arguments hold).
func (m Msg) Map(f func(string) string) Msg {
	if len(m.Args) == 0 {
		return m
	}
	args := make(Args, len(m.Args))
	for k, v := range m.Args {
		switch v := v.(type) {
		case string:
			args[k] = f(v)
		case Msg:
			args[k] = v.Map(f)
		case *Msg:
			n := v.Map(f)
			args[k] = &n
		case error:
			args[k] = mappedError{v, f}
		case fmt.Stringer:
			args[k] = f(v.String())
		default:
			args[k] = v
		}
	}
	return Msg{Key: m.Key, Args: args, One: m.One}
}

// Render fills a template's {{.Fields}} with args, as text/template would
// print them; a field that args do not hold is left as it is written.
func Render(template string, args Args) string {
	if !strings.Contains(template, "{{") {
		return template
	}
	var b strings.Builder
	s := template
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(s)
			break
		}
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			b.WriteString(s)
			break
		}
		name := strings.TrimSpace(s[i+2 : i+j])
		v, ok := args[strings.TrimPrefix(name, ".")]
		b.WriteString(s[:i])
		if ok && strings.HasPrefix(name, ".") {
			fmt.Fprint(&b, v)
		} else {
			b.WriteString(s[i : i+j+2])
		}
		s = s[i+j+2:]
	}
	return b.String()
}

// A mappedError is an error whose text is seen through a function (masked),
// still unwrapping to the error it was.
type mappedError struct {
	err error
	f   func(string) string
}

func (e mappedError) Error() string { return e.f(e.err.Error()) }
func (e mappedError) Unwrap() error { return e.err }
