package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/store"
)

// Transport types, as normalised from whatever spelling a config file uses.
const (
	TypeStdio   = "stdio"
	TypeHTTP    = "http" // streamable HTTP
	TypeSSE     = "sse"  // the legacy HTTP+SSE transport
	TypeOpenAPI = "openapi"
)

// Defaults for the timeouts a server entry may leave out.
const (
	DefaultConnectTimeout = 30 * time.Second
	DefaultCallTimeout    = 60 * time.Second
	DefaultCallMaxTotal   = 10 * time.Minute
)

// DefaultConfigPath is where the servers file lives unless --config says otherwise.
func DefaultConfigPath() (string, error) {
	return store.File(store.Config, "servers.json")
}

// A Config is the `mcpServers` file: the servers in the order the file lists them,
// and every top-level field we do not use, kept so that saving loses nothing.
type Config struct {
	// Path is the file the config was loaded from and is saved to.
	Path    string
	Servers []*ServerConfig
	// extra holds unknown top-level fields (other apps share this shape).
	extra map[string]json.RawMessage
	// removed are the entries removed since the file was read, as they were
	// then; keep are names whose outside change the person chose to override
	// (see saveMerged).
	removed map[string]*entryOrigin
	keep    map[string]bool
}

// A ServerConfig is one entry of `mcpServers`.
type ServerConfig struct {
	Name string `json:"-"`
	// Type is normalised: one of TypeStdio, TypeHTTP, TypeSSE, TypeOpenAPI.
	Type string `json:"-"`

	Command string            `json:"command,omitempty"`
	Args    []string          `json:"args,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	Cwd     string            `json:"cwd,omitempty"`

	URL     string            `json:"url,omitempty"`
	Headers map[string]string `json:"headers,omitempty"`
	Query   map[string]string `json:"query,omitempty"`

	// ConnectTimeout and CallTimeout are seconds; nil means the default, -1 none.
	ConnectTimeout *float64 `json:"connectTimeout,omitempty"`
	CallTimeout    *float64 `json:"callTimeout,omitempty"`
	// ProtocolVersion pins the version offered in initialize.
	ProtocolVersion string `json:"protocolVersion,omitempty"`
	Disabled        bool   `json:"disabled,omitempty"`

	// Spec and BaseURL describe an OpenAPI document served as tools (Type openapi).
	Spec    StringList `json:"spec,omitempty"`
	BaseURL string     `json:"baseUrl,omitempty"`
	// Auth is the credential an openapi entry sends with each request.
	Auth *APIAuth `json:"auth,omitempty"`
	// OAuth configures sign-in for a remote server that answers 401.
	OAuth *OAuthConfig `json:"oauth,omitempty"`

	// rawType is the type as written, so that an absent type stays absent on save.
	rawType string
	// Extra holds fields this app does not know, kept through load and save.
	Extra map[string]json.RawMessage `json:"-"`
	// Problem says, in plain words, why this entry cannot be started (no command,
	// unknown type …); the rest of the file still loads.
	Problem string `json:"-"`
	// problem is Problem as a keyed message (see ProblemMessage).
	problem say.Msg
	// origin is the entry as last read from or written to the file; a save
	// compares with it to write only what changed here.
	origin *entryOrigin
}

// APIAuth is the credential of an openapi entry.
type APIAuth struct {
	Type     string `json:"type"` // bearer | basic | apiKey
	Token    string `json:"token,omitempty"`
	Username string `json:"username,omitempty"`
	Password string `json:"password,omitempty"`
	Name     string `json:"name,omitempty"` // apiKey: header or query parameter name
	In       string `json:"in,omitempty"`   // apiKey: header | query
	Value    string `json:"value,omitempty"`
}

// OAuthConfig is the pre-registered client identity and scope of a remote entry.
type OAuthConfig struct {
	ClientID          string   `json:"clientId,omitempty"`
	ClientSecret      string   `json:"clientSecret,omitempty"`
	ClientMetadataURL string   `json:"clientMetadataUrl,omitempty"`
	Scopes            []string `json:"scopes,omitempty"`
	GrantType         string   `json:"grantType,omitempty"`
	// The OAuth extensions (see oauth.Options): a private key file for
	// private_key_jwt, the JWT a jwt_bearer or enterprise grant presents (a
	// file or an environment variable), the enterprise identity provider, and
	// DPoP (auto, always, never). Key and token files are paths, never contents.
	PrivateKeyFile  string `json:"privateKeyFile,omitempty"`
	SigningAlg      string `json:"signingAlg,omitempty"`
	AssertionFile   string `json:"assertionFile,omitempty"`
	AssertionEnv    string `json:"assertionEnv,omitempty"`
	IdPIssuer       string `json:"idpIssuer,omitempty"`
	IdPClientID     string `json:"idpClientId,omitempty"`
	IdPClientSecret string `json:"idpClientSecret,omitempty"`
	DPoP            string `json:"dpop,omitempty"`
}

// StringList is a JSON value written either as one string or as a list of strings.
type StringList []string

func (l *StringList) UnmarshalJSON(data []byte) error {
	var one string
	if err := json.Unmarshal(data, &one); err == nil {
		*l = StringList{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(data, &many); err != nil {
		return say.Error("must be a string or a list of strings", nil)
	}
	*l = many
	return nil
}

func (l StringList) MarshalJSON() ([]byte, error) {
	if len(l) == 1 {
		return json.Marshal(l[0])
	}
	return json.Marshal([]string(l))
}

// NormalizeType maps the transport spellings people write to ours: any case,
// an optional mcp_/mcp- prefix, and the streamable-HTTP aliases. It returns ""
// for a type it does not know.
func NormalizeType(t string) string {
	s := strings.ToLower(strings.TrimSpace(t))
	s = strings.TrimPrefix(strings.TrimPrefix(s, "mcp_"), "mcp-")
	switch s {
	case "stdio", "local", "command":
		return TypeStdio
	case "http", "streamable-http", "streamable_http", "streamablehttp", "streamable", "remote":
		return TypeHTTP
	case "sse":
		return TypeSSE
	case "openapi":
		return TypeOpenAPI
	}
	return ""
}

// ConnectTimeoutDuration is the entry's connect timeout; 0 means none.
func (s *ServerConfig) ConnectTimeoutDuration() time.Duration {
	return seconds(s.ConnectTimeout, DefaultConnectTimeout)
}

// CallTimeoutDuration is the entry's call timeout (restarted by progress); 0 means none.
func (s *ServerConfig) CallTimeoutDuration() time.Duration {
	return seconds(s.CallTimeout, DefaultCallTimeout)
}

func seconds(v *float64, def time.Duration) time.Duration {
	switch {
	case v == nil:
		return def
	case *v < 0:
		return 0
	}
	return time.Duration(*v * float64(time.Second))
}

// Clone returns a deep copy, so an editor can change it without touching the live entry.
func (s *ServerConfig) Clone() *ServerConfig {
	c := *s
	c.Args = slices.Clone(s.Args)
	c.Env = maps.Clone(s.Env)
	c.Headers = maps.Clone(s.Headers)
	c.Query = maps.Clone(s.Query)
	c.Spec = slices.Clone(s.Spec)
	c.Extra = maps.Clone(s.Extra)
	if s.ConnectTimeout != nil {
		v := *s.ConnectTimeout
		c.ConnectTimeout = &v
	}
	if s.CallTimeout != nil {
		v := *s.CallTimeout
		c.CallTimeout = &v
	}
	if s.Auth != nil {
		a := *s.Auth
		c.Auth = &a
	}
	if s.OAuth != nil {
		o := *s.OAuth
		o.Scopes = slices.Clone(s.OAuth.Scopes)
		c.OAuth = &o
	}
	return &c
}

// Validate sets Problem from the entry's fields and returns it.
func (s *ServerConfig) Validate() string {
	s.problem = s.validate()
	s.Problem = ""
	if !s.problem.IsZero() {
		s.Problem = s.problem.String()
	}
	return s.Problem
}

// ProblemMessage is Problem as a keyed message, for a front end to word in
// the person's language; zero when the entry has none (or Validate has not
// looked at it).
func (s *ServerConfig) ProblemMessage() say.Msg {
	if s.problem.IsZero() && s.Problem != "" {
		return say.New("{{.Text}}", say.Args{"Text": s.Problem})
	}
	return s.problem
}

func (s *ServerConfig) validate() say.Msg {
	if s.rawType != "" && s.Type == "" {
		return say.New("unknown transport type {{.Type}}; use stdio, http, sse or openapi", say.Args{"Type": strconv.Quote(s.rawType)})
	}
	switch s.Type {
	case TypeStdio:
		if strings.TrimSpace(s.Command) == "" {
			return say.Text(`no command to start; set "command" (and "args")`)
		}
	case TypeHTTP, TypeSSE:
		if strings.TrimSpace(s.URL) == "" {
			return say.Text(`no URL; set "url" to the server's endpoint`)
		}
	case TypeOpenAPI:
		if len(s.Spec) == 0 {
			return say.Text(`no OpenAPI document; set "spec" to a file path or URL`)
		}
	default:
		return say.Text(`neither "command" nor "url" is set`)
	}
	return say.Msg{}
}

