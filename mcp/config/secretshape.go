package config

import (
	"slices"
	"strings"
)

// Secrets are found two ways, and every exit of the app (the servers list,
// export, logs and log files, history, recorded checks, JUnit reports,
// error text) masks both the same way, with Mask:
//   - by NAME (IsSecretName): the value of an env var, header, query or form
//     parameter, JSON field or command-line flag whose name says secret;
//   - by SHAPE (MaskShapes): a URL's password (postgres://u:PASS@h/db), a
//     token whose prefix gives it away (ghp_, github_pat_, sk-, xoxb-,
//     AKIA…, a JWT), an authorization scheme's credentials (Bearer …), and
//     name=value, "name": "value" and --name value where the name says
//     secret (sig=, access_token=, X-Amz-Signature=, --token=X, --password X).

// MaskShapes returns text with every secret it finds by shape masked (see
// above). Text without such a secret comes back unchanged. It reads the text
// once per shape, by hand: a regular expression for the same shapes read a
// base64 image at a fraction of a megabyte a second.
func MaskShapes(text string) string {
	var spans []span
	spans = urlPasswords(text, spans)
	spans = wordShapes(text, spans)
	spans = namedValues(text, spans)
	if len(spans) == 0 {
		return text
	}
	slices.SortFunc(spans, func(a, b span) int { return a.from - b.from })
	var b strings.Builder
	b.Grow(len(text))
	last := 0
	for _, sp := range spans {
		if sp.from < last { // overlapping: the earlier span covers it
			if sp.to > last {
				last = sp.to
			}
			continue
		}
		b.WriteString(text[last:sp.from])
		b.WriteString(maskShown(text[sp.from:sp.to]))
		last = sp.to
	}
	b.WriteString(text[last:])
	return b.String()
}

// A span is a secret's place in a text: text[from:to].
type span struct{ from, to int }

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// isNameByte is a byte of a parameter, field or flag name.
func isNameByte(c byte) bool { return isWordByte(c) || c == '-' || c == '.' }

// urlPasswords finds the passwords of URLs' userinfo (scheme://user:PASS@host).
func urlPasswords(text string, spans []span) []span {
	for i := 0; ; {
		j := strings.Index(text[i:], "://")
		if j < 0 {
			return spans
		}
		start := i + j + 3
		end := start
		for end < len(text) && !strings.ContainsRune(" \t\r\n/?#\"'<>", rune(text[end])) {
			end++
		}
		if at := strings.LastIndexByte(text[start:end], '@'); at > 0 {
			if colon := strings.IndexByte(text[start:start+at], ':'); colon >= 0 && colon+1 < at {
				spans = append(spans, span{start + colon + 1, start + at})
			}
		}
		i = start
	}
}

// tokenPrefixes start tokens that give themselves away, with the shortest
// run of token characters that must follow.
var tokenPrefixes = []struct {
	prefix string
	min    int
	upper  bool // only upper-case letters and digits follow (AWS key IDs)
}{
	{"ghp_", 16, false}, {"gho_", 16, false}, {"ghu_", 16, false}, {"ghs_", 16, false}, {"ghr_", 16, false},
	{"github_pat_", 16, false}, {"glpat-", 16, false}, {"sk-", 16, false}, {"sk_live_", 8, false},
	{"sk_test_", 8, false}, {"rk_live_", 8, false}, {"xoxa-", 8, false}, {"xoxb-", 8, false}, {"xoxp-", 8, false},
	{"xoxo-", 8, false}, {"xoxr-", 8, false}, {"xoxs-", 8, false}, {"AKIA", 16, true}, {"ASIA", 16, true},
	{"AIza", 30, false}, {"npm_", 30, false}, {"hf_", 30, false}, {"eyJ", 20, false},
}

// tokenStarts are the first letters of tokenPrefixes and of the
// authorization schemes.
const tokenStarts = "gsrxAnheBb"

// isTokenByte is a byte of a token: letters, digits and -_.~+/ (base64,
// base64url, JWT).
func isTokenByte(c byte) bool {
	return isWordByte(c) || c == '-' || c == '.' || c == '~' || c == '+' || c == '/'
}

