package store

import (
	"path/filepath"
	"testing"
)

// BenchmarkWriteFile is one save of a 4 KiB file: lock, temporary file,
// fsync, rename, folder sync, unlock.
func BenchmarkWriteFile(b *testing.B) {
	path := filepath.Join(b.TempDir(), "f.json")
	data := make([]byte, 4<<10)
	for b.Loop() {
		if err := WriteFile(path, data, Keep(0o600)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLock is taking and releasing a file's lock alone (what a history
// append adds to its write).
func BenchmarkLock(b *testing.B) {
	path := filepath.Join(b.TempDir(), "f.jsonl")
	for b.Loop() {
		l, err := Lock(path)
		if err != nil {
			b.Fatal(err)
		}
		l.Unlock()
	}
}
