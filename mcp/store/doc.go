// Package store is where MCP Browser keeps its files and how it writes them.
//
// Where: the XDG base folders (config, state, data, cache) through
// github.com/adrg/xdg, which honours XDG_CONFIG_HOME and the others (and
// gives each system's own folders on macOS and Windows), with the app's
// folder "mcpbrowser" under each (paths.go). Every default location of the
// app (the servers file, approvals, roots, protocol eras, sign-in tokens,
// history) is one call here; an override (--config, MCPBROWSER_HISTORY_DIR)
// is a path handed in instead.
//
// How: every file the app writes is saved the one way (save.go): under a
// lock shared by every process of the app (flock on Unix, LockFileEx on
// Windows; lock.go), through a symbolic link (the link stays a link and its
// target is replaced), atomically (a temporary file in the same folder,
// synced, then renamed over the old one, so a crash never leaves half a
// file), keeping the file's mode. Update is the read-modify-write under that
// lock, so two processes changing the same file never lose each other's
// change.
//
// What it is not: it knows no file's format; it imports nothing of the app.
package store
