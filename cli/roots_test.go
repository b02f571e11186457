package cli

import (
	"slices"
	"testing"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// The CLI gives a server of the app's own servers file the roots the window
// keeps for it; --root replaces them; other servers get none.
func TestSetRootsReadsTheWindowsRoots(t *testing.T) {
	isolateXDG(t)
	st, err := config.DefaultRootStore()
	if err != nil {
		t.Fatal(err)
	}
	kept, given := t.TempDir(), t.TempDir()
	if err := st.Set("demo", []string{kept}); err != nil {
		t.Fatal(err)
	}
	session := func() *mcp.Session {
		cfg := &config.Config{Servers: []*config.ServerConfig{{Name: "demo", Type: config.TypeStdio, Command: "true"}}}
		m := mcp.NewManager(cfg, mcp.ManagerOptions{})
		t.Cleanup(m.Close)
		return m.Session("demo")
	}
	cases := []struct {
		name string
		inv  invocation
		want []string
	}{
		{"own servers file", invocation{}, []string{kept}},
		{"--root", invocation{roots: []string{given}}, []string{given}},
		{"--config", invocation{configPath: "/elsewhere/servers.json"}, nil},
		{"--url", invocation{url: "http://127.0.0.1:1/mcp"}, nil},
	}
	for _, c := range cases {
		s := session()
		if err := setRoots(&c.inv, s); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := s.Roots(); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("%s: roots %v, want %v", c.name, got, c.want)
		}
	}
}
