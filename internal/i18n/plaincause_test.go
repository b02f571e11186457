package i18n

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"syscall"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/mcp"
)

// A failure below JSON-RPC (the connection closed, refused, timed out…)
// reaches people as the core's plain words (mcp.PlainCauseMsg through
// mcp.AsRequestError), and in Chinese as Chinese from end to end: no
// translated prefix with the SDK's English tail, as "刷新工具列表失败：
// calling "tools/list": connection closed" once was.
func TestLowLevelFailuresReadAsChinese(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf(`calling "tools/list": %w`, err) }
	errs := []error{
		wrap(sdk.ErrConnectionClosed), wrap(io.EOF), wrap(io.ErrUnexpectedEOF), wrap(syscall.ECONNREFUSED),
		wrap(syscall.ECONNRESET), wrap(syscall.EPIPE), wrap(syscall.ENETUNREACH), wrap(sdk.ErrSessionMissing),
		wrap(context.DeadlineExceeded), wrap(&net.DNSError{Name: "h", IsNotFound: true}), wrap(&net.DNSError{Name: "h"}),
		errors.New(`POST http://x/mcp: Bad Gateway`),
	}
	setup(t, SimplifiedChinese)
	for _, err := range errs {
		plain := mcp.AsRequestError("tools/list", err)
		for _, line := range []string{
			LogLine(keyed{"refreshing the tool list failed: {{.Err}}", map[string]any{"Err": plain}}),
			LogLine(keyed{"listing tools failed: {{.Err}}", map[string]any{"Err": plain}}),
			Explain(keyed{"could not connect to {{.URL}}: {{.Err}}. Check the URL and that the server is running.", map[string]any{"URL": "http://127.0.0.1:1/mcp", "Err": mcp.PlainCauseMsg(err)}}),
			Explain(keyed{"could not initialize the session: {{.Err}}", map[string]any{"Err": mcp.PlainCauseMsg(err)}}),
		} {
			if english := withoutValues(line, latinOutsideValues...); HasLatinLetter(english) {
				t.Errorf("%v: English left in %q", err, line)
			}
		}
	}
}

// latinOutsideValues are what may stay in Latin letters in those lines
// besides quoted text and URLs (withoutValues): the method, protocol words
// and an HTTP status.
var latinOutsideValues = []string{"tools/list", "HTTP 502 Bad Gateway", "URL", "TLS"}
