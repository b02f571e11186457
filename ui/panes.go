package ui

import "context"

// A worker runs a pane's background jobs: on their own goroutine, with a
// context that ends when the window closes, which waits for them. The main
// window is one (goWork); a pane gets this, not the window.
type worker interface {
	goWork(f func(ctx context.Context))
}
