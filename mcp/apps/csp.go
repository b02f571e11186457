package apps

import (
	"regexp"
	"strings"
)

// sourceRE accepts what a view may name in its CSP: an http(s) or ws(s)
// origin, possibly with a wildcard subdomain and a port. Anything else
// (keywords such as 'unsafe-eval', spaces, semicolons that would start a
// new directive) is dropped, so a server cannot widen the policy beyond
// origins.
var sourceRE = regexp.MustCompile(`^(https?|wss?)://(\*\.)?[A-Za-z0-9.-]+(:[0-9]{1,5}|:\*)?/?$`)

func sources(domains []string) []string {
	var out []string
	for _, d := range domains {
		if sourceRE.MatchString(d) {
			out = append(out, strings.TrimSuffix(d, "/"))
		}
	}
	return out
}

func directive(name string, fixed []string, extra []string) string {
	list := append(append([]string{}, fixed...), extra...)
	if len(list) == 0 {
		list = []string{"'none'"}
	}
	return name + " " + strings.Join(list, " ")
}

// ContentSecurityPolicy is the CSP the app's document is served with. With
// nothing declared a view runs its own inline scripts and styles and reaches
// nothing outside: no network, no nested frames, no forms posted anywhere.
// Declared origins open exactly their directive: connectDomains connect-src;
// resourceDomains scripts, styles, images, fonts and media; frameDomains
// frame-src; baseUriDomains base-uri. The sandbox directive repeats the
// iframe's sandbox, so the document stays sandboxed even when opened on its
// own.
func (m ResourceMeta) ContentSecurityPolicy() string {
	res := sources(m.CSP.ResourceDomains)
	parts := []string{
		"default-src 'none'",
		directive("script-src", []string{"'unsafe-inline'"}, res),
		directive("style-src", []string{"'unsafe-inline'"}, res),
		directive("img-src", []string{"data:", "blob:"}, res),
		directive("font-src", []string{"data:"}, res),
		directive("media-src", []string{"data:", "blob:"}, res),
		directive("connect-src", nil, sources(m.CSP.ConnectDomains)),
		directive("frame-src", nil, sources(m.CSP.FrameDomains)),
		directive("base-uri", nil, sources(m.CSP.BaseURIDomains)),
		"form-action 'none'",
		"object-src 'none'",
		"sandbox " + IframeSandbox,
	}
	return strings.Join(parts, "; ")
}

// IframeSandbox is the app iframe's sandbox: scripts and forms, and
// nothing else. Without allow-same-origin the app's document has an opaque
// origin of its own: it cannot touch the host page, its storage or its
// cookies, and its requests to the local host carry Origin: null and are
// refused. No popups, no top navigation: links go through ui/open-link.
const IframeSandbox = "allow-scripts allow-forms"

// Allow is the iframe's allow attribute (Permissions Policy) for the
// features the view asked for; "" when none.
func (m ResourceMeta) Allow() string {
	var list []string
	p := m.Permissions
	if p.Camera != nil {
		list = append(list, "camera")
	}
	if p.Microphone != nil {
		list = append(list, "microphone")
	}
	if p.Geolocation != nil {
		list = append(list, "geolocation")
	}
	if p.ClipboardWrite != nil {
		list = append(list, "clipboard-write")
	}
	return strings.Join(list, "; ")
}
