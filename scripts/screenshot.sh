#!/usr/bin/env bash
# Takes a screenshot of the real MCP Browser window on a virtual display.
#
#   scripts/screenshot.sh [BINARY] [OUT.png] [APP ARGS...]
#
# BINARY defaults to ./mcpbrowser, OUT.png to ./screenshot.png; APP ARGS are
# passed to the app. It starts Xvfb on a free display, runs the app there,
# waits for the "MCP Browser" window, gives the servers time to connect, saves
# the whole screen as a PNG, and stops the app and Xvfb. It exits non-zero,
# saying why, when any step fails.
#
# Environment:
#   MCPBROWSER_CONFIG  a servers file to open (--config); without it the app
#                      runs with empty temporary XDG folders, so it shows the
#                      first-run state with the built-in demo server.
#   SCREENSHOT_WAIT    seconds to wait after the window appears (default 4),
#                      for servers to connect and the first frames to draw.
#   SCREENSHOT_TIMEOUT seconds to wait for the window (default 60).
#   SCREENSHOT_SIZE    screen size (default 1400x900); the window is resized to fill it.
#
# Needs (Debian): xvfb xdotool imagemagick. The app's output goes to OUT.png.log.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"

bin="${1:-./mcpbrowser}"
out="${2:-screenshot.png}"
shift $(($# < 2 ? $# : 2))
app_args=("$@")
wait_after="${SCREENSHOT_WAIT:-4}"
timeout_window="${SCREENSHOT_TIMEOUT:-60}"
size="${SCREENSHOT_SIZE:-1400x900}"

shots_start screenshot "$bin" Xvfb xdotool import timeout
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
log="$out.log"

xvfb_start "$size" "$tmp" || fail "could not start a virtual display"

if [ -n "${MCPBROWSER_CONFIG:-}" ]; then
	app_args=(--config "$MCPBROWSER_CONFIG" "${app_args[@]}")
else
	# A first run: no servers file, no remembered window; nothing of the
	# person's own configuration is read or written.
	export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
	mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"
fi

"$bin" "${app_args[@]}" >"$log" 2>&1 &
app_pid=$!

wid="$(app_window "$app_pid" "$log" "$timeout_window")" || fail "no window"

# Fill the screen so the picture shows the layout at a known size.
w="${size%x*}"
h="${size#*x}"
xdotool windowmove "$wid" 0 0 windowsize "$wid" "$w" "$h" 2>/dev/null || true
sleep "$wait_after"
kill -0 "$app_pid" 2>/dev/null || fail "the app exited while waiting; its output ($log):
$(tail -n 20 "$log")"

import -window root "$out" || fail "import could not capture display $DISPLAY"
[ -s "$out" ] || fail "the screenshot $out is empty"

# Fyne prints this when a widget is touched off the UI goroutine: a bug.
if grep -q "Error in Fyne call thread" "$log"; then
	fail "the app touched widgets off the UI goroutine (\"Error in Fyne call thread\" in $log); screenshot saved at $out"
fi
echo "screenshot saved: $out (window $wid, display $DISPLAY, app output in $log)"
