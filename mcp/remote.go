package mcp

import (
	"context"
	"errors"
	"net/http"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// A remoteBackend serves an entry that is not an MCP server (an OpenAPI
// document) as an in-process MCP server, so the rest of the app sees one kind of session.
type remoteBackend struct {
	close func()
}

func newRemoteBackend(ctx context.Context, cfg *ServerConfig, client *http.Client) (*remoteBackend, sdk.Transport, error) {
	return nil, nil, errors.New("OpenAPI entries are not supported yet")
}
