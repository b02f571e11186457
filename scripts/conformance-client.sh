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
	"$mcpbrowser" "$@" --timeout "${CLIENT_TIMEOUT:-120s}"
}

# ctx KEY prints a top-level string field of the context JSON, or "".
ctx() {
	[ -n "$context" ] || return 0
	printf '%s' "$context" | python3 -c 'import json,sys; v=json.load(sys.stdin).get(sys.argv[1]); print(v if isinstance(v,str) else json.dumps(v) if v is not None else "")' "$1"
}

# A person's CIMD URL (used only where the authorization server supports it).
signin=(--client-metadata-url https://conformance-test.local/client-metadata.json)
if [ -n "$(ctx client_id)" ]; then signin+=(--client-id "$(ctx client_id)"); fi
if [ -n "$(ctx client_secret)" ]; then signin+=(--client-secret "$(ctx client_secret)"); fi
case "$scenario" in auth/client-credentials-*) signin+=(--grant-type client_credentials) ;; esac
# The OAuth extensions: what the suite hands over goes into files, as a
# person's key or token would be (the servers file names paths, never contents).
if [ -n "$(ctx private_key_pem)" ]; then
	ctx private_key_pem >"$home/client-key.pem"
	signin+=(--private-key "$home/client-key.pem")
	if [ -n "$(ctx signing_algorithm)" ]; then signin+=(--signing-alg "$(ctx signing_algorithm)"); fi
fi
if [ -n "$(ctx valid_jwt)" ]; then # workload identity (SEP-1933)
	ctx valid_jwt >"$home/workload.jwt"
	signin+=(--grant-type jwt_bearer --assertion-file "$home/workload.jwt")
fi
if [ -n "$(ctx idp_id_token)" ]; then # enterprise-managed authorization (SEP-990)
	ctx idp_id_token >"$home/id-token.jwt"
	signin+=(--grant-type enterprise --assertion-file "$home/id-token.jwt" --idp-issuer "$(ctx idp_issuer)" --idp-client-id "$(ctx idp_client_id)")
fi

case "$scenario" in
tools_call)
	run call --url "$url" add_numbers a=5 b=3 ;;
elicitation-sep1034-client-defaults)
	run call --url "$url" test_client_elicitation_defaults --elicit accept-defaults ;;
sep-2322-client-request-state)
	run tools --url "$url" >/dev/null || exit
	for tool in $("$mcpbrowser" tools --url "$url" --timeout "${CLIENT_TIMEOUT:-120s}" | python3 -c 'import json,sys; [print(t["name"]) for t in json.load(sys.stdin)["tools"]]'); do
		run call --url "$url" "$tool" --elicit accept-defaults --sampling-reply ok || true
	done ;;
json-schema-2020-12-preservation)
	# Send the focal tool's inputSchema back, exactly as `tools` printed it.
	schema="$(run tools --url "$url" | python3 -c 'import json,sys; print(json.dumps({"schema": next(t["inputSchema"] for t in json.load(sys.stdin)["tools"] if t["name"] != "json_schema_echo")}))')" || exit
	run call --url "$url" json_schema_echo --args "$schema" ;;
http-custom-headers | http-standard-headers | http-invalid-tool-headers | request-metadata | sse-retry | json-schema-*)
	# Every tool the server lists (or the context names) is called once,
	# with what a person would fill in (a value for each required field;
	# a null is left out), and every other list is read.
	calls="$(ctx toolCalls)"
	if [ -z "$calls" ]; then
		calls="$(run tools --url "$url" | python3 -c '
import json, sys
sample = {"string": "x", "integer": 1, "number": 1, "boolean": True, "array": [], "object": {}}
calls = []
for t in json.load(sys.stdin)["tools"]:
    s = t.get("inputSchema") or {}
    props = s.get("properties") or {}
    calls.append({"name": t["name"], "arguments": {k: sample.get((props.get(k) or {}).get("type"), "x") for k in s.get("required", [])}})
print(json.dumps(calls))')" || exit
	fi
	printf '%s' "$calls" | python3 -c '
import json, sys
for c in json.load(sys.stdin):
    args = {k: v for k, v in (c.get("arguments") or {}).items() if v is not None}
    print(c["name"] + "\t" + json.dumps(args))' |
		while IFS=$'\t' read -r name args; do run call --url "$url" "$name" --args "$args" || true; done
	run resources --url "$url" >/dev/null 2>&1 || true
	run prompts --url "$url" >/dev/null 2>&1 || true ;;
sep-2640-*)
	# List, and (except where the scenario checks that nothing is fetched
	# before the person asks) load the skill: a tampered one must be refused.
	run skills --url "$url" || exit
	if [ "$scenario" != sep-2640-client-no-prefetch ]; then
		run skill --url "$url" pdf-processing || echo "(refused, as it should be when the skill does not verify)" >&2
	fi ;;
auth/*)
	# Sign in, list the tools and call each (a call may need more scopes).
	tools="$(run tools --url "$url" "${signin[@]}")" || exit
	for tool in $(printf '%s' "$tools" | python3 -c 'import json,sys; [print(t["name"]) for t in json.load(sys.stdin)["tools"]]'); do
		run call --url "$url" "${signin[@]}" "$tool" || true
	done ;;
*)
	run tools --url "$url" "${signin[@]}" ;;
esac