// Server returns the entry with that name, or nil.
func (c *Config) Server(name string) *ServerConfig {
	for _, s := range c.Servers {
		if s.Name == name {
			return s
		}
	}
	return nil
}

// Put adds the entry, or replaces the one with the same name in place.
func (c *Config) Put(s *ServerConfig) {
	s.Validate()
	for i, old := range c.Servers {
		if old.Name == s.Name {
			c.Servers[i] = s
			return
		}
	}
	c.Servers = append(c.Servers, s)
}

// Remove deletes the named entry and reports whether it was there.
func (c *Config) Remove(name string) bool {
	if s := c.Server(name); s != nil && s.origin != nil {
		if c.removed == nil {
			c.removed = map[string]*entryOrigin{}
		}
		c.removed[s.origin.name] = s.origin
	}
	n := len(c.Servers)
	c.Servers = slices.DeleteFunc(c.Servers, func(s *ServerConfig) bool { return s.Name == name })
	return len(c.Servers) != n
}

// Rename changes an entry's name, refusing a name already taken.
func (c *Config) Rename(old, new string) error {
	if old == new {
		return nil
	}
	if c.Server(new) != nil {
		return fmt.Errorf("a server named %q already exists", new)
	}
	s := c.Server(old)
	if s == nil {
		return fmt.Errorf("no server named %q", old)
	}
	s.Name = new
	return nil
}

