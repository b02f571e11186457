package apps

import (
	"testing"
	"time"
)

// SetReattachGrace makes an app outlive its page's stream by d instead of
// ReattachGrace, for pages that leave from now on, until tb ends. It is read
// when a page leaves, so a test can stretch it for a reload and shorten it
// again before closing the page.
func SetReattachGrace(tb testing.TB, d time.Duration) {
	old := reattachGrace.Swap(int64(d))
	tb.Cleanup(func() { reattachGrace.Store(old) })
}
