// Package mcp is MCP Browser's session core: the client side of the Model
// Context Protocol as both front ends (the window in ui/ and the command line
// in cli/) use it.
//
// A Manager owns one Session per entry of the servers file. It connects them
// concurrently, keeps one server's trouble away from the others and merges
// what happens (state changes, log lines, wire messages, list changes,
// progress) into one stream of Events. A Session speaks to one server: tool
// calls (calls.go), resources, prompts, completions and subscriptions
// (features.go), the requests a server sends back — sampling, elicitation,
// roots (requests.go) — and the gate that keeps an imported command from
// starting before it is approved or before its ${input:…} values are
// answered (gate.go). Every outcome is a result with the failing layer in
// plain words (CallResult, ReadResult, PromptResult; result.go), never a bare
// Go error, and a call is bounded by a watchdog (watchdog.go).
//
// What it is not: it does not read or write files of its own (the servers
// file, approvals and presets are in mcp/config; other apps' files in
// mcp/clients; the history store in mcp/history), it does not own processes
// or sockets (mcp/transport starts stdio servers, taps HTTP and keeps the wire
// and server logs), and it imports no Fyne: nothing here draws.
//
// A short use:
//
//	cfg, _ := config.Load(path)
//	m := mcp.NewManager(cfg, mcp.ManagerOptions{})
//	defer m.Close()
//	_ = m.ConnectAll(ctx)
//	r := m.Session("demo").CallTool(ctx, "add", json.RawMessage(`{"a":2,"b":3}`), mcp.CallOptions{})
//	fmt.Println(r.OK(), r.Message)
package mcp
