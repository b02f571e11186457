package view

import (
	"fmt"
	"image/color"
	"net/url"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
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

// A StatusAction is what the main button of a server's status page does.
type StatusAction int

// The status page's main button: Retry (restart), Enable, Stop (a start in
// progress), Approve and start, Enter values…, Start.
const (
	StatusRetry StatusAction = iota
	StatusEnable
	StatusStop
	StatusApprove
	StatusEnterValues
	StatusStart
)

// ServerStatusPage is what the status page says of a server that is not
// ready: a title, the reason in plain words, and what its button does.
// Starting is true while the server starts (the page shows progress).
type ServerStatusPage struct {
	Title, Reason string
	Action        StatusAction
	Starting      bool
}

// ServerStatus is the status page of the server whose entry is cfg, in
// state st; ready is true (and the page empty) when the server is ready
// and its tools are shown instead. needsApproval says the entry is an
// imported command not yet approved; signInStep is the sign-in's step to
// add while it starts (the address to open by hand), and firstError the
// first error line the server wrote, as a paragraph (read only for a
// server that failed or exited).
func ServerStatus(cfg *config.ServerConfig, st mcp.Status, needsApproval bool, signInStep string, firstError func() string) (page ServerStatusPage, ready bool) {
	server := map[string]any{"Server": cfg.Name}
	switch {
	case cfg.Disabled:
		return ServerStatusPage{
			Title:  i18n.L("{{.Server}} is disabled", server),
			Reason: i18n.L("It is not started with the others. Enable it to start it."),
			Action: StatusEnable,
		}, false
	case st.State == mcp.StateReady:
		return ServerStatusPage{}, true
	case st.State == mcp.StateStarting:
		reason := DescribeTarget(cfg)
		if st.Detail != "" {
			// A slow start says what it waits for, e.g. a sign-in in the browser.
			reason += "\n\n" + st.Detail
		}
		return ServerStatusPage{
			Title:  i18n.L("Starting {{.Server}} …", server),
			Reason: reason + signInStep, Action: StatusStop, Starting: true,
		}, false
	case st.Waiting && needsApproval:
		return ServerStatusPage{
			Title:  i18n.L("{{.Server}} waits for your approval", server),
			Reason: i18n.L("{{.Reason}}\n\nApprove it only if you trust this command: it runs with your permissions.", map[string]any{"Reason": Capitalise(st.Why())}),
			Action: StatusApprove,
		}, false
	case st.Waiting:
		return ServerStatusPage{
			Title:  i18n.L("{{.Server}} needs values before it can start", server),
			Reason: i18n.L("{{.Reason}}. They are kept in memory only, never written to the servers file.", map[string]any{"Reason": Capitalise(st.Why())}),
			Action: StatusEnterValues,
		}, false
	case st.State == mcp.StateFailed:
		return ServerStatusPage{
			Title:  i18n.L("{{.Server}} could not start", server),
			Reason: firstError() + Capitalise(st.Why()),
		}, false
	case st.State == mcp.StateExited:
		title := i18n.L("{{.Server}} exited", server)
		if !st.ExitedAt.IsZero() {
			title = i18n.L("{{.Server}} exited at {{.Time}}", map[string]any{"Server": cfg.Name, "Time": st.ExitedAt.Format("15:04:05")})
		}
		return ServerStatusPage{Title: title, Reason: firstError() + Capitalise(st.Why())}, false
	}
	reason := i18n.L("It is not running.")
	if cfg.Problem != "" {
		reason = i18n.L("It cannot be started: {{.Problem}}.", map[string]any{"Problem": Capitalise(i18n.Explain(cfg.ProblemMessage()))})
	}
	return ServerStatusPage{Title: i18n.L("{{.Server}} is stopped", server), Reason: reason, Action: StatusStart}, false
}
