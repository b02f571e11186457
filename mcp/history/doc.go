// Package history keeps every call a person made — tool calls, resource
// reads, prompt gets — per server in a bounded JSON Lines file under the XDG
// data folder, so that the window and the command line see the same list and
// any entry can be run again.
//
// What it is not: it does not know the core's result types. A call reaches it
// as a Record (the core's CallResult, ReadResult and PromptResult are
// Records), so this package imports nothing of mcp's but config and store.
package history