// Load reads the servers file. A missing file is reported with an error
// satisfying errors.Is(err, fs.ErrNotExist); a malformed one as a *ConfigError
// with line and column. The file is never written here.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, say.Cause(err)
	}
	return Parse(path, data)
}

// Parse parses the `mcpServers` shape; path is used in messages only.
func Parse(path string, data []byte) (*Config, error) {
	cfg := &Config{Path: path}
	// Notepad and some editors start UTF-8 files with a byte order mark.
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if len(bytes.TrimSpace(data)) == 0 {
		return cfg, nil
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) { // valid JSON, but not an object: point at its start
			cerr := NewConfigError(path, say.Text(`the file must be a JSON object like {"mcpServers": {…}}`))
			cerr.Line, cerr.Column = lineColumn(data, len(data)-len(bytes.TrimLeft(data, " \t\r\n")))
			return nil, cerr
		}
		return nil, JSONError(path, data, err)
	}
	raw, ok := top["mcpServers"]
	delete(top, "mcpServers")
	cfg.extra = top
	if !ok || string(raw) == "null" {
		return cfg, nil
	}
	base := bytes.Index(data, raw)
	at := func(cerr *ConfigError, off int) *ConfigError {
		if base >= 0 {
			cerr.Line, cerr.Column = lineColumn(data, base+off)
		}
		return cerr
	}
	names, offsets, err := objectKeys(raw)
	if err != nil {
		return nil, at(NewConfigError(path, say.Text(`"mcpServers" must be an object of servers, like {"name": {"command": …}}`)), 0)
	}
	for i, name := range names {
		if first := slices.Index(names, name); first < i {
			return nil, at(NewConfigError(path, say.New("server {{.Name}} is written twice; rename or remove one", say.Args{"Name": strconv.Quote(name)})), offsets[i])
		}
	}
	var entries map[string]json.RawMessage
	if err := json.Unmarshal(raw, &entries); err != nil {
		return nil, JSONError(path, data, err)
	}
	for _, name := range names {
		s, err := ParseServer(name, entries[name])
		if err != nil {
			cerr := NewConfigError(path, ServerSays(name, err))
			if at := bytes.Index(data[max(base, 0):], entries[name]); base >= 0 && at >= 0 {
				cerr.Line, cerr.Column = lineColumn(data, base+at)
			}
			return nil, cerr
		}
		s.setOrigin()
		cfg.Servers = append(cfg.Servers, s)
	}
	return cfg, nil
}

