#!/usr/bin/env bash
# Builds MCP Browser's packages into dist/. Usage:
#
#   scripts/package.sh [TARGET ...]     (no TARGET: linux windows, what a
#                                         Debian/Ubuntu amd64 machine can build)
#
# Targets, and what each leaves in dist/:
#
#   linux      mcpbrowser-VERSION-linux-amd64.tar.xz   `fyne package -os linux`: the app with
#                                                       its .desktop entry, icon and a Makefile
#                                                       (make user-install / sudo make install)
#              mcpbrowser-VERSION-linux-amd64          the plain Linux binary (the same build)
#   windows    mcpbrowser-VERSION-windows-amd64.zip    mcpbrowser.exe (icon, version info,
#                                                       manifest) and README.txt
#              mcpbrowser-VERSION-windows-amd64.exe    the same .exe on its own
#              (cross-compiled with mingw-w64 on Linux, built natively on Windows)
#   darwin     mcpbrowser-VERSION-darwin-ARCH.zip      "MCP Browser.app", zipped with ditto;
#                                                       ARCH is the Mac's own (arm64 or amd64);
#                                                       on a Mac only
#   checksums  SHA256SUMS                              the SHA-256 of every package in dist/
#
# Every build target also writes dist/build.env (VERSION, COMMIT, APP_VERSION,
# APP_BUILD and the file names it built). The release workflow
# (.github/workflows/release.yml) runs these same targets, each on its own
# runner, so a release holds exactly what this script builds.
#
# The version and commit come from git (`git describe --tags --always --dirty`,
# the short commit) and go into main.version and main.commit, which
# `mcpbrowser --version` and the About dialog show; set VERSION or COMMIT in
# the environment to override them.
#
# The first Windows run on Linux cross-compiles Fyne's OpenGL bindings with
# mingw-w64 and takes several minutes; later runs reuse Go's build cache.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
. scripts/deps.sh

# The fyne command's version: fyne.io/tools, installed into a folder this
# script owns so that nothing else on the machine is touched.
FYNE_TOOLS_VERSION=v1.7.4
TOOLS_DIR="${MCPBROWSER_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/mcpbrowser-tools}/fyne-$FYNE_TOOLS_VERSION"
DIST="$ROOT/dist"
# xz for the Linux archive, mingw-w64 for the Windows cgo build, zip for the
# Windows archive, desktop-file-utils and file for the packaging tests,
# librsvg2-bin to render the icon (make icon).
PACKAGE_DEBS=(xz-utils gcc-mingw-w64-x86-64 zip make file desktop-file-utils librsvg2-bin)

step() { echo "=== $*" >&2; }

host_os() {
	case "$(uname -s)" in
	Linux) echo linux ;;
	Darwin) echo darwin ;;
	MINGW* | MSYS* | CYGWIN*) echo windows ;;
	*) uname -s ;;
	esac
}

