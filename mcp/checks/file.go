package checks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/store"

	"mcpbrowser/mcp/say"
)

// A File is one check file: a named list of checks and the servers they need.
type File struct {
	Name string `yaml:"name,omitempty"`
	// Servers names the servers the checks use. A value is either the name
	// of an entry in the servers file ("demo: my-demo") or an inline entry.
	Servers map[string]ServerSpec `yaml:"servers,omitempty"`
	Checks  []Check               `yaml:"checks"`

	// Path is where the file was read from (not stored).
	Path string `yaml:"-"`
}

// A ServerSpec says how to reach a server: by the name of an entry in the
// servers file (Ref), or inline, with the fields of a servers-file entry.
type ServerSpec struct {
	Ref     string            `yaml:"-"`
	Type    string            `yaml:"type,omitempty"`
	Command string            `yaml:"command,omitempty"`
	Args    []string          `yaml:"args,omitempty"`
	Env     map[string]string `yaml:"env,omitempty"`
	Cwd     string            `yaml:"cwd,omitempty"`
	URL     string            `yaml:"url,omitempty"`
	Headers map[string]string `yaml:"headers,omitempty"`
}

// Inline reports whether the spec describes the server itself rather than
// naming a servers-file entry.
func (s ServerSpec) Inline() bool { return s.Command != "" || s.URL != "" }

// UnmarshalYAML accepts a plain string as the name of a servers-file entry.
func (s *ServerSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.ScalarNode {
		*s = ServerSpec{Ref: n.Value}
		return nil
	}
	type plain ServerSpec
	var p plain
	if err := n.Decode(&p); err != nil {
		return err
	}
	*s = ServerSpec(p)
	return nil
}

// MarshalYAML writes a servers-file reference back as a plain string.
func (s ServerSpec) MarshalYAML() (any, error) {
	if !s.Inline() && s.Ref != "" {
		return s.Ref, nil
	}
	type plain ServerSpec
	return plain(s), nil
}

// A Check is one call and what is expected of its result. Exactly one of
// Tool, Read and Prompt is set.
type Check struct {
	Name string `yaml:"name"`
	// Server is a key of File.Servers, or the name of a servers-file entry.
	// It may be left out when the file names exactly one server.
	Server string `yaml:"server,omitempty"`

	Tool      string         `yaml:"tool,omitempty"`
	Arguments map[string]any `yaml:"arguments,omitempty"`
	// ArgumentsJSON is Arguments as recorded or written in the file, in
	// that order; it is sent and saved while it holds what Arguments
	// holds (argorder.go).
	ArgumentsJSON json.RawMessage `yaml:"-" json:"-"`
	// Read is a resource URI (resources/read).
	Read string `yaml:"read,omitempty"`
	// Prompt is a prompt name (prompts/get) with PromptArguments.
	Prompt          string            `yaml:"prompt,omitempty"`
	PromptArguments map[string]string `yaml:"promptArguments,omitempty"`

	// Destructive says the person means to run a tool that declares it may
	// destroy things. Without it such a check is not run from the CLI, and
	// the window asks first.
	Destructive bool `yaml:"destructive,omitempty"`

	Expect Expect `yaml:"expect"`
}

// Kind is "tool", "read" or "prompt".
func (c *Check) Kind() string {
	switch {
	case c.Read != "":
		return "read"
	case c.Prompt != "":
		return "prompt"
	}
	return "tool"
}

// Target names what the check calls, for people, in English: "add", "read
// demo://readme" (TargetIn gives it in other words).
func (c *Check) Target() string { return TargetIn(English{}, c) }

// Expect is what a result must be. Only the fields that are set are checked;
// an empty Outcome means "success".
type Expect struct {
	// Outcome is success, tool_error or rpc_error.
	Outcome string `yaml:"outcome,omitempty"`
	// Code is the JSON-RPC error code an rpc_error must carry.
	Code *int64 `yaml:"code,omitempty"`
	// Text is held against the result's text blocks joined by newlines.
	Text *TextExpect `yaml:"text,omitempty"`
	// JSON looks into structuredContent, or into the text when it is JSON.
	JSON []PathExpect `yaml:"json,omitempty"`
	// OutputSchema asks that structuredContent validate against the tool's outputSchema.
	OutputSchema bool `yaml:"outputSchema,omitempty"`
	// MaxMS bounds the call's duration in milliseconds.
	MaxMS int `yaml:"maxMs,omitempty"`
	// Snapshot is the whole recorded result; the new one must be the same,
	// except at the paths in Ignore (e.g. "structuredContent.time", "content.*.text").
	Snapshot *any     `yaml:"snapshot,omitempty"`
	Ignore   []string `yaml:"ignore,omitempty"`
}

// The outcomes a check can expect.
const (
	OutcomeSuccess   = "success"
	OutcomeToolError = "tool_error"
	OutcomeRPCError  = "rpc_error"
	// OutcomeNoAnswer is observed, never expected: the server could not be
	// reached, died or timed out.
	OutcomeNoAnswer = "no_answer"
)

// TextExpect holds the text of a result against a string or a pattern.
type TextExpect struct {
	Contains string  `yaml:"contains,omitempty"`
	Equals   *string `yaml:"equals,omitempty"`
	Matches  string  `yaml:"matches,omitempty"` // a Go regular expression
}

// A PathExpect looks at one value inside the result's JSON.
type PathExpect struct {
	// Path is dotted with [n] for array items: "sum", "items[0].name", "$.a.b".
	Path    string `yaml:"path"`
	Equals  *any   `yaml:"equals,omitempty"`
	Exists  *bool  `yaml:"exists,omitempty"`
	Matches string `yaml:"matches,omitempty"` // against the value as text
}