// knownServerFields are the keys parseServer consumes; the rest go to Extra.
var knownServerFields = []string{"type", "command", "args", "env", "cwd", "url", "headers", "query",
	"connectTimeout", "callTimeout", "protocolVersion", "disabled", "spec", "baseUrl", "auth", "oauth"}

func ParseServer(name string, raw json.RawMessage) (*ServerConfig, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, say.Error(`must be an object like {"command": "…"} or {"url": "…"}`, nil)
	}
	// Only the exact spellings are ours: encoding/json would also take
	// "Command" or "URL", and they would then be written twice on save.
	s := &ServerConfig{Name: name, Extra: map[string]json.RawMessage{}}
	known := map[string]json.RawMessage{}
	for k, v := range fields {
		if slices.Contains(knownServerFields, k) {
			known[k] = v
		} else {
			s.Extra[k] = v
		}
	}
	knownJSON, err := json.Marshal(known)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(knownJSON, s); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, say.Error("field {{.Field}} must be {{.Kind}}", say.Args{"Field": strconv.Quote(te.Field), "Kind": jsonKind(te.Type.Kind().String())})
		}
		return nil, err
	}
	if t, ok := fields["type"]; ok {
		if err := json.Unmarshal(t, &s.rawType); err != nil {
			return nil, say.Error(`field "type" must be a string`, nil)
		}
	}
	s.Type = NormalizeType(s.rawType)
	if s.rawType == "" {
		switch {
		case s.Command != "":
			s.Type = TypeStdio
		case s.URL != "":
			s.Type = TypeHTTP
		case len(s.Spec) > 0:
			s.Type = TypeOpenAPI
		}
	}
	s.Validate()
	return s, nil
}

// jsonKind is a Go kind's name as the JSON a person writes calls it.
func jsonKind(k string) say.Msg {
	switch k {
	case "slice":
		return say.Text("a list")
	case "map", "struct":
		return say.Text("an object")
	case "float64":
		return say.Text("a number")
	}
	return say.Text("a " + k)
}

// objectKeys returns the keys of a JSON object in the order they are written,
// with the byte offset in raw where each key starts.
func objectKeys(raw json.RawMessage) ([]string, []int, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil, say.Error("must be an object of servers", nil)
	}
	var keys []string
	var offsets []int
	for dec.More() {
		before := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		key := tok.(string)
		// InputOffset is now just past the key's closing quote; the key starts
		// at the first quote after the previous value (skipping , and spaces).
		start := before + bytes.IndexByte(raw[before:], '"')
		keys = append(keys, key)
		offsets = append(offsets, start)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, nil, err
		}
	}
	return keys, offsets, nil
}

