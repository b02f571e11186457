package demo_test

import (
	"context"
	"fmt"
	"log"
	"os"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
)

// ExampleNewServer connects a client to the demo server in the same
// process, the way the tests do, and calls a tool.
func ExampleNewServer() {
	ctx := context.Background()
	root, err := demo.NewSandbox("")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(root)

	server, err := demo.NewServer(demo.Options{Root: root})
	if err != nil {
		log.Fatal(err)
	}
	serverTransport, clientTransport := sdk.NewInMemoryTransports()
	serverSession, err := server.Connect(ctx, serverTransport, nil)
	if err != nil {
		log.Fatal(err)
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "example", Version: "0"}, nil)
	session, err := client.Connect(ctx, clientTransport, nil)
	if err != nil {
		log.Fatal(err)
	}
	defer serverSession.Wait()
	defer session.Close()

	res, err := session.CallTool(ctx, &sdk.CallToolParams{Name: "add", Arguments: map[string]any{"a": 2, "b": 3}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.Content[0].(*sdk.TextContent).Text)
	fmt.Printf("%v\n", res.StructuredContent)

	res, err = session.CallTool(ctx, &sdk.CallToolParams{Name: "read_file", Arguments: map[string]any{"path": "../etc/passwd"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(res.IsError, res.Content[0].(*sdk.TextContent).Text)
	// Output:
	// 2 + 3 = 5
	// map[sum:5]
	// true "../etc/passwd" uses ".." to go up out of the sandbox, so it was refused. Paths must stay inside the sandbox folder; list_files shows what is there.
}
