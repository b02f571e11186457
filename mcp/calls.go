package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Progress is one notifications/progress for a running call.
type Progress struct {
	CallID   int
	Progress float64
	// Total is 0 when the server does not know it (show an indeterminate bar).
	Total   float64
	Message string
}

// CallOptions tune one call.
type CallOptions struct {
	// OnProgress sees each progress notification (on the SDK's goroutine; be quick).
	OnProgress func(Progress)
	// OnTask sees each status change when the server runs the call as a
	// task (the 2026 tasks extension; see tasksext.go).
	OnTask func(Task)
	// Timeout overrides the entry's call timeout (restarted by each progress
	// notification); 0 keeps the entry's, negative means none.
	Timeout time.Duration
	// MaxTotal bounds the call however much progress it reports; 0 means DefaultCallMaxTotal.
	MaxTotal time.Duration
}

// Causes a call's context can end with, besides the caller's own cancel.
var (
	errCallTimeout  = errors.New("call timeout")
	errCallMaxTotal = errors.New("call exceeded its maximum total time")
)

// CallTool calls the tool the way the calling rule says (CallWayFor): a
// plain tools/call, or a task followed to its end (opts.OnTask sees its
// status changes). It never returns nil: every outcome, including "not
// connected", is a CallResult with the failing layer in plain words.
// Cancelling ctx sends notifications/cancelled (tasks/cancel for a task).
func (s *Session) CallTool(ctx context.Context, name string, args json.RawMessage, opts CallOptions) *CallResult {
	if s.CallWay(name) == CallAsTask {
		return s.callAsTask(ctx, name, args, opts)
	}
	if len(args) == 0 || string(args) == "null" {
		// A typed nil map would be sent as null, which TypeScript servers reject.
		args = json.RawMessage("{}")
	}
	s.mu.Lock()
	s.callSeq++
	r := &CallResult{Outcome: Outcome{ID: s.callSeq, Server: s.cfg.Name, Started: time.Now()}, Tool: name, Arguments: args}
	cfg := s.cfg
	s.mu.Unlock()
	ctx, timed := s.timeRequest(ctx, &r.Outcome)

	timeout := cfg.CallTimeoutDuration()
	if opts.Timeout != 0 {
		timeout = max(opts.Timeout, 0)
	}
	maxTotal := opts.MaxTotal
	if maxTotal <= 0 {
		maxTotal = config.DefaultCallMaxTotal
	}
	// One context for the call: the caller's, ended early by the watchdog
	// (errCallTimeout, errCallMaxTotal) or by closing the session (errClosed).
	callCtx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defer s.cancelOnClose(cancel)()
	watched := s.watchdog.watch(cancel, timeout, maxTotal)
	defer watched.done()

	token := s.registerProgress(r.ID, func(p Progress) {
		watched.progressed()
		if opts.OnProgress != nil {
			opts.OnProgress(p)
		}
	})
	defer s.unregisterProgress(token)

	startSeq := s.Log.Say(transport.LogCallStart, say.New("call #{{.ID}} {{.Name}} started", say.Args{"ID": r.ID, "Name": name}))
	res, err := s.callOnce(callCtx, name, args, token)
	if err != nil && isConnectionLoss(err) && s.reconnectable() && callCtx.Err() == nil {
		s.Log.Say(transport.LogInfo, say.Text("the connection dropped; reconnecting once before giving up"))
		if cerr := s.Connect(callCtx); cerr == nil {
			res, err = s.callOnce(callCtx, name, args, token)
		}
	}
	becameTask := false
	if err == nil {
		// A task handle instead of a result: follow the task (tasksext.go).
		seen := s.taskSeen(r.ID, token, opts.OnTask)
		res, err = s.followCallTask(callCtx, name, strconv.Quote(token), res, func(t Task) { becameTask = true; seen(t) })
	}
	timed()
	if p := s.process(); p != nil {
		// What the tool printed before its reply belongs to the call: wait
		// for the stderr reader to catch up, within a bound (a flood).
		p.SettleStderr(stderrSettleMax)
	}
	r.classify(res, err)
	s.explainFailure(&r.Outcome, "", callCtx, ctx, timeout, maxTotal)
	if becameTask && r.Layer == LayerCancelled && ctx.Err() != nil {
		r.tell(say.Text("you cancelled the task; the server was told (tasks/cancel)."))
	}
	r.masks = &s.masks
	r.mask(s.masks.mask)
	s.Log.Say(transport.LogCallEnd, say.New("call #{{.ID}} {{.Name}} ended after {{.Took}}: {{.Outcome}}",
		say.Args{"ID": r.ID, "Name": name, "Took": tookWords(&r.Outcome), "Outcome": outcomeWord(r)}))
	r.Log = s.logBetween(startSeq)
	s.recordHistory(ctx, r)
	return r
}

// stderrSettleMax bounds how long a call's end waits for the stderr reader
// to log what the server wrote before its reply; nothing pending, no wait.
const stderrSettleMax = 2 * time.Second

func (s *Session) callOnce(ctx context.Context, name string, args json.RawMessage, token string) (*sdk.CallToolResult, error) {
	cs := s.clientSession()
	if cs == nil {
		return nil, errNotConnected
	}
	params := &sdk.CallToolParams{Name: name, Arguments: args}
	params.SetProgressToken(token)
	return cs.CallTool(ctx, params)
}

// reconnectable reports whether a dropped connection is worth one automatic
// reconnect: remote servers drop connections; a local process that died is
// reported, not silently restarted.
func (s *Session) reconnectable() bool {
	t := s.Config().Type
	return t == config.TypeHTTP || t == config.TypeSSE
}

