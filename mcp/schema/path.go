package schema

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Paths name fields: "opts.depth", "items[2].name", `env["MY.VAR"]`. Names
// made of letters, digits, "_", "-" and "$" are written bare; other names
// are written as a JSON string in brackets.

func (fd *Field) path() string {
	if fd.standIn != nil {
		return fd.standIn.path()
	}
	p := fd.parent
	if p == nil {
		return ""
	}
	base := p.path()
	switch p.Kind {
	case Variant:
		return base
	case Array:
		return base + "[" + strconv.Itoa(fd.index()) + "]"
	}
	return joinPath(base, fd.Name)
}

func joinPath(base, name string) string {
	if !isBareName(name) {
		return base + "[" + string(jsonStringLiteral(name)) + "]"
	}
	if base == "" {
		return name
	}
	return base + "." + name
}

func isBareName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '$') {
			return false
		}
	}
	return true
}

// A pathStep is one step of a path: a name, or an index into an array.
type pathStep struct {
	name    string
	index   int
	isIndex bool
}

func (s pathStep) String() string {
	if s.isIndex {
		return "[" + strconv.Itoa(s.index) + "]"
	}
	return s.name
}

// parsePath splits a path into steps. It stops at the first "=" outside
// brackets and returns the rest, so that "a.b=c" gives [a b] and "=c".
func parsePath(s string) ([]pathStep, string, error) {
	var steps []pathStep
	i := 0
	expectName := true // at the start or after "."
	for i < len(s) {
		c := s[i]
		switch {
		case c == '=':
			if expectName && len(steps) > 0 {
				return nil, "", fmt.Errorf("the name %q ends with a dot", s[:i])
			}
			return steps, s[i:], nil
		case c == '[':
			end, step, err := parseBracket(s, i)
			if err != nil {
				return nil, "", err
			}
			steps = append(steps, step)
			i = end
			expectName = false
		case c == '.':
			if expectName {
				return nil, "", fmt.Errorf("the name %q has an empty part", s)
			}
			expectName = true
			i++
		default:
			if !expectName {
				return nil, "", fmt.Errorf("the name %q needs a dot before %q", s, s[i:])
			}
			j := i
			for j < len(s) && s[j] != '.' && s[j] != '[' && s[j] != '=' {
				j++
			}
			steps = append(steps, pathStep{name: s[i:j]})
			i = j
			expectName = false
		}
	}
	if expectName && len(steps) > 0 {
		return nil, "", fmt.Errorf("the name %q ends with a dot", s)
	}
	return steps, "", nil
}

// parseBracket reads "[3]" or `["key"]` starting at s[i] == '['.
func parseBracket(s string, i int) (int, pathStep, error) {
	rest := s[i+1:]
	if strings.HasPrefix(rest, `"`) {
		dec := json.NewDecoder(strings.NewReader(rest))
		var key string
		if err := dec.Decode(&key); err != nil {
			return 0, pathStep{}, fmt.Errorf("the key in %q is not a valid quoted string", s)
		}
		end := i + 1 + int(dec.InputOffset())
		if end >= len(s) || s[end] != ']' {
			return 0, pathStep{}, fmt.Errorf("a \"]\" is missing in %q", s)
		}
		return end + 1, pathStep{name: key}, nil
	}
	close := strings.IndexByte(rest, ']')
	if close < 0 {
		return 0, pathStep{}, fmt.Errorf("a \"]\" is missing in %q", s)
	}
	n, err := strconv.Atoi(rest[:close])
	if err != nil || n < 0 {
		return 0, pathStep{}, fmt.Errorf("%q is not an item number (write [0] for the first item)", rest[:close])
	}
	return i + 1 + close + 1, pathStep{index: n, isIndex: true}, nil
}

func (f *Form) lookup(path string) *Field {
	steps, rest, err := parsePath(path)
	if err != nil || rest != "" {
		return nil
	}
	fd := f.Root
	for _, step := range steps {
		fd = fd.step(step)
		if fd == nil {
			return nil
		}
	}
	return fd
}

// step returns the child a path step names, without creating anything.
func (fd *Field) step(s pathStep) *Field {
	if fd.state.raw {
		return nil
	}
	switch fd.Kind {
	case Variant:
		if fd.state.chosen == nil {
			return nil
		}
		return fd.state.chosen.step(s)
	case Array:
		if s.isIndex && s.index < len(fd.state.items) {
			return fd.state.items[s.index]
		}
	case Object, KeyValue:
		if s.isIndex {
			return nil
		}
		if p := fd.propByName(s.name); p != nil {
			return p
		}
		if i := fd.entryIndex(s.name); i >= 0 {
			return fd.state.entries[i]
		}
	}
	return nil
}
