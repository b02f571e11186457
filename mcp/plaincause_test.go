package mcp

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/transport"
)

// plainCauseCases are errors as the SDK and Go give them (wrapped the way
// the SDK wraps them), each with the plain words PlainCause should give.
func plainCauseCases(t testing.TB) []struct {
	Err  error
	Want string
} {
	// A real refused connection: a port that was listening and is closed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, refused := net.DialTimeout("tcp", addr, 5*time.Second)
	if refused == nil {
		t.Skip("the closed port accepted a connection")
	}
	wrap := func(err error) error {
		return fmt.Errorf(`calling "initialize": sending "initialize": %w`, fmt.Errorf("rejected by transport: Post \"http://x/mcp\": %w", err))
	}
	return []struct {
		Err  error
		Want string
	}{
		{wrap(refused), "the connection was refused (nothing is listening there)"},
		{wrap(&net.DNSError{Err: "no such host", Name: "nowhere.invalid", IsNotFound: true}), `the host name "nowhere.invalid" is not known`},
		{wrap(&net.DNSError{Err: "server misbehaving", Name: "h.example", IsTemporary: true}), `the host name "h.example" could not be looked up`},
		{wrap(x509.UnknownAuthorityError{}), "the server's TLS certificate is not trusted"},
		{wrap(x509.HostnameError{Host: "h"}), "the server's TLS certificate is not trusted"},
		{wrap(syscall.EHOSTUNREACH), "the network cannot reach that address"},
		{wrap(syscall.ECONNRESET), "the connection was broken off"},
		{wrap(syscall.EPIPE), "the connection was broken off"},
		{wrap(sdk.ErrSessionMissing), "the server no longer knows this session (it may have restarted)"},
		{wrap(context.DeadlineExceeded), "no answer came in time"},
		{wrap(&net.OpError{Op: "read", Err: timeoutErr{}}), "no answer came in time"},
		{fmt.Errorf(`calling "tools/list": %w`, sdk.ErrConnectionClosed), "the connection closed"},
		{io.EOF, "the connection closed"},
		{wrap(io.ErrUnexpectedEOF), "the connection closed"},
		{errors.New(`sending "initialize": rejected by transport: POST http://x/mcp: Not Found`), "the server answered HTTP 404 Not Found"},
		{errors.New(`POST http://x/mcp: Service Unavailable`), "the server answered HTTP 503 Service Unavailable"},
		{fmt.Errorf("sending \"initialize\": %w: %w: %v", &jsonrpc.Error{Code: -32600, Message: "Missing MCP-Protocol-Version header"}, errors.New("rejected"), "Bad Request"),
			"the server answered: Missing MCP-Protocol-Version header (JSON-RPC error -32600)"},
		{errors.New(`calling "tools/call": POST http://x/mcp: malformed event: SSE event exceeded 67108864 bytes without terminating`), "the server sent an event of more than 64 MB without ending it; the stream was closed"},
		{wrap(transport.ErrEventTooLarge), "the server sent an event of more than 64 MB without ending it; the stream was closed"},
		// What it does not know stays as Go gave it.
		{errors.New("something else"), "something else"},
	}
}

type timeoutErr struct{}

func (timeoutErr) Error() string   { return "i/o timeout" }
func (timeoutErr) Timeout() bool   { return true }
func (timeoutErr) Temporary() bool { return true }

func TestPlainCause(t *testing.T) {
	for _, tc := range plainCauseCases(t) {
		if got := PlainCause(tc.Err); got != tc.Want {
			t.Errorf("PlainCause(%q) = %q, want %q", tc.Err, got, tc.Want)
		}
	}
}

// A request that fails below JSON-RPC names the cause in plain words, not
// the SDK's chain of "calling … sending … rejected by transport".
func TestClassifyRequestNamesThePlainCause(t *testing.T) {
	err := fmt.Errorf(`calling "tools/list": %w`, sdk.ErrConnectionClosed)
	o := classifyRequest("tools/list", err, "")
	if o.Message != "tools/list failed: the connection closed" || !errors.Is(o.Err, sdk.ErrConnectionClosed) {
		t.Errorf("message %q, err %v", o.Message, o.Err)
	}
	if strings.Contains(o.Message, "calling") {
		t.Errorf("the SDK's words are in %q", o.Message)
	}
}
