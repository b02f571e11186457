package apps

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/history"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// Live is a Session over the person's own connection to a server: the
// app's calls run there, so they show in its log, its messages and (through
// OnCall) its History, and each is marked in the server log as the app's.
type Live struct {
	S *mcp.Session
	// Tool is the tool whose app this is; the server log names the app
	// after it ("get-time's app"). Open sets it.
	Tool string
	// opening marks MCP Browser's own read of the app's page.
	opening bool
	// OnCall and OnRead see each tools/call and resources/read the app made.
	// The session's manager keeps the calls in History itself, marked as the
	// app's (mcp.HistoryVia); RecordCall is for a History without a manager.
	OnCall func(*mcp.CallResult)
	OnRead func(*mcp.ReadResult)
}

// note writes what the app does to the server log, naming the app after
// its tool.
func (l *Live) note(key string, args say.Args) {
	args["Tool"] = l.Tool
	l.S.Log.Say(transport.LogInfo, say.New(key, args))
}

// Forward runs one of the app's requests on the session.
func (l *Live) Forward(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	switch method {
	case "tools/call":
		var p struct {
			Name      string          `json:"name"`
			Arguments json.RawMessage `json:"arguments"`
		}
		if err := json.Unmarshal(params, &p); err != nil || p.Name == "" {
			return nil, errors.New("tools/call needs a tool name")
		}
		if t := l.S.Tool(p.Name); t != nil && !slices.Contains(Visibility(t.Meta), "app") {
			// _meta.ui.visibility without "app": the tool is the model's only.
			l.note("{{.Tool}}'s app tried to call {{.Name}}, which is not offered to apps; refused", say.Args{"Name": p.Name})
			return nil, fmt.Errorf("the tool %q is not offered to apps", p.Name)
		}
		l.note("{{.Tool}}'s app calls the tool {{.Name}}", say.Args{"Name": p.Name})
		// The session keeps the call in History (when its manager has one),
		// marked as the app's.
		r := l.S.CallTool(mcp.HistoryVia(ctx, Via), p.Name, p.Arguments, mcp.CallOptions{})
		if l.OnCall != nil {
			l.OnCall(r)
		}
		if r.Result == nil {
			return nil, errors.New(r.Message)
		}
		return json.Marshal(r.Result)
	case "resources/read":
		var p struct {
			URI string `json:"uri"`
		}
		if err := json.Unmarshal(params, &p); err != nil || p.URI == "" {
			return nil, errors.New("resources/read needs a uri")
		}
		if l.opening {
			l.note("MCP Browser (opening {{.Tool}}'s app) reads {{.URI}}", say.Args{"URI": p.URI})
		} else {
			l.note("{{.Tool}}'s app reads {{.URI}}", say.Args{"URI": p.URI})
		}
		r := l.S.ReadResource(mcp.WithoutHistory(ctx), p.URI) // the app's own reads stay out of History
		if l.OnRead != nil {
			l.OnRead(r)
		}
		if r.Result == nil {
			return nil, errors.New(r.Message)
		}
		return json.Marshal(r.Result)
	case "resources/list":
		l.note("{{.Tool}}'s app lists the resources", say.Args{})
		list, err := l.S.Resources(ctx)
		return listResult("resources", list, err)
	case "resources/templates/list":
		l.note("{{.Tool}}'s app lists the resource templates", say.Args{})
		list, err := l.S.ResourceTemplates(ctx)
		return listResult("resourceTemplates", list, err)
	case "prompts/list":
		l.note("{{.Tool}}'s app lists the prompts", say.Args{})
		list, err := l.S.Prompts(ctx)
		return listResult("prompts", list, err)
	}
	return nil, fmt.Errorf("the host does not offer %s", method)
}

func listResult[T any](key string, list []T, err error) (json.RawMessage, error) {
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []T{}
	}
	return json.Marshal(map[string]any{key: list})
}

// Via is the History mark of a call an app made.
const Via = "app"

// RecordCall adds a call the app made to h, marked as the app's.
func RecordCall(h *history.History, r *mcp.CallResult) error {
	server, e := r.HistoryEntry()
	raw, err := r.MarshalJSON()
	if err != nil {
		return fmt.Errorf("recording the app's call of %q in history: %w", r.Tool, err)
	}
	e.Result, e.Via = raw, Via
	return h.Append(server, e)
}

// Open opens the app of a session's tool on host: it reads the tool's view
// and serves it with the call's input and result (both nil when opening the
// app on the tool, before any call). live carries the session; its App
// name is filled in when empty.
func Open(ctx context.Context, host *Host, live *Live, toolName string, input, result json.RawMessage, hc HostContext, onEvent func(Event)) (*Running, error) {
	tool := live.S.Tool(toolName)
	if tool == nil {
		return nil, fmt.Errorf("%q has no tool %q", live.S.Name(), toolName)
	}
	uri := ResourceURI(tool.Meta)
	if uri == "" {
		return nil, fmt.Errorf("the tool %q has no app (its _meta names no ui:// resource)", toolName)
	}
	if live.Tool == "" {
		live.Tool = toolName
	}
	// The host's own read, named as such in the server log.
	html, meta, err := ReadView(ctx, &Live{S: live.S, Tool: live.Tool, opening: true}, uri)
	if err != nil {
		return nil, err
	}
	def, _ := json.Marshal(tool)
	return host.Open(App{Server: live.S.Name(), Tool: def, ToolName: toolName, ResourceURI: uri, HTML: html,
		Meta: meta, Input: input, Result: result, Context: hc, Session: live, OnEvent: onEvent})
}