# prepare installs what a build needs, works out the version and stages a
# copy of the sources; every build target calls it first, once.
prepared=""
prepare() {
	[ -n "$prepared" ] && return 0
	prepared=1
	need_go
	if [ "$(host_os)" = linux ] && command -v dpkg-query >/dev/null 2>&1; then
		need_debs "${BUILD_DEBS[@]}" "${PACKAGE_DEBS[@]}"
	fi
	fyne="$TOOLS_DIR/fyne"
	if [ "$(host_os)" = windows ]; then
		TOOLS_DIR="$(cygpath -m "$TOOLS_DIR")" # GOBIN for the Windows go command
		fyne="$TOOLS_DIR/fyne.exe"
	fi
	if [ ! -x "$fyne" ]; then
		step "installing the fyne command (fyne.io/tools $FYNE_TOOLS_VERSION) into $TOOLS_DIR"
		mkdir -p "$TOOLS_DIR"
		GOBIN="$TOOLS_DIR" GOFLAGS= go install "fyne.io/tools/cmd/fyne@$FYNE_TOOLS_VERSION"
	fi

	# The version. A release tag vX.Y.Z gives VERSION X.Y.Z[-N-gHASH][-dirty]; with
	# no tag it is FyneApp.toml's version with -dev (and -dirty for uncommitted
	# changes). APP_VERSION is the plain X.Y.Z that installers want; APP_BUILD
	# counts commits, so every build number is higher than the one before.
	local toml_version described dirty
	toml_version="$(sed -n 's/^Version *= *"\(.*\)"/\1/p' FyneApp.toml | head -n1)"
	described="$(git describe --tags --always --dirty 2>/dev/null || echo unknown)"
	if [[ "$described" =~ ^v([0-9]+\.[0-9]+\.[0-9]+) ]]; then
		APP_VERSION="${BASH_REMATCH[1]}"
		: "${VERSION:=${described#v}}"
	else
		APP_VERSION="$toml_version"
		dirty=""
		[[ "$described" == *-dirty ]] && dirty="-dirty"
		: "${VERSION:=$toml_version-dev$dirty}"
	fi
	: "${COMMIT:=$(git rev-parse --short HEAD 2>/dev/null || true)}"
	APP_BUILD="$(git rev-list --count HEAD 2>/dev/null || echo 1)"
	for v in "$VERSION" "$COMMIT"; do
		[[ "$v" =~ ^[A-Za-z0-9._+-]*$ ]] || { echo "package: version or commit \"$v\" may hold only letters, digits and . _ + -" >&2; exit 2; }
	done
	base="mcpbrowser-$VERSION"
	echo "MCP Browser $VERSION (commit ${COMMIT:-none}; package version $APP_VERSION build $APP_BUILD)" >&2

	# fyne package builds in the source folder: it writes a metadata .go file and,
	# for Windows, a .syso resource there, deletes a binary of the module's name,
	# and bumps the build number in FyneApp.toml. So it works on a copy of the
	# sources, and the checkout (where others may be building) is left alone.
	stage="$DIST/.stage"
	rm -rf "$stage"
	mkdir -p "$stage/src"
	git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do
			case "$f" in
			*_test.go | testdata/* | */testdata/* | screenshots/* | dist/*) continue ;;
			esac
			[ -f "$f" ] && printf '%s\0' "$f"
		done |
		tar -C "$ROOT" --null -T - -cf - | tar -C "$stage/src" -xf -
	# The version and commit, as `go build -ldflags "-X main.version=… -X
	# main.commit=…"` would set them. The fyne command takes -ldflags only through
	# GOFLAGS, and fyne.io/tools v1.7.4 drops them when it rebuilds the Windows
	# binary with its resources; a generated file in the copy reaches every build.
	cat >"$stage/src/zz_version_generated.go" <<EOF
// Code generated by scripts/package.sh; DO NOT EDIT.

package main

func init() {
	version = "$VERSION"
	commit = "$COMMIT"
}
EOF
	rm -f "$DIST"/mcpbrowser-* "$DIST/build.env" "$DIST/SHA256SUMS" # only this build's files stay
	{
		echo "VERSION=$VERSION"
		echo "COMMIT=$COMMIT"
		echo "APP_VERSION=$APP_VERSION"
		echo "APP_BUILD=$APP_BUILD"
	} >"$DIST/build.env"
}

fyne_package() {
	(cd "$stage/src" && "$fyne" package --release --tags "$GO_TAGS" --app-version "$APP_VERSION" --app-build "$APP_BUILD" "$@")
}

# zip_dir ZIP DIR (run in DIR's parent) zips a folder with whichever zip tool
# the machine has: zip on Linux, 7-Zip on a Windows runner.
zip_dir() {
	if command -v zip >/dev/null 2>&1; then
		zip -q -r -X "$1" "$2"
	elif command -v 7z >/dev/null 2>&1; then
		7z a -tzip -bd -bso0 "$1" "$2"
	else
		echo "package: neither zip nor 7z is installed" >&2
		return 1
	fi
}

package_linux() {
	prepare
	step "Linux: fyne package -os linux"
	fyne_package -os linux
	# The lean tap (cmd/mcpbrowser-tap) goes beside the app in the archive, and
	# its Makefile installs and removes it with the app: `mcpbrowser tap`
	# becomes it when it is there (mcp/tap/lean.go says why).
	mkdir -p "$stage/linux"
	tar -xJf "$stage/src/MCP Browser.tar.xz" -C "$stage/linux"
	local bin="$stage/linux/mcpbrowser/usr/local/bin"
	(cd "$stage/src" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$bin/mcpbrowser-tap" ./cmd/mcpbrowser-tap)
	sed -i -e '/bin\/\$(Exec)$/{p;s/\$(Exec)/mcpbrowser-tap/g}' "$stage/linux/mcpbrowser/Makefile"
	grep -q 'bin/mcpbrowser-tap' "$stage/linux/mcpbrowser/Makefile" || {
		echo "package: the archive's Makefile has no line installing bin/\$(Exec) to add the lean tap to" >&2
		exit 1
	}
	tar -C "$stage/linux" -cJf "$DIST/$base-linux-amd64.tar.xz" mcpbrowser
	install -m 0755 "$bin/mcpbrowser" "$DIST/$base-linux-amd64"
	echo "LINUX_ARCHIVE=$base-linux-amd64.tar.xz" >>"$DIST/build.env"
	echo "LINUX_BINARY=$base-linux-amd64" >>"$DIST/build.env"
}

package_windows() {
	prepare
	local cc=x86_64-w64-mingw32-gcc # cross-compiling from Linux
	[ "$(host_os)" = windows ] && cc=gcc
	step "Windows: fyne package -os windows (cgo with $cc)"
	CC="$cc" GOOS=windows GOARCH=amd64 fyne_package -os windows
	mkdir -p "$stage/$base-windows-amd64"
	mv "$stage/src/MCP Browser.exe" "$stage/$base-windows-amd64/mcpbrowser.exe"
	sed "s/@VERSION@/$VERSION/; s/@COMMIT@/${COMMIT:-unknown}/" scripts/windows-readme.txt |
		sed 's/$/\r/' >"$stage/$base-windows-amd64/README.txt"
	cp "$stage/$base-windows-amd64/mcpbrowser.exe" "$DIST/$base-windows-amd64.exe"
	(cd "$stage" && zip_dir "$DIST/$base-windows-amd64.zip" "$base-windows-amd64")
	echo "WINDOWS_ZIP=$base-windows-amd64.zip" >>"$DIST/build.env"
	echo "WINDOWS_EXE=$base-windows-amd64.exe" >>"$DIST/build.env"
}

package_darwin() {
	if [ "$(host_os)" != darwin ]; then
		echo "package: the darwin target builds on a Mac (cgo with Apple's SDK)" >&2
		return 2
	fi
	prepare
	local arch
	arch="$(go env GOARCH)"
	step "macOS: fyne package -os darwin ($arch)"
	fyne_package -os darwin
	# The lean tap beside the app's binary, as in the Linux archive.
	(cd "$stage/src" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "MCP Browser.app/Contents/MacOS/mcpbrowser-tap" ./cmd/mcpbrowser-tap)
	# ditto keeps the bundle's symlinks and metadata, as Finder's Compress does.
	ditto -c -k --sequesterRsrc --keepParent "$stage/src/MCP Browser.app" "$DIST/$base-darwin-$arch.zip"
	echo "DARWIN_ZIP=$base-darwin-$arch.zip" >>"$DIST/build.env"
}

# package_checksums writes dist/SHA256SUMS for every package in dist/.
package_checksums() {
	(
		cd "$DIST" || exit 1
		shopt -s nullglob
		local files=(mcpbrowser-*)
		[ ${#files[@]} -gt 0 ] || { echo "package: nothing in $DIST to sum" >&2; exit 1; }
		if command -v sha256sum >/dev/null 2>&1; then
			sha256sum "${files[@]}" >SHA256SUMS
		else
			shasum -a 256 "${files[@]}" >SHA256SUMS
		fi
		cat SHA256SUMS >&2
	)
}

targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(linux windows)
for t in "${targets[@]}"; do
	case "$t" in
	linux | windows | darwin | checksums) ;;
	*)
		echo "package: unknown target \"$t\" (linux, windows, darwin, checksums)" >&2
		exit 2
		;;
	esac
done
mkdir -p "$DIST"
for t in "${targets[@]}"; do
	start=$SECONDS
	"package_$t"
	[ "$t" = checksums ] || step "$t built in $((SECONDS - start)) s"
done
if [ -n "$prepared" ]; then
	rm -rf "$stage"
	(cd "$DIST" && ls -l mcpbrowser-* build.env) >&2
fi
