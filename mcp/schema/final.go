package schema

import (
	"encoding/json"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"mcpbrowser/mcp/say"
)

// A finalChecker validates the whole arguments object with the JSON Schema
// library, which knows every keyword, after the form's own checks (which
// know the form and speak plainly) have passed.
type finalChecker struct {
	resolved *jsonschema.Resolved // nil when the library cannot use the schema
}

// newFinalChecker prepares the library's validator for the schema, or says
// in a note why the final check is off.
func newFinalChecker(raw json.RawMessage) (fc finalChecker, notes []say.Msg) {
	defer func() {
		if p := recover(); p != nil {
			fc = finalChecker{}
			notes = []say.Msg{say.New("The final check before sending is off: the validator failed on this schema ({{.Err}}).", say.Args{"Err": fmt.Sprint(p)})}
		}
	}()
	// off says why in plain words: the library's own error is Go's ("json:
	// cannot unmarshal number into Go struct field …"), and the fields' notes
	// already name the keyword at fault.
	off := func(why say.Msg) (finalChecker, []say.Msg) {
		return finalChecker{}, []say.Msg{say.New("The final check before sending is off because the validator cannot use this schema: {{.Err}}. The form's own checks still apply.", say.Args{"Err": why})}
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return off(say.Text("a keyword in it has a value of the wrong kind"))
	}
	// Look for loops in the schema as the library read it: encoding/json
	// matches keywords without regard to case, so "AllOf" is allOf there.
	canon, err := json.Marshal(&s)
	if err != nil {
		return off(say.Text("it cannot be written back as JSON"))
	}
	canonRoot, err := parseJSON(canon)
	if err != nil {
		return off(say.Text("it cannot be written back as JSON"))
	}
	if why := refLoop(canonRoot); !why.IsZero() {
		// The library would recurse until the stack overflows, which no
		// recover can catch.
		return off(why)
	}
	rs, err := s.Resolve(nil)
	if err != nil {
		return off(say.Text("a $ref in it cannot be followed"))
	}
	// The library validates draft-07 and 2020-12 only; it says so on the
	// first Validate, so ask now rather than at send time.
	if err := rs.Validate(map[string]any{}); err != nil && strings.HasPrefix(err.Error(), "cannot validate version") {
		return off(say.Text("its $schema is a JSON Schema version the validator does not know (it knows draft-07 and 2020-12)"))
	}
	return finalChecker{resolved: rs}, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// check validates args and translates the library's complaint.
func (fc finalChecker) check(args json.RawMessage) (errs []FieldError) {
	if fc.resolved == nil {
		return nil
	}
	v, err := parseJSON(args)
	if err != nil {
		return []FieldError{problemAt("", "arguments", say.New("the arguments are not valid JSON: {{.Err}}", say.Args{"Err": err}))}
	}
	defer func() {
		if p := recover(); p != nil {
			errs = nil // a validator bug must not stop a call the form accepts
		}
	}()
	if err := fc.resolved.Validate(toGo(v)); err != nil {
		if floatBound.MatchString(err.Error()) {
			// The library compares numbers through float64 (0.3 is not a
			// multiple of 0.1 there). The form's own checks have already
			// compared every number field exactly, so trust those.
			return nil
		}
		return []FieldError{translate(err.Error())}
	}
	return nil
}

var floatBound = regexp.MustCompile(`(^|: )(multipleOf|minimum|maximum|exclusiveMinimum|exclusiveMaximum): `)

// toGo converts a JSON value to what the library validates: maps, slices,
// and numbers as int64 when they are whole and fit, so that large integers
// are compared exactly.
func toGo(v *jsonValue) any {
	switch v.kind {
	case jsonBool:
		return v.boolean
	case jsonString:
		return v.text
	case jsonNumber:
		if n, err := strconv.ParseInt(v.text, 10, 64); err == nil {
			return n
		}
		if r, ok := parseRat(v.text); ok && r.IsInt() && r.Num().IsInt64() {
			return r.Num().Int64()
		}
		f, _, _ := big.ParseFloat(v.text, 10, 64, big.ToNearestEven)
		if f == nil {
			return float64(0)
		}
		x, _ := f.Float64()
		return x
	case jsonArray:
		out := make([]any, len(v.items))
		for i, item := range v.items {
			out[i] = toGo(item)
		}
		return out
	case jsonObject:
		out := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			out[k] = toGo(v.values[i])
		}
		return out
	}
	return nil
}

