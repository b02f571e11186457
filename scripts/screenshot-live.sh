#!/usr/bin/env bash
# Photographs the Live window of the real app while the official Inspector
# CLI, as the host, runs server-everything through `mcpbrowser tap`.
#
#   scripts/screenshot-live.sh BINARY INSPECTOR OUT.png
#
# BINARY is a built mcpbrowser, INSPECTOR the Inspector's mcp-inspector
# program (@modelcontextprotocol/inspector). It starts Xvfb, the app with
# empty temporary XDG folders, three hosts (two calls that finish, one long
# operation still running), opens View → Live sessions (Ctrl+Shift+L),
# selects the first session and its first tool call, and saves the screen.
# SCREENSHOT_SIZE as in screenshot.sh (default 1400x900).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"

bin="$1" inspector="$2" out="$3"
size="${SCREENSHOT_SIZE:-1400x900}"
everything="$(cd "$(dirname "$0")/.." && pwd)/testdata/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
shots_start screenshot-live "$bin" Xvfb xdotool import timeout node
mkdir -p "$(dirname "$out")"
out="$(cd "$(dirname "$out")" && pwd)/$(basename "$out")"
log="$out.log"
# The Inspector passes its server only HOME, PATH and a few more: the tap
# records under HOME's state folder, which the app is pointed at too.
export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/.local/state" XDG_CACHE_HOME="$tmp/cache"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"
xvfb_start "$size" "$tmp" || fail "could not start a virtual display"

# host ARGS...: the Inspector CLI runs server-everything through the tap.
host() {
	HOME="$tmp" "$inspector" --cli "$@" -- "$bin" tap --name everything -- node "$everything" >>"$tmp/host.log" 2>&1
}
host --method tools/call --tool-name echo --tool-arg "message=Hello from the Inspector"
host --method tools/call --tool-name get-sum --tool-arg a=2 --tool-arg b=40
host --method tools/call --tool-name trigger-long-running-operation --tool-arg duration=120 --tool-arg steps=60 &
host_pid=$!

"$bin" >"$log" 2>&1 &
app_pid=$!
wid="$(app_window "$app_pid" "$log" 60)" || fail "no window"
w="${size%x*}" h="${size#*x}"
xdotool windowmove "$wid" 0 0 windowsize "$wid" "$w" "$h" 2>/dev/null || true
sleep 3
xdotool windowactivate --sync "$wid" 2>/dev/null || true
key ctrl+shift+l
live="$(timeout 10 xdotool search --sync --onlyvisible --name "^Live sessions" | head -n 1)" || fail "no Live window"
sleep 1
xdotool windowmove "$live" 0 0 windowsize --sync "$live" "$w" "$h" 2>/dev/null || true
sleep 2
# The running session (first in the list), its tool call found by the
# search box, and selected (by position).
xdotool mousemove --window "$live" $((w / 8)) 70 click 1
sleep 1
xdotool mousemove --window "$live" $((w / 2)) 100 click 1
typeit "tools/call"
xdotool mousemove --window "$live" $((w / 2)) 127 click 1
sleep 2
import -window root "$out" || fail "import could not capture display $DISPLAY"
kill "$host_pid" 2>/dev/null || true
grep -q "Error in Fyne call thread" "$log" && fail "the app touched widgets off the UI goroutine (see $log)"
echo "screenshot saved: $out"
