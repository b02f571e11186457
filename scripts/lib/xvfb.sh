# shellcheck shell=bash
# What the scripts that photograph the real window share (sourced by
# scripts/screenshot.sh, scripts/walkthrough.sh, scripts/screenshots-i18n.sh):
#
#   shots_start NAME BIN TOOL...
#                        the start they share: fail (below) says why, after
#                        "NAME: ", when a TOOL is not installed (naming its
#                        Debian package) or BIN is no program; bin becomes
#                        BIN's full path, tmp a new temporary folder; on exit
#                        the app (app_pid) and Xvfb (xvfb_pid) are stopped and
#                        tmp removed.
#   fail MESSAGE         says MESSAGE on stderr and exits 1.
#   xvfb_start WxH DIR   starts Xvfb on a free display, sets xvfb_pid and
#                        exports DISPLAY; DIR (a temporary folder) gets its
#                        display number and log. Says why and returns 1 when
#                        Xvfb does not come up.
#   app_window PID LOG SECONDS
#                        waits for the "MCP Browser" window of the app PID and
#                        prints its id; says why (with the end of LOG) and
#                        returns 1 when the app dies or no window shows.
#   stop_pid PID         TERM, up to 5 s to go, then KILL; waits for it.
#   key KEYS, typeit TEXT, pick_tool SERVER TOOL
#                        drive the focused window (see below).
#   settle PID           waits until the app is idle (see below).
#
# Needs Xvfb and xdotool.

shots_start() {
	shots_name="$1" bin="$2"
	shift 2
	local tool
	for tool in "$@"; do
		command -v "$tool" >/dev/null 2>&1 ||
			fail "$tool is not installed; on Debian: apt-get install $(debian_package "$tool")"
	done
	[ -x "$bin" ] || fail "no program at $bin; build it first (go build -tags no_emoji,no_animations -o mcpbrowser .) or pass its path"
	bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
	tmp="$(mktemp -d)"
	xvfb_pid="" app_pid=""
	trap shots_cleanup EXIT
}

shots_cleanup() {
	stop_pid "$app_pid"
	stop_pid "$xvfb_pid"
	rm -rf "$tmp"
}

fail() {
	echo "${shots_name:-$(basename "$0" .sh)}: $*" >&2
	exit 1
}

# debian_package COMMAND: the package that has it.
debian_package() {
	case "$1" in
	Xvfb) echo xvfb ;;
	import) echo imagemagick ;;
	node) echo nodejs ;;
	fc-list) echo fontconfig ;;
	timeout) echo coreutils ;;
	*) echo "$1" ;;
	esac
}

# Xvfb picks a free display itself and writes its number to fd 3 once it
# accepts connections, so two runs at once never collide.
xvfb_start() {
	local size="$1" dir="$2"
	xvfb_pid=""
	Xvfb -displayfd 3 -noreset -screen 0 "${size}x24" -nolisten tcp 3>"$dir/display" 2>"$dir/xvfb.log" &
	xvfb_pid=$!
	for _ in $(seq 100); do
		[ -s "$dir/display" ] && break
		if ! kill -0 "$xvfb_pid" 2>/dev/null; then
			echo "Xvfb did not start: $(tail -n 5 "$dir/xvfb.log")" >&2
			return 1
		fi
		sleep 0.1
	done
	if [ ! -s "$dir/display" ]; then
		echo "Xvfb did not report a display within 10 s" >&2
		return 1
	fi
	DISPLAY=":$(tr -d '[:space:]' <"$dir/display")"
	export DISPLAY
}

# xdotool --sync waits for the window; the loop also notices an app that died.
app_window() {
	local pid="$1" log="$2" seconds="$3" wid=""
	local deadline=$((SECONDS + seconds))
	while [ -z "$wid" ]; do
		if ! kill -0 "$pid" 2>/dev/null; then
			echo "the app exited before showing its window; its output ($log):
$(tail -n 20 "$log")" >&2
			return 1
		fi
		if [ "$SECONDS" -ge "$deadline" ]; then
			echo "no window named \"MCP Browser\" within $seconds s; the app's output is in $log" >&2
			return 1
		fi
		wid="$(timeout 2 xdotool search --sync --onlyvisible --name "^MCP Browser" 2>/dev/null | head -n 1 || true)"
	done
	echo "$wid"
}

stop_pid() {
	local pid="$1"
	[ -n "$pid" ] || return 0
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || {
			wait "$pid" 2>/dev/null || true
			return 0
		}
		sleep 0.1
	done
	echo "pid $pid ignored SIGTERM; killing it" >&2
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
}

# Driving the window with xdotool, a person's way: keys, typing, and
# pick_tool SERVER TOOL, which picks the server (Ctrl+K) and the tool
# (Ctrl+F, Enter) and leaves the keyboard in the form's first field.
key() {
	xdotool key --clearmodifiers "$@"
	sleep 0.6
}
typeit() {
	xdotool type --delay 20 "$1"
	sleep 0.3
}
pick_tool() {
	key ctrl+k
	typeit "$1"
	key Return
	sleep 0.5
	key ctrl+f
	key ctrl+a
	typeit "$2"
	key Return
	sleep 0.5
}

# settle PID: waits (up to 20 s) until the app has used under 5 % of a core
# for half a second — the keys and text sent so far are handled and drawn —
# so a picture on a busy machine is not of a window still catching up.
settle() {
	local pid="$1" before after
	for _ in $(seq 40); do
		before="$(cpu_ticks "$pid")" || return 0
		sleep 0.5
		after="$(cpu_ticks "$pid")" || return 0
		# USER_HZ is 100: 0.5 s at 5 % is 2.5 ticks.
		[ $((after - before)) -le 2 ] && return 0
	done
}

# cpu_ticks PID: user + system time so far, in clock ticks.
cpu_ticks() {
	local stat
	stat="$(cat "/proc/$1/stat" 2>/dev/null)" || return 1
	stat="${stat##*) }"
	# shellcheck disable=SC2086 # split the fields on purpose
	set -- $stat
	echo $((${12} + ${13}))
}
