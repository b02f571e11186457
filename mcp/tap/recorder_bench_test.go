package tap

import (
	"fmt"
	"testing"
)

// BenchmarkRecorderFrames is the recorder's work for one call that passes
// through the tap (a tools/call and its answer, as the pumps hand them
// over), from the hand-over to the frames written: the CPU a tapped call
// costs besides the pass-through.
//
//	go test -run '^$' -bench RecorderFrames -cpuprofile cpu.out ./mcp/tap/
func BenchmarkRecorderFrames(b *testing.B) {
	r := NewRecorder(RecorderOptions{Root: b.TempDir(), Command: []string{"server"}, Mask: EnvironmentMasker()})
	defer r.Close(nil)
	b.ReportAllocs()
	for i := range b.N {
		r.Chunk(FromHost, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"message":"hello"}}}`+"\n", i))
		r.Chunk(FromServer, fmt.Appendf(nil, `{"result":{"content":[{"type":"text","text":"Echo: hello"}]},"jsonrpc":"2.0","id":%d}`+"\n", i))
		if i%1000 == 999 {
			syncRecorder(r)
		}
	}
	syncRecorder(r)
}

// syncRecorder waits until everything handed to r so far is written.
func syncRecorder(r *Recorder) {
	done := make(chan struct{})
	r.put(item{synced: done}, true)
	<-done
}
