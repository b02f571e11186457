package oauthtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// A Browser stands in for the person at the browser: Open loads the
// authorization URL and follows the redirect back to the client's loopback
// listener, as a browser would. Its Open has the signature of the app's
// OpenBrowser hooks.
type Browser struct {
	// TamperState changes the state on the way back, as a forged response would.
	TamperState bool
	// Stay makes Open open nothing and leave the sign-in waiting, as a person
	// who never finishes; OnOpen, if set, runs first (to cancel the caller's
	// context, say).
	Stay   bool
	OnOpen func()
	// Delay is how long the person takes before the sign-in page sends the
	// browser back.
	Delay time.Duration
	// Detached makes Open return at once and follow the URL on its own
	// goroutine, as xdg-open returns while the browser runs on; Wait waits for
	// it. Without it Open returns after following, as a browser command that
	// keeps running until the page is done.
	Detached bool

	mu          sync.Mutex
	opened      []string
	lastStatus  int
	lastPage    string
	redirectURI string
	running     sync.WaitGroup
}

// Open is the browser opening authURL.
func (b *Browser) Open(ctx context.Context, authURL string) error {
	b.mu.Lock()
	b.opened = append(b.opened, authURL)
	if u, err := url.Parse(authURL); err == nil {
		b.redirectURI = u.Query().Get("redirect_uri")
	}
	b.mu.Unlock()
	if b.OnOpen != nil {
		b.OnOpen()
	}
	if b.Stay {
		return nil
	}
	if b.Detached {
		// The caller's ctx ends when Open returns; the person's browser does not.
		b.running.Go(func() { b.follow(context.WithoutCancel(ctx), authURL) })
		return nil
	}
	b.follow(ctx, authURL)
	return nil
}

// Wait waits until every detached Open has finished following its URL.
func (b *Browser) Wait() { b.running.Wait() }

func (b *Browser) follow(ctx context.Context, authURL string) {
	if b.Delay > 0 {
		t := time.NewTimer(b.Delay)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
	status, page, final, err := Follow(ctx, authURL, b.TamperState)
	if err != nil {
		return // a browser shows the error page; the sign-in waits on
	}
	b.mu.Lock()
	b.lastStatus, b.lastPage = status, page
	redirectURI := b.redirectURI
	b.mu.Unlock()
	if redirectURI != "" && !sameEndpoint(final, redirectURI) {
		// The authorization server showed an error page instead of sending the
		// browser back. A person would give up; so does the double, through the
		// callback, so that a failing test fails at once instead of waiting out
		// the sign-in timeout.
		back := url.Values{"error": {"stuck_at_authorization_server"},
			"error_description": {fmt.Sprintf("%d %s", status, strings.TrimSpace(page))}}
		if r, err := http.Get(redirectURI + "?" + back.Encode()); err == nil {
			r.Body.Close()
		}
	}
}

// Follow GETs authURL and follows redirects, as a browser does, and returns
// the last page's status and text and its URL. With tamperState the state of
// the redirect back to the client (the authorization URL's redirect_uri) is
// replaced.
func Follow(ctx context.Context, authURL string, tamperState bool) (status int, page string, final *url.URL, err error) {
	u, err := url.Parse(authURL)
	if err != nil {
		return 0, "", nil, err
	}
	redirectURI := u.Query().Get("redirect_uri")
	client := &http.Client{CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return fmt.Errorf("stopped after %d redirects", len(via))
		}
		if tamperState && sameEndpoint(req.URL, redirectURI) {
			q := req.URL.Query()
			q.Set("state", "forged")
			req.URL.RawQuery = q.Encode()
		}
		return nil
	}}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, authURL, nil)
	if err != nil {
		return 0, "", nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, "", nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, string(body), resp.Request.URL, err
}

// sameEndpoint reports whether u is at redirectURI (same host and path,
// whatever the query).
func sameEndpoint(u *url.URL, redirectURI string) bool {
	r, err := url.Parse(redirectURI)
	return err == nil && u != nil && u.Host == r.Host && u.Path == r.Path
}

// OpenCount is how often Open was called.
func (b *Browser) OpenCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.opened)
}

// Opened are the URLs Open was given.
func (b *Browser) Opened() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.opened)
}

// LastPage is the status and text of the page the browser last ended on:
// the client's "signed in" page, or an error page.
func (b *Browser) LastPage() (status int, page string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.lastStatus, b.lastPage
}

// RedirectURI is the redirect_uri of the last URL opened: the client's
// loopback listener.
func (b *Browser) RedirectURI() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.redirectURI
}
