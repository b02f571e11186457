#!/usr/bin/env bash
# Runs every check of MCP Browser, as CI does. On a fresh machine it first
# installs what the checks need (Debian packages, the pinned npm test server).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_go
need_debs "${BUILD_DEBS[@]}" "${WINDOW_DEBS[@]}" "${TEST_DEBS[@]}"
need_test_peers
export MCPBROWSER_REQUIRE_PEERS=1 # integration tests fail, not skip, without server-everything

step() { echo; echo "=== $*" >&2; }

step "gofmt"
unformatted="$(gofmt -l $(git ls-files '*.go'))"
if [ -n "$unformatted" ]; then echo "not gofmt'ed:"; echo "$unformatted"; exit 1; fi

step "go vet (linux, windows, darwin)"
go vet -tags "$GO_TAGS" ./...
# The packages without Fyne (the window needs cgo for its OS, checked by packaging).
nongui=$(go list -f '{{.ImportPath}}{{range .Deps}} {{.}}{{end}}' ./... | grep -v 'fyne.io/fyne' | cut -d' ' -f1)
GOOS=windows go vet -tags "$GO_TAGS" $nongui
GOOS=darwin CGO_ENABLED=0 go vet -tags "$GO_TAGS" $nongui

# Every go test run is also written to a log, for the summary at the end.
results="$(mktemp)"
trap 'rm -f "$results"' EXIT

step "go test -race (cgo)"
go test -tags "$GO_TAGS" -race -count=1 -timeout 20m ./... | tee -a "$results"

step "go test -tags ci without cgo (Fyne's software driver, no display)"
CGO_ENABLED=0 go test -tags "ci,$GO_TAGS" -count=1 -timeout 20m ./... | tee -a "$results"

step "build and screenshot the real window under Xvfb"
go build -tags "$GO_TAGS" -o mcpbrowser .
if [ -x scripts/screenshot.sh ]; then
	scripts/screenshot.sh ./mcpbrowser "$ROOT/screenshots/ci.png"
fi

# --- packaging (scripts/package.sh): build dist/, then check what it holds ---
step "package for Linux and Windows, then test the packages (internal/packaging)"
scripts/package.sh
MCPBROWSER_DIST="$ROOT/dist" go test -tags "$GO_TAGS" -count=1 -v ./internal/packaging/ | tee -a "$results"
# --- end of packaging ---

# Summary: one line per test package run (set -e stops at the first failure,
# so a summary is printed only when every run passed).
passed=$(grep -c '^ok ' "$results" || true)
failed=$(grep -c '^FAIL' "$results" || true)
echo
echo "all checks passed"
echo "test packages: $passed passed, $failed failed"
