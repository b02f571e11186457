package cli

import (
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// protocolInfo is the protocol version a connected server speaks, and how the
// CLI came to it, as `tools` prints it.
type protocolInfo struct {
	Version string `json:"version"`
	// How is "discovered", "fell back", "pinned" or "remembered".
	How string `json:"how,omitempty"`
	Why string `json:"why,omitempty"`
}

func protocolOf(s *mcp.Session) *protocolInfo {
	era := s.Era()
	if era.Version == "" {
		return nil
	}
	return &protocolInfo{Version: era.Version, How: era.How.String(), Why: era.Why}
}

// serverProtocol is what `servers` says about an entry's protocol without
// connecting: the pinned version, or "auto" and what was remembered.
type serverProtocol struct {
	Pinned     string `json:"pinned,omitempty"`
	Auto       bool   `json:"auto,omitempty"`
	Remembered string `json:"remembered,omitempty"`
}

func configuredProtocol(sc *config.ServerConfig) *serverProtocol {
	if v := sc.ProtocolVersion; v != "" && v != mcp.VersionAuto {
		return &serverProtocol{Pinned: v}
	}
	mem := mcp.NewEraMemory(mcp.DefaultEraMemoryPath())
	return &serverProtocol{Auto: true, Remembered: mem.Lookup(sc)}
}
