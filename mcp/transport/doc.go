// Package transport is how MCP Browser reaches a server: the stdio process it
// starts and owns (stdio.go, with the process-group control of proc_*.go),
// the one lookup of the program an entry runs, for its approval card and its
// start alike (lookpath.go), the HTTP round tripper that adds an entry's
// headers and records every exchange (http.go), and the two
// bounded logs every session keeps — the wire log of messages (wire.go) and
// the server log of stderr and events (serverlog.go) — on a ring buffer
// (ring.go).
//
// What it is not: it speaks no MCP beyond recognising JSON-RPC envelopes (the
// session in package mcp does), and it decides nothing about approval.
package transport
