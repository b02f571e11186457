package config

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strings"
)

// Secrets of an entry are masked wherever what a server or the app says is
// shown or kept: the stderr and messages panels (the logs they read), status
// lines, history files, log files. The masked form is MaskSecret's and
// MaskURL's, the app's one way of showing a secret.

// A TextMasker replaces an entry's secret values, and its URL, in text.
type TextMasker struct {
	r     *strings.Replacer
	pairs []string
}

// NewTextMasker returns nil when the entry has nothing to hide.
func NewTextMasker(cfg *ServerConfig) *TextMasker {
	var pairs []string
	add := func(name, value string) {
		if len(value) < 4 || !IsSecretName(name) {
			return // masking "a" would shred the text and reveal nothing
		}
		if shown := MaskSecret(name, value); shown != value {
			pairs = append(pairs, value, shown)
			if _, rest, ok := strings.Cut(value, " "); ok && len(rest) >= 4 && isAuthScheme(value[:len(value)-len(rest)-1]) {
				pairs = append(pairs, rest, Mask(rest)) // the token without its scheme
			}
			if q := url.QueryEscape(value); q != value {
				pairs = append(pairs, q, shown)
			}
		}
	}
	for k, v := range cfg.Env {
		add(k, v)
	}
	for k, v := range cfg.Headers {
		add(k, v)
	}
	for k, v := range cfg.Query {
		add(k, v)
	}
	if a := cfg.Auth; a != nil {
		add("token", a.Token)
		add("password", a.Password)
		add("key", a.Value)
	}
	if o := cfg.OAuth; o != nil {
		add("clientSecret", o.ClientSecret)
		add("idpClientSecret", o.IdPClientSecret)
	}
	if cfg.URL != "" {
		if u, err := url.Parse(cfg.URL); err == nil {
			if shown := MaskURL(u); shown != cfg.URL {
				pairs = append(pairs, cfg.URL, shown)
			}
			if p, ok := u.User.Password(); ok && len(p) >= 4 {
				pairs = append(pairs, p, Mask(p))
			}
			for k, vs := range u.Query() { // as other code (Go's own errors) writes the URL
				for _, v := range vs {
					if len(v) >= 4 && (IsSecretName(k) || IsSecretParam(k)) {
						pairs = append(pairs, v, Mask(v))
						if q := url.QueryEscape(v); q != v {
							pairs = append(pairs, q, Mask(v))
						}
					}
				}
			}
		}
	}
	if len(pairs) == 0 {
		return nil
	}
	return &TextMasker{r: strings.NewReplacer(pairs...), pairs: pairs}
}

// Mask returns s with the entry's secret values replaced and every secret
// found by its shape (MaskShapes) masked. A nil TextMasker masks shapes only.
func (m *TextMasker) Mask(s string) string {
	if m != nil && m.r != nil {
		s = m.r.Replace(s)
	}
	return MaskShapes(s)
}

// MaskBytes is Mask for bytes; b itself comes back when nothing was masked.
func (m *TextMasker) MaskBytes(b []byte) []byte {
	s := string(b)
	if out := m.Mask(s); out != s {
		return []byte(out)
	}
	return b
}

// Add returns a masker that also hides the given values (secrets a call's
// arguments carried), each shown as Mask shows it.
func (m *TextMasker) Add(values ...string) *TextMasker {
	var pairs []string
	if m != nil {
		pairs = append(pairs, m.pairs...)
	}
	for _, v := range values {
		if len(v) >= 4 && !isPlaceholder(v) && !strings.HasPrefix(v, "****") {
			pairs = append(pairs, v, Mask(v))
			if q := url.QueryEscape(v); q != v {
				pairs = append(pairs, q, Mask(v))
			}
			if j, _ := marshalPlain(v); len(j) > 2 && string(j[1:len(j)-1]) != v {
				pairs = append(pairs, string(j[1:len(j)-1]), Mask(v)) // as JSON writes it
			}
		}
	}
	if len(pairs) == 0 {
		return m
	}
	return &TextMasker{r: strings.NewReplacer(pairs...), pairs: pairs}
}

// MaskText returns text as it may be shown: the entry's secret values (env,
// headers, query, credentials) and its URL's secrets masked.
func (s *ServerConfig) MaskText(text string) string { return NewTextMasker(s).Mask(text) }

// MaskArguments returns call arguments (or any JSON) as they may be kept:
// every value under a secret-looking name (api_key, token, auth.bearer …), at
// any depth, masked, and the secrets other strings give away by their shape
// (MaskShapes).
func MaskArguments(args json.RawMessage) json.RawMessage {
	out, _ := maskJSON(args)
	return out
}

// SecretArguments returns the secret values call arguments carry (the ones
// MaskArguments masks by name), so that a server repeating them in its reply
// can be masked too (TextMasker.Add).
func SecretArguments(args json.RawMessage) []string {
	var v any
	if len(args) == 0 || json.Unmarshal(args, &v) != nil {
		return nil
	}
	var out []string
	var walk func(v any, secret bool)
	walk = func(v any, secret bool) {
		switch t := v.(type) {
		case map[string]any:
			for k, e := range t {
				walk(e, secret || IsSecretName(k))
			}
		case []any:
			for _, e := range t {
				walk(e, secret)
			}
		case string:
			if secret {
				out = append(out, t)
			}
		}
	}
	walk(v, false)
	return out
}

