package mcp

import (
	"context"
	"encoding/json"
)
import (
	"mcpbrowser/mcp/history"
)

// HistoryEntry is the call as history keeps it (a history Record).
func (r *CallResult) HistoryEntry() (string, history.Entry) {
	return r.Server, history.Entry{Time: r.Started, Kind: history.Tool, Name: r.Tool, Arguments: r.Arguments,
		DurationMS: millis(r.Duration), WaitedMS: millis(r.Waited), ErrorLayer: string(r.Layer), Message: r.Message}
}

// HistoryEntry is the read as history keeps it (a history Record).
func (r *ReadResult) HistoryEntry() (string, history.Entry) {
	return r.Server, history.Entry{Time: r.Started, Kind: history.Resource, Name: r.URI,
		DurationMS: millis(r.Duration), WaitedMS: millis(r.Waited), ErrorLayer: string(r.Layer), Message: r.Message}
}

// HistoryEntry is the prompt as history keeps it (a history Record).
func (r *PromptResult) HistoryEntry() (string, history.Entry) {
	var args json.RawMessage
	if len(r.Arguments) > 0 {
		args, _ = json.Marshal(r.Arguments)
	}
	return r.Server, history.Entry{Time: r.Started, Kind: history.Prompt, Name: r.Prompt, Arguments: args,
		DurationMS: millis(r.Duration), WaitedMS: millis(r.Waited), ErrorLayer: string(r.Layer), Message: r.Message}
}

// historyMark is the context key of how calls made with a context are kept
// in history: not at all ("" with off), or marked as made by someone (Via).
type historyMark struct{}

type historyHow struct {
	off bool
	via string
}

// WithoutHistory marks ctx so that the calls made with it are not kept in
// history: reads the app makes by itself, load tests, checks.
func WithoutHistory(ctx context.Context) context.Context {
	return context.WithValue(ctx, historyMark{}, historyHow{off: true})
}

// HistoryVia marks ctx so that the calls made with it are kept in history
// marked as made by via (history.Entry.Via), e.g. an MCP App's calls.
func HistoryVia(ctx context.Context, via string) context.Context {
	return context.WithValue(ctx, historyMark{}, historyHow{via: via})
}

// viaRecord is a Record marked as made by via.
type viaRecord struct {
	history.Record
	via string
}

func (r viaRecord) HistoryEntry() (string, history.Entry) {
	server, e := r.Record.HistoryEntry()
	e.Via = r.via
	return server, e
}