// lineColumn turns a byte offset into a 1-based line and a 1-based column
// counted in characters, as editors show them.
func lineColumn(data []byte, offset int) (int, int) {
	offset = min(max(offset, 0), len(data))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return line, col
}

// Marshal renders the config in the `mcpServers` shape, servers in order,
// unknown fields kept.
func (c *Config) Marshal() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("{\n  \"mcpServers\": {")
	for i, s := range c.Servers {
		if i > 0 {
			buf.WriteString(",")
		}
		entry, err := s.MarshalEntry()
		if err != nil {
			return nil, ServerProblem(s.Name, err)
		}
		name := marshalNoEscape(s.Name)
		buf.WriteString("\n    ")
		buf.Write(name)
		buf.WriteString(": ")
		if err := json.Indent(&buf, entry, "    ", "  "); err != nil {
			return nil, err
		}
	}
	if len(c.Servers) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("}")
	for _, k := range slices.Sorted(maps.Keys(c.extra)) {
		key := marshalNoEscape(k)
		buf.WriteString(",\n  ")
		buf.Write(key)
		buf.WriteString(": ")
		if err := json.Indent(&buf, c.extra[k], "  ", "  "); err != nil {
			return nil, err
		}
	}
	buf.WriteString("\n}\n")
	return buf.Bytes(), nil
}

func (s *ServerConfig) MarshalEntry() ([]byte, error) {
	// Without HTML escaping: a command like `echo boom >&2` stays readable.
	var kb bytes.Buffer
	enc := json.NewEncoder(&kb)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return nil, err
	}
	known := kb.Bytes()
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(known, &fields); err != nil {
		return nil, err
	}
	switch {
	case s.rawType != "" && s.Type == "":
		fields["type"] = marshalNoEscape(s.rawType) // unknown: keep what the person wrote
	case s.rawType != "" && NormalizeType(s.rawType) == s.Type:
		fields["type"], _ = json.Marshal(s.Type)
	case s.Type != "" && s.Type != ImpliedType(s):
		fields["type"], _ = json.Marshal(s.Type)
	}
	for k, v := range s.Extra {
		if _, ok := fields[k]; !ok {
			fields[k] = v
		}
	}
	// A fixed, readable key order: type first, then the fields in struct order, then extras.
	order := append([]string{"type"}, knownServerFields[1:]...)
	var buf bytes.Buffer
	buf.WriteByte('{')
	first := true
	write := func(k string) {
		v, ok := fields[k]
		if !ok {
			return
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		key := marshalNoEscape(k)
		buf.Write(key)
		buf.WriteByte(':')
		buf.Write(v)
		delete(fields, k)
	}
	for _, k := range order {
		write(k)
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		write(k)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// marshalNoEscape renders a string as JSON without escaping <, > and &.
func marshalNoEscape(v string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// impliedType is the type an entry gets when "type" is absent.
func ImpliedType(s *ServerConfig) string {
	switch {
	case s.Command != "":
		return TypeStdio
	case s.URL != "":
		return TypeHTTP
	case len(s.Spec) > 0:
		return TypeOpenAPI
	}
	return ""
}

// SetType sets the normalised type and records it as explicitly chosen.
func (s *ServerConfig) SetType(t string) {
	s.Type = NormalizeType(t)
	s.rawType = s.Type
}

// Save writes the entries this copy changed into the file as it is now, under
// the file's lock (see saveMerged), as package store saves every file:
// atomically, through a symbolic link, keeping the file's mode.
func (c *Config) Save() error {
	if c.Path == "" {
		return errors.New("the config has no file path")
	}
	return c.saveMerged()
}

// DemoConfig is the config offered on a first run: just the built-in demo
// server, started from this very executable. It is not written until the
// person changes something.
func DemoConfig(path, executable string) *Config {
	demo := &ServerConfig{Name: "demo", Type: TypeStdio, Command: executable, Args: []string{"demo-server"}}
	demo.Validate()
	return &Config{Path: path, Servers: []*ServerConfig{demo}}
}
