package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

func (s *Session) clientOptions() *sdk.ClientOptions {
	opts := &sdk.ClientOptions{
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		Capabilities: &sdk.ClientCapabilities{},
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			s.deliverProgress(req.Params)
		},
		LoggingMessageHandler: func(_ context.Context, req *sdk.LoggingMessageRequest) {
			p := req.Params
			s.Log.AddMessage(string(p.Level), p.Logger, messageText(p.Data))
		},
		PromptListChangedHandler: func(context.Context, *sdk.PromptListChangedRequest) {
			s.emit(Event{Kind: EventListChanged, Server: s.Name(), List: "prompts"})
		},
		ResourceListChangedHandler: func(context.Context, *sdk.ResourceListChangedRequest) {
			s.emit(Event{Kind: EventListChanged, Server: s.Name(), List: "resources"})
		},
		ResourceUpdatedHandler: func(_ context.Context, req *sdk.ResourceUpdatedNotificationRequest) {
			s.Log.Say(transport.LogInfo, say.New("resource updated: {{.URI}}", say.Args{"URI": req.Params.URI}))
			s.emit(Event{Kind: EventResourceUpdated, Server: s.Name(), URI: req.Params.URI})
		},
		ToolListChangedHandler: func(ctx context.Context, _ *sdk.ToolListChangedRequest) {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				defer cancel()
				if err := s.refreshTools(ctx); err != nil {
					s.Log.Say(transport.LogInfo, say.New("refreshing the tool list failed: {{.Err}}", say.Args{"Err": AsRequestError("tools/list", err)}))
				}
			}()
		},
		// Multi-round-trip requests (2026-07-28): a tools/call, prompts/get or
		// resources/read answered with resultType "input_required" is answered
		// through the handlers below (elicitation, sampling, roots) and sent
		// again; each round is its own request in the wire log.
		MultiRoundTrip: &sdk.MultiRoundTripOptions{},
	}
	// Tasks of the 2026 extension are followed wherever a tool is called (tasksext.go).
	opts.Capabilities.AddExtension(TasksExtension, nil)
	s.mu.Lock()
	if len(s.roots) > 0 {
		// Advertise roots only when there are some: an empty list means the
		// person chose none, and a server should not be told "roots: []".
		opts.Capabilities.RootsV2 = &sdk.RootCapabilities{ListChanged: true}
	}
	s.mu.Unlock()
	name := s.Name()
	if h := s.handlers.CreateMessage; h != nil {
		opts.CreateMessageHandler = func(ctx context.Context, req *sdk.CreateMessageRequest) (*sdk.CreateMessageResult, error) {
			ctx, stop := s.withLife(ctx)
			defer stop()
			ctx = s.asked(ctx)
			defer s.waitsForPerson(ctx)()
			return h(ctx, name, req)
		}
	}
	if h := s.handlers.Elicit; h != nil {
		// Both modes: a form the person fills in, or a URL they may open.
		opts.Capabilities.Elicitation = &sdk.ElicitationCapabilities{Form: &sdk.FormElicitationCapabilities{}, URL: &sdk.URLElicitationCapabilities{}}
		opts.ElicitationHandler = func(ctx context.Context, req *sdk.ElicitRequest) (*sdk.ElicitResult, error) {
			ctx, stop := s.withLife(ctx)
			defer stop()
			ctx = s.asked(ctx)
			defer s.waitsForPerson(ctx)()
			return h(ctx, name, req)
		}
	}
	return opts
}

// withLife ends ctx, with cause errClosed, when the connection is closed too.
// A call in flight, or a server's request that waits for the person, would
// otherwise hold up Close: the SDK waits for every call and handler first.
func (s *Session) withLife(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	stopWatching := s.cancelOnClose(cancel)
	return ctx, func() { stopWatching(); cancel(nil) }
}

// cancelOnClose calls cancel(errClosed) when the session is closed, until stop
// is called.
func (s *Session) cancelOnClose(cancel context.CancelCauseFunc) (stop func() bool) {
	s.mu.Lock()
	life := s.life
	s.mu.Unlock()
	if life == nil {
		return func() bool { return false }
	}
	return context.AfterFunc(life, func() {
		// A reconnect (which replaces the connection) lets a call retry;
		// only Close ends what waits on the session.
		if errors.Is(context.Cause(life), errClosed) {
			cancel(errClosed)
		}
	})
}

func messageText(data any) string {
	if s, ok := data.(string); ok {
		return s
	}
	b, err := jsonMarshalCompact(data)
	if err != nil {
		return fmt.Sprint(data)
	}
	return string(b)
}
