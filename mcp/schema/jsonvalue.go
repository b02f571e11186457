package schema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mcpbrowser/mcp/say"
	"strconv"
	"strings"
)

// A jsonKind is the type of a JSON value.
type jsonKind uint8

const (
	jsonNull jsonKind = iota
	jsonBool
	jsonNumber
	jsonString
	jsonArray
	jsonObject
)

func (k jsonKind) String() string {
	return [...]string{"null", "true or false", "a number", "text", "a list", "an object"}[k]
}

// A jsonValue is a parsed JSON value that keeps what encoding/json loses:
// the order of object members (schemas list properties in the order they
// should be shown) and the exact text of numbers.
type jsonValue struct {
	kind    jsonKind
	boolean bool
	text    string // a string's value, or a number's literal text
	items   []*jsonValue
	keys    []string // object member names, in document order, without duplicates
	values  []*jsonValue
}

// maxJSONDepth bounds nesting while parsing, so a hostile document fails
// with an error instead of exhausting the stack.
const maxJSONDepth = 1000

// parseJSON parses exactly one JSON value from data.
func parseJSON(data []byte) (*jsonValue, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := readJSON(dec, 0)
	if err != nil {
		return nil, say.JSONCause(data, say.Cause(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("unexpected text after the JSON value")
	}
	return v, nil
}

func readJSON(dec *json.Decoder, depth int) (*jsonValue, error) {
	if depth > maxJSONDepth {
		return nil, fmt.Errorf("JSON nested more than %d levels deep", maxJSONDepth)
	}
	tok, err := dec.Token()
	if errors.Is(err, io.EOF) {
		return nil, errors.New("no JSON value (the text is empty)")
	}
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return &jsonValue{kind: jsonNull}, nil
	case bool:
		return &jsonValue{kind: jsonBool, boolean: t}, nil
	case json.Number:
		return &jsonValue{kind: jsonNumber, text: t.String()}, nil
	case string:
		return &jsonValue{kind: jsonString, text: t}, nil
	case json.Delim:
		if t == '[' {
			v := &jsonValue{kind: jsonArray, items: []*jsonValue{}}
			for dec.More() {
				item, err := readJSON(dec, depth+1)
				if err != nil {
					return nil, err
				}
				v.items = append(v.items, item)
			}
			_, err := dec.Token() // ]
			return v, err
		}
		v := &jsonValue{kind: jsonObject, keys: []string{}, values: []*jsonValue{}}
		for dec.More() {
			keyTok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key, _ := keyTok.(string)
			member, err := readJSON(dec, depth+1)
			if err != nil {
				return nil, err
			}
			v.set(key, member)
		}
		_, err := dec.Token() // }
		return v, err
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// get returns the member named key of an object, or nil.
func (v *jsonValue) get(key string) *jsonValue {
	if v == nil || v.kind != jsonObject {
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.values[i]
		}
	}
	return nil
}

// has reports whether an object has a member named key.
func (v *jsonValue) has(key string) bool { return v.get(key) != nil }

// set adds or replaces a member of an object; a replaced member keeps its
// place (duplicate keys in a document: the last one wins, as in encoding/json).
func (v *jsonValue) set(key string, member *jsonValue) {
	for i, k := range v.keys {
		if k == key {
			v.values[i] = member
			return
		}
	}
	v.keys = append(v.keys, key)
	v.values = append(v.values, member)
}

// str returns the value of a string member, or "".
func (v *jsonValue) str(key string) string {
	if m := v.get(key); m != nil && m.kind == jsonString {
		return m.text
	}
	return ""
}

// flag returns the value of a boolean member, or false.
func (v *jsonValue) flag(key string) bool {
	m := v.get(key)
	return m != nil && m.kind == jsonBool && m.boolean
}

// count returns a non-negative integer member (minLength, maxItems …).
func (v *jsonValue) count(key string) (*int, bool) {
	m := v.get(key)
	if m == nil {
		return nil, true
	}
	if m.kind != jsonNumber {
		return nil, false
	}
	r, ok := new(big.Rat).SetString(m.text)
	if !ok || !r.IsInt() || r.Sign() < 0 || !r.Num().IsInt64() || r.Num().Int64() > 1<<31 {
		return nil, false
	}
	n := int(r.Num().Int64())
	return &n, true
}

// clone returns a copy of an object's member list (values are shared).
func (v *jsonValue) cloneObject() *jsonValue {
	return &jsonValue{
		kind:   jsonObject,
		keys:   append([]string{}, v.keys...),
		values: append([]*jsonValue{}, v.values...),
	}
}

// without returns a copy of an object without the named members.
func (v *jsonValue) without(names ...string) *jsonValue {
	out := &jsonValue{kind: jsonObject, keys: []string{}, values: []*jsonValue{}}
	for i, k := range v.keys {
		drop := false
		for _, n := range names {
			if k == n {
				drop = true
			}
		}
		if !drop {
			out.keys = append(out.keys, k)
			out.values = append(out.values, v.values[i])
		}
	}
	return out
}

// encode writes v as compact JSON, members in order, numbers as written.
func (v *jsonValue) encode(b *bytes.Buffer) {
	switch v.kind {
	case jsonNull:
		b.WriteString("null")
	case jsonBool:
		b.WriteString(strconv.FormatBool(v.boolean))
	case jsonNumber:
		b.WriteString(v.text)
	case jsonString:
		writeJSONString(b, v.text)
	case jsonArray:
		b.WriteByte('[')
		for i, item := range v.items {
			if i > 0 {
				b.WriteByte(',')
			}
			item.encode(b)
		}
		b.WriteByte(']')
	case jsonObject:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, k)
			b.WriteByte(':')
			v.values[i].encode(b)
		}
		b.WriteByte('}')
	}
}

