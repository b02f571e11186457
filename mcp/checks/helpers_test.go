package checks

import (
	"context"
	"os"
	"testing"
	"time"

	"mcpbrowser/internal/testservers"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// demoBinary is the demo server built once for this test binary.
var demoBinary string

func TestMain(m *testing.M) {
	var err error
	if demoBinary, err = testservers.Demo.Path(); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

func demoSpec() ServerSpec { return ServerSpec{Command: demoBinary} }

func everythingSpec(t testing.TB) ServerSpec {
	return ServerSpec{Command: "node", Args: []string{testservers.Everything(t), "stdio"}}
}

// connectSpec starts the server a spec describes and closes it when the test ends.
func connectSpec(t testing.TB, name string, spec ServerSpec) *mcp.Session {
	t.Helper()
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{spec.Config(name)}}, mcp.ManagerOptions{})
	t.Cleanup(m.Close)
	s := m.Session(name)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := s.Connect(ctx); err != nil {
		t.Fatalf("connecting to %s: %v", name, err)
	}
	return s
}

// runner connects each server name to the given session.
func runnerFor(sessions map[string]*mcp.Session) *Runner {
	return &Runner{Connect: func(_ context.Context, name string, _ ServerSpec) (Target, error) {
		return sessions[name], nil
	}}
}
