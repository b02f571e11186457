package oauth

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"strings"
)

// masked is what a secret turns into wherever people can see it.
const masked = "•••"

// isSecretField says whether an OAuth parameter or JSON field holds a
// credential (RFC 6749, 7591, 7636, 8693, 7523).
func isSecretField(name string) bool {
	switch name {
	case "access_token", "refresh_token", "id_token", "client_secret", "code", "code_verifier",
		"registration_access_token", "assertion", "client_assertion", "subject_token",
		"actor_token", "password":
		return true
	}
	return false
}

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

// RedactHeader returns an HTTP header value as the wire view may show it:
// credentials in Authorization, Proxy-Authorization and cookies are hidden,
// keeping the scheme ("Bearer •••") so the step stays readable.
func RedactHeader(name, value string) string {
	switch http.CanonicalHeaderKey(name) {
	case "Authorization", "Proxy-Authorization":
		if scheme, _, ok := strings.Cut(value, " "); ok {
			return scheme + " " + masked
		}
		return masked
	case "Cookie", "Set-Cookie":
		return masked
	}
	return value
}

// RedactURL hides credentials in a URL's query, such as the authorization code
// on the loopback callback.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.RawQuery == "" {
		return rawURL
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil || !redactValues(q) {
		return rawURL
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// RedactBody hides credentials in an OAuth request or response body, either
// form-encoded (token requests) or JSON (token responses, client
// registration). Other bodies are returned unchanged.
func RedactBody(contentType string, body []byte) []byte {
	mediaType, _, _ := mime.ParseMediaType(contentType)
	switch mediaType {
	case "application/x-www-form-urlencoded":
		q, err := url.ParseQuery(string(body))
		if err != nil || !redactValues(q) {
			return body
		}
		return []byte(q.Encode())
	case "application/json":
		var v any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if dec.Decode(&v) != nil || !redactJSON(v) {
			return body
		}
		out, err := json.Marshal(v)
		if err != nil {
			return body
		}
		return out
	}
	return body
}

func redactValues(q url.Values) bool {
	changed := false
	for k, vs := range q {
		if isSecretField(k) {
			for i := range vs {
				vs[i] = masked
			}
			changed = true
		}
	}
	return changed
}

func redactJSON(v any) bool {
	changed := false
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if _, isString := x.(string); isString && isSecretField(k) {
				v[k] = masked
				changed = true
			} else if redactJSON(x) {
				changed = true
			}
		}
	case []any:
		for _, x := range v {
			if redactJSON(x) {
				changed = true
			}
		}
	}
	return changed
}
