package config

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
)

// Secrets of an entry are masked wherever what a server or the app says is
// shown or kept: the stderr and messages panels (the logs they read), status
// lines, history files, log files. The masked form is MaskSecret's and
// MaskURL's, the app's one way of showing a secret.

// A TextMasker replaces an entry's secret values, and its URL, in text.
type TextMasker struct{ r *strings.Replacer }

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
	return &TextMasker{r: strings.NewReplacer(pairs...)}
}

func (m *TextMasker) Mask(s string) string {
	if m == nil {
		return s
	}
	return m.r.Replace(s)
}

func (m *TextMasker) MaskBytes(b []byte) []byte {
	if m == nil {
		return b
	}
	s := string(b)
	if out := m.r.Replace(s); out != s {
		return []byte(out)
	}
	return b
}

// MaskText returns text as it may be shown: the entry's secret values (env,
// headers, query, credentials) and its URL's secrets masked.
func (s *ServerConfig) MaskText(text string) string { return NewTextMasker(s).Mask(text) }

// MaskArguments returns call arguments as they may be kept: the values of
// secret-named arguments (api_key, token, password …), at any depth, masked.
func MaskArguments(args json.RawMessage) json.RawMessage {
	if len(args) == 0 || !bytes.ContainsAny(args, ":") {
		return args
	}
	var v any
	if json.Unmarshal(args, &v) != nil {
		return args
	}
	if !maskNamed(v) {
		return args
	}
	out, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return out
}

func maskNamed(v any) (changed bool) {
	switch t := v.(type) {
	case map[string]any:
		for k, e := range t {
			if s, ok := e.(string); ok && IsSecretName(k) {
				if m := MaskSecret(k, s); m != s {
					t[k], changed = m, true
				}
				continue
			}
			changed = maskNamed(e) || changed
		}
	case []any:
		for _, e := range t {
			changed = maskNamed(e) || changed
		}
	}
	return changed
}

// MaskedForExport returns copies of the entries with every secret value
// masked as MaskSecret and MaskURL show them, and whether anything was.
func MaskedForExport(servers []*ServerConfig) ([]*ServerConfig, bool) {
	out := make([]*ServerConfig, len(servers))
	masked := false
	maskMap := func(m map[string]string) {
		for k, v := range m {
			if shown := MaskSecret(k, v); shown != v {
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
