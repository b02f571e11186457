package oauth_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"github.com/adrg/xdg"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/oauth"
)

// How the streamable HTTP transport signs in: one Handler per connection,
// given the same HTTP client as the transport so the wire view sees every
// step, and a connect context long enough for a person to sign in.
func ExampleNewHandler() {
	httpClient := &http.Client{} // the app's tapped client
	handler, err := oauth.NewHandler(oauth.Options{
		ServerName: "github",
		ServerURL:  "https://api.example.com/mcp",
		ClientID:   os.Getenv("MCPBROWSER_CLIENT_ID"), // --client-id, or the entry's oauth.clientId
		HTTPClient: httpClient,
		Store:      oauth.NewTokenStore(filepath.Join(xdg.DataHome, "mcpbrowser", "tokens")),
		Progress:   func(step string) { fmt.Fprintln(os.Stderr, step) },
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	transport := &sdk.StreamableClientTransport{
		Endpoint:     "https://api.example.com/mcp",
		HTTPClient:   httpClient,
		OAuthHandler: handler,
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "mcpbrowser", Version: "1"}, nil)
	session, err := client.Connect(context.Background(), transport, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	defer session.Close()
	// "Sign out" in the window or CLI: forget the token here and on disk.
	_ = handler.SignOut()
}
