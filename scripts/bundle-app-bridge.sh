#!/usr/bin/env bash
# Rebuilds mcp/apps/assets/app-bridge.js: the host side of MCP Apps, the
# AppBridge and PostMessageTransport of the pinned @modelcontextprotocol/ext-apps
# (its "app-bridge" entry point, MIT), bundled with the pinned esbuild into one
# script that sets window.McpAppBridge. Both come from testdata/npm, so the
# same lockfile gives the same bytes. The header names the source version and
# its lockfile integrity; mcp/apps' TestBridgeAssetMatchesLockfile checks them.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh
need_test_peers
NPM="$ROOT/testdata/npm"
OUT="$ROOT/mcp/apps/assets/app-bridge.js"

# lockinfo PACKAGE FIELD prints a field of the package's top-level lockfile entry.
lockinfo() {
	node -e 'const l=require(process.argv[1]); const p=l.packages["node_modules/"+process.argv[2]]; if(!p) process.exit(1); console.log(p[process.argv[3]])' \
		"$NPM/package-lock.json" "$1" "$2"
}
version="$(lockinfo @modelcontextprotocol/ext-apps version)"
integrity="$(lockinfo @modelcontextprotocol/ext-apps integrity)"
esbuild_version="$(lockinfo esbuild version)"
bundled=""
for p in @modelcontextprotocol/client @modelcontextprotocol/core zod; do
	bundled="$bundled $p@$(lockinfo "$p" version)"
done

tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
{
	echo "/* @modelcontextprotocol/ext-apps@$version app-bridge (MIT), bundled by scripts/bundle-app-bridge.sh"
	echo " * integrity: $integrity"
	echo " * esbuild@$esbuild_version; also bundled:$bundled (MIT)"
	echo " * Do not edit: run scripts/bundle-app-bridge.sh after changing testdata/npm. */"
} >"$tmp"
echo 'export { AppBridge, PostMessageTransport, buildAllowAttribute, getToolUiResourceUri } from "@modelcontextprotocol/ext-apps/app-bridge";' |
	(cd "$NPM" && ./node_modules/.bin/esbuild --bundle --format=iife --global-name=McpAppBridge \
		--platform=browser --target=es2020 --minify --legal-comments=none --log-level=warning) >>"$tmp"
mv "$tmp" "$OUT"
trap - EXIT
echo "wrote $OUT ($(wc -c <"$OUT") bytes) from @modelcontextprotocol/ext-apps@$version" >&2
