package mcp

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/openapi"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// A remoteBackend serves an entry that is not an MCP server (an OpenAPI
// document) as an in-process MCP server, so the rest of the app — tool list,
// forms, calls, results, wire view — sees one kind of session.
type remoteBackend struct {
	close func()
}

// newOpenAPIBackend loads the entry's documents and serves their operations
// as tools over an in-memory connection, recorded in the wire log like any
// other; the API's own HTTP traffic is recorded too.
func (s *Session) newOpenAPIBackend(ctx context.Context, cfg *config.ServerConfig) (*remoteBackend, sdk.Transport, error) {
	// The openapi package adds the entry's headers and query itself (so that
	// arguments of the same name win), so the tap only records.
	client := &http.Client{Transport: transport.NewHTTPClient(&config.ServerConfig{}, s.Wire).Transport}
	var auth *openapi.Auth
	if cfg.Auth != nil {
		a := openapi.Auth(*cfg.Auth)
		auth = &a
	}
	api, err := openapi.Load(ctx, openapi.Options{
		Specs: cfg.Spec, BaseURL: cfg.BaseURL, Headers: cfg.Headers, Query: cfg.Query,
		Auth: auth, HTTPClient: client, BaseDir: s.configDir,
	})
	if err != nil {
		return nil, nil, err
	}
	for _, w := range api.Warnings() {
		s.Log.Say(transport.LogInfo, say.New("OpenAPI document: {{.Warning}}", say.Args{"Warning": w.Error()}))
	}
	name, version, description := api.Info()
	if name == "" {
		name = cfg.Name
	}
	srv := sdk.NewServer(&sdk.Implementation{Name: name, Version: version}, &sdk.ServerOptions{Instructions: description})
	for _, tool := range api.Tools() {
		srv.AddTool(tool, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			res, err := api.Call(ctx, req.Params.Name, req.Params.Arguments)
			var netErr *openapi.NetworkError
			if errors.As(err, &netErr) {
				// Its own layer: the API could not be reached at all.
				return nil, &jsonrpc.Error{Code: CodeNetworkError, Message: netErr.Error()}
			}
			return res, err
		})
	}
	clientSide, serverSide := sdk.NewInMemoryTransports()
	ss, err := srv.Connect(ctx, serverSide, nil)
	if err != nil {
		return nil, nil, err
	}
	return &remoteBackend{close: func() { ss.Close() }}, &recordingTransport{Transport: clientSide, wire: s.Wire}, nil
}

// configDirOf is the folder relative paths in a config entry start from.
func configDirOf(cfg *config.Config) string {
	if cfg == nil || cfg.Path == "" {
		return ""
	}
	return filepath.Dir(cfg.Path)
}

// A recordingTransport records every message of an in-process connection in
// the wire log. (Remote HTTP connections are tapped at the RoundTripper instead.)
type recordingTransport struct {
	sdk.Transport
	wire *transport.WireLog
}

func (t *recordingTransport) Connect(ctx context.Context) (sdk.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &recordingConn{Connection: conn, wire: t.wire}, nil
}

type recordingConn struct {
	sdk.Connection
	wire *transport.WireLog
}

func (c *recordingConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if err == nil {
		if b, encErr := jsonrpc.EncodeMessage(msg); encErr == nil {
			c.wire.Record(transport.Received, b)
		}
	}
	return msg, err
}

func (c *recordingConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if b, err := jsonrpc.EncodeMessage(msg); err == nil {
		c.wire.Record(transport.Sent, b)
	}
	return c.Connection.Write(ctx, msg)
}
