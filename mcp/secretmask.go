package mcp

import (
	"sync/atomic"

	"mcpbrowser/mcp/config"
)

// A maskHolder is the masker of a session's current entry.
type maskHolder struct {
	p atomic.Pointer[config.TextMasker]
}

func (h *maskHolder) set(cfg *config.ServerConfig) { h.p.Store(config.NewTextMasker(cfg)) }
func (h *maskHolder) mask(s string) string         { return h.p.Load().Mask(s) }
func (h *maskHolder) maskBytes(b []byte) []byte {
	return h.p.Load().MaskBytes(b)
}
