#!/usr/bin/env bash
# Runs every check of MCP Browser, as CI does. On a fresh machine it first
# installs what the checks need (Debian packages, the pinned npm test server,
# the pinned Go tools). Every step runs even when one before it failed; the
# summary at the end names each failed step and test package, and the exit
# code is non-zero when anything failed.
set -uo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_go
need_debs "${BUILD_DEBS[@]}" "${WINDOW_DEBS[@]}" "${TEST_DEBS[@]}" || exit 1
need_test_peers || exit 1
# Without them their steps fail below, and the rest still runs.
need_check_tools || echo "could not install staticcheck and actionlint (see above)" >&2
export MCPBROWSER_REQUIRE_PEERS=1 # integration tests fail, not skip, without server-everything

# Every go test run is also written to a log, for the summary at the end.
results="$(mktemp)"
trap 'rm -f "$results"' EXIT
failed_steps=()

# step NAME COMMAND... runs one check and remembers it when it fails.
step() {
	local name="$1"
	shift
	echo
	echo "=== $name" >&2
	if ! "$@"; then
		echo "--- failed: $name" >&2
		failed_steps+=("$name")
	fi
}

# gotest ARGS... is go test with its output also in the results log.
gotest() {
	go test "$@" 2>&1 | tee -a "$results"
}

# gotest_env NAME=VALUE... -- ARGS... is gotest with those variables set.
gotest_env() {
	local vars=()
	while [ "$1" != "--" ]; do
		vars+=("$1")
		shift
	done
	shift
	env "${vars[@]}" go test "$@" 2>&1 | tee -a "$results"
}
check_gofmt() {
	local unformatted
	unformatted="$(gofmt -l $(git ls-files '*.go'))"
	[ -z "$unformatted" ] && return 0
	echo "not gofmt'ed:"
	echo "$unformatted"
	return 1
}

check_vet() {
	go vet -tags "$GO_TAGS" ./... || return 1
	# The packages without Fyne (the window needs cgo for its OS, checked by packaging).
	local nongui
	nongui=$(go list -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./... | grep -v 'fyne.io/fyne' | cut -d' ' -f1)
	GOOS=windows go vet -tags "$GO_TAGS" $nongui &&
		GOOS=darwin CGO_ENABLED=0 go vet -tags "$GO_TAGS" $nongui
}

build_and_screenshot() {
	go build -tags "$GO_TAGS" -o mcpbrowser . || return 1
	[ -x scripts/screenshot.sh ] || return 0
	scripts/screenshot.sh ./mcpbrowser "$ROOT/screenshots/ci.png"
}

step "gofmt" check_gofmt
step "go vet (linux, windows, darwin)" check_vet
step "staticcheck" "$TOOLS_BIN/staticcheck" -tags "$GO_TAGS" ./...
step "screens import no other screen (scripts/check-screens.sh)" scripts/check-screens.sh
step "actionlint (.github/workflows)" "$TOOLS_BIN/actionlint"
step "go test -race (cgo)" gotest -tags "$GO_TAGS" -race -count=1 -timeout 20m ./...
step "go test -tags ci without cgo (Fyne's software driver, no display)" \
	gotest_env CGO_ENABLED=0 -- -tags "ci,$GO_TAGS" -count=1 -timeout 20m ./...
step "build and screenshot the real window under Xvfb" build_and_screenshot
# The official MCP conformance suite against the CLI, no protocol version pinned.
step "MCP conformance suite (scripts/conformance.sh)" bash scripts/conformance.sh
# Packaging: build dist/, then check what it holds.
step "package for Linux and Windows, with checksums (scripts/package.sh)" scripts/package.sh linux windows checksums
step "go test the packages (internal/packaging)" \
	gotest_env MCPBROWSER_DIST="$ROOT/dist" -- -tags "$GO_TAGS" -count=1 -v ./internal/packaging/

# Summary: each failed step, each failed test package (a package fails in
# one run or several), then one line of counts.
echo
failed_packages=$(grep -E '^FAIL[[:space:]]+[^[:space:]]+' "$results" | awk '{print $2}' | sort -u)
for s in "${failed_steps[@]}"; do
	echo "failed step: $s"
done
for p in $failed_packages; do
	echo "failed test package: $p"
done
passed=$(grep -cE '^ok[[:space:]]' "$results" || true)
failed=$(grep -cE '^FAIL[[:space:]]+[^[:space:]]+' "$results" || true)
# A failed step that is no test run (gofmt, vet, staticcheck …) counts too,
# and so does a test run that failed without naming a package.
for s in "${failed_steps[@]}"; do
	case "$s" in "go test"*) ;; *) failed=$((failed + 1)) ;; esac
done
if [ "${#failed_steps[@]}" -gt 0 ] && [ "$failed" -eq 0 ]; then
	failed=${#failed_steps[@]}
fi
if [ "${#failed_steps[@]}" -eq 0 ] && [ "$failed" -eq 0 ]; then
	echo "all checks passed"
fi
echo "test packages: $passed passed, $failed failed"
[ "${#failed_steps[@]}" -eq 0 ] && [ "$failed" -eq 0 ]
