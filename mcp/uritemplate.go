package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"fmt"
	"mcpbrowser/mcp/say"
	"strings"

	"github.com/yosida95/uritemplate/v3"
)

// TemplateVariables are the variable names of an RFC 6570 URI template, in
// the order they first appear ("file:///{+path}{?rev}" → path, rev). A
// template that cannot be parsed has none (nil).
func TemplateVariables(tmpl string) []string {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return nil
	}
	names := t.Varnames()
	return append(make([]string, 0, len(names)), names...)
}

// A TemplateVar is one variable of a URI template. Optional is
// ExpandTemplate's rule: a variable used only in query expressions ({?x},
// {&x}) may be left out; any other one is required, since leaving it out
// would silently name a different resource.
type TemplateVar struct {
	Name     string
	Optional bool
}

// TemplateVars are the variables of a URI template with whether each may be
// left out, in the order they first appear; nil when the template cannot be
// parsed. A form asking for them marks the others required.
func TemplateVars(tmpl string) []TemplateVar {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return nil
	}
	return templateVars(t, parseTemplate(tmpl))
}

func templateVars(t *uritemplate.Template, exprs []templateExpr) []TemplateVar {
	optional := map[string]bool{}
	for _, e := range exprs {
		for _, v := range e.vars {
			optional[v.name] = e.op == '?' || e.op == '&'
		}
	}
	for _, e := range exprs { // a name used outside a query is required everywhere
		for _, v := range e.vars {
			if e.op != '?' && e.op != '&' {
				optional[v.name] = false
			}
		}
	}
	vars := make([]TemplateVar, 0, len(t.Varnames()))
	for _, name := range t.Varnames() {
		vars = append(vars, TemplateVar{Name: name, Optional: optional[name]})
	}
	return vars
}

// ExpandTemplate fills an RFC 6570 URI template with vars, escaping each
// value as its expression requires ({x} escapes "/", {+x} keeps it). An
// empty value counts as not given. A variable that is not Optional
// (TemplateVars) must be given, and the error lists the missing ones.
//
// The template is parsed (and rejected when invalid) by uritemplate, the
// library the SDK matches templates with; the expansion is done here because
// uritemplate v3.0.2 percent-encodes a non-ASCII character by its code point
// (é → %E9) instead of by its UTF-8 bytes (%C3%A9) as RFC 6570 section 1.6
// requires: "non-ASCII characters are first encoded as UTF-8 and then
// pct-encoded".
func ExpandTemplate(tmpl string, vars map[string]string) (string, error) {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return "", fmt.Errorf("%q is not a valid URI template: %w", tmpl, err)
	}
	exprs := parseTemplate(tmpl)
	var missing []string
	for _, v := range templateVars(t, exprs) {
		if vars[v.Name] == "" && !v.Optional {
			missing = append(missing, v.Name)
		}
	}
	if len(missing) > 0 {
		return "", say.Error("fill in {{.Names}} to make a URI from {{.Template}}", say.Args{"Names": strings.Join(missing, ", "), "Template": tmpl})
	}
	var b strings.Builder
	for _, e := range exprs {
		b.WriteString(e.literal)
		e.expand(&b, vars)
	}
	return b.String(), nil
}

// A templateExpr is literal text followed by one {expression} (or none, at the end).
type templateExpr struct {
	literal string
	op      byte // 0 for a simple {x}, else one of + # . / ; ? &
	vars    []templateVar
}

type templateVar struct {
	name   string
	prefix int // {x:3} keeps the first 3 characters; 0 keeps all
}

// parseTemplate splits a template that uritemplate accepted.
func parseTemplate(tmpl string) []templateExpr {
	var out []templateExpr
	for rest := tmpl; rest != ""; {
		open := strings.IndexByte(rest, '{')
		end := strings.IndexByte(rest, '}')
		if open < 0 || end < open {
			out = append(out, templateExpr{literal: rest})
			break
		}
		e := templateExpr{literal: rest[:open]}
		body := rest[open+1 : end]
		rest = rest[end+1:]
		if body != "" && strings.IndexByte("+#./;?&", body[0]) >= 0 {
			e.op, body = body[0], body[1:]
		}
		for _, spec := range strings.Split(body, ",") {
			name, prefix, _ := strings.Cut(strings.TrimSuffix(spec, "*"), ":")
			n := 0
			fmt.Sscan(prefix, &n)
			e.vars = append(e.vars, templateVar{name: name, prefix: n})
		}
		out = append(out, e)
	}
	return out
}

// expand writes the expression per RFC 6570 section 3.2, for string values.
func (e templateExpr) expand(b *strings.Builder, vars map[string]string) {
	first, sep, named, reserved := "", ",", false, false
	switch e.op {
	case '+':
		reserved = true
	case '#':
		first, reserved = "#", true
	case '.':
		first, sep = ".", "."
	case '/':
		first, sep = "/", "/"
	case ';':
		first, sep, named = ";", ";", true
	case '?':
		first, sep, named = "?", "&", true
	case '&':
		first, sep, named = "&", "&", true
	}
	wrote := false
	for _, v := range e.vars {
		value := vars[v.name]
		if value == "" {
			continue
		}
		if r := []rune(value); v.prefix > 0 && len(r) > v.prefix {
			value = string(r[:v.prefix])
		}
		if wrote {
			b.WriteString(sep)
		} else {
			b.WriteString(first)
			wrote = true
		}
		if named {
			b.WriteString(pctEncode(v.name, false))
			b.WriteByte('=')
		}
		b.WriteString(pctEncode(value, reserved))
	}
}

// pctEncode keeps unreserved characters (and, when reserved is set, the
// reserved ones and existing %XX triplets) and percent-encodes the UTF-8
// bytes of everything else.
func pctEncode(s string, reserved bool) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-._~", c) >= 0:
			b.WriteByte(c)
		case reserved && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
			b.WriteByte(c)
		case reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteString(s[i : i+3])
			i += 2
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
