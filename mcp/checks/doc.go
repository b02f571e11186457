// Package checks is saved calls with what a person expects of them: check
// files (YAML, kept in git next to a server's source), the expectations a
// result is held against, a runner that makes the calls through a session
// and reports what passed and what did not (as text, JUnit XML or TAP), and
// a recorder that turns the calls of a session into snapshot checks.
//
// A check file looks like this:
//
//	name: demo server
//	servers:
//	  demo: {command: mcpbrowser, args: [demo-server]}
//	checks:
//	  - name: add two numbers
//	    server: demo
//	    tool: add
//	    arguments: {a: 2, b: 3}
//	    expect:
//	      outcome: success
//	      text: {contains: "= 5"}
//	      json:
//	        - {path: sum, equals: 5}
//	      outputSchema: true
//	      maxMs: 2000
//
// The package imports no Fyne; the window and the CLI share it.
package checks
