// Package tap watches a real host (Claude Desktop, Cursor, VS Code …) talk to
// a server: `mcpbrowser tap` sits between them, forwards every byte both ways
// unchanged (stdio.go for a server the host starts, proxy.go for a remote
// one), and keeps a copy of what passed as a recording on disk (recorder.go,
// store.go) that the command line lists (sessions.go) and the window reads
// as a timeline (timeline.go).
//
// The forwarding path never waits for the recording: the bytes read are
// written on at once, and only a copy goes to the recorder, which parses it
// on its own goroutine. When the recording fails (disk full, no permission),
// forwarding goes on and the tap says so once on stderr.
//
// What it is not: it speaks no MCP of its own and never sends a byte the
// host or the server did not write. It imports no Fyne.
package tap
