#!/usr/bin/env bash
# Builds MCP Browser and opens its window. On a fresh machine it first installs
# what the build needs. With no servers file yet, the window shows the built-in
# demo server. Arguments are passed to mcpbrowser (e.g. `scripts/run.sh tools demo`).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_go
need_debs "${BUILD_DEBS[@]}"
echo "Building mcpbrowser (the first build compiles Fyne's OpenGL bindings: about 2-3 minutes)" >&2
go build -tags "$GO_TAGS" -o mcpbrowser .
exec ./mcpbrowser "$@"