// isConnectionLoss reports whether err is the connection failing rather than
// the server answering: anything that is neither a JSON-RPC error nor the
// call's own context ending (a remote server that restarted answers
// "session not found", for one).
func isConnectionLoss(err error) bool {
	if errors.Is(err, sdk.ErrConnectionClosed) || errors.Is(err, errNotConnected) {
		return true
	}
	if _, invalid := replyDecodeProblem(err); invalid {
		return false // the server answered, badly
	}
	var rpc *jsonrpc.Error
	return err != nil && !errors.As(err, &rpc) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}

// explainFailure rewrites a timeout, a cancel, a stop or a server that died
// in plain words, for a tool call (method "", whose sentences speak of the
// call and its progress) and for any other request the person makes (method
// names it).
func (s *Session) explainFailure(o *Outcome, method string, reqCtx, parent context.Context, timeout, maxTotal time.Duration) {
	switch o.Layer {
	case LayerNone, LayerTool, LayerProtocol, LayerNetwork, LayerInvalidReply:
		return // the server answered; its words stand
	}
	call := method == ""
	// pick is the sentence for a tool call or for another request.
	pick := func(forCall, forRequest string) string {
		if call {
			return forCall
		}
		return forRequest
	}
	switch cause := context.Cause(reqCtx); {
	case errors.Is(cause, errCallTimeout):
		o.Layer = LayerTimeout
		if call {
			o.tell(say.New("the server did not answer within {{.Timeout}} (and sent no progress meanwhile); the call was cancelled. Raise \"callTimeout\" in the entry for slow tools.", say.Args{"Timeout": timeout}))
		} else {
			o.tell(say.New("the server did not answer {{.Method}} within {{.Timeout}}; the request was cancelled. Raise \"callTimeout\" in the entry for a slow server.", say.Args{"Method": method, "Timeout": timeout}))
		}
		return
	case errors.Is(cause, errCallMaxTotal):
		o.Layer = LayerTimeout
		o.tell(say.New(pick("the call ran longer than the {{.Max}} maximum and was cancelled.", "the request ran longer than the {{.Max}} maximum and was cancelled."), say.Args{"Max": maxTotal}))
		return
	case errors.Is(cause, errClosed):
		o.Layer = LayerCancelled
		o.tell(say.Text(pick("the server was stopped while the call was running.", "the server was stopped while the request was running.")))
		return
	case parent.Err() != nil && errors.Is(parent.Err(), context.Canceled):
		o.Layer = LayerCancelled
		o.tell(say.Text(pick("you cancelled the call; the server was told (notifications/cancelled).", "you cancelled the request; the server was told (notifications/cancelled).")))
		return
	case parent.Err() != nil:
		o.Layer = LayerTimeout
		o.tell(say.New(pick("the call ran out of time: {{.Err}}", "{{.Method}} ran out of time: {{.Err}}"), say.Args{"Method": method, "Err": parent.Err()}))
		return
	}
	if errors.Is(o.Err, errNotConnected) {
		o.tell(say.Text("the server is not connected. Start (or restart) it first."))
		if st := s.Status(); st.Reason != "" {
			o.tell(say.New("the server is not connected. Start (or restart) it first. Last state: {{.Reason}}", say.Args{"Reason": st.Why()}))
		}
		return
	}
	if p := s.process(); p != nil {
		select {
		case <-p.Exited():
		case <-time.After(time.Second):
		}
		select {
		case <-p.Exited():
			o.tell(s.stderrTail(say.New(pick("the server exited with code {{.Code}} while the call was running.", "the server exited with code {{.Code}} during {{.Method}}."), say.Args{"Code": p.ExitCode(), "Method": method})))
			return
		default:
		}
	}
	if st := s.Status(); st.State == StateExited && st.Reason != "" {
		o.tell(say.New(pick("the server went away while the call was running: {{.Reason}}", "the server went away during {{.Method}}: {{.Reason}}"), say.Args{"Method": method, "Reason": st.Why()}))
	}
}

func outcomeWord(r *CallResult) any {
	switch r.Layer {
	case LayerNone:
		return say.Text("ok")
	case LayerTool:
		return say.Text("tool error")
	case LayerProtocol:
		return say.Text("JSON-RPC error")
	}
	return string(r.Layer) // a word of the protocol's, kept as it is
}

// logBetween returns the server output logged since seq (excluding markers).
func (s *Session) logBetween(seq uint64) []transport.LogEntry {
	entries, _ := s.Log.Since(seq)
	out := entries[:0:0]
	for _, e := range entries {
		switch e.Kind {
		case transport.LogStderr, transport.LogStdoutNoise, transport.LogMessage:
			out = append(out, e)
		}
	}
	return out
}

func (s *Session) registerProgress(callID int, f func(Progress)) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextToken++
	token := "mcpbrowser-" + strconv.Itoa(s.nextToken)
	s.progress[token] = progressWaiter{callID: callID, f: f}
	return token
}

func (s *Session) unregisterProgress(token string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.progress, token)
}

func (s *Session) deliverProgress(p *sdk.ProgressNotificationParams) {
	if p == nil {
		return
	}
	token := fmt.Sprint(p.ProgressToken)
	s.mu.Lock()
	w, ok := s.progress[token]
	name := s.cfg.Name
	s.mu.Unlock()
	if !ok {
		return
	}
	pr := Progress{CallID: w.callID, Progress: p.Progress, Total: p.Total, Message: p.Message}
	w.f(pr)
	s.emit(Event{Kind: EventProgress, Server: name, Progress: &pr})
}

// A progressWaiter is a running call waiting for notifications/progress.
type progressWaiter struct {
	callID int
	f      func(Progress)
}
