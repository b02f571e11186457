package transport

import (
	"crypto/rand"
	"encoding/hex"
)

// serverMarkerEnv names the variable every server the app starts gets, with
// a value of its own. Its descendants inherit it, so stopping the server
// finds them even after they left its process group (setsid): on Linux they
// are looked up by it (markedProcesses).
const serverMarkerEnv = "MCPBROWSER_SERVER_ID"

// newServerMarker is a fresh KEY=VALUE for one server start.
func newServerMarker() string {
	b := make([]byte, 12)
	rand.Read(b)
	return serverMarkerEnv + "=" + hex.EncodeToString(b)
}
