package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Roots are the folders the app answers to roots/list for this server.
func (s *Session) Roots() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.roots...)
}

// SetRoots sets the folders answered to roots/list. A connected server that
// was told about roots gets notifications/roots/list_changed; one connected
// without roots (the capability is advertised only when there are some)
// learns about them on its next connect, and SetRoots reports that with
// needsRestart.
//
// The server asks roots/list again on each notification, and the SDK
// answers such requests concurrently, so answers can reach it in another
// order than asked. Each answer therefore reads the session's list, which
// is set before any notification goes out (answerRootsList): every answer
// to a request the change caused is the new list, in whatever order they
// arrive. Before, the SDK's own list passed through a state in between (all
// old roots removed, then the new ones added, a notification for each): a
// server whose first answer came last kept that state, an empty list.
// The SDK's list is still kept in step, by the difference only (one
// notification for a root added or removed).
func (s *Session) SetRoots(folders []string) (needsRestart bool) {
	s.mu.Lock()
	hadRoots := len(s.roots) > 0
	old := s.roots
	s.roots = append([]string(nil), folders...)
	c, live := s.sdkClient, s.client != nil
	// Unlocked before the SDK sends roots/list_changed: recording that
	// message in the wire log takes s.mu again.
	s.mu.Unlock()
	if c == nil || !live {
		return false
	}
	if !hadRoots {
		return len(folders) > 0
	}
	var added []*sdk.Root
	for _, f := range folders {
		if !slices.Contains(old, f) {
			added = append(added, rootsOf([]string{f})...)
		}
	}
	var gone []string
	for _, f := range old {
		if !slices.Contains(folders, f) {
			gone = append(gone, rootsOf([]string{f})[0].URI)
		}
	}
	c.AddRoots(added...) // no notification when nothing is added
	if len(gone) > 0 {
		c.RemoveRoots(gone...)
	}
	return false
}

// answerRootsList answers the server's roots/list from the session's list
// as it is when the request is handled (see SetRoots).
func (s *Session) answerRootsList(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if method != "roots/list" {
			return next(ctx, method, req)
		}
		roots := rootsOf(s.Roots())
		if roots == nil {
			roots = []*sdk.Root{} // "roots": [], not null
		}
		return &sdk.ListRootsResult{Roots: roots}, nil
	}
}

// rootsOf turns folder paths into file:// roots.
func rootsOf(folders []string) []*sdk.Root {
	var roots []*sdk.Root
	for _, f := range folders {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(f)}
		if !strings.HasPrefix(u.Path, "/") {
			u.Path = "/" + u.Path // Windows drive paths: file:///C:/x
		}
		roots = append(roots, &sdk.Root{URI: u.String(), Name: filepath.Base(f)})
	}
	return roots
}
