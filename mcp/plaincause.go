package mcp

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// PlainCause says in plain words what a low-level error (the network, the
// connection, an HTTP status) means, for the explanations that name a cause
// after a colon ("could not connect to URL: …", "tools/list failed: …").
// An error it does not know is given as Go and the SDK word it; the raw
// text stays in the wire log (the messages panel) either way.
//
// Each phrase is one of the core's sentences: internal/i18n's Explain
// translates it (core.go, the "causes" rules).
func PlainCause(err error) string {
	var (
		dns     *net.DNSError
		unknown x509.UnknownAuthorityError
		host    x509.HostnameError
		invalid x509.CertificateInvalidError
		verify  *tls.CertificateVerificationError
	)
	var (
		tooLarge  *transport.ReplyTooLargeError
		badHeader textproto.ProtocolError
	)
	switch {
	case errors.As(err, &tooLarge):
		return tooLarge.Error()
	case errors.As(err, &badHeader):
		return fmt.Sprintf("the server's reply had an HTTP header that could not be read (%s)", string(badHeader))
	case strings.Contains(err.Error(), "malformed HTTP"):
		_, detail, _ := strings.Cut(err.Error(), "malformed HTTP")
		return fmt.Sprintf("the server's reply could not be read as HTTP (malformed HTTP%s)", detail)
	case errors.Is(err, syscall.ECONNREFUSED):
		return "the connection was refused (nothing is listening there)"
	case errors.As(err, &dns) && dns.IsNotFound:
		return fmt.Sprintf("the host name %q is not known", dns.Name)
	case errors.As(err, &dns):
		return fmt.Sprintf("the host name %q could not be looked up", dns.Name)
	case errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid), errors.As(err, &verify):
		return "the server's TLS certificate is not trusted"
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return "the network cannot reach that address"
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return "the connection was broken off"
	case errors.Is(err, transport.ErrEventTooLarge), strings.Contains(err.Error(), "SSE event exceeded"):
		// The SDK's own failure past MaxEventSize is worded only in text.
		return fmt.Sprintf("the server sent an event of more than %d MB without ending it; the stream was closed", transport.MaxEventSize>>20)
	case errors.Is(err, sdk.ErrSessionMissing):
		return "the server no longer knows this session (it may have restarted)"
	case errors.Is(err, context.DeadlineExceeded), isNetTimeout(err):
		return "no answer came in time"
	case errors.Is(err, sdk.ErrConnectionClosed), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the connection closed"
	}
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) {
		// An HTTP refusal with a JSON-RPC error in its body: the server's
		// own words say more than the status.
		return fmt.Sprintf("the server answered: %s (JSON-RPC error %d)", rpc.Message, rpc.Code)
	}
	msg := err.Error()
	for code := 400; code < 600; code++ {
		if text := http.StatusText(code); text != "" && strings.HasSuffix(msg, ": "+text) {
			return fmt.Sprintf("the server answered HTTP %d %s", code, text)
		}
	}
	return msg
}

// toolsListTimeout says that a server answered initialize and then not
// tools/list within the connect timeout (not that it did not answer
// initialize).
func (s *Session) toolsListTimeout(cfg *config.ServerConfig) string {
	return fmt.Sprintf("the server answered initialize but did not answer tools/list within %s.", cfg.ConnectTimeoutDuration()) +
		s.noiseTail() + s.stderrTail()
}

// rejectedByTransport explains the SDK's "rejected by transport" (JSON-RPC
// code -32005): no answer is the server's, the request did not get through
// or its reply could not be read, for the reason in the wrapped error.
func rejectedByTransport(err error) (string, bool) {
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != codeRejected {
		return "", false
	}
	cause := PlainCause(err)
	if _, after, ok := strings.Cut(cause, "rejected by transport: "); ok {
		cause = after // the SDK's words around the reason
	}
	return "the request did not get through, or its reply could not be read: " + cause, true
}

// codeRejected is the SDK's code for a request its transport refused
// (jsonrpc2.ErrRejected, an internal package).
const codeRejected = -32005

func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
