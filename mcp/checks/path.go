package checks

import (
	"strconv"
	"strings"

	"mcpbrowser/mcp/say"
)

// A path step is an object key, an array index, or "*" for any of either.
type step struct {
	key   string
	index int // -1 for a key
	any   bool
}

// parsePath reads "a.b[0].c", "$.a", "content.*.text" or "" (the whole value).
func parsePath(p string) ([]step, error) {
	p = strings.TrimPrefix(strings.TrimPrefix(p, "$"), ".")
	var out []step
	for p != "" {
		switch {
		case p[0] == '[':
			end := strings.IndexByte(p, ']')
			if end < 0 {
				return nil, say.Error("a [ has no ]", nil)
			}
			inner := p[1:end]
			if inner == "*" {
				out = append(out, step{any: true, index: -1})
			} else {
				n, err := strconv.Atoi(inner)
				if err != nil || n < 0 {
					return nil, say.Error("[{{.Inner}}] is not an array index", say.Args{"Inner": inner})
				}
				out = append(out, step{index: n})
			}
			p = strings.TrimPrefix(p[end+1:], ".")
		default:
			end := strings.IndexAny(p, ".[")
			if end < 0 {
				end = len(p)
			}
			key := p[:end]
			if key == "" {
				return nil, say.Error("an empty name between dots", nil)
			}
			if key == "*" {
				out = append(out, step{any: true, index: -1})
			} else if n, err := strconv.Atoi(key); err == nil && n >= 0 {
				out = append(out, step{key: key, index: n}) // "content.0.text": a key or an index
			} else {
				out = append(out, step{key: key, index: -1})
			}
			p = strings.TrimPrefix(p[end:], ".")
		}
	}
	return out, nil
}

// lookup finds the value at path in v (JSON values: map[string]any, []any …).
func lookup(v any, path []step) (any, bool) {
	for _, s := range path {
		switch x := v.(type) {
		case map[string]any:
			if s.any {
				return nil, false
			}
			val, ok := x[s.key]
			if !ok {
				return nil, false
			}
			v = val
		case []any:
			if s.index < 0 || s.index >= len(x) {
				return nil, false
			}
			v = x[s.index]
		default:
			return nil, false
		}
	}
	return v, true
}

// remove deletes every value at path from v (with "*" matching every key or
// item) and returns v.
func remove(v any, path []step) any {
	if len(path) == 0 {
		return nil
	}
	s, rest := path[0], path[1:]
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if !s.any && k != s.key {
				continue
			}
			if len(rest) == 0 {
				delete(x, k)
			} else {
				x[k] = remove(val, rest)
			}
		}
	case []any:
		for i := range x {
			if !s.any && i != s.index {
				continue
			}
			if len(rest) == 0 {
				x[i] = nil
			} else {
				x[i] = remove(x[i], rest)
			}
		}
	}
	return v
}
