// Package config is MCP Browser's own files about servers: the servers file
// (Config, ServerConfig: load, validate, save into the file's own bytes
// through package store, keeping fields it does not know: splice.go), the
// facts the app records on an imported entry (where it came from, its VS
// Code inputs: imported.go), which values are secrets and how they are
// masked when shown (secrets.go), the store of commands the person approved
// (approval.go), the presets offered when adding a server, and the
// free-name rule (freename.go).
//
// What it is not: it reads no other application's files (mcp/clients does),
// starts nothing (mcp/transport) and holds no session (mcp). It is the leaf
// of the mcp packages: it imports none of them but store.
package config
