#!/usr/bin/env bash
# Walks the window's main path — pick a tool, fill its form, run it, read the
# result beside the server's stderr — in the real window on a virtual
# display, with the three npm reference servers (testdata/npm), at
# 1024×640, 1400×900 and 1920×1080, and saves a screenshot of each step.
#
#   scripts/walkthrough.sh [BINARY] [OUT_DIR]
#
# WALKTHROUGH_SIZES picks the sizes, WALKTHROUGH_WAIT the seconds the
# servers get to start (default 10).
#
# BINARY defaults to ./mcpbrowser, OUT_DIR to ./walkthrough. It fails when a
# step fails or the app's log has a "Fyne error" or "Error in Fyne call
# thread" line. Look at every picture it saves.
#
# Needs (Debian): xvfb xdotool imagemagick, node; the npm servers come from
# scripts/deps.sh need_test_peers.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-./mcpbrowser}"
out="${2:-walkthrough}"
sizes="${WALKTHROUGH_SIZES:-1024x640 1400x900 1920x1080}"
# Seconds for the npm servers to start; more on a busy machine.
start_wait="${WALKTHROUGH_WAIT:-10}"

shots_start walkthrough "$bin" Xvfb xdotool import node
mods="$ROOT/testdata/npm/node_modules/@modelcontextprotocol"
for s in server-filesystem server-memory server-everything; do
	[ -f "$mods/$s/dist/index.js" ] || fail "$s is not installed; run: bash -c '. scripts/deps.sh; ROOT=\$PWD; need_test_peers'"
done
mkdir -p "$out"
out="$(cd "$out" && pwd)"

# The filesystem server may read one sample folder.
mkdir -p "$tmp/files/notes"
printf 'Hello from the walkthrough.\n' >"$tmp/files/welcome.txt"
printf '# Shopping\n- bread\n' >"$tmp/files/notes/list.md"
cat >"$tmp/servers.json" <<JSON
{
  "mcpServers": {
    "filesystem": {"command": "node", "args": ["$mods/server-filesystem/dist/index.js", "$tmp/files"]},
    "memory": {"command": "node", "args": ["$mods/server-memory/dist/index.js"], "env": {"MEMORY_FILE_PATH": "$tmp/memory.jsonl"}},
    "everything": {"command": "node", "args": ["$mods/server-everything/dist/index.js", "stdio"]}
  }
}
JSON

max_w=0 max_h=0
for s in $sizes; do
	[ "${s%x*}" -gt "$max_w" ] && max_w="${s%x*}"
	[ "${s#*x}" -gt "$max_h" ] && max_h="${s#*x}"
done
xvfb_start "${max_w}x${max_h}" "$tmp" || fail "could not start a virtual display"

export XDG_CONFIG_HOME="$tmp/config" XDG_DATA_HOME="$tmp/data" XDG_STATE_HOME="$tmp/state" XDG_CACHE_HOME="$tmp/cache"
log="$out/app.log"
: >"$log"

shot() {
	sleep "${2:-1}"
	import -window root -crop "${W}x${H}+0+0" "$out/$1-${W}x${H}.png" || fail "could not capture $1"
	echo "saved $out/$1-${W}x${H}.png"
}
for s in $sizes; do
	W="${s%x*}" H="${s#*x}"
	rm -rf "$XDG_CONFIG_HOME" && mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"
	echo "== $s" >>"$log"
	"$bin" --config "$tmp/servers.json" >>"$log" 2>&1 &
	app_pid=$!
	wid="$(app_window "$app_pid" "$log" 60)" || fail "no window"
	xdotool windowmove "$wid" 0 0 windowsize "$wid" "$W" "$H"
	xdotool windowfocus "$wid" 2>/dev/null || true
	sleep "$start_wait" # npm servers take a few seconds to start
	shot 1-start 0

	pick_tool filesystem list_directory
	shot 2-form
	typeit "$tmp/files"
	key ctrl+Return
	shot 3-result 2

	pick_tool everything get-tiny-image
	key ctrl+Return
	shot 4-image 2

	pick_tool memory create_entities
	shot 5-big-form

	pick_tool everything echo
	typeit "Hello from the walkthrough"
	key ctrl+l
	shot 6-no-side-panel
	key ctrl+l

	# A server's question shows where the result goes; the call waits.
	pick_tool everything trigger-sampling-request
	typeit "Say hello"
	key ctrl+Return
	shot 7-request 3

	stop_pid "$app_pid"
	app_pid=""
done

if grep -E "Fyne error|Error in Fyne call thread" "$log" | grep -v "Error parsing user locale" >"$tmp/errors"; then
	fail "the app logged Fyne errors ($log):
$(head -n 20 "$tmp/errors")"
fi
echo "walkthrough done: $out"
