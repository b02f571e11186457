package config

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// secretWords make an env, header, parameter or field name secret when it
// contains one of them; secretNameWords when one of the name's words is one
// (GH_PAT, githubPat, db_pwd, sig, but not PATH or SIGNAL).
var (
	secretWords     = []string{"TOKEN", "KEY", "SECRET", "PASSWORD", "PASSWD", "PASS", "AUTH", "CREDENTIAL", "COOKIE", "BEARER", "SIGNATURE", "PRIVATE"}
	secretNameWords = []string{"PAT", "PWD", "SIG", "JWT", "SESSION", "SID"}
	// plainNames say what a value is about, not that it is a secret: a
	// token's endpoint or type, MCP's progressToken, a count of tokens.
	plainNames = []string{"PROGRESSTOKEN", "TOKEN_TYPE", "TOKENTYPE", "MAXTOKENS", "MAX_TOKENS", "TOKEN_ENDPOINT",
		"AUTHORIZATION_ENDPOINT", "AUTHOR", "AUTHORS", "KEYS", "PUBLICKEY", "PUBLIC_KEY", "KEYWORDS", "KEYWORD"}
)

// IsSecretName reports whether an env var, header, parameter, JSON field or
// flag name looks like it holds a secret (TOKEN, KEY, SECRET, PASSWORD, AUTH,
// GH_PAT …), so that its value is masked wherever it is shown or kept.
func IsSecretName(name string) bool {
	if v, ok := secretNames.Load(name); ok {
		return v.(bool)
	}
	secret := isSecretName(name)
	if secretNamesKept.Add(1) <= 4096 { // names are few (JSON keys, env names); bound them anyway
		secretNames.Store(strings.Clone(name), secret) // not a slice of a long text
	}
	return secret
}

// secretNames remembers IsSecretName's answers: the masking of every log
// line and message asks about the same few names again and again.
var (
	secretNames     sync.Map
	secretNamesKept atomic.Int64
)

func isSecretName(name string) bool {
	upper := strings.ToUpper(strings.TrimLeft(name, "-"))
	if slices.Contains(plainNames, upper) {
		return false
	}
	for _, w := range secretWords {
		if strings.Contains(upper, w) {
			return true
		}
	}
	for _, w := range nameWords(name) {
		if slices.Contains(secretNameWords, w) {
			return true
		}
	}
	return false
}

// nameWords splits a name into its words, upper-cased: at every character
// that is not a letter or digit, and where a lower-case letter meets an
// upper-case one (githubPat → GITHUB, PAT).
func nameWords(name string) []string {
	var words []string
	start := -1
	flush := func(end int) {
		if start >= 0 {
			words = append(words, strings.ToUpper(name[start:end]))
			start = -1
		}
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		switch {
		case !alnum:
			flush(i)
		case start < 0:
			start = i
		case c >= 'A' && c <= 'Z' && name[i-1] >= 'a' && name[i-1] <= 'z':
			flush(i)
			start = i
		}
	}
	flush(len(name))
	return words
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
