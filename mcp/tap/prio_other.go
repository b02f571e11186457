//go:build !linux

package tap

// yieldToPassThrough does nothing here: only Linux sets one thread's
// priority (see prio_linux.go).
func yieldToPassThrough() {}
