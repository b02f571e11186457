package apps

import (
	_ "embed"
	"html"
	"strings"
)

// bridgeJS is ext-apps' AppBridge, bundled by scripts/bundle-app-bridge.sh.
//
//go:embed assets/app-bridge.js
var bridgeJS []byte

// hostJS runs the host side in the page: the iframe, the AppBridge, and
// the relay to this package.
//
//go:embed assets/host.js
var hostJS []byte

//go:embed assets/host.css
var hostCSS []byte

// BridgeAsset is the bundled AppBridge script (for tests and inspection).
func BridgeAsset() []byte { return bridgeJS }

// hostPage is the page the person's browser opens. Everything it runs
// comes from this host's own files (its CSP allows no inline script).
func hostPage(a App) string {
	title := html.EscapeString(a.ToolName + " — " + a.Server + " — MCP Browser")
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>` + title + `</title>
<link rel="stylesheet" href="host.css">
<script src="bridge.js" defer></script>
<script src="host.js" defer></script>
</head>
<body>
<header>
  <strong id="title">` + html.EscapeString(a.ToolName) + `</strong>
  <span class="muted">` + html.EscapeString(a.Server) + ` · ` + html.EscapeString(a.ResourceURI) + `</span>
  <span id="status" class="muted">connecting…</span>
</header>
<main id="frame-box"></main>
<section id="notes" aria-live="polite"></section>
</body>
</html>
`)
	return b.String()
}
