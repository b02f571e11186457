package schema

import (
	"errors"

	"mcpbrowser/mcp/say"
)

// A field's problems are said as keyed messages (mcp/say): the key is the
// English template, so FieldError.Message is the English the command line
// prints and the front ends word the key in the person's language.

// asWritten is a text passed on as it was written: a part the schema model
// does not word itself (a value, a pair typed on a command line).
const asWritten = "{{.Text}}"

// problemAt is a FieldError for the field at path, saying m.
func problemAt(path, label string, m say.Msg) FieldError {
	return FieldError{Path: path, Label: label, Message: m.String(), Msg: m}
}

// Problem is what is wrong, without the field's path: Msg, or Message as
// written for a FieldError made with words alone.
func (e FieldError) Problem() say.Msg {
	if !e.Msg.IsZero() {
		return e.Msg
	}
	return say.New(asWritten, say.Args{"Text": e.Message})
}

// Say is the whole problem, as Error words it: "path: problem".
func (e FieldError) Say() say.Msg {
	if e.Path == "" {
		return e.Problem()
	}
	return say.New("{{.Field}}: {{.Problem}}", say.Args{"Field": e.Path, "Problem": e.Problem()})
}

// msgOf is what err says: its keyed message when it is one, else its text
// as written.
func msgOf(err error) say.Msg {
	var m *say.Msg
	if errors.As(err, &m) && m.Error() == err.Error() {
		return *m
	}
	return say.New(asWritten, say.Args{"Text": err.Error()})
}

// headedProblems says a list of problems after a head ("cannot use the arguments
// given: a: …; b: …"), as joinProblems writes it.
func headedProblems(head string, ps []FieldError) say.Msg {
	if len(ps) == 0 {
		return say.Text(head)
	}
	return say.New(head+": {{.Problems}}", say.Args{"Problems": problemList(ps)})
}

// problemList is "a: …; b: …".
func problemList(ps []FieldError) say.Msg {
	if len(ps) == 1 {
		return ps[0].Say()
	}
	return say.New("{{.Problem}}; {{.More}}", say.Args{"Problem": ps[0].Say(), "More": problemList(ps[1:])})
}

// valueWord is a kind of JSON value as the messages name it ("a list"): a
// word of its own in the translation files; a value described ("the
// number 3") stays as written.
func valueWord(s string) any {
	switch s {
	case "null", "true or false", "a number", "text", "a list", "an object", "broken JSON":
		return say.Text(s)
	}
	return s
}

// english is the messages' English, one a sentence.
func english(ms []say.Msg) []string {
	if len(ms) == 0 {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}
