package widgets

import "context"

// A Worker runs a pane's background jobs: on their own goroutine, with a
// context that ends when the window closes, which waits for them. The main
// window is one (GoWork); a pane gets this, not the window.
type Worker interface {
	GoWork(f func(ctx context.Context))
}
