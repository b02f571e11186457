package apps

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestBridgeAssetMatchesLockfile checks that the committed bridge asset was
// built from the ext-apps version testdata/npm pins: after a version bump,
// scripts/bundle-app-bridge.sh must be run again.
func TestBridgeAssetMatchesLockfile(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "..", "testdata", "npm", "package-lock.json"))
	if err != nil {
		t.Fatal(err)
	}
	var lock struct {
		Packages map[string]struct {
			Version   string `json:"version"`
			Integrity string `json:"integrity"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(raw, &lock); err != nil {
		t.Fatal(err)
	}
	pkg, ok := lock.Packages["node_modules/@modelcontextprotocol/ext-apps"]
	if !ok {
		t.Fatal("testdata/npm does not pin @modelcontextprotocol/ext-apps")
	}
	header := string(bridgeJS[:min(len(bridgeJS), 600)])
	m := regexp.MustCompile(`@modelcontextprotocol/ext-apps@(\S+) app-bridge`).FindStringSubmatch(header)
	if m == nil {
		t.Fatalf("the asset's header names no ext-apps version:\n%s", header)
	}
	if m[1] != pkg.Version {
		t.Errorf("assets/app-bridge.js was built from ext-apps %s, the lockfile pins %s: run scripts/bundle-app-bridge.sh", m[1], pkg.Version)
	}
	if !strings.Contains(header, "integrity: "+pkg.Integrity+"\n") {
		t.Errorf("assets/app-bridge.js does not carry the pinned package's integrity %s: run scripts/bundle-app-bridge.sh", pkg.Integrity)
	}
	for _, name := range []string{"AppBridge", "PostMessageTransport"} {
		if !strings.Contains(string(bridgeJS), name) {
			t.Errorf("the asset does not export %s", name)
		}
	}
}
