package view

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/apps"
	"mcpbrowser/mcp/transport"
)

// MaxRunDuration is the longest run the load panel starts.
const MaxRunDuration = 24 * time.Hour

// RunDuration reads the duration field: a Go duration ("30s", "2m",
// "1m30s") or a plain number of seconds.
func RunDuration(text string) (time.Duration, error) {
	text = strings.TrimSpace(text)
	d, err := time.ParseDuration(text)
	if secs, ferr := strconv.ParseFloat(text, 64); ferr == nil {
		d, err = time.Duration(secs*float64(time.Second)), nil
	}
	if err != nil || d <= 0 || d > MaxRunDuration {
		return 0, errors.New(i18n.L("the duration must be more than 0 and at most 24 hours, such as 30s, 2m or 1m30s"))
	}
	return d, nil
}

// MatchServer is the first name equal to query (any case), else the first
// that contains it, else "".
func MatchServer(names []string, query string) string {
	q := strings.ToLower(strings.TrimSpace(query))
	if q == "" {
		return ""
	}
	for _, n := range names {
		if strings.ToLower(n) == q {
			return n
		}
	}
	for _, n := range names {
		if strings.Contains(strings.ToLower(n), q) {
			return n
		}
	}
	return ""
}

// ParseTimeout reads a timeout field of the editor: seconds, empty for the
// default (nil), any negative number for none (-1).
func ParseTimeout(what, text string) (*float64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, nil
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, fmt.Errorf("the %s must be a number of seconds (or -1 for none), not %q", what, text)
	}
	if v < 0 {
		v = -1
	}
	return &v, nil
}

// RawToolText is the tool's JSON for people: the wire copy indented, or the
// SDK's reading of the tool when there is none.
func RawToolText(raw json.RawMessage, t *sdk.Tool) string {
	if len(raw) == 0 && t != nil {
		raw, _ = json.Marshal(t)
	}
	return PrettyJSON(raw)
}

// AppEventLine is one line of the app's traffic, as the pane shows it.
func AppEventLine(e apps.Event) string {
	at := e.Time.Format("15:04:05.000")
	switch e.Kind {
	case apps.EventTraffic:
		return fmt.Sprintf("%s %s %s %s", at, e.Dir, e.Text, ClipRunes(string(e.JSON), 300))
	case apps.EventOpenLink:
		return at + " " + i18n.L("the app asks to open {{.URL}} (not opened; copy it if you want it)", map[string]any{"URL": e.Text})
	case apps.EventMessage:
		return at + " " + i18n.L("the app would post (sent nowhere): {{.Text}}", map[string]any{"Text": e.Text})
	case apps.EventLog:
		return at + " app log: " + e.Text
	}
	return at + " " + e.Text
}

// WireWhat is the row's description: the core's summary, else method or id.
func WireWhat(e *transport.WireEntry) string {
	switch {
	case e.Summary != "":
		return e.Summary
	case e.Method != "":
		return e.Method
	case e.ID != "":
		return "#" + e.ID
	}
	return "message"
}

// AboutVersion is the version as the dialog shows it ("unknown" translated).
func AboutVersion(v string) string {
	if v == "unknown" {
		return i18n.L("unknown")
	}
	return v
}

// WithTerms puts the protocol's exact terms on a line of their own under a
// plain sentence: the sentence is what a person reads, the terms are for
// the one who looks them up.
func WithTerms(plain, terms string) string {
	return plain + "\n" + i18n.L("In the protocol: {{.Terms}}", map[string]any{"Terms": terms})
}