var (
	validatingPrefix = regexp.MustCompile(`^validating ([^:]*): `)
	quotedList       = regexp.MustCompile(`\[(.*)\]`)
)

// ExplainValidation words an error of the JSON Schema validator
// (jsonschema.Resolved.Validate) for people: the field at fault and the
// problem in plain English (FieldError.Message), which the window
// translates. The whole value is Path "".
func ExplainValidation(err error) FieldError { return translate(err.Error()) }

// translate turns one of the library's errors, such as
//
//	validating root: validating /properties/n: maximum: 12 is greater than 10.000000
//
// into a FieldError for the field at fault, in plain words.
func translate(msg string) FieldError {
	msg = firstLine(msg)
	var schemaPaths []string
	for {
		m := validatingPrefix.FindStringSubmatch(msg)
		if m == nil {
			break
		}
		schemaPaths = append(schemaPaths, m[1])
		msg = msg[len(m[0]):]
	}
	path := fieldPathFromSchema(schemaPaths)
	label := "arguments"
	if path != "" {
		label = path
	}
	return problemAt(path, label, plainMessage(msg))
}

// fieldPathFromSchema guesses the field from the schema locations the
// library went through: "/properties/a/properties/b" is field "a.b". The
// library does not report the value's own location, so array positions and
// $ref jumps are lost; the guess stops there.
func fieldPathFromSchema(paths []string) string {
	best := ""
	for _, p := range paths {
		segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
		field := ""
		ok := true
		for i := 0; i < len(segs) && ok; i++ {
			switch segs[i] {
			case "properties":
				if i+1 < len(segs) {
					name := strings.ReplaceAll(strings.ReplaceAll(segs[i+1], "~1", "/"), "~0", "~")
					field = joinPath(field, name)
					i++
				}
			case "items", "additionalProperties", "anyOf", "oneOf", "allOf", "then", "else", "if":
				if i+1 < len(segs) {
					if _, err := strconv.Atoi(segs[i+1]); err == nil {
						i++
					}
				}
			default:
				ok = false
			}
		}
		if ok && len(field) > len(best) {
			best = field
		}
	}
	return best
}

type messageRule struct {
	re  *regexp.Regexp
	say func(m []string) say.Msg
}

