package oauth

import (
	"errors"
	"strings"

	"mcpbrowser/mcp/config"
)

// maskSecrets replaces every occurrence of each non-empty secret in s with
// the secret as people may see it (config.Mask).
func maskSecrets(s string, secrets []string) string {
	for _, secret := range secrets {
		if len(secret) >= 4 { // masking "a" would shred the text and reveal nothing
			s = strings.ReplaceAll(s, secret, config.Mask(secret))
		}
	}
	return s
}

// maskedError shows its cause's text with the secrets hidden, while errors.Is
// and errors.As still reach the cause.
type maskedError struct {
	err     error
	secrets []string
}

func (e *maskedError) Error() string { return maskSecrets(e.err.Error(), e.secrets) }
func (e *maskedError) Unwrap() error { return e.err }

func maskError(err error, secrets []string) error {
	if err == nil {
		return nil
	}
	return &maskedError{err: err, secrets: secrets}
}

// SignInFailure finds, inside an error the transport wrapped in its own words,
// the sign-in's own message: what went wrong while signing in or refreshing a
// token and what to try, with secrets masked. ok is false when err did not
// come from a Handler. Callers use it to tell a failed sign-in from a server
// that cannot be reached, and to show people the plain message.
func SignInFailure(err error) (msg string, ok bool) {
	var m *maskedError
	if !errors.As(err, &m) {
		return "", false
	}
	return m.Error(), true
}

// A signInError is a sign-in to a server that failed: "signing in to URL:"
// and why.
type signInError struct {
	url string
	err error
}

func (e *signInError) Error() string { return "signing in to " + e.url + ": " + e.err.Error() }
func (e *signInError) Unwrap() error { return e.err }

// SignInCause is what SignInFailure's message says went wrong, as an error
// (secrets still masked), without the "signing in to URL:" before it: for
// the front ends to word by its key when it has one.
func SignInCause(err error) (error, bool) {
	var m *maskedError
	if !errors.As(err, &m) {
		return nil, false
	}
	inner := m.err
	if si, ok := inner.(*signInError); ok {
		inner = si.err
	}
	return &maskedError{err: inner, secrets: m.secrets}, true
}
