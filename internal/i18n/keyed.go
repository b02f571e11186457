package i18n

import (
	"errors"
	"fmt"
	"strings"
)

// Keyed is what the core says to a person, carried as a message key and the
// fields that fill it (mcp/say.Msg and mcp/lint's findings have this shape):
// the key is the English template, as in the translation files. Declared
// here, so this package needs nothing of the app to translate it.
type Keyed interface {
	MessageKey() string
	MessageArgs() map[string]any
}

// counted is a keyed message with plural forms (mcp/say.Plural): the count
// that chooses the form, and whether it has them.
type counted interface {
	MessageCount() (int, bool)
}

// Say is a keyed message in the language Setup chose. A field that is
// itself a keyed message, or an error, is translated in turn; other fields
// (names, numbers, what a server wrote) stay as they are. A message with
// plural forms takes the form its count asks for.
func Say(m Keyed) string {
	args := m.MessageArgs()
	data := make(map[string]any, len(args))
	var stops []string
	for k, v := range args {
		data[k] = sayField(v)
		if t, ok := data[k].(string); ok && t != v && strings.HasSuffix(t, "。") {
			stops = append(stops, t)
		}
	}
	var out string
	if c, ok := m.(counted); ok {
		if n, ok := c.MessageCount(); ok {
			out = N(m.MessageKey(), n, data)
		}
	}
	if out == "" {
		out = L(m.MessageKey(), data)
	}
	for _, t := range stops {
		// Chinese puts no space after a full stop: "…退出码 3。 stderr …"
		// reads "…退出码 3。stderr …".
		out = strings.ReplaceAll(out, t+" ", t)
	}
	return out
}

func sayField(v any) any {
	switch v := v.(type) {
	case Keyed:
		return Say(v)
	case error:
		return Explain(v)
	}
	return v
}

// keyedError finds the keyed message an error says: the error itself, or
// one it wraps that says all of it (a wrapper whose text is the message's).
func keyedError(err error) (Keyed, bool) {
	if k, ok := err.(Keyed); ok && k.MessageKey() != "" {
		return k, true
	}
	var k Keyed
	if errors.As(err, &k) {
		if e, ok := k.(error); ok && k.MessageKey() != "" && e.Error() == err.Error() {
			return k, true
		}
	}
	return nil, false
}

// Explain is a failure explanation from the core in the language Setup
// chose: a keyed message (or an error that is one) by its key. Text, or an
// error that carries no key, comes back as it is: the meaning comes with
// the key, never from the English.
func Explain(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		return v
	case Keyed:
		return Say(v)
	case error:
		if k, ok := keyedError(v); ok {
			return Say(k)
		}
		return v.Error()
	}
	return fmt.Sprint(v)
}
