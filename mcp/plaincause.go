package mcp

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strconv"
	"strings"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"
)

// PlainCause says in plain words what a low-level error (the network, the
// connection, an HTTP status) means, for the explanations that name a cause
// after a colon ("could not connect to URL: …", "tools/list failed: …").
// An error it does not know is given as Go and the SDK word it; the raw
// text stays in the wire log (the messages panel) either way.
func PlainCause(err error) string { return PlainCauseMsg(err).String() }

// PlainCauseMsg is PlainCause as a message, for the front ends to word in
// the person's language; an error it does not know is its only field.
func PlainCauseMsg(err error) say.Msg {
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
		return tooLarge.Said()
	case errors.As(err, &badHeader):
		return say.New("the server's reply had an HTTP header that could not be read ({{.Detail}})", say.Args{"Detail": string(badHeader)})
	case strings.Contains(err.Error(), "malformed HTTP"):
		_, detail, _ := strings.Cut(err.Error(), "malformed HTTP")
		return say.New("the server's reply could not be read as HTTP ({{.Detail}})", say.Args{"Detail": "malformed HTTP" + detail})
	case errors.Is(err, syscall.ECONNREFUSED):
		return say.Text("the connection was refused (nothing is listening there)")
	case errors.As(err, &dns) && dns.IsNotFound:
		return say.New("the host name {{.Host}} is not known", say.Args{"Host": strconv.Quote(dns.Name)})
	case errors.As(err, &dns):
		return say.New("the host name {{.Host}} could not be looked up", say.Args{"Host": strconv.Quote(dns.Name)})
	case errors.As(err, &unknown), errors.As(err, &host), errors.As(err, &invalid), errors.As(err, &verify):
		return say.Text("the server's TLS certificate is not trusted")
	case errors.Is(err, syscall.EHOSTUNREACH), errors.Is(err, syscall.ENETUNREACH):
		return say.Text("the network cannot reach that address")
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return say.Text("the connection was broken off")
	case errors.Is(err, transport.ErrEventTooLarge), strings.Contains(err.Error(), "SSE event exceeded"):
		// The SDK's own failure past MaxEventSize is worded only in text.
		return say.New("the server sent an event of more than {{.MB}} MB without ending it; the stream was closed", say.Args{"MB": transport.MaxEventSize >> 20})
	case errors.Is(err, sdk.ErrSessionMissing):
		return say.Text("the server no longer knows this session (it may have restarted)")
	case errors.Is(err, context.DeadlineExceeded), isNetTimeout(err):
		return say.Text("no answer came in time")
	case errors.Is(err, sdk.ErrConnectionClosed), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return say.Text("the connection closed")
	}
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) {
		// An HTTP refusal with a JSON-RPC error in its body: the server's
		// own words say more than the status.
		return say.New("the server answered: {{.Message}} (JSON-RPC error {{.Code}})", say.Args{"Message": rpc.Message, "Code": rpc.Code})
	}
	msg := err.Error()
	for code := 400; code < 600; code++ {
		if text := http.StatusText(code); text != "" && strings.HasSuffix(msg, ": "+text) {
			return say.New("the server answered HTTP {{.Code}} {{.Text}}", say.Args{"Code": code, "Text": text})
		}
	}
	return say.New("{{.Err}}", say.Args{"Err": err})
}

// toolsListTimeout says that a server answered initialize and then not
// tools/list within the connect timeout (not that it did not answer
// initialize).
func (s *Session) toolsListTimeout(cfg *config.ServerConfig) say.Msg {
	return s.stderrTail(s.noiseTail(say.New("the server answered initialize but did not answer tools/list within {{.Timeout}}.", say.Args{"Timeout": cfg.ConnectTimeoutDuration()})))
}

// rejectedByTransport explains the SDK's "rejected by transport" (JSON-RPC
// code -32005): no answer is the server's, the request did not get through
// or its reply could not be read, for the reason in the wrapped error.
func rejectedByTransport(err error) (say.Msg, bool) {
	var rpc *jsonrpc.Error
	if !errors.As(err, &rpc) || rpc.Code != codeRejected {
		return say.Msg{}, false
	}
	cause := PlainCauseMsg(err)
	if e, ok := cause.Args["Err"].(error); ok && cause.Key == "{{.Err}}" {
		if _, after, ok := strings.Cut(e.Error(), "rejected by transport: "); ok {
			cause = say.New("{{.Err}}", say.Args{"Err": after}) // the SDK's words around the reason
		}
	}
	return say.New("the request did not get through, or its reply could not be read: {{.Cause}}", say.Args{"Cause": cause}), true
}

// codeRejected is the SDK's code for a request its transport refused
// (jsonrpc2.ErrRejected, an internal package).
const codeRejected = -32005

func isNetTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