// marshal returns v as compact JSON.
func (v *jsonValue) marshal() json.RawMessage {
	var b bytes.Buffer
	v.encode(&b)
	return b.Bytes()
}

// rawText returns v as JSON for a person to edit: scalars compact,
// containers indented.
func (v *jsonValue) rawText() string {
	compact := v.marshal()
	if v.kind != jsonArray && v.kind != jsonObject || len(compact) <= 2 {
		return string(compact)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, compact, "", "  "); err != nil {
		return string(compact)
	}
	return b.String()
}

// writeJSONString writes s as a JSON string without HTML escaping, so that
// "<" stays "<" in what the person sees and what the server gets.
func writeJSONString(b *bytes.Buffer, s string) {
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	b.Truncate(b.Len() - 1)
}

// jsonString returns s as a JSON string literal.
func jsonStringLiteral(s string) json.RawMessage {
	var b bytes.Buffer
	writeJSONString(&b, s)
	return b.Bytes()
}

// equalJSON compares two JSON values as JSON Schema does: numbers by
// mathematical value (1 equals 1.0), objects regardless of member order.
func equalJSON(a, b *jsonValue) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case jsonNull:
		return true
	case jsonBool:
		return a.boolean == b.boolean
	case jsonString:
		return a.text == b.text
	case jsonNumber:
		if a.text == b.text {
			return true
		}
		x, okx := parseRat(a.text)
		y, oky := parseRat(b.text)
		return okx && oky && x.Cmp(y) == 0
	case jsonArray:
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !equalJSON(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case jsonObject:
		if len(a.keys) != len(b.keys) {
			return false
		}
		for i, k := range a.keys {
			m := b.get(k)
			if m == nil || !equalJSON(a.values[i], m) {
				return false
			}
		}
		return true
	}
	return false
}

// maxExponent bounds the exponent of numbers compared exactly: 1e999999999
// is valid JSON, but turning it into a big.Rat would take gigabytes.
const maxExponent = 10000

// parseRat converts JSON number text to an exact rational number. It fails
// for text that is not a JSON number and for absurd exponents.
func parseRat(text string) (*big.Rat, bool) {
	if !isJSONNumber(text) {
		return nil, false
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		exp, err := strconv.Atoi(strings.TrimPrefix(text[i+1:], "+"))
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return nil, false
		}
	}
	return new(big.Rat).SetString(text)
}

// isJSONNumber reports whether s is a number literal as JSON writes them
// (no leading "+", no leading zeros, no "1.", no hex, no spaces).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// plainJSON writes a JSON value for a sentence: strings without quotes,
// everything else as JSON, long values shortened.
func plainJSON(v *jsonValue) string {
	var s string
	if v.kind == jsonString {
		s = v.text
	} else {
		s = string(v.marshal())
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "…"
	}
	return s
}
