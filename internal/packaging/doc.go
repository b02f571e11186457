// Package packaging holds the tests of what scripts/package.sh builds into
// dist/: the Linux archive (extracted, installed into temporary prefixes, its
// binary run and its .desktop entry validated) and the Windows .exe (a 64-bit
// GUI program with the icon, version information and manifest). It has no
// code of its own.
//
// The tests skip unless MCPBROWSER_DIST names the folder the script filled, so
// a plain `go test ./...` does not need a packaging run first:
//
//	scripts/package.sh && MCPBROWSER_DIST=$PWD/dist go test -count=1 ./internal/packaging/
//
// scripts/test.sh does exactly that.
package packaging
