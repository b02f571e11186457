package servers

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

func TestServerEditorProtocolVersion(t *testing.T) {
	test.NewTempApp(t)
	cases := []struct {
		name, file, pick, want string
	}{
		{"nothing written stays auto and unwritten", "", mcp.VersionAuto, ""},
		{"auto written stays written", mcp.VersionAuto, mcp.VersionAuto, mcp.VersionAuto},
		{"a version is pinned", "", "2025-06-18", "2025-06-18"},
		{"a pin is removed by auto", "2025-03-26", mcp.VersionAuto, ""},
		{"an unknown version is kept", "2099-01-01", "2099-01-01", "2099-01-01"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := &config.ServerConfig{Name: "s", Type: config.TypeStdio, Command: "srv", ProtocolVersion: tc.file}
			e := NewEditor(src, func(string) bool { return false })
			if len(e.protocol.Options) < len(mcp.ProtocolVersions) {
				t.Fatalf("options %v", e.protocol.Options)
			}
			e.protocol.SetSelected(tc.pick)
			sc, err := e.Build()
			if err != nil {
				t.Fatal(err)
			}
			if sc.ProtocolVersion != tc.want {
				t.Errorf("protocolVersion = %q, want %q", sc.ProtocolVersion, tc.want)
			}
		})
	}
}