// Load reads a check file (YAML; JSON is YAML too) and checks its shape.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, say.Error("reading the check file: {{.Err}}", say.Args{"Err": err})
	}
	f, err := Parse(data)
	if err != nil {
		return nil, say.Error("{{.File}}: {{.Err}}", say.Args{"File": path, "Err": err})
	}
	f.Path = path
	if f.Name == "" {
		f.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	return f, nil
}

// Parse reads a check file's content.
func Parse(data []byte) (*File, error) {
	var f File
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, say.Error("not a check file: {{.Err}}", say.Args{"Err": err})
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	readArgumentOrder(data, &f)
	return &f, nil
}

// Validate says, in plain words, what is wrong with the file's checks.
func (f *File) Validate() error {
	var problems []say.Msg
	seen := map[string]bool{}
	for i, c := range f.Checks {
		at := say.Args{"N": i + 1, "Name": strconv.Quote(c.Name)}
		if c.Name == "" {
			problems = append(problems, say.New("check {{.N}} has no name", at))
		} else if seen[c.Name] {
			problems = append(problems, say.New("check {{.N}} ({{.Name}}): another check has the same name", at))
		}
		seen[c.Name] = true
		n := 0
		for _, s := range []string{c.Tool, c.Read, c.Prompt} {
			if s != "" {
				n++
			}
		}
		if n != 1 {
			problems = append(problems, say.New("check {{.N}} ({{.Name}}): give exactly one of tool, read and prompt", at))
		}
		if f.ServerOf(&c) == "" {
			problems = append(problems, say.New("check {{.N}} ({{.Name}}): say which server (server: NAME)", at))
		}
		switch c.Expect.Outcome {
		case "", OutcomeSuccess, OutcomeToolError, OutcomeRPCError:
		default:
			problems = append(problems, say.New("check {{.N}} ({{.Name}}): outcome {{.Outcome}} is not success, tool_error or rpc_error",
				say.Args{"N": i + 1, "Name": strconv.Quote(c.Name), "Outcome": strconv.Quote(c.Expect.Outcome)}))
		}
		if c.Expect.Code != nil && c.Expect.Outcome != OutcomeRPCError {
			problems = append(problems, say.New("check {{.N}} ({{.Name}}): code needs outcome: rpc_error", at))
		}
		for _, p := range c.Expect.JSON {
			if _, err := parsePath(p.Path); err != nil {
				problems = append(problems, say.New("check {{.N}} ({{.Name}}): json path {{.Path}}: {{.Err}}",
					say.Args{"N": i + 1, "Name": strconv.Quote(c.Name), "Path": strconv.Quote(p.Path), "Err": err}))
			}
		}
	}
	if len(problems) > 0 {
		return joinProblems(problems)
	}
	return nil
}

// joinProblems is the file's problems as one error: "a; b; c".
func joinProblems(ps []say.Msg) error {
	m := ps[len(ps)-1]
	for i := len(ps) - 2; i >= 0; i-- {
		m = say.New("{{.Problem}}; {{.More}}", say.Args{"Problem": ps[i], "More": m})
	}
	return &m
}

// ServerOf is the server a check runs against: its own, or the file's only one.
func (f *File) ServerOf(c *Check) string {
	if c.Server != "" {
		return c.Server
	}
	if len(f.Servers) == 1 {
		for name := range f.Servers {
			return name
		}
	}
	return ""
}

// Marshal writes the file as YAML.
func (f *File) Marshal() ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(f); err != nil {
		return nil, say.Error("writing the check file: {{.Err}}", say.Args{"Err": err})
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes the file to path as package store saves every file
// (atomically, through a symbolic link, keeping the file's mode).
func (f *File) Save(path string) error {
	data, err := f.Marshal()
	if err != nil {
		return err
	}
	if err := store.WriteFile(path, data, store.Keep(0o644)); err != nil {
		return say.Error("saving the check file: {{.Err}}", say.Args{"Err": err})
	}
	return nil
}

// Append adds checks to the file at path, creating it when it does not
// exist. A check whose name is taken gets " (2)", " (3)" … added. The file
// is changed as it is at that moment, under its lock (store.Update), so
// two recordings at once keep both.
func Append(path string, servers map[string]ServerSpec, add ...Check) error {
	return store.Update(path, store.Keep(0o644), func(old []byte) ([]byte, error) {
		f := &File{}
		if old != nil {
			var err error
			if f, err = Parse(old); err != nil {
				return nil, say.Error("{{.File}}: {{.Err}}", say.Args{"File": path, "Err": err})
			}
		}
		if f.Name == "" {
			f.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
		}
		f.add(servers, add)
		return f.Marshal()
	})
}

// add puts servers and checks into f, renaming what clashes.
func (f *File) add(servers map[string]ServerSpec, add []Check) {
	// A server already in the file under the same name but another entry
	// (a configured "demo" and an ad-hoc one) gets a name of its own.
	rename := map[string]string{}
	for name, spec := range servers {
		if f.Servers == nil {
			f.Servers = map[string]ServerSpec{}
		}
		newName := config.FreeName(name, func(n string) bool {
			old, taken := f.Servers[n]
			return taken && !reflect.DeepEqual(old, spec) // the same server is no clash
		})
		f.Servers[newName] = spec
		rename[name] = newName
	}
	taken := map[string]bool{}
	for _, c := range f.Checks {
		taken[c.Name] = true
	}
	for _, c := range add {
		if n, ok := rename[c.Server]; ok {
			c.Server = n
		}
		base := c.Name
		for i := 2; taken[c.Name]; i++ {
			c.Name = fmt.Sprintf("%s (%d)", base, i)
		}
		taken[c.Name] = true
		f.Checks = append(f.Checks, c)
	}
}
