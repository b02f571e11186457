package demo_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/demo"
)

type taskIDParams struct {
	sdk.ParamsBase
	TaskID string `json:"taskId"`
}

type anyResult struct {
	sdk.ResultBase
}

// TestBackgroundJobWithoutTheExtension: a client that does not declare the
// tasks extension gets the job done within the call, and is refused the
// task methods with -32021 ("Servers MUST return this error for
// non-declaring clients issuing tasks/get, tasks/update, and tasks/cancel").
// The extension's own flow is tested against the real server in package mcp.
func TestBackgroundJobWithoutTheExtension(t *testing.T) {
	f := newFixture(t)
	res := f.call(t, "background_job", map[string]any{"steps": 2, "delay_ms": 0})
	if res.IsError || !strings.Contains(textOf(res), "Finished 2 steps.") {
		t.Fatalf("result %+v", res)
	}
	server, err := demo.NewServer(demo.Options{Root: f.root, Stderr: newRecorder()})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ss, err := server.Connect(t.Context(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := sdk.NewClient(&sdk.Implementation{Name: "no-tasks", Version: "0"}, nil)
	for _, method := range []string{"tasks/get", "tasks/cancel"} {
		if err := sdk.AddSendingCustomMethod[*taskIDParams, *anyResult](c, method); err != nil {
			t.Fatal(err)
		}
	}
	cs, err := c.Connect(t.Context(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cs.Close(); ss.Wait() }()
	for _, method := range []string{"tasks/get", "tasks/cancel"} {
		_, err := sdk.CallCustomMethod[*taskIDParams, *anyResult](t.Context(), cs, method, &taskIDParams{TaskID: "nope"})
		var rpc *jsonrpc.Error
		if !errors.As(err, &rpc) || rpc.Code != -32021 {
			t.Errorf("%s without the extension: %v", method, err)
		}
	}
}
