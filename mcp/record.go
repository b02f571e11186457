package mcp

import (
	"context"
	"encoding/json"
)
import (
	"mcpbrowser/mcp/history"
)

// HistoryEntry is the call as history keeps it (a history Record).
func (r *CallResult) HistoryEntry() (string, history.HistoryEntry) {
	return r.Server, history.HistoryEntry{Time: r.Started, Kind: history.HistoryTool, Name: r.Tool, Arguments: r.Arguments,
		DurationMS: millis(r.Duration), ErrorLayer: string(r.Layer), Message: r.Message}
}

// HistoryEntry is the read as history keeps it (a history Record).
func (r *ReadResult) HistoryEntry() (string, history.HistoryEntry) {
	return r.Server, history.HistoryEntry{Time: r.Started, Kind: history.HistoryResource, Name: r.URI,
		DurationMS: millis(r.Duration), ErrorLayer: string(r.Layer), Message: r.Message}
}

// HistoryEntry is the prompt as history keeps it (a history Record).
func (r *PromptResult) HistoryEntry() (string, history.HistoryEntry) {
	var args json.RawMessage
	if len(r.Arguments) > 0 {
		args, _ = json.Marshal(r.Arguments)
	}
	return r.Server, history.HistoryEntry{Time: r.Started, Kind: history.HistoryPrompt, Name: r.Prompt, Arguments: args,
		DurationMS: millis(r.Duration), ErrorLayer: string(r.Layer), Message: r.Message}
}

type withoutHistory struct{}

// WithoutHistory marks ctx so that the calls made with it are not kept in
// history: reads the app makes by itself, load tests, checks.
func WithoutHistory(ctx context.Context) context.Context {
	return context.WithValue(ctx, withoutHistory{}, true)
}
