package mcp

import (
	"mcpbrowser/mcp/config"

	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"sync"
	"time"

	"mcpbrowser/mcp/store"
)

// An EraMemory remembers, per server, the protocol version it spoke last
// time, so the next connect goes straight there instead of probing. It is a
// small JSON file under the XDG state directory; servers are keyed by a hash
// of what identifies them (command line and folder, or URL), so no argument
// or secret is written in clear.
type EraMemory struct {
	path string
	mu   sync.Mutex
}

// NewEraMemory keeps the memory in the file at path.
func NewEraMemory(path string) *EraMemory { return &EraMemory{path: path} }

// DefaultEraMemoryPath is the app's era memory file.
func DefaultEraMemoryPath() string {
	return store.Path(store.State, "eras.json")
}

type eraRecord struct {
	Version string    `json:"version"`
	At      time.Time `json:"at"`
}

// serverKey identifies a server across runs: its transport and URL, or its
// command line, environment names and folder.
func serverKey(cfg *config.ServerConfig) string {
	var b strings.Builder
	b.WriteString(cfg.Type)
	b.WriteByte(0)
	if cfg.Type == config.TypeStdio {
		b.WriteString(cfg.Command)
		for _, a := range cfg.Args {
			b.WriteByte(0)
			b.WriteString(a)
		}
		b.WriteByte(0)
		b.WriteString(cfg.Cwd)
	} else {
		b.WriteString(cfg.URL)
	}
	sum := sha256.Sum256([]byte(b.String()))
	return hex.EncodeToString(sum[:16])
}

// Lookup returns the version remembered for cfg's server, or "".
func (m *EraMemory) Lookup(cfg *config.ServerConfig) string {
	if m == nil {
		return ""
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.load()[serverKey(cfg)].Version
}

// Remember records the version cfg's server spoke (an empty version forgets it).
func (m *EraMemory) Remember(cfg *config.ServerConfig, version string) error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	key := serverKey(cfg)
	if cur, ok := m.load()[key]; (version == "" && !ok) || (version != "" && cur.Version == version) {
		return nil // nothing new: no write (nor lock) on every connect
	}
	// Another process (the window, the command line) may be remembering
	// another server at this moment: change the file as it is now.
	return store.Update(m.path, store.Keep(0o600), func(old []byte) ([]byte, error) {
		all := parseEras(old)
		if version == "" {
			delete(all, key)
		} else {
			all[key] = eraRecord{Version: version, At: time.Now().UTC()}
		}
		b, err := json.MarshalIndent(all, "", "  ")
		return append(b, '\n'), err
	})
}

// Forget drops what is remembered for cfg's server.
func (m *EraMemory) Forget(cfg *config.ServerConfig) error { return m.Remember(cfg, "") }

func (m *EraMemory) load() map[string]eraRecord {
	b, err := os.ReadFile(m.path)
	if err != nil {
		return map[string]eraRecord{}
	}
	return parseEras(b)
}

// parseEras reads the file's content; a damaged file is only a cache: it
// counts as empty, and the next save starts it over.
func parseEras(b []byte) map[string]eraRecord {
	all := map[string]eraRecord{}
	if json.Unmarshal(b, &all) != nil {
		return map[string]eraRecord{}
	}
	return all
}
