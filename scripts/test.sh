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
# A program built with -race sleeps a second as it exits (the race detector's
# atexit_sleep_ms), to catch races of goroutines still running. Tests start
# hundreds of such programs (the CLI's children run the test binary itself),
# and a race found while one runs is still reported at once.
export GORACE="atexit_sleep_ms=0${GORACE:+ $GORACE}"

# Every go test run is also written to a log, for the summary at the end;
# failed steps and step times go to files too, since the steps run in two
# lanes (below) and the lane beside is another process.
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
results="$state/results"
touch "$state/failed" "$state/times"

# step NAME COMMAND... runs one check, prints how long it took and remembers
# it when it fails.
step() {
	local name="$1"
	shift
	echo
	echo "=== $name" >&2
	local start=$SECONDS cpu_start
	children_cpu
	cpu_start=$cpu_now
	if ! "$@"; then
		echo "--- failed: $name" >&2
		echo "$name" >>"$state/failed"
	fi
	children_cpu
	local took=$((SECONDS - start)) cpu=$((cpu_now - cpu_start))
	echo "--- $name: ${took}s (${cpu} CPU-seconds)" >&2
	printf '%5ds %6s  %s\n' "$took" "${cpu}" "$name" >>"$state/times"
}

# children_cpu sets cpu_now to the user and system seconds this shell's
# finished commands took, together: a step's share of the cores, which,
# unlike its time, hardly depends on what else the machine runs. (The
# builtin times, not in a $(…) subshell, which has children of its own.)
children_cpu() {
	local file="$state/cpu.$BASHPID"
	times >"$file"
	cpu_now=$(awk 'NR == 2 {
		t = 0
		for (i = 1; i <= 2; i++) { split($i, p, "m"); t += p[1] * 60 + p[2] }
		printf "%d\n", t
	}' "$file")
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
	local nongui goos own
	nongui=$(go list -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./... | grep -v 'fyne.io/fyne' | cut -d' ' -f1)
	for goos in windows darwin; do
		# vet on that OS only the packages with files of their own for it
		# (every other package's files are the ones vetted above), and
		# compile all of them for it.
		own=$(goos_packages "$goos" $nongui) || return 1
		if [ -n "$own" ]; then
			# shellcheck disable=SC2086 # one word per package
			GOOS=$goos CGO_ENABLED=0 go vet -tags "$GO_TAGS" $own || return 1
		fi
		# shellcheck disable=SC2046 # one word per package
		GOOS=$goos CGO_ENABLED=0 go build -tags "$GO_TAGS" $(go list -f '{{if .GoFiles}}{{.ImportPath}}{{end}}' $nongui) || return 1
	done
}

# goos_packages GOOS PACKAGE... prints the packages whose files (tests
# included) on GOOS are not those on this machine.
goos_packages() {
	local goos="$1" files='{{.ImportPath}} {{.GoFiles}} {{.CgoFiles}} {{.TestGoFiles}} {{.XTestGoFiles}}'
	shift
	local here there
	here=$(go list -tags "$GO_TAGS" -f "$files" "$@") || return 1
	there=$(GOOS=$goos CGO_ENABLED=0 go list -tags "$GO_TAGS" -f "$files" "$@") || return 1
	# diff exits 1 when the lists differ, which is the point: only sed's
	# output matters (under pipefail its status would fail the step).
	{ diff <(echo "$here") <(echo "$there") || true; } | sed -n 's/^> \([^ ]*\) .*/\1/p'
}

# ci_tag_packages prints the packages whose tests build other code under the
# ci build tag (Fyne's software driver instead of GLFW, the no-op native file
# dialog): a package whose own files or whose dependencies' files (tests
# included) change with the tag. Only those need the pass without cgo; every
# other package compiles the same code as in the -race pass.
ci_tag_packages() {
	local files='{{.ImportPath}} {{.GoFiles}} {{.CgoFiles}}' without with changed
	without=$(go list -deps -test -tags "$GO_TAGS" -f "$files" ./... | sort -u) || return 1
	with=$(go list -deps -test -tags "ci,$GO_TAGS" -f "$files" ./... | sort -u) || return 1
	changed=$(diff <(echo "$without") <(echo "$with") |
		sed -n 's/^[<>] \([^ ]*\) .*/\1/p' | sort -u | tr '\n' ' ')
	[ -n "$changed" ] || return 0
	# A test binary (p.test) lists every package it links; Deps names a
	# package's test variant as "p [p.test]", which splits into "p".
	go list -test -tags "ci,$GO_TAGS" -f '{{.ImportPath}} {{join .Deps " "}}' ./... |
		awk -v changed="$changed" '
			BEGIN { n = split(changed, c, " "); for (i = 1; i <= n; i++) ch[c[i]] = 1 }
			$1 ~ /\.test$/ {
				sub(/\.test$/, "", $1)
				for (i = 1; i <= NF; i++) if ($i in ch) { print $1; break }
			}'
}

