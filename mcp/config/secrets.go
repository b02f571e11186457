package config

import (
	"slices"
	"strings"
)

// secretWords make an env or header name secret when it contains one of them.
var secretWords = []string{"TOKEN", "KEY", "SECRET", "PASSWORD", "PASS", "AUTH", "CREDENTIAL", "COOKIE"}

// IsSecretName reports whether an env var, header or parameter name looks
// like it holds a secret (TOKEN, KEY, SECRET, PASSWORD, AUTH …), so that its
// value is masked wherever it is shown or logged.
func IsSecretName(name string) bool {
	upper := strings.ToUpper(name)
	for _, w := range secretWords {
		if strings.Contains(upper, w) {
			return true
		}
	}
	return false
}

// MaskSecret returns value as it may be shown or logged: unchanged unless
// name is secret (isSecret). A secret shows as "****", with its last four
// characters when it is long enough that they give nothing away. An
// authorization scheme ("Bearer …") stays readable, and a placeholder such as
// ${input:token} or ${env:TOKEN} holds no secret and is shown as written.
func MaskSecret(name, value string) string {
	if value == "" || !IsSecretName(name) {
		return value
	}
	if scheme, rest, ok := strings.Cut(value, " "); ok && isAuthScheme(scheme) {
		return scheme + " " + Mask(strings.TrimSpace(rest))
	}
	return Mask(value)
}

// Mask is how a secret value is shown wherever people can see it (the
// servers list, the approval card, logs, sign-in errors): "****", with its
// last four characters when it is long enough (16 or more) that they give
// nothing away. A placeholder such as ${input:token} or ${env:TOKEN} holds no
// secret and is shown as written. This is the one masking rule of the app.
func Mask(v string) string {
	if isPlaceholder(v) {
		return v
	}
	runes := []rune(v)
	if len(runes) >= 16 {
		return "****" + string(runes[len(runes)-4:])
	}
	return "****"
}

func isAuthScheme(s string) bool {
	return slices.Contains([]string{"bearer", "basic", "token", "bot", "digest"}, strings.ToLower(s))
}

func isPlaceholder(v string) bool {
	return strings.HasPrefix(v, "${") && strings.HasSuffix(v, "}") && strings.Count(v, "${") == 1
}
