package surface

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Change is one difference between two surfaces.
type Change struct {
	// Path says where: "tool add", "tool add › argument a", "prompt p › argument x".
	Path string `json:"path"`
	// What says what changed, in plain words: "removed", "type narrowed".
	What     string `json:"what"`
	Breaking bool   `json:"breaking"`
	Before   string `json:"before,omitempty"`
	After    string `json:"after,omitempty"`
}

func (c Change) String() string {
	verdict := "ok      "
	if c.Breaking {
		verdict = "BREAKING"
	}
	s := verdict + "  " + c.Path + ": " + c.What
	if c.Before != "" || c.After != "" {
		s += fmt.Sprintf(" (%s → %s)", orNone(c.Before), orNone(c.After))
	}
	return s
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// Diff lists what changed from a to b, in a stable order.
func Diff(a, b *Snapshot) []Change {
	var d differ
	d.tools(a.Tools, b.Tools)
	d.resources(a.Resources, b.Resources)
	d.templates(a.Templates, b.Templates)
	d.prompts(a.Prompts, b.Prompts)
	return d.out
}

// Breaking reports whether any change is breaking.
func Breaking(cs []Change) bool {
	for _, c := range cs {
		if c.Breaking {
			return true
		}
	}
	return false
}

type differ struct{ out []Change }

func (d *differ) add(path, what string, breaking bool, before, after string) {
	d.out = append(d.out, Change{Path: path, What: what, Breaking: breaking, Before: before, After: after})
}

// text compares two strings that callers do not depend on (titles, descriptions).
func (d *differ) text(path, what, before, after string) {
	if before != after {
		d.add(path, what+" changed", false, clip(before), clip(after))
	}
}

func clip(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// byKey pairs the items of two lists by key: removed, kept (both), added.
func byKey[T any](a, b []T, key func(T) string) (removed []T, kept [][2]T, added []T) {
	bm := map[string]T{}
	for _, x := range b {
		bm[key(x)] = x
	}
	am := map[string]bool{}
	for _, x := range a {
		am[key(x)] = true
		if y, ok := bm[key(x)]; ok {
			kept = append(kept, [2]T{x, y})
		} else {
			removed = append(removed, x)
		}
	}
	for _, y := range b {
		if !am[key(y)] {
			added = append(added, y)
		}
	}
	return removed, kept, added
}

// items compares two lists of one kind of item (noun: "tool", "prompt" …)
// matched by key: a removed item breaks its callers, an added one breaks
// nobody, and each pair kept is compared by same under its path.
func items[T any](d *differ, noun string, a, b []T, key func(T) string, same func(path string, a, b T)) {
	removed, kept, added := byKey(a, b, key)
	for _, x := range removed {
		d.add(noun+" "+key(x), "removed", true, "", "")
	}
	for _, x := range added {
		d.add(noun+" "+key(x), "added", false, "", "")
	}
	for _, p := range kept {
		same(noun+" "+key(p[0]), p[0], p[1])
	}
}

func (d *differ) tools(a, b []*sdk.Tool) {
	items(d, "tool", a, b, func(t *sdk.Tool) string { return t.Name }, d.tool)
}

func (d *differ) tool(path string, a, b *sdk.Tool) {
	d.text(path, "title", a.Title, b.Title)
	d.text(path, "description", a.Description, b.Description)
	d.annotations(path, a.Annotations, b.Annotations)
	d.schema(path, asMap(a.InputSchema), asMap(b.InputSchema), input)
	oa, ob := asMap(a.OutputSchema), asMap(b.OutputSchema)
	switch {
	case oa == nil && ob != nil:
		d.add(path+" › output schema", "added", false, "", "")
	case oa != nil && ob == nil:
		d.add(path+" › output schema", "removed", true, "", "")
	case oa != nil:
		d.schema(path+" › output", oa, ob, output)
	}
}

// annotations: a tool that stops being read-only, or starts saying it is
// destructive, breaks callers that ran it without asking.
func (d *differ) annotations(path string, a, b *sdk.ToolAnnotations) {
	if a == nil {
		a = &sdk.ToolAnnotations{}
	}
	if b == nil {
		b = &sdk.ToolAnnotations{}
	}
	path += " › annotations"
	if a.ReadOnlyHint != b.ReadOnlyHint {
		d.add(path, "readOnlyHint changed", a.ReadOnlyHint, fmt.Sprint(a.ReadOnlyHint), fmt.Sprint(b.ReadOnlyHint))
	}
	hint := func(name string, x, y *bool, breakingWhenTrue bool) {
		if boolText(x) != boolText(y) {
			d.add(path, name+" changed", breakingWhenTrue && y != nil && *y, boolText(x), boolText(y))
		}
	}
	hint("destructiveHint", a.DestructiveHint, b.DestructiveHint, true)
	hint("openWorldHint", a.OpenWorldHint, b.OpenWorldHint, false)
	if a.IdempotentHint != b.IdempotentHint {
		d.add(path, "idempotentHint changed", a.IdempotentHint && !b.IdempotentHint, fmt.Sprint(a.IdempotentHint), fmt.Sprint(b.IdempotentHint))
	}
	d.text(path, "title", a.Title, b.Title)
}

func boolText(b *bool) string {
	if b == nil {
		return ""
	}
	return fmt.Sprint(*b)
}

// direction says whose side of a schema callers are on: they write the
// input (so narrowing it breaks them) and read the output (so widening it
// breaks them).
type direction int

const (
	input direction = iota
	output
)

func (dir direction) noun() string {
	if dir == input {
		return "argument"
	}
	return "field"
}

// schema compares two object schemas property by property, and inside
// properties, items and nested objects.
func (d *differ) schema(path string, a, b map[string]any, dir direction) {
	d.value(path, a, b, dir)
	pa, pb := asMap(a["properties"]), asMap(b["properties"])
	ra, rb := stringSet(a["required"]), stringSet(b["required"])
	for _, name := range unionKeys(pa, pb) {
		sub := path + " › " + dir.noun() + " " + name
		_, inA := pa[name]
		_, inB := pb[name]
		switch {
		case inA && !inB:
			// Callers sent it (input) or read it (output).
			d.add(sub, "removed", true, "", "")
		case !inA && inB:
			if dir == input {
				d.add(sub, "added"+requiredWord(rb[name]), rb[name], "", "")
			} else {
				d.add(sub, "added", false, "", "")
			}
		default:
			switch {
			case !ra[name] && rb[name]:
				d.add(sub, "became required", dir == input, "optional", "required")
			case ra[name] && !rb[name]:
				d.add(sub, "became optional", dir == output, "required", "optional")
			}
			d.schema(sub, asMap(pa[name]), asMap(pb[name]), dir)
		}
	}
	if ia, ib := asMap(a["items"]), asMap(b["items"]); ia != nil && ib != nil {
		d.schema(path+" › items", ia, ib, dir)
	}
}

func requiredWord(required bool) string {
	if required {
		return " (required)"
	}
	return " (optional)"
}

// value compares what one schema node allows: its types, its enum and its limits.
func (d *differ) value(path string, a, b map[string]any, dir direction) {
	ta, tb := typeSet(a), typeSet(b)
	switch rel := compareTypes(ta, tb); rel {
	case narrowed:
		d.add(path, "type narrowed", dir == input, typeText(ta), typeText(tb))
	case widened:
		d.add(path, "type widened", dir == output, typeText(ta), typeText(tb))
	case changed:
		d.add(path, "type changed", true, typeText(ta), typeText(tb))
	}
	d.enum(path, a["enum"], b["enum"], dir)
	d.limits(path, a, b, dir)
	d.text(path, "title", str(a["title"]), str(b["title"]))
	d.text(path, "description", str(a["description"]), str(b["description"]))
	if !reflect.DeepEqual(a["default"], b["default"]) {
		d.add(path, "default changed", false, compact(a["default"]), compact(b["default"]))
	}
}

// enum: a value taken away breaks whoever sends it (input); a value added
// breaks whoever must handle every value (output). A new enum where there
// was none narrows; dropping one widens.
func (d *differ) enum(path string, a, b any, dir direction) {
	ea, eb := enumValues(a), enumValues(b)
	switch {
	case ea == nil && eb == nil:
		return
	case ea == nil:
		d.add(path, "limited to a list of values", dir == input, "", strings.Join(eb, ", "))
		return
	case eb == nil:
		d.add(path, "no longer limited to a list of values", dir == output, strings.Join(ea, ", "), "")
		return
	}
	var removed, added []string
	for _, v := range ea {
		if !contains(eb, v) {
			removed = append(removed, v)
		}
	}
	for _, v := range eb {
		if !contains(ea, v) {
			added = append(added, v)
		}
	}
	if len(removed) > 0 {
		d.add(path, "enum value removed", dir == input, strings.Join(removed, ", "), "")
	}
	if len(added) > 0 {
		d.add(path, "enum value added", dir == output, "", strings.Join(added, ", "))
	}
}

// limits compares numeric and length bounds: tighter breaks input, looser
// breaks output.
func (d *differ) limits(path string, a, b map[string]any, dir direction) {
	bounds := []struct {
		key   string
		lower bool // a lower bound: raising it tightens
	}{
		{"minimum", true}, {"exclusiveMinimum", true}, {"minLength", true}, {"minItems", true},
		{"maximum", false}, {"exclusiveMaximum", false}, {"maxLength", false}, {"maxItems", false},
	}
	for _, bd := range bounds {
		va, okA := num(a[bd.key])
		vb, okB := num(b[bd.key])
		if okA == okB && va == vb {
			continue
		}
		var tighter bool
		switch {
		case !okA:
			tighter = true // a new bound
		case !okB:
			tighter = false // a bound removed
		case bd.lower:
			tighter = vb > va
		default:
			tighter = vb < va
		}
		what := bd.key + " loosened"
		if tighter {
			what = bd.key + " tightened"
		}
		d.add(path, what, tighter == (dir == input), compact(a[bd.key]), compact(b[bd.key]))
	}
}

func (d *differ) resources(a, b []*sdk.Resource) {
	items(d, "resource", a, b, func(r *sdk.Resource) string { return r.URI }, func(path string, a, b *sdk.Resource) {
		d.about(path, about{a.Name, a.Description, a.MIMEType}, about{b.Name, b.Description, b.MIMEType})
	})
}

func (d *differ) templates(a, b []*sdk.ResourceTemplate) {
	items(d, "resource template", a, b, func(r *sdk.ResourceTemplate) string { return r.URITemplate }, func(path string, a, b *sdk.ResourceTemplate) {
		d.about(path, about{a.Name, a.Description, a.MIMEType}, about{b.Name, b.Description, b.MIMEType})
	})
}

// about is what a resource and a resource template say of themselves.
type about struct{ name, description, mimeType string }

// about: a new MIME type breaks whoever reads the contents.
func (d *differ) about(path string, a, b about) {
	d.text(path, "name", a.name, b.name)
	d.text(path, "description", a.description, b.description)
	if a.mimeType != b.mimeType {
		d.add(path, "MIME type changed", true, a.mimeType, b.mimeType)
	}
}

func (d *differ) prompts(a, b []*sdk.Prompt) {
	items(d, "prompt", a, b, func(p *sdk.Prompt) string { return p.Name }, d.prompt)
}

func (d *differ) prompt(path string, a, b *sdk.Prompt) {
	d.text(path, "title", a.Title, b.Title)
	d.text(path, "description", a.Description, b.Description)
	ra, ka, aa := byKey(a.Arguments, b.Arguments, func(a *sdk.PromptArgument) string { return a.Name })
	for _, x := range ra {
		d.add(path+" › argument "+x.Name, "removed", true, "", "")
	}
	for _, x := range aa {
		d.add(path+" › argument "+x.Name, "added"+requiredWord(x.Required), x.Required, "", "")
	}
	for _, x := range ka {
		sub := path + " › argument " + x[0].Name
		switch {
		case !x[0].Required && x[1].Required:
			d.add(sub, "became required", true, "optional", "required")
		case x[0].Required && !x[1].Required:
			d.add(sub, "became optional", false, "required", "optional")
		}
		d.text(sub, "description", x[0].Description, x[1].Description)
	}
}

// Types.

type relation int

const (
	same relation = iota
	narrowed
	widened
	changed
)

// allTypes is what a schema with no "type" allows.
var allTypes = []string{"array", "boolean", "integer", "null", "number", "object", "string"}

func typeSet(s map[string]any) map[string]bool {
	set := map[string]bool{}
	switch t := s["type"].(type) {
	case string:
		set[t] = true
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok {
				set[s] = true
			}
		}
	}
	if len(set) == 0 {
		for _, t := range allTypes {
			set[t] = true
		}
	}
	if set["number"] {
		set["integer"] = true // every integer is a number
	}
	return set
}

func compareTypes(a, b map[string]bool) relation {
	aInB, bInA := subset(a, b), subset(b, a)
	switch {
	case aInB && bInA:
		return same
	case bInA:
		return narrowed
	case aInB:
		return widened
	}
	return changed
}

func subset(a, b map[string]bool) bool {
	for t := range a {
		if !b[t] {
			return false
		}
	}
	return true
}

func typeText(set map[string]bool) string {
	if len(set) == len(allTypes) {
		return "any"
	}
	var ts []string
	for t := range set {
		if t == "integer" && set["number"] {
			continue
		}
		ts = append(ts, t)
	}
	sort.Strings(ts)
	return strings.Join(ts, " or ")
}

// Plain JSON helpers.

func asMap(v any) map[string]any {
	switch m := v.(type) {
	case map[string]any:
		return m
	case nil:
		return nil
	}
	if m, ok := plain(v).(map[string]any); ok {
		return m
	}
	return nil
}

func stringSet(v any) map[string]bool {
	set := map[string]bool{}
	if list, ok := v.([]any); ok {
		for _, x := range list {
			if s, ok := x.(string); ok {
				set[s] = true
			}
		}
	}
	return set
}

func unionKeys(a, b map[string]any) []string {
	set := map[string]bool{}
	for k := range a {
		set[k] = true
	}
	for k := range b {
		set[k] = true
	}
	keys := make([]string, 0, len(set))
	for k := range set {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func enumValues(v any) []string {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := []string{}
	for _, x := range list {
		out = append(out, compact(x))
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func num(v any) (float64, bool) {
	f, ok := v.(float64)
	return f, ok
}

func compact(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