var messageRules = []messageRule{
	{re: regexp.MustCompile(`^type: .* has type "(\w+)", want "(\w+)"`), say: func(m []string) say.Msg {
		return say.New("must be {{.Want}}, not {{.Got}}", say.Args{"Want": say.Text(article(typeWord(m[2]))), "Got": say.Text(article(typeWord(m[1])))})
	}},
	{re: regexp.MustCompile(`^type: .* has type "(\w+)", want one of (.*)`), say: func(m []string) say.Msg {
		return say.New("has the wrong type ({{.Got}}); it must be one of {{.Options}}", say.Args{"Got": say.Text(typeWord(m[1])), "Options": strings.Trim(m[2], "[]")})
	}},
	{re: regexp.MustCompile(`^enum: .* does not equal any of: \[(.*)\]`), say: func(m []string) say.Msg {
		return say.New("must be one of: {{.Options}}", say.Args{"Options": m[1]})
	}},
	{re: regexp.MustCompile(`^const: .* does not equal (.*)`), say: func(m []string) say.Msg {
		if strings.HasPrefix(m[1], "map[") || strings.HasPrefix(m[1], "[") {
			return say.Text("must be the one value the schema allows") // the library writes it as Go, not JSON
		}
		return say.New("must be {{.Value}}", say.Args{"Value": m[1]})
	}},
	{re: regexp.MustCompile(`^minimum: .* is less than (.*)`), say: func(m []string) say.Msg { return bound("must be at least {{.N}}", m[1]) }},
	{re: regexp.MustCompile(`^maximum: .* is greater than (.*)`), say: func(m []string) say.Msg { return bound("must be at most {{.N}}", m[1]) }},
	{re: regexp.MustCompile(`^exclusiveMinimum: .* is less than or equal to (.*)`), say: func(m []string) say.Msg { return bound("must be more than {{.N}}", m[1]) }},
	{re: regexp.MustCompile(`^exclusiveMaximum: .* is greater than or equal to (.*)`), say: func(m []string) say.Msg { return bound("must be less than {{.N}}", m[1]) }},
	{re: regexp.MustCompile(`^multipleOf: .* is not a multiple of (.*)`), say: func(m []string) say.Msg { return bound("must be a multiple of {{.N}}", m[1]) }},
	{re: regexp.MustCompile(`^minLength: .*, fewer than (\d+)`), say: func(m []string) say.Msg { return count("must be at least {{.Count}} characters long", m[1]) }},
	{re: regexp.MustCompile(`^maxLength: .*, more than (\d+)`), say: func(m []string) say.Msg { return count("must be at most {{.Count}} characters long", m[1]) }},
	{re: regexp.MustCompile(`^pattern: .* does not match regular expression (.*)`), say: func(m []string) say.Msg {
		return say.New("does not have the expected form (it must match the pattern {{.Pattern}})", say.Args{"Pattern": m[1]})
	}},
	{re: regexp.MustCompile(`^minItems: array length \d+ is less than (\d+)`), say: func(m []string) say.Msg { return count("needs at least {{.Count}} items", m[1]) }},
	{re: regexp.MustCompile(`^maxItems: array length \d+ is greater than (\d+)`), say: func(m []string) say.Msg { return count("can have at most {{.Count}} items", m[1]) }},
	{re: regexp.MustCompile(`^uniqueItems: array items (\d+) and (\d+) are equal`), say: func(m []string) say.Msg {
		i, _ := strconv.Atoi(m[1])
		j, _ := strconv.Atoi(m[2])
		return say.New("items {{.A}} and {{.B}} are the same; each item must be different", say.Args{"A": i + 1, "B": j + 1})
	}},
	{re: regexp.MustCompile(`^unexpected additional properties (.*)`), say: func(m []string) say.Msg {
		return say.New("has keys that are not allowed here: {{.Keys}}", say.Args{"Keys": unquoteList(m[1])})
	}},
	{re: regexp.MustCompile(`^required: missing properties: (.*)`), say: func(m []string) say.Msg {
		return say.New("is missing what is required: {{.Keys}}", say.Args{"Keys": unquoteList(m[1])})
	}},
	{re: regexp.MustCompile(`^dependentRequired\["(.*)"\]: missing properties (.*)`), say: func(m []string) say.Msg {
		return say.New("when {{.Key}} is given, {{.Keys}} must be given too", say.Args{"Key": m[1], "Keys": unquoteList(m[2])})
	}},
	{re: regexp.MustCompile(`^minProperties: object has \d+ properties, less than (\d+)`), say: func(m []string) say.Msg { return count("needs at least {{.Count}} keys", m[1]) }},
	{re: regexp.MustCompile(`^maxProperties: object has \d+ properties, greater than (\d+)`), say: func(m []string) say.Msg { return count("can have at most {{.Count}} keys", m[1]) }},
	{re: regexp.MustCompile(`^anyOf: did not validate against any`), say: func([]string) say.Msg { return say.Text("does not match any of the allowed shapes") }},
	{re: regexp.MustCompile(`^oneOf: did not validate against any`), say: func([]string) say.Msg { return say.Text("does not match any of the allowed shapes") }},
	{re: regexp.MustCompile(`^oneOf: validated against both`), say: func([]string) say.Msg {
		return say.Text("matches more than one of the allowed shapes, but must match exactly one")
	}},
	{re: regexp.MustCompile(`^not: validated against`), say: func([]string) say.Msg { return say.Text("is a value that is not allowed here") }},
	{re: regexp.MustCompile(`^contains: `), say: func([]string) say.Msg { return say.Text("needs at least one item of the required kind") }},
	{re: regexp.MustCompile(`^(min|max)Contains: contains validated (\d+) items, (less|greater) than (\d+)`), say: func(m []string) say.Msg {
		if m[3] == "less" {
			return count("needs at least {{.Count}} items of the required kind", m[4])
		}
		return count("can have at most {{.Count}} items of the required kind", m[4])
	}},
}

