#!/usr/bin/env bash
# Photographs the real window in English and in Simplified Chinese at
# 1024×640 on a virtual display, to look for clipped or overlapping text:
# the main window with a tool selected, the server editor, a failed connect
# (a server whose command does not exist), a tool error (the demo's
# read_file asked for ../../etc/passwd) and a sampling request
# (server-everything's trigger-sampling-request) — then the window asked for
# in Chinese once more with the system's CJK fonts hidden, which is what a
# person without fonts-noto-cjk gets: English, and a line on stderr saying
# what to install (checked here).
#
#   scripts/screenshots-i18n.sh [BINARY] [OUT_DIR]
#
# BINARY defaults to ./mcpbrowser, OUT_DIR to ./screenshots-i18n; the
# pictures are OUT_DIR/LANG-N-what.png, the app's output OUT_DIR/app.log.
# SCREENSHOTS_SIZE picks the size (default 1024x640), SCREENSHOTS_WAIT the
# seconds the servers get to start (default 10).
#
# Hiding the CJK fonts needs a private mount namespace (unshare; root, or
# user namespaces): Fyne's font lookup scans /usr/share/fonts itself, so a
# FONTCONFIG_FILE without the Noto CJK folder does not hide it. Without
# unshare that picture is skipped, saying so.
#
# It needs a desktop's tools, so CI does not run it. Look at every picture.
# Needs (Debian): xvfb xdotool imagemagick fonts-noto-cjk, node (and the npm
# servers from scripts/deps.sh need_test_peers).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib/xvfb.sh
. "$(dirname "$0")/lib/xvfb.sh"

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-./mcpbrowser}"
out="${2:-screenshots-i18n}"
size="${SCREENSHOTS_SIZE:-1024x640}"
start_wait="${SCREENSHOTS_WAIT:-10}"
W="${size%x*}" H="${size#*x}"

shots_start screenshots-i18n "$bin" Xvfb xdotool import node fc-list
everything="$ROOT/testdata/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
[ -f "$everything" ] || fail "server-everything is not installed; run: bash -c '. scripts/deps.sh; ROOT=\$PWD; need_test_peers'"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

cat >"$tmp/servers.json" <<JSON
{
  "mcpServers": {
    "demo": {"command": "$bin", "args": ["demo-server"]},
    "everything": {"command": "node", "args": ["$everything", "stdio"]},
    "broken": {"command": "/nonexistent/mcp-server-for-the-screenshots"}
  }
}
JSON

xvfb_start "$size" "$tmp" || fail "could not start a virtual display"
log="$out/app.log"
: >"$log"

shot() {
	sleep "${2:-1}"
	settle "$app_pid"
	import -window root -crop "${W}x${H}+0+0" "$out/$1.png" || fail "could not capture $1"
	echo "saved $out/$1.png"
}

# start LOCALE [WRAPPER...]: starts the app afresh (no remembered window,
# language or servers' eras) under LOCALE, through WRAPPER when given.
start() {
	local locale="$1"
	shift
	rm -rf "$tmp/xdg" && mkdir -p "$tmp/xdg/config" "$tmp/xdg/data" "$tmp/xdg/state" "$tmp/xdg/cache"
	echo "== $locale $*" >>"$log"
	env -u LC_ALL -u LC_MESSAGES -u LANGUAGE LANG="$locale" \
		XDG_CONFIG_HOME="$tmp/xdg/config" XDG_DATA_HOME="$tmp/xdg/data" \
		XDG_STATE_HOME="$tmp/xdg/state" XDG_CACHE_HOME="$tmp/xdg/cache" \
		"$@" "$bin" --config "$tmp/servers.json" >>"$log" 2>&1 &
	app_pid=$!
	wid="$(app_window "$app_pid" "$log" 60)" || fail "no window"
	xdotool windowmove "$wid" 0 0 windowsize "$wid" "$W" "$H"
	xdotool windowfocus "$wid" 2>/dev/null || true
	sleep "$start_wait" # server-everything takes a few seconds to start
}

# tour NAME: the five pictures of one language.
tour() {
	local name="$1"
	# The filter's words, not read_file: that name is in list_files' description
	# too, and Enter picks the first match.
	pick_tool demo "read a file from"
	shot "$name-1-tool-selected"

	typeit "../../etc/passwd"
	key ctrl+Return
	shot "$name-2-tool-error" 2

	key ctrl+n
	typeit "new server"
	shot "$name-3-server-editor"
	key Escape

	key ctrl+k
	typeit "broken"
	key Return
	shot "$name-4-failed-connect" 2

	# The server's question shows where the result goes; the call waits.
	pick_tool everything trigger-sampling-request
	typeit "Say hello"
	key ctrl+Return
	shot "$name-5-sampling-request" 3
}

start en_US.UTF-8
tour en
stop_pid "$app_pid"
app_pid=""

start zh_CN.UTF-8
tour zh
stop_pid "$app_pid"
app_pid=""

# Without CJK fonts: every folder holding a font that covers Chinese is
# covered by an empty one, in a mount namespace of the app's own.
mapfile -t cjk_dirs < <(fc-list :lang=zh file | sed 's/: *$//' | xargs -r -n1 dirname | sort -u)
mkdir -p "$tmp/empty"
hide=""
for d in "${cjk_dirs[@]}"; do
	hide+="mount --bind '$tmp/empty' '$d' && "
done
namespace=()
if unshare --mount true 2>/dev/null; then
	namespace=(unshare --mount --propagation private)
elif unshare --map-root-user --mount true 2>/dev/null; then
	namespace=(unshare --map-root-user --mount --propagation private)
fi
if [ ${#cjk_dirs[@]} -eq 0 ]; then
	echo "screenshots-i18n: no CJK font installed here; the Chinese pictures above already show the window without one" >&2
elif [ ${#namespace[@]} -eq 0 ]; then
	echo "screenshots-i18n: cannot make a mount namespace (unshare); skipping the picture without CJK fonts" >&2
else
	start zh_CN.UTF-8 "${namespace[@]}" sh -c "${hide}exec \"\$@\"" sh
	pick_tool demo "read a file from"
	shot zh-6-no-cjk-fonts
	stop_pid "$app_pid"
	app_pid=""
	grep -q "no font on this system has Chinese characters" "$log" ||
		fail "without CJK fonts the app did not say it stays English ($log)"
fi

# Fyne's preferences watcher sometimes reads the file while Fyne itself is
# writing it ("Preferences load error", "Cause: EOF"): Fyne's race, harmless.
if grep -E "Fyne error|Error in Fyne call thread" "$log" | grep -v -e "Error parsing user locale" -e "Preferences load error" >"$tmp/errors"; then
	fail "the app logged Fyne errors ($log):
$(head -n 20 "$tmp/errors")"
fi
echo "screenshots done: $out"