// maskJSON masks raw (MaskArguments) in place: each masked string is
// replaced where it is written, so keys keep their order and numbers their
// digits.
func maskJSON(raw json.RawMessage) (json.RawMessage, bool) {
	if len(raw) == 0 || !bytes.ContainsAny(raw, `"`) {
		return raw, false
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return raw, false
	}
	var pairs []string
	collectMasked(v, false, &pairs)
	if len(pairs) == 0 {
		return raw, false
	}
	out := json.RawMessage(strings.NewReplacer(pairs...).Replace(string(raw)))
	if _, again := maskJSONValue(out); !again {
		return out, true
	}
	// A string written another way (\u escapes): mask the decoded value and
	// write it anew, keys sorted.
	masked, _ := maskNamed(v, false)
	b, err := marshalPlain(masked)
	if err != nil {
		return raw, false
	}
	return b, true
}

// maskJSONValue reports whether raw still holds something to mask.
func maskJSONValue(raw json.RawMessage) (any, bool) {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return nil, false
	}
	var pairs []string
	collectMasked(v, false, &pairs)
	return v, len(pairs) > 0
}

// marshalPlain is json.Marshal without HTML escaping (<, >, & stay as sent).
func marshalPlain(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// collectMasked adds, for each string maskNamed would mask, its JSON text
// and the masked one's (both forms encoding/json and a server may write).
func collectMasked(v any, secret bool, pairs *[]string) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			collectMasked(e, secret || IsSecretName(k), pairs)
		}
	case []any:
		for _, e := range t {
			collectMasked(e, secret, pairs)
		}
	case string:
		if m, changed := maskNamed(t, secret); changed {
			for _, form := range jsonForms(t) {
				shown, _ := marshalPlain(m)
				*pairs = append(*pairs, form, string(shown))
			}
		}
	}
}

// jsonForms are the ways a string may be written in JSON: as encoding/json
// writes it, with and without HTML escaping.
func jsonForms(s string) []string {
	plain, _ := marshalPlain(s)
	html, _ := json.Marshal(s)
	if string(plain) == string(html) {
		return []string{string(plain)}
	}
	return []string{string(plain), string(html)}
}

// maskNamed masks, in a decoded JSON value, the strings under a secret name
// (secret: the value's own name, or one above it, is secret) and the shapes
// in the others.
func maskNamed(v any, secret bool) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		changed := false
		for k, e := range t {
			m, c := maskNamed(e, secret || IsSecretName(k))
			if c {
				t[k], changed = m, true
			}
		}
		return t, changed
	case []any:
		changed := false
		for i, e := range t {
			m, c := maskNamed(e, secret)
			if c {
				t[i], changed = m, true
			}
		}
		return t, changed
	case string:
		var m string
		if secret {
			m = maskShown(t)
			if scheme, rest, ok := strings.Cut(t, " "); ok && isAuthScheme(scheme) {
				m = scheme + " " + maskShown(strings.TrimSpace(rest))
			}
			if t == "" || isPlaceholder(t) {
				m = t
			}
		} else {
			m = MaskShapes(t)
		}
		return m, m != t
	}
	return v, false
}

// MaskedForExport returns copies of the entries with every secret value
// masked as MaskSecret and MaskURL show them, and whether anything was.
func MaskedForExport(servers []*ServerConfig) ([]*ServerConfig, bool) {
	out := make([]*ServerConfig, len(servers))
	masked := false
	maskMap := func(m map[string]string) {
		for k, v := range m {
			if shown := MaskValue(k, v); shown != v {
				m[k], masked = shown, true
			}
		}
	}
	maskField := func(p *string) {
		if *p != "" && !isPlaceholder(*p) {
			*p, masked = Mask(*p), true
		}
	}
	for i, s := range servers {
		c := s.Clone()
		if shown := MaskArgs(c.Args); !slices.Equal(shown, c.Args) {
			c.Args, masked = shown, true
		}
		if shown := MaskShapes(c.Command); shown != c.Command {
			c.Command, masked = shown, true
		}
		maskMap(c.Env)
		maskMap(c.Headers)
		maskMap(c.Query)
		if c.URL != "" {
			if shown := c.MaskText(c.URL); shown != c.URL {
				c.URL, masked = shown, true
			}
		}
		if c.Auth != nil {
			maskField(&c.Auth.Token)
			maskField(&c.Auth.Password)
			maskField(&c.Auth.Value)
		}
		if c.OAuth != nil {
			maskField(&c.OAuth.ClientSecret)
			maskField(&c.OAuth.IdPClientSecret)
		}
		out[i] = c
	}
	return out, masked
}

// secretParams are query and form parameters whose values never reach a log.
var secretParams = []string{"code", "access_token", "refresh_token", "id_token", "client_secret",
	"code_verifier", "token", "api_key", "apikey", "key", "password", "secret", "client_assertion",
	"registration_access_token", "subject_token", "assertion"}

// MaskURL renders u as it may be shown: its password and the values of
// secret-looking query parameters hidden. The app's one way to show a URL.
func MaskURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	c := *u
	if c.User != nil {
		c.User = url.User(c.User.Username())
	}
	if c.RawQuery != "" {
		q := c.Query()
		for k := range q {
			if IsSecretName(k) || IsSecretParam(k) {
				q.Set(k, Mask(q.Get(k)))
			}
		}
		c.RawQuery = strings.ReplaceAll(q.Encode(), url.QueryEscape("****"), "****")
	}
	return c.String()
}

// IsSecretParam reports whether a query or form parameter's value is a
// secret by OAuth's names (code, access_token …) or the app's (IsSecretName).
func IsSecretParam(name string) bool {
	for _, v := range secretParams {
		if strings.EqualFold(v, name) {
			return true
		}
	}
	return false
}