// wordShapes finds, at the start of each word, a token known by its prefix
// and the credentials after an authorization scheme (Bearer …, Basic …).
func wordShapes(text string, spans []span) []span {
	for i := 0; i < len(text); i++ {
		if !isWordByte(text[i]) || i > 0 && (isWordByte(text[i-1]) || text[i-1] == '-') {
			continue
		}
		rest := text[i:]
		if !strings.ContainsRune(tokenStarts, rune(text[i])) {
			continue
		}
		for _, p := range tokenPrefixes {
			if !strings.HasPrefix(rest, p.prefix) {
				continue
			}
			end := i + len(p.prefix)
			for end < len(text) && (p.upper && (text[end] >= 'A' && text[end] <= 'Z' || text[end] >= '0' && text[end] <= '9') ||
				!p.upper && isTokenByte(text[end]) && text[end] != '/' && text[end] != '+') {
				end++
			}
			if end-i-len(p.prefix) >= p.min {
				spans = append(spans, span{i, end})
			}
			break
		}
		for _, scheme := range []string{"bearer", "basic"} {
			if len(rest) > len(scheme) && strings.EqualFold(rest[:len(scheme)], scheme) && (rest[len(scheme)] == ' ' || rest[len(scheme)] == '\t') {
				from := i + len(scheme)
				for from < len(text) && (text[from] == ' ' || text[from] == '\t') {
					from++
				}
				end := from
				for end < len(text) && (isTokenByte(text[end]) || text[end] == '=') {
					end++
				}
				if end-from >= 8 {
					spans = append(spans, span{from, end})
				}
			}
		}
	}
	return spans
}

// namedValues finds values whose name says secret: name=value (a query
// parameter, an assignment, --name=value), "name": "value" (JSON) and
// --name value (a flag and the word after it).
func namedValues(text string, spans []span) []span {
	nameBefore := func(end int) string {
		from := end
		for from > 0 && end-from < 64 && isNameByte(text[from-1]) {
			from--
		}
		return strings.TrimLeft(text[from:end], "-.")
	}
	secret := func(name string) bool { return name != "" && (IsSecretName(name) || IsSecretParam(name)) }
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '=':
			if !secret(nameBefore(i)) {
				continue
			}
			end := i + 1
			for end < len(text) && !strings.ContainsRune(" \t\r\n&\"'#;,<>", rune(text[end])) {
				end++
			}
			if end > i+1 {
				spans = append(spans, span{i + 1, end})
			}
		case ':':
			q := i - 1
			for q >= 0 && (text[q] == ' ' || text[q] == '\t') {
				q--
			}
			if q < 0 || text[q] != '"' {
				continue
			}
			open := strings.LastIndexByte(text[max(0, q-65):q], '"')
			if open < 0 {
				continue
			}
			if name := text[max(0, q-65)+open+1 : q]; !secret(name) {
				continue
			}
			from := i + 1
			for from < len(text) && (text[from] == ' ' || text[from] == '\t') {
				from++
			}
			if from >= len(text) || text[from] != '"' {
				continue
			}
			from++
			end := from
			for end < len(text) && text[end] != '"' {
				if text[end] == '\\' {
					end++
				}
				end++
			}
			if end > from && end <= len(text) {
				spans = append(spans, span{from, end})
			}
		case '-':
			if i > 0 && text[i-1] != ' ' && text[i-1] != '\t' && text[i-1] != '-' {
				continue
			}
			j := i
			for j < len(text) && text[j] == '-' {
				j++
			}
			nameEnd := j
			for nameEnd < len(text) && isNameByte(text[nameEnd]) {
				nameEnd++
			}
			if nameEnd-j < 2 || nameEnd >= len(text) || (text[nameEnd] != ' ' && text[nameEnd] != '\t') || !IsSecretName(text[j:nameEnd]) {
				i = nameEnd - 1
				continue
			}
			from := nameEnd
			for from < len(text) && (text[from] == ' ' || text[from] == '\t') {
				from++
			}
			end := from
			for end < len(text) && !strings.ContainsRune(" \t\r\n", rune(text[end])) {
				end++
			}
			if end > from && text[from] != '-' {
				spans = append(spans, span{from, end})
			}
			i = nameEnd - 1
		}
	}
	return spans
}

// maskShown is Mask for a value that may already be masked ("****1234"),
// which stays as it is.
func maskShown(v string) string {
	if strings.HasPrefix(v, "****") {
		return v
	}
	return Mask(v)
}

// MaskValue is the one rule for a named value shown or kept anywhere: masked
// whole when its name says secret (MaskSecret), else with the secrets its
// shape gives away masked (MaskShapes).
func MaskValue(name, value string) string {
	if IsSecretName(name) {
		return MaskSecret(name, value)
	}
	return MaskShapes(value)
}

// MaskArgs returns a command line as it may be shown: --token=X and
// --password X (a flag whose name says secret) and the secrets every
// argument's shape gives away masked. args itself is not changed.
func MaskArgs(args []string) []string {
	if args == nil {
		return nil
	}
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = MaskShapes(a)
		if i > 0 && isSecretFlag(args[i-1]) && !strings.HasPrefix(a, "-") && a != "" {
			out[i] = maskShown(a)
		}
	}
	return out
}

// isSecretFlag reports whether a is a flag without a value (--token, -p is
// not one: too short to tell) whose name says secret.
func isSecretFlag(a string) bool {
	name, ok := strings.CutPrefix(a, "--")
	if !ok {
		name, ok = strings.CutPrefix(a, "-")
	}
	return ok && len(name) > 1 && !strings.Contains(name, "=") && IsSecretName(name)
}
