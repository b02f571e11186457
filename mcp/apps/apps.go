// Package apps hosts MCP Apps (the extension io.modelcontextprotocol/ui):
// a tool that names a ui:// resource in its _meta gets an interactive HTML
// view, which this package serves to the person's browser from a local host
// page and connects to the server's live session.
//
// The pieces:
//   - detection: ResourceURI reads a tool's _meta, IsAppResource a resource;
//   - the local host (Host): an HTTP server on 127.0.0.1 with a random port,
//     one unguessable token per open app, the host page, and the app's HTML
//     in a sandboxed iframe under the CSP its resource asks for (csp.go);
//   - the bridge (bridge.go): the host page runs the official AppBridge from
//     @modelcontextprotocol/ext-apps (assets/app-bridge.js, bundled by
//     scripts/bundle-app-bridge.sh) and relays what the app asks for to a
//     Session here, and what the host sends (tool input, result, host
//     context) back to the page.
//
// The package imports no Fyne: the window and the CLI use it alike.
package apps

import (
	"encoding/json"
	"strings"
)

// MIMEType is the media type of an MCP App's HTML resource.
const MIMEType = "text/html;profile=mcp-app"

// Keys of a tool's _meta that name its view.
const (
	metaUI        = "ui"             // _meta.ui.resourceUri (current)
	metaLegacyKey = "ui/resourceUri" // _meta["ui/resourceUri"] (older, still read by the SDK)
)

// ResourceURI returns the ui:// resource a tool's _meta names as its view,
// or "" when it names none. The nested _meta.ui.resourceUri wins over the
// older flat _meta["ui/resourceUri"], as in ext-apps' getToolUiResourceUri;
// a value that is not a ui:// URI is ignored.
func ResourceURI(meta map[string]any) string {
	if meta == nil {
		return ""
	}
	if ui, ok := meta[metaUI].(map[string]any); ok {
		if uri, ok := ui["resourceUri"].(string); ok && isUIURI(uri) {
			return uri
		}
	}
	if uri, ok := meta[metaLegacyKey].(string); ok && isUIURI(uri) {
		return uri
	}
	return ""
}

// Visibility says who may call a tool, from _meta.ui.visibility: "model",
// "app", or both (the default when the tool says nothing).
func Visibility(meta map[string]any) []string {
	ui, _ := meta[metaUI].(map[string]any)
	list, _ := ui["visibility"].([]any)
	var out []string
	for _, v := range list {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return []string{"model", "app"}
	}
	return out
}

// AppOnly reports whether a tool is meant to be called by its app only (it
// is hidden from the model; a person may still call it by hand).
func AppOnly(meta map[string]any) bool {
	v := Visibility(meta)
	return len(v) == 1 && v[0] == "app"
}

// IsAppResource reports whether a resource is an MCP App's view: a ui://
// URI, or the app profile of text/html.
func IsAppResource(uri, mimeType string) bool {
	return isUIURI(uri) || isAppMIME(mimeType)
}

func isUIURI(uri string) bool { return strings.HasPrefix(uri, "ui://") }

func isAppMIME(mimeType string) bool {
	m := strings.ReplaceAll(strings.ToLower(mimeType), " ", "")
	return strings.HasPrefix(m, "text/html") && strings.Contains(m, "profile=mcp-app")
}

// ResourceMeta is what a view's resource says about how to host it
// (_meta.ui of the resource, or of its contents item).
type ResourceMeta struct {
	CSP         CSP         `json:"csp"`
	Permissions Permissions `json:"permissions"`
	// PrefersBorder asks for a visible border and background (nil: no preference).
	PrefersBorder *bool `json:"prefersBorder,omitempty"`
}

// CSP lists the origins a view may reach, by kind.
type CSP struct {
	ConnectDomains  []string `json:"connectDomains,omitempty"`
	ResourceDomains []string `json:"resourceDomains,omitempty"`
	FrameDomains    []string `json:"frameDomains,omitempty"`
	BaseURIDomains  []string `json:"baseUriDomains,omitempty"`
}

// Permissions are the browser features a view asks for; each is present
// (an empty object) or absent.
type Permissions struct {
	Camera         *struct{} `json:"camera,omitempty"`
	Microphone     *struct{} `json:"microphone,omitempty"`
	Geolocation    *struct{} `json:"geolocation,omitempty"`
	ClipboardWrite *struct{} `json:"clipboardWrite,omitempty"`
}

// ParseResourceMeta reads _meta.ui from a resource's or a content item's
// _meta; a missing or malformed value gives the zero ResourceMeta (the
// strictest hosting).
func ParseResourceMeta(meta map[string]any) ResourceMeta {
	var rm ResourceMeta
	ui, ok := meta[metaUI]
	if !ok {
		return rm
	}
	raw, err := json.Marshal(ui)
	if err != nil {
		return rm
	}
	if json.Unmarshal(raw, &rm) != nil {
		return ResourceMeta{}
	}
	return rm
}

// Merge fills what m leaves unset from other (the contents item's _meta
// wins over the listed resource's).
func (m ResourceMeta) Merge(other ResourceMeta) ResourceMeta {
	if m.CSP.ConnectDomains == nil && m.CSP.ResourceDomains == nil && m.CSP.FrameDomains == nil && m.CSP.BaseURIDomains == nil {
		m.CSP = other.CSP
	}
	if m.Permissions == (Permissions{}) {
		m.Permissions = other.Permissions
	}
	if m.PrefersBorder == nil {
		m.PrefersBorder = other.PrefersBorder
	}
	return m
}
