package transport

import (
	"strings"
	"testing"
)

// BenchmarkServerLogAdd is a server's stderr line going into its full log
// (the ring wrapped), as during a flood: what each line costs beside its
// text. Compare allocs/op and B/op with benchstat.
func BenchmarkServerLogAdd(b *testing.B) {
	log := NewServerLog(nil)
	line := strings.Repeat("y", 99)
	for range maxLogEntries {
		log.Add(LogStderr, line)
	}
	b.ReportAllocs()
	for b.Loop() {
		log.Add(LogStderr, line)
	}
}
