package oauth

import "strings"

// masked is what a secret turns into wherever people can see it.
const masked = "•••"

// maskSecrets replaces every occurrence of each non-empty secret in s.
func maskSecrets(s string, secrets []string) string {
	for _, secret := range secrets {
		if len(secret) >= 4 { // masking "a" would shred the text and reveal nothing
			s = strings.ReplaceAll(s, secret, masked)
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
