#!/usr/bin/env bash
# Installs what a fresh Debian/Ubuntu machine lacks to build and test MCP Browser:
# the C libraries Fyne's cgo build needs, the tools for real-window checks, and
# Node.js for the reference test server. Sourced by run.sh and test.sh.
# Only missing packages are installed, so a second run costs nothing.

# need_debs PKG... installs the packages that are not installed yet.
need_debs() {
	local missing=()
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	echo "Installing Debian packages: ${missing[*]}" >&2
	local sudo=""
	[ "$(id -u)" -ne 0 ] && sudo="sudo"
	$sudo apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# The cgo build of Fyne (OpenGL, X11). File dialogs on Linux come through the
# desktop portal over D-Bus (internal/portal): no GTK.
BUILD_DEBS=(gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev
	libxinerama-dev libxi-dev libxxf86vm-dev)
# The portal tests run their own D-Bus daemon; actionlint checks the
# workflows' shell steps with shellcheck; the MCP Apps tests (mcp/apps)
# drive a real headless Chromium; the Chinese window's font tests compare
# the Simplified Chinese and Japanese faces of Noto Sans CJK.
TEST_DEBS=(dbus-daemon shellcheck chromium fonts-noto-cjk)

# Build tags of every build and test. no_emoji leaves Fyne's 4 MB colour
# emoji font out: Fyne parses it once per text style (regular, bold,
# monospace …), about 20 MB of the idle window's memory; emoji are drawn
# from the system's fonts instead. no_animations turns off Fyne's widget
# animations: the fading cursor of a focused entry redrew the whole window
# every frame, 18 % of a core while the app sat idle with a field focused
# (2 % without); the cursor stays lit instead, as GTK's does once it stops
# blinking. Progress bars still move. One set of tags keeps one build cache.
GO_TAGS=no_emoji,no_animations
# Real-window checks under a virtual display, and .desktop validation.
WINDOW_DEBS=(xvfb xdotool imagemagick xauth desktop-file-utils)

# need_go checks for Go 1.26 or newer.
need_go() {
	if ! command -v go >/dev/null 2>&1; then
		[ -x /usr/local/go/bin/go ] && export PATH="/usr/local/go/bin:$PATH"
	fi
	command -v go >/dev/null 2>&1 || { echo "Go is not installed: install Go 1.26 (https://go.dev/dl/) and try again" >&2; exit 1; }
}

# need_node makes sure node and npm exist (Debian's packages if not).
need_node() {
	command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 && return 0
	need_debs nodejs npm
}

# need_test_peers installs the pinned npm test servers (testdata/npm) when the
# lockfile changed since the last install.
need_test_peers() {
	need_node
	local dir="$ROOT/testdata/npm"
	local stamp="$dir/node_modules/.lock-stamp"
	if [ -f "$stamp" ] && cmp -s "$stamp" "$dir/package-lock.json"; then
		return 0
	fi
	echo "Installing the npm test servers (testdata/npm)" >&2
	(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error --cache "${NPM_CACHE:-$HOME/.cache/mcpbrowser-npm}") >&2
	cp "$dir/package-lock.json" "$stamp"
}

# The Go tools the checks run, pinned. They are built from source by
# `go install` into $ROOT/.tools/bin (never the machine's own GOPATH), and
# only when missing or at another version.
STATICCHECK_VERSION=v0.8.2 # staticcheck 2026.2.2, the newest release; built for Go 1.26
ACTIONLINT_VERSION=v1.7.12
GOVULNCHECK_VERSION=v1.9.0
TOOLS_BIN="${ROOT:-$PWD}/.tools/bin"

# need_go_tool NAME PACKAGE VERSION installs one tool into $TOOLS_BIN.
need_go_tool() {
	local name="$1" pkg="$2" version="$3"
	local stamp="$TOOLS_BIN/.$name.version"
	if [ -x "$TOOLS_BIN/$name" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$pkg@$version" ]; then
		return 0
	fi
	echo "Installing $name ($pkg@$version) into $TOOLS_BIN" >&2
	mkdir -p "$TOOLS_BIN"
	GOBIN="$TOOLS_BIN" GOFLAGS=-buildvcs=false go install "$pkg@$version" >&2 || return 1
	echo "$pkg@$version" >"$stamp"
}

# need_check_tools installs staticcheck and actionlint, which scripts/test.sh runs.
need_check_tools() {
	need_go_tool staticcheck honnef.co/go/tools/cmd/staticcheck "$STATICCHECK_VERSION" &&
		need_go_tool actionlint github.com/rhysd/actionlint/cmd/actionlint "$ACTIONLINT_VERSION"
}

# need_govulncheck installs govulncheck, which the release workflow runs (it
# needs the vulnerability database from the internet).
need_govulncheck() {
	need_go_tool govulncheck golang.org/x/vuln/cmd/govulncheck "$GOVULNCHECK_VERSION"
}
