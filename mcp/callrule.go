package mcp

// The calling rule: how a tool is called. Every front end calls a tool
// through Session.CallTool (the Tools tab, Checks' Run all, History's Run
// again, Run N times through a session, and the command line's call, check
// and load), and CallTool asks CallWayFor, so a call that worked in one
// place is made the same way in every other. A caller that cannot make the
// call this way (the load runner's lean stdio client speaks plain
// tools/call only) asks Session.CallWay first and goes through a session
// when the answer is not CallPlain.

// A CallWay is how a tool is called.
type CallWay int

const (
	// CallPlain is a tools/call answered with the result. On a server with
	// the 2026-07-28 tasks extension the server may still turn it into a
	// task, which CallTool follows.
	CallPlain CallWay = iota
	// CallAsTask is a 2025-11-25 task: tools/call with a "task" field,
	// followed with tasks/get and tasks/result.
	CallAsTask
)

// CallWayFor is the calling rule. In the 2025-11-25 form a tool whose
// execution.taskSupport is "required" must be called as a task ("Clients
// MUST invoke the tool as a task", and a server refuses a plain call);
// "optional", "forbidden" or nothing is a plain call. Under the extension
// the server decides per request, so the call is plain.
func CallWayFor(form TaskForm, taskSupport string) CallWay {
	if form != TaskFormExtension && taskSupport == "required" {
		return CallAsTask
	}
	return CallPlain
}

// CallWay is how this session calls the tool (CallWayFor).
func (s *Session) CallWay(tool string) CallWay {
	return CallWayFor(s.TaskForm(), s.TaskSupport(tool))
}
