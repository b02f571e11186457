#!/usr/bin/env bash
# Checks the module and the code it calls against Go's vulnerability
# database with govulncheck (pinned in scripts/deps.sh). It needs the
# database from the internet, so it runs in the release workflow
# (.github/workflows/release.yml) rather than in scripts/test.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_go
need_debs "${BUILD_DEBS[@]}" # govulncheck type-checks Fyne's cgo packages: their C headers
need_govulncheck
"$TOOLS_BIN/govulncheck" -tags "$GO_TAGS" ./...
