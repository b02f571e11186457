package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxResponseBytes bounds the response body kept from one call.
const maxResponseBytes = 64 << 20

// A NetworkError is a failure to reach the API (or a document's URL) at
// all: the name does not resolve, the connection is refused or reset, TLS
// fails, the client's own timeout passes. An API that answers, whatever its
// status, is not one: a non-2xx answer is a tool result with IsError set.
type NetworkError struct {
	// Method and URL are the request's; an API key in the query is
	// replaced by "REDACTED".
	Method, URL string
	Err         error
}

func (e *NetworkError) Error() string {
	return fmt.Sprintf("cannot reach the API at %s (%s): %v; is the server running, and is the address right?", e.URL, e.Method, e.Err)
}

func (e *NetworkError) Unwrap() error { return e.Err }

// transportError classifies a failed http.Client.Do. A context that ended
// is the caller's doing (cancel, the call's timeout), not the network's, and
// is returned as such so that errors.Is(err, context.Canceled) holds.
func transportError(ctx context.Context, req *http.Request, err error, redactQuery []string) error {
	where := redactedURL(req.URL, redactQuery)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("%s %s: %w", req.Method, where, ctxErr)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		// url.Error repeats the URL, with any API key in it.
		err = ue.Err
	}
	return &NetworkError{Method: req.Method, URL: where, Err: err}
}

// redactedURL shows u without its password or the values of the named
// query parameters.
func redactedURL(u *url.URL, names []string) string {
	c := *u
	if len(names) > 0 && c.RawQuery != "" {
		pairs := strings.Split(c.RawQuery, "&")
		for i, p := range pairs {
			k, _, _ := strings.Cut(p, "=")
			if key, err := url.QueryUnescape(k); err == nil && slices.Contains(names, key) {
				pairs[i] = k + "=REDACTED"
			}
		}
		c.RawQuery = strings.Join(pairs, "&")
	}
	return c.Redacted()
}

func statusLine(code int) string {
	if text := http.StatusText(code); text != "" {
		return fmt.Sprintf("HTTP %d %s", code, text)
	}
	return fmt.Sprintf("HTTP %d", code)
}

// readBody reads at most maxResponseBytes of a response body.
func readBody(resp *http.Response) (body []byte, truncated bool, err error) {
	body, err = io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes+1))
	if len(body) > maxResponseBytes {
		return body[:maxResponseBytes], true, err
	}
	return body, false, err
}

// toolResult turns an HTTP response into what a tool call returns:
//   - JSON: the text, indented, and the value as structuredContent when it
//     is an object (MCP's structured content is an object);
//   - text (text/*, XML, YAML, …): the text;
//   - anything else: an embedded resource holding the bytes, which a client
//     can offer to save;
//   - no body: the status line (and the headers, for HEAD, where they are
//     the answer).
//
// A status outside 2xx sets IsError and starts the text with the status
// line, "HTTP 404 Not Found".
func toolResult(req *http.Request, resp *http.Response, body []byte, truncated bool, redactQuery []string) *sdk.CallToolResult {
	res := &sdk.CallToolResult{IsError: resp.StatusCode/100 != 2}
	status := statusLine(resp.StatusCode)
	note := ""
	if truncated {
		note = fmt.Sprintf("\n\n(The response was cut at %d MiB.)", maxResponseBytes>>20)
	}
	if len(body) == 0 {
		text := status
		if req.Method == http.MethodHead {
			var h bytes.Buffer
			_ = resp.Header.Write(&h)
			text += "\n" + strings.TrimRight(h.String(), "\r\n")
		}
		res.Content = []sdk.Content{&sdk.TextContent{Text: text}}
		return res
	}
	prefix := ""
	if res.IsError {
		prefix = status + "\n\n"
	}

	mediaType, _, err := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if err != nil {
		mediaType = ""
	}
	switch kind := responseKind(mediaType, body); kind {
	case "json":
		var pretty bytes.Buffer
		if json.Indent(&pretty, body, "", "  ") != nil {
			pretty.Reset()
			pretty.Write(body)
		}
		res.Content = []sdk.Content{&sdk.TextContent{Text: prefix + pretty.String() + note}}
		if !res.IsError && !truncated {
			dec := json.NewDecoder(bytes.NewReader(body))
			dec.UseNumber()
			var obj map[string]any
			if dec.Decode(&obj) == nil && obj != nil {
				res.StructuredContent = obj
			}
		}
	case "text":
		res.Content = []sdk.Content{&sdk.TextContent{Text: prefix + string(body) + note}}
	default:
		if mediaType == "" {
			mediaType = http.DetectContentType(body)
		}
		blob := &sdk.EmbeddedResource{Resource: &sdk.ResourceContents{
			URI: redactedURL(req.URL, redactQuery), MIMEType: mediaType, Blob: body,
		}}
		text := fmt.Sprintf("%s: %d bytes of %s%s", status, len(body), mediaType, note)
		if cd := resp.Header.Get("Content-Disposition"); cd != "" {
			if _, params, err := mime.ParseMediaType(cd); err == nil && params["filename"] != "" {
				text += fmt.Sprintf(" (file name %q)", params["filename"])
			}
		}
		res.Content = []sdk.Content{&sdk.TextContent{Text: text}, blob}
	}
	return res
}

// responseKind says how to show a body: "json", "text" or "binary". Without
// a Content-Type, the bytes decide.
func responseKind(mediaType string, body []byte) string {
	mt := strings.ToLower(mediaType)
	switch {
	case isJSONMediaType(mt):
		if json.Valid(body) {
			return "json"
		}
		return "text"
	case strings.HasPrefix(mt, "text/"),
		mt == "application/xml", strings.HasSuffix(mt, "+xml"),
		mt == "application/yaml", mt == "application/x-yaml",
		mt == "application/javascript", mt == "application/x-www-form-urlencoded":
		if utf8.Valid(body) {
			return "text"
		}
		return "binary"
	case mt == "":
		switch {
		case json.Valid(body):
			return "json"
		case utf8.Valid(body) && !bytes.ContainsRune(body, 0):
			return "text"
		}
	}
	return "binary"
}
