package mcp

import (
	"context"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeConn is a connection that reads nothing until it is closed.
type fakeConn struct {
	closed bool
	end    chan struct{}
}

func (c *fakeConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	<-c.end
	return nil, sdk.ErrConnectionClosed
}
func (c *fakeConn) Write(context.Context, jsonrpc.Message) error { return nil }
func (c *fakeConn) Close() error                                 { c.closed = true; close(c.end); return nil }
func (c *fakeConn) SessionID() string                            { return "" }

type fakeTransport struct{ conn *fakeConn }

func (t fakeTransport) Connect(context.Context) (sdk.Connection, error) { return t.conn, nil }

// TestProbeConnectionReusedOnlyWhileOpen: a slow server's answers come in
// any order, so the first connect may give up (its initialize refused) and
// close the connection before the late answer to server/discover is read.
// A second connect takes the connection over only if nobody closed it;
// otherwise the server is started afresh (it wrote to a closed pipe:
// "client is closing: write |1: file already closed").
func TestProbeConnectionReusedOnlyWhileOpen(t *testing.T) {
	for _, tt := range []struct {
		name        string
		lateFirst   bool // the late answer was read before the view closed
		wantUsable  bool
		wantClosing bool
	}{
		{"late answer read, then the view closed", true, true, false},
		{"view closed, then the late answer read", false, false, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			inner := &fakeConn{end: make(chan struct{})}
			defer func() {
				if !inner.closed {
					inner.Close()
				}
			}()
			probe := &discoverProbe{}
			pt := &probeTransport{inner: fakeTransport{inner}, probe: probe}
			view, err := pt.Connect(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			late := func() { probe.mu.Lock(); probe.late = true; probe.mu.Unlock() }
			if tt.lateFirst {
				late()
			}
			view.Close()
			if !tt.lateFirst {
				late()
			}
			if got := pt.usable(); got != tt.wantUsable {
				t.Errorf("usable = %v, want %v", got, tt.wantUsable)
			}
			if inner.closed != tt.wantClosing {
				t.Errorf("inner closed = %v, want %v", inner.closed, tt.wantClosing)
			}
			if tt.wantClosing {
				// The pump's last read (the closed connection's error)
				// has no reader: it must end, not wait forever.
				select {
				case <-pt.shared.pumped:
				case <-time.After(time.Minute):
					t.Error("the pump still runs a minute after the connection closed")
				}
			}
		})
	}
}
