package checks

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/say"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A Target is the connected server a check calls. *mcp.Session is one.
type Target interface {
	CallTool(ctx context.Context, name string, args json.RawMessage, opts mcp.CallOptions) *mcp.CallResult
	ReadResource(ctx context.Context, uri string) *mcp.ReadResult
	GetPrompt(ctx context.Context, name string, args map[string]string) *mcp.PromptResult
	Tool(name string) *sdk.Tool
	OutputSchema(tool string) json.RawMessage
}

// The statuses of a check's result.
const (
	StatusPassed  = "passed"
	StatusFailed  = "failed"
	StatusError   = "error"   // the server could not be reached
	StatusSkipped = "skipped" // a destructive tool nobody allowed
)

// A Result is one check run: passed, failed (with the failures), an error
// (could not connect) or skipped, with what came back.
type Result struct {
	Check    *Check
	Server   string
	Status   string
	Failures []Failure
	// Message explains an error or a skip in plain words, by key.
	Message  say.Msg
	Observed *Observed
	Duration time.Duration
}

// A Report is the results of one check file.
type Report struct {
	File     *File
	Results  []Result
	Duration time.Duration
	// Updated counts the snapshots rewritten with Runner.Update.
	Updated int
}

// Count returns how many results have the status.
func (r *Report) Count(status string) int {
	n := 0
	for _, res := range r.Results {
		if res.Status == status {
			n++
		}
	}
	return n
}

// A Runner runs check files.
type Runner struct {
	// Connect returns the connected server a check file's server name
	// stands for. The runner asks once per name and file; the caller owns
	// (and closes) what it returns.
	Connect func(ctx context.Context, name string, spec ServerSpec) (Target, error)
	// Confirm says whether a check that calls a destructive tool may run.
	// Nil runs only checks marked destructive: true.
	Confirm func(ctx context.Context, c *Check, tool *sdk.Tool) bool
	// Update rewrites the snapshots of the checks that have one with what
	// came back, instead of comparing.
	Update bool
	// OnResult, when set, sees each result as soon as it is known.
	OnResult func(Result)
}

// Run runs the file's checks in order and reports them. With Update, the
// snapshots in f are rewritten in place (the caller saves f).
func (rn *Runner) Run(ctx context.Context, f *File) *Report {
	start := time.Now()
	rep := &Report{File: f}
	targets := map[string]Target{}
	failed := map[string]error{}
	for i := range f.Checks {
		c := &f.Checks[i]
		name := f.ServerOf(c)
		t, ok := targets[name]
		if !ok && failed[name] == nil {
			var err error
			if t, err = rn.Connect(ctx, name, f.Servers[name]); err != nil {
				failed[name] = err
			} else {
				targets[name] = t
			}
		}
		var res Result
		if err := failed[name]; err != nil {
			res = Result{Check: c, Server: name, Status: StatusError, Message: msgOf(err)}
		} else {
			res = rn.runOne(ctx, c, name, t)
			if rn.Update && c.Expect.Snapshot != nil && res.Observed != nil {
				v := res.Observed.Result
				c.Expect.Snapshot = &v
				res.Status, res.Failures = StatusPassed, nil
				rep.Updated++
			}
		}
		rep.Results = append(rep.Results, res)
		if rn.OnResult != nil {
			rn.OnResult(res)
		}
	}
	rep.Duration = time.Since(start)
	return rep
}

// runOne runs a single check against a connected server.
func (rn *Runner) runOne(ctx context.Context, c *Check, server string, t Target) Result {
	ctx = mcp.WithoutHistory(ctx) // a check's calls are not the person's: they stay out of History
	res := Result{Check: c, Server: server}
	var o Observed
	switch c.Kind() {
	case "read":
		o = ObserveRead(t.ReadResource(ctx, c.Read))
	case "prompt":
		o = ObservePrompt(t.GetPrompt(ctx, c.Prompt, c.PromptArguments))
	default:
		tool := t.Tool(c.Tool)
		if tool != nil && IsDestructive(tool) && !rn.confirm(ctx, c, tool) {
			res.Status = StatusSkipped
			res.Message = say.New(`{{.Tool}} may destroy things and was not run; add "destructive: true" to the check if that is meant`, say.Args{"Tool": c.Tool})
			return res
		}
		args, err := c.argumentsToSend()
		if err != nil {
			res.Status, res.Message = StatusFailed, say.New("the arguments cannot be written as JSON: {{.Err}}", say.Args{"Err": err.Error()})
			return res
		}
		var schema json.RawMessage
		if c.Expect.OutputSchema {
			schema = t.OutputSchema(c.Tool)
		}
		o = observeCall(t.CallTool(ctx, c.Tool, args, mcp.CallOptions{}), schema, c.Expect.Snapshot != nil || rn.Update)
	}
	res.Observed, res.Duration = &o, o.Duration
	res.Failures = Evaluate(&c.Expect, &o)
	res.Status = StatusPassed
	if len(res.Failures) > 0 {
		res.Status = StatusFailed
	}
	return res
}

func (rn *Runner) confirm(ctx context.Context, c *Check, tool *sdk.Tool) bool {
	if rn.Confirm == nil {
		return c.Destructive
	}
	return rn.Confirm(ctx, c, tool)
}

// ConnectFailed is why a check file's server could not be connected, for
// a Runner's Connect to return: the session's reason (Status.Why), keyed
// as the core said it, or err when the session gives none.
func ConnectFailed(name string, st mcp.Status, err error) error {
	var why any = st.Why()
	if st.Reason == "" {
		why = err
	}
	return say.Error("could not connect to {{.Name}}: {{.Reason}}", say.Args{"Name": strconv.Quote(name), "Reason": why})
}

// NoServerNamed is a Runner's Connect's error for a name no server has,
// saying whether it was looked for in the servers file.
func NoServerNamed(name string, inServersFile bool) error {
	if inServersFile {
		return say.Error("no server named {{.Name}} in the servers file", say.Args{"Name": strconv.Quote(name)})
	}
	return say.Error("no server named {{.Name}}", say.Args{"Name": strconv.Quote(name)})
}

// NeedsApproval is a Runner's Connect's error for a server that waits for
// the person's approval (mcp.NeedsApprovalError), with the command that
// gives it.
func NeedsApproval(name string, err error) error {
	return say.Error("{{.Err}} (approve it once: mcpbrowser approve {{.Name}})", say.Args{"Err": err, "Name": name})
}

// IsDestructive reports whether a tool says it may destroy things: not
// read-only, and destructiveHint true. (The spec's default for an absent
// destructiveHint is true, but servers that say nothing would then never
// run; like a call in the window, only an explicit hint asks.)
func IsDestructive(t *sdk.Tool) bool {
	a := t.Annotations
	return a != nil && !a.ReadOnlyHint && a.DestructiveHint != nil && *a.DestructiveHint
}
