#!/usr/bin/env bash
# The client command the official MCP conformance suite runs (see
# scripts/conformance.sh): the suite appends the scenario server's URL and sets
# MCP_CONFORMANCE_SCENARIO (and MCP_CONFORMANCE_CONTEXT for some scenarios).
# Each scenario is answered by mcpbrowser command lines as a person would type
# them. MCP_CONFORMANCE_PROTOCOL_VERSION is ignored on purpose: the CLI finds
# the server's protocol era by itself, with no version written anywhere.
set -uo pipefail
url="${!#}"
scenario="${MCP_CONFORMANCE_SCENARIO:-}"
context="${MCP_CONFORMANCE_CONTEXT:-}"
mcpbrowser="${MCPBROWSER:-mcpbrowser}"
here="$(cd "$(dirname "$0")" && pwd)"

# A scratch home: an empty servers file (no version pinned), no remembered
# era, sign-in tokens or approvals from earlier runs.
home="$(mktemp -d)"
trap 'rm -rf "$home"' EXIT
export XDG_CONFIG_HOME="$home/config" XDG_STATE_HOME="$home/state" XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache"
# Sign-in: the "browser" follows the authorization server's redirects back to
# the CLI's local callback, as a person clicking "allow" would.
export BROWSER="$here/conformance-browser.sh"

run() {
	echo "+ mcpbrowser $*" >&2
	"$mcpbrowser" "$@" --timeout 20s
}

# ctx KEY prints a top-level string field of the context JSON, or "".
ctx() {
	[ -n "$context" ] || return 0
	printf '%s' "$context" | python3 -c 'import json,sys; v=json.load(sys.stdin).get(sys.argv[1]); print(v if isinstance(v,str) else json.dumps(v) if v is not None else "")' "$1"
}

signin=()
if [ -n "$(ctx client_id)" ]; then signin+=(--client-id "$(ctx client_id)"); fi
if [ -n "$(ctx client_secret)" ]; then signin+=(--client-secret "$(ctx client_secret)"); fi

case "$scenario" in
tools_call)
	run call --url "$url" add_numbers a=5 b=3 ;;
elicitation-sep1034-client-defaults)
	run call --url "$url" test_client_elicitation_defaults --elicit accept-defaults ;;
sep-2322-client-request-state)
	run tools --url "$url" >/dev/null || exit
	for tool in $("$mcpbrowser" tools --url "$url" --timeout 20s | python3 -c 'import json,sys; [print(t["name"]) for t in json.load(sys.stdin)["tools"]]'); do
		run call --url "$url" "$tool" --elicit accept-defaults --sampling-reply ok || true
	done ;;
http-custom-headers | http-standard-headers | http-invalid-tool-headers | request-metadata | sse-retry | json-schema-*)
	# Every tool the server lists (or the context names) is called once, and
	# every other list is read.
	calls="$(ctx toolCalls)"
	if [ -n "$calls" ]; then
		printf '%s' "$calls" | python3 -c 'import json,sys; [print(c["name"]+"\t"+json.dumps(c.get("arguments",{}))) for c in json.load(sys.stdin)]' |
			while IFS=$'\t' read -r name args; do run call --url "$url" "$name" --args "$args" || true; done
	else
		for tool in $("$mcpbrowser" tools --url "$url" --timeout 20s | python3 -c 'import json,sys; [print(t["name"]) for t in json.load(sys.stdin)["tools"]]'); do
			run call --url "$url" "$tool" || true
		done
	fi
	run resources --url "$url" >/dev/null 2>&1 || true
	run prompts --url "$url" >/dev/null 2>&1 || true ;;
sep-2640-*)
	run skills --url "$url" ;;
auth/*)
	run tools --url "$url" "${signin[@]}" >/dev/null &&
		run call --url "$url" "${signin[@]}" test_tool >/dev/null 2>&1
	exit 0 ;;
*)
	run tools --url "$url" "${signin[@]}" ;;
esac