func plainMessage(msg string) say.Msg {
	for _, r := range messageRules {
		if m := r.re.FindStringSubmatch(msg); m != nil {
			return r.say(m)
		}
	}
	return say.New("does not fit the schema: {{.Err}}", say.Args{"Err": msg})
}

// bound is a limit the validator wrote as %f, written plainly.
func bound(key, n string) say.Msg { return say.New(key, say.Args{"N": trimFloat(n)}) }

// count is a message whose Count the validator wrote: its English keeps
// the plural form whatever the count, as the validator's numbers always
// did, while a translation takes the form the count asks for.
func count(key, n string) say.Msg {
	c, err := strconv.Atoi(n)
	if err != nil {
		return say.New(key, say.Args{"Count": n})
	}
	return say.Plural(key, key, c, nil)
}

func article(word string) string {
	switch {
	case word == "true or false", word == "null", word == "text":
		return word
	case strings.IndexAny(word[:1], "aeiou") == 0:
		return "an " + word
	}
	return "a " + word
}

// trimFloat writes the library's %f numbers plainly: 10.000000 is 10.
func trimFloat(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

func unquoteList(s string) string {
	if m := quotedList.FindStringSubmatch(s); m != nil {
		s = m[1]
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, `" "`, ", "), `"`, "")
}

// inPlace lists the keywords whose sub-schemas apply to the same value as
// the schema itself. A cycle through them alone ($ref to an ancestor with no
// property or item in between) never reaches a smaller value.
var inPlace = []string{"allOf", "anyOf", "oneOf", "not", "if", "then", "else", "dependentSchemas"}

// refLoop reports a schema that refers to itself without nesting, or uses
// dynamic references, which the validator library cannot follow safely.
func refLoop(root *jsonValue) say.Msg {
	c := newCompiler(root)
	const (
		unseen = iota
		active
		done
	)
	color := map[*jsonValue]int{}
	dynamic := false
	// edges returns the sub-schemas that apply in place.
	edges := func(v *jsonValue) []*jsonValue {
		var out []*jsonValue
		if v.has("$dynamicRef") || v.has("$recursiveRef") {
			dynamic = true
		}
		if ref := v.get("$ref"); ref != nil && ref.kind == jsonString {
			if target, err := c.resolveRef(ref.text); err == nil {
				out = append(out, target)
			}
		}
		for _, key := range inPlace {
			m := v.get(key)
			switch {
			case m == nil:
			case m.kind == jsonArray:
				out = append(out, m.items...)
			case m.kind == jsonObject && key == "dependentSchemas":
				out = append(out, m.values...)
			default:
				out = append(out, m)
			}
		}
		return out
	}
	type frame struct {
		node *jsonValue
		next []*jsonValue
	}
	var all []*jsonValue
	var collect func(v *jsonValue, depth int)
	collect = func(v *jsonValue, depth int) {
		if depth > maxJSONDepth {
			return
		}
		switch v.kind {
		case jsonObject:
			all = append(all, v)
			for _, m := range v.values {
				collect(m, depth+1)
			}
		case jsonArray:
			for _, m := range v.items {
				collect(m, depth+1)
			}
		}
	}
	collect(root, 0)
	for _, start := range all {
		if color[start] != unseen {
			continue
		}
		color[start] = active
		stack := []frame{{start, edges(start)}}
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if len(top.next) == 0 {
				color[top.node] = done
				stack = stack[:len(stack)-1]
				continue
			}
			n := top.next[0]
			top.next = top.next[1:]
			if n.kind != jsonObject {
				continue
			}
			switch color[n] {
			case active:
				return say.Text("it refers to itself without nesting ($ref in a loop)")
			case unseen:
				color[n] = active
				stack = append(stack, frame{n, edges(n)})
			}
		}
	}
	if dynamic {
		return say.Text("it uses $dynamicRef")
	}
	return say.Msg{}
}
