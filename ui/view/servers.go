package view

import (
	"fmt"
	"image/color"
	"net/url"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
)

// The servers screen's rules that need no widget (ui/servers): the state
// dot's colour, the report of an import, the signed-in line, the address a
// sign-in waits at, and which addresses an entry may hold.

// StateColor is the dot beside a server. These are fixed colours rather
// than theme colours: people learn traffic-light dots, and they read the
// same in light and dark themes.
func StateColor(s mcp.State) color.Color {
	switch s {
	case mcp.StateStarting:
		return color.NRGBA{R: 0xf5, G: 0xa6, B: 0x23, A: 0xff} // amber
	case mcp.StateReady:
		return color.NRGBA{R: 0x2e, G: 0xa0, B: 0x43, A: 0xff} // green
	case mcp.StateFailed:
		return color.NRGBA{R: 0xe5, G: 0x39, B: 0x35, A: 0xff} // red
	case mcp.StateExited:
		return color.NRGBA{R: 0x8b, G: 0x1a, B: 0x1a, A: 0xff} // dark red
	}
	return color.NRGBA{R: 0x9e, G: 0x9e, B: 0x9e, A: 0xff} // grey: stopped
}

// ImportReport says what an import from path did, one sentence per kind of
// outcome, and lists the servers added, in order. approvals says whether
// imported commands wait for the person's approval.
func ImportReport(path string, results []clients.ImportResult, approvals bool) (text string, added []string) {
	var renamed, replaced, skipped []string
	for _, r := range results {
		switch r.Action {
		case clients.ImportAdded:
			added = append(added, r.As)
		case clients.ImportReplaced:
			added = append(added, r.As)
			replaced = append(replaced, r.As)
		case clients.ImportRenamed:
			added = append(added, r.As)
			renamed = append(renamed, fmt.Sprintf("%s → %s", r.Name, r.As))
		default:
			skipped = append(skipped, fmt.Sprintf("%s (%s)", r.Name, r.Reason))
		}
	}
	var b strings.Builder
	b.WriteString(i18n.N("Imported {{.Count}} servers from {{.Path}}", len(added), map[string]any{"Path": path}))
	if len(added) > 0 {
		b.WriteString(": " + strings.Join(added, ", "))
	}
	b.WriteString(".")
	if len(renamed) > 0 {
		b.WriteString("\nRenamed because the name was taken: " + strings.Join(renamed, ", ") + ".")
	}
	if len(replaced) > 0 {
		b.WriteString("\nReplaced your entry: " + strings.Join(replaced, ", ") + ".")
	}
	if len(skipped) > 0 {
		b.WriteString("\nNot imported: " + strings.Join(skipped, "; ") + ".")
	}
	if len(added) > 0 && approvals {
		b.WriteString("\nServers that run a command wait for your approval before they first start: select one to see what it runs.")
	}
	return b.String(), added
}

// SignedIn is the line under the server list for a saved sign-in described
// as desc (mcp.Session.SignedIn) of the server at serverURL; "" for none.
func SignedIn(serverURL, desc string) string {
	if desc == "" {
		return ""
	}
	// The description starts with the server's own URL, which the page
	// already shows; the issuer, client and expiry are the news.
	if rest, ok := strings.CutPrefix(desc, "token for "+serverURL+" from "); ok {
		return i18n.L("Signed in at {{.Where}}", map[string]any{"Where": rest})
	}
	return i18n.L("Signed in: {{.What}}", map[string]any{"What": desc})
}

// AddressIn is the last http(s) URL in text, or "".
func AddressIn(text string) string {
	fields := strings.Fields(text)
	for i := len(fields) - 1; i >= 0; i-- {
		f := strings.TrimRight(fields[i], ".,;)")
		if !strings.HasPrefix(f, "http://") && !strings.HasPrefix(f, "https://") {
			continue
		}
		if u, err := url.Parse(f); err == nil && u.Host != "" {
			return f
		}
	}
	return ""
}

// IsWebAddress reports whether raw is a full http:// or https:// address
// (with a host), as an entry's URL and base URL must be.
func IsWebAddress(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// IsHTTPSWithPath reports whether raw is an https address with a path, as a
// client metadata document's URL must be.
func IsHTTPSWithPath(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && u.Host != "" && u.Path != "" && u.Path != "/"
}
