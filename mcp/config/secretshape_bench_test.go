package config

import (
	"encoding/base64"
	"strings"
	"testing"
)

// BenchmarkMaskShapes: the shape rule over what it meets most: a log line,
// JSON-RPC messages, and a result carrying a base64 image.
func BenchmarkMaskShapes(b *testing.B) {
	img := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\x00\x01\x02binary image data ", 1<<15)))
	inputs := map[string]string{
		"logline": "2026-12-03T10:00:00Z INFO server started on port 8080 with 4 workers",
		"json":    strings.Repeat(`{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"hello world, the weather is fine"}]}},`, 100),
		"base64":  `{"content":[{"type":"image","mimeType":"image/png","data":"` + img + `"}]}`,
	}
	for name, in := range inputs {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				MaskShapes(in)
			}
		})
	}
}
