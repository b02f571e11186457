package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// Saving keeps the bytes of what was not edited. The file as it is on disk
// is the starting point; only the entries this save adds, changes, renames
// or removes are rewritten in it, so that an untouched entry keeps its
// exact bytes: its key order, its spacing, a path that is not UTF-8 (which
// the JSON decoder would turn into U+FFFD), a key written twice (which the
// decoder would keep once). An entry that is edited and cannot be written
// back as read (one of the latter two) is refused with a plain message
// rather than changed silently.

// A member is one entry of the file's mcpServers object, by byte offsets
// into the file: lead is the spacing after the "{" or "," before it.
type member struct {
	name                  string
	lead, key, value, end int
	canonical             []byte // the entry as parsed, compact (see canonical)
}

// serversObject is where the mcpServers object is in data, and its members.
type serversObject struct {
	open, close int // offsets of its "{" and "}"
	members     []member
}

// findServers locates the (last, as the decoder takes the last)
// "mcpServers" object of the top-level object in data; ok is false when
// there is none.
func findServers(data []byte) (obj serversObject, ok bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return obj, false, errors.New("not an object")
	}
	start, end := -1, -1
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return obj, false, err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return obj, false, err
		}
		if tok == "mcpServers" && len(raw) > 0 && raw[0] == '{' {
			end = int(dec.InputOffset())
			start = end - len(raw)
		} else if tok == "mcpServers" {
			start, end = -1, -1
		}
	}
	if start < 0 {
		return obj, false, nil
	}
	obj.open, obj.close = start, end-1
	obj.members, err = objectMembers(data, start)
	return obj, err == nil, err
}

// objectMembers reads the members of the object that starts at data[open].
func objectMembers(data []byte, open int) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data[open:]))
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	var out []member
	prev := open + 1 // just past "{", or past the previous value
	for dec.More() {
		lead := prev
		if i := bytes.IndexByte(data[prev:], ','); len(out) > 0 && i >= 0 {
			lead = prev + i + 1
		}
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		end := open + int(dec.InputOffset())
		m := member{name: tok.(string), lead: lead, value: end - len(raw), end: end}
		m.key = lead + bytes.IndexByte(data[lead:], '"')
		out = append(out, m)
		prev = end
	}
	return out, nil
}

// splice renders the servers of disk into data, the file they were parsed
// from after this save's changes were merged in: untouched entries keep
// their bytes, and everything outside the mcpServers object is kept as it
// is. ok is false when data has no mcpServers object to splice into.
func splice(data []byte, disk *Config) (out []byte, ok bool, err error) {
	bom := []byte("\ufeff")
	body := bytes.TrimPrefix(data, bom)
	obj, ok, err := findServers(body)
	if !ok || err != nil {
		return nil, false, nil
	}
	byName := map[string]*member{}
	for i := range obj.members {
		m := &obj.members[i]
		byName[m.name] = m
		if s, err := ParseServer(m.name, json.RawMessage(body[m.value:m.end])); err == nil {
			m.canonical, _ = s.canonical()
		}
	}
	indent := memberIndent(body, obj)
	var b bytes.Buffer
	b.Write(data[:len(data)-len(body)]) // the byte order mark, if any
	b.Write(body[:obj.open+1])
	used := map[string]bool{}
	for i, s := range disk.Servers {
		if i > 0 {
			b.WriteByte(',')
		}
		orig := byName[s.Name]
		if orig == nil && s.origin != nil && disk.Server(s.origin.name) == nil {
			orig = byName[s.origin.name] // renamed: in the old one's place
		}
		if orig != nil && used[orig.name] {
			orig = nil
		}
		if err := writeMember(&b, body, orig, s, indent); err != nil {
			return nil, false, err
		}
		if orig != nil {
			used[orig.name] = true
		}
	}
	tail := body[obj.close:] // "}" and what follows the object
	switch {
	case len(obj.members) > 0:
		last := obj.members[len(obj.members)-1]
		b.Write(body[last.end:obj.close])
	case len(disk.Servers) > 0:
		b.WriteString("\n" + indent[:max(len(indent)-2, 0)])
	default:
		b.Write(body[obj.open+1 : obj.close])
	}
	b.Write(tail)
	return b.Bytes(), true, nil
}

// writeMember writes s as a member of the object, reusing orig's bytes
// (spacing, key, value) for what did not change.
func writeMember(b *bytes.Buffer, body []byte, orig *member, s *ServerConfig, indent string) error {
	if orig == nil {
		b.WriteString("\n" + indent)
		b.Write(marshalNoEscape(s.Name))
		b.WriteString(": ")
		return writeEntry(b, s, indent)
	}
	b.Write(body[orig.lead:orig.key])
	if orig.name == s.Name {
		b.Write(body[orig.key:orig.value])
	} else {
		b.Write(marshalNoEscape(s.Name))
		b.WriteString(": ")
	}
	cur, err := s.canonical()
	if err == nil && orig.canonical != nil && bytes.Equal(cur, orig.canonical) {
		b.Write(body[orig.value:orig.end])
		return nil
	}
	if why := unfaithful(body[orig.value:orig.end]); why != "" {
		return &UnfaithfulError{Name: orig.name, Why: why}
	}
	return writeEntry(b, s, indent)
}

func writeEntry(b *bytes.Buffer, s *ServerConfig, indent string) error {
	entry, err := s.MarshalEntry()
	if err != nil {
		return ServerProblem(s.Name, err)
	}
	return json.Indent(b, entry, indent, "  ")
}

// memberIndent is the spacing the file puts before an entry's key (that of
// its first entry on a line of its own), or four spaces as Marshal writes.
func memberIndent(body []byte, obj serversObject) string {
	for _, m := range obj.members {
		lead := body[m.lead:m.key]
		if i := bytes.LastIndexByte(lead, '\n'); i >= 0 {
			return string(bytes.TrimRight(lead[i+1:], "\r"))
		}
	}
	return "    "
}

// An UnfaithfulError is a save refused because an edited entry holds what
// this app cannot write back as the file has it: saving it would change
// bytes the person did not edit. Nothing was written.
type UnfaithfulError struct {
	Name string
	Why  string
}

func (e *UnfaithfulError) Error() string {
	return fmt.Sprintf("server %q was not saved: in the file it %s, which would change on saving; fix that in the file (or edit the entry there), then try again", e.Name, e.Why)
}

// unfaithful says why raw (one entry's JSON) cannot be decoded and written
// back without losing bytes, or "" when it can.
func unfaithful(raw []byte) string {
	if !utf8.Valid(raw) {
		return "holds text that is not UTF-8 (a path in another encoding?)"
	}
	if key := duplicateKey(raw); key != "" {
		return fmt.Sprintf("has the key %q twice, and only one would be kept", key)
	}
	return ""
}

// duplicateKey is a key written twice in one object anywhere in raw, or "".
func duplicateKey(raw []byte) string {
	type frame struct {
		keys      map[string]bool // nil for an array
		expectKey bool
	}
	var stack []*frame
	// valueDone: the object around a value just read expects a key next.
	valueDone := func() {
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			stack[n-1].expectKey = true
		}
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if n := len(stack); n > 0 && stack[n-1].expectKey {
			if k, ok := tok.(string); ok {
				if stack[n-1].keys[k] {
					return k
				}
				stack[n-1].keys[k], stack[n-1].expectKey = true, false
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{keys: map[string]bool{}, expectKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			valueDone()
		default:
			valueDone()
		}
	}
}