# test_without_cgo builds and vets, without cgo, every package whose code
# (or a dependency's) the ci tag changes, and runs the tests of those whose
# own files change with it. The others' tests would run their own code a
# second time: what the tag swaps in below them (Fyne's app driver, the
# native file dialog) is not what their tests reach (Fyne's test driver; a
# test binary never asks the desktop's portal and gets the app's own
# chooser, as the ci tag's no-op dialog does).
test_without_cgo() {
	local pkgs own
	pkgs=$(ci_tag_packages) || return 1
	[ -n "$pkgs" ] || { echo "no package builds other code under the ci tag"; return 0; }
	own=$(goos_tag_packages ./...) || return 1
	echo "packages whose tests build other code under the ci tag:" $pkgs
	echo "packages whose own files change under it (their tests run):" $own
	# shellcheck disable=SC2086 # one word per package
	CGO_ENABLED=0 go vet -tags "ci,$GO_TAGS" $pkgs $own || return 1
	[ -n "$own" ] || return 0
	# shellcheck disable=SC2086 # one word per package
	gotest_env CGO_ENABLED=0 -- -tags "ci,$GO_TAGS" -count=1 -timeout 20m $own
}

# goos_tag_packages PACKAGE... prints the packages whose own files (tests
# included) differ under the ci tag without cgo.
goos_tag_packages() {
	local files='{{.ImportPath}} {{.GoFiles}} {{.CgoFiles}} {{.TestGoFiles}} {{.XTestGoFiles}}'
	local here there
	here=$(go list -tags "$GO_TAGS" -f "$files" "$@") || return 1
	there=$(CGO_ENABLED=0 go list -tags "ci,$GO_TAGS" -f "$files" "$@") || return 1
	{ diff <(echo "$here") <(echo "$there") || true; } | sed -n 's/^> \([^ ]*\) .*/\1/p'
}

build_and_screenshot() {
	go build -tags "$GO_TAGS" -o mcpbrowser . || return 1
	MCPBROWSER_BUILT="$ROOT/mcpbrowser"
	[ -x scripts/screenshot.sh ] || return 0
	scripts/screenshot.sh ./mcpbrowser "$ROOT/screenshots/ci.png"
}

# conformance runs the suite against the binary build_and_screenshot built
# (the same tags), or builds one when that step failed.
conformance() {
	MCPBROWSER="${MCPBROWSER_BUILT:-}" bash scripts/conformance.sh
}

# The steps run in two lanes, so that both cores stay busy: one test binary
# is much longer than the rest (the window's shell, ./ui, about a third of
# the race pass) and ran alone at the end of each go test pass, and the
# conformance suite waits on its scenarios' timers. The lane beside runs in
# the background with its output in a file, shown when it ends, so the two
# lanes' lines do not mix.
beside_lane() {
	results="$state/results.beside"
	step "go test -race (cgo) ./ui (the window's shell; the other packages in the main lane)" \
		gotest -tags "$GO_TAGS" -race -count=1 -timeout 30m ./ui/
	step "without cgo, -tags ci: vet where the tag changes code, test where it changes a package's own files" \
		test_without_cgo
	step "build and screenshot the real window under Xvfb" build_and_screenshot
	# The official MCP conformance suite against the CLI, no protocol version pinned.
	step "MCP conformance suite (scripts/conformance.sh)" conformance
}
# Started twice removed (the subshell that starts it ends at once), so
# that its CPU time is not counted into the main lane's step that happens
# to be running when it ends; the main lane waits for its done file.
(
	(
		beside_lane >"$state/beside.log" 2>&1
		touch "$state/beside.done"
	) &
)

step "gofmt" check_gofmt
step "go vet (linux, windows, darwin)" check_vet
step "staticcheck" "$TOOLS_BIN/staticcheck" -tags "$GO_TAGS" ./...
step "screens import no other screen (scripts/check-screens.sh)" scripts/check-screens.sh
step "actionlint (.github/workflows)" "$TOOLS_BIN/actionlint"
# shellcheck disable=SC2046 # one word per package
step "go test -race (cgo), every package but ./ui" \
	gotest -tags "$GO_TAGS" -race -count=1 -timeout 30m $(go list ./... | grep -vx 'mcpbrowser/ui')
# Packaging: build dist/, then check what it holds.
step "package for Linux and Windows, with checksums (scripts/package.sh)" scripts/package.sh linux windows checksums
step "go test the packages (internal/packaging)" \
	gotest_env MCPBROWSER_DIST="$ROOT/dist" -- -tags "$GO_TAGS" -count=1 -v ./internal/packaging/

while [ ! -e "$state/beside.done" ]; do
	sleep 2
done
echo
echo "=== the lane beside (its output, in its order)"
cat "$state/beside.log"
cat "$state/results.beside" >>"$results" 2>/dev/null

# Summary: each failed step, each failed test package (a package fails in
# one run or several), then one line of counts.
echo
failed_packages=$(grep -E '^FAIL[[:space:]]+[^[:space:]]+' "$results" | awk '{print $2}' | sort -u)
mapfile -t failed_steps <"$state/failed"
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
echo "time per step (seconds, CPU-seconds, step):"
cat "$state/times"
echo "total: $((SECONDS / 60))m$((SECONDS % 60))s"
if [ "${#failed_steps[@]}" -eq 0 ] && [ "$failed" -eq 0 ]; then
	echo "all checks passed"
fi
echo "test packages: $passed passed, $failed failed"
[ "${#failed_steps[@]}" -eq 0 ] && [ "$failed" -eq 0 ]
