package oauth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// A ResourceMismatchError says the server's protected resource metadata names
// a different resource than the URL MCP Browser connected to. Signing in
// anyway would get a token meant for that other resource and hand it to this
// server, so the sign-in is refused (RFC 9728 §3.3; MCP authorization,
// "Token Audience Binding and Validation").
type ResourceMismatchError struct {
	ServerURL   string // the MCP endpoint we connected to
	MetadataURL string // where the metadata was found
	Resource    string // the resource it names
}

func (e *ResourceMismatchError) Error() string {
	return fmt.Sprintf("refusing to sign in: the server's metadata at %s says it protects %q, "+
		"which is not the address you connected to (%q). A token for one must not be sent to the other; "+
		"check the server's URL, or tell its owner their metadata is wrong",
		e.MetadataURL, e.Resource, e.ServerURL)
}

// challenge is what a 401 or 403 response's Bearer WWW-Authenticate header asked for.
type challenge struct {
	resourceMetadata string   // resource_metadata: where the protected resource metadata is
	scopes           []string // scope: what the server wants
	errorCode        string   // error: e.g. "insufficient_scope"
}

func parseChallenge(resp *http.Response) (challenge, error) {
	cs, err := oauthex.ParseWWWAuthenticate(resp.Header.Values("WWW-Authenticate"))
	if err != nil {
		return challenge{}, fmt.Errorf("the server's WWW-Authenticate header cannot be read: %w", err)
	}
	var ch challenge
	for _, c := range cs {
		// Only Bearer challenges speak OAuth, but resource_metadata is looked for
		// in any challenge, as the SDK does.
		if ch.resourceMetadata == "" {
			ch.resourceMetadata = c.Params["resource_metadata"]
		}
		if c.Scheme != "bearer" && c.Scheme != "dpop" {
			continue
		}
		if ch.scopes == nil && c.Params["scope"] != "" {
			ch.scopes = strings.Fields(c.Params["scope"])
		}
		if ch.errorCode == "" {
			ch.errorCode = c.Params["error"]
		}
	}
	return ch, nil
}

// A discovery is what was learned about the server and its authorization
// server before anyone is asked for a token.
type discovery struct {
	serverURL string
	// prm is nil when the server publishes no protected resource metadata: the
	// 2025-03-26 revision, where the server's root is the authorization server.
	prm    *oauthex.ProtectedResourceMetadata
	prmURL string
	// resource is the RFC 8707 resource indicator tokens are requested for.
	resource string
	asm      *oauthex.AuthServerMeta // never nil
	// asmGuessed: the authorization server has no metadata either, so its
	// endpoints are the 2025-03-26 defaults /authorize, /token and /register.
	asmGuessed bool
	challenge  challenge
}

// discover finds the protected resource metadata and the authorization
// server's metadata, in the order the MCP authorization spec gives. It uses the
// SDK's fetchers and checks (oauthex.GetProtectedResourceMetadata,
// auth.GetAuthServerMetadata); what it adds is refusing a metadata document
// whose resource is not this server, which the SDK instead skips before
// falling back to treating the server's root as the authorization server.
func discover(ctx context.Context, client *http.Client, serverURL string, ch challenge) (*discovery, error) {
	d := &discovery{serverURL: serverURL, challenge: ch}
	prm, prmURL, err := findResourceMetadata(ctx, client, serverURL, ch.resourceMetadata)
	if err != nil {
		return nil, err
	}
	var issuer string
	if prm != nil {
		d.prm, d.prmURL, d.resource = prm, prmURL, prm.Resource
		issuer = prm.AuthorizationServers[0]
	} else {
		// 2025-03-26: "the authorization base URL MUST be determined from the MCP
		// server URL by discarding any existing path component". Computed as the
		// SDK does, so that both agree on the issuer.
		u, err := url.Parse(serverURL)
		if err != nil {
			return nil, fmt.Errorf("the server URL %q is not a URL: %w", serverURL, err)
		}
		u.Path = ""
		d.resource, issuer = serverURL, u.String()
	}
	asm, err := auth.GetAuthServerMetadata(ctx, issuer, client)
	if err != nil {
		return nil, fmt.Errorf("reading the metadata of the authorization server %s: %w", issuer, err)
	}
	if asm == nil {
		// 2025-03-26 "Fallbacks for Servers without Metadata Discovery": "clients
		// MUST use the following default endpoint paths relative to the
		// authorization base URL". The same values the SDK uses.
		asm = &oauthex.AuthServerMeta{
			Issuer:                issuer,
			AuthorizationEndpoint: issuer + "/authorize",
			TokenEndpoint:         issuer + "/token",
			RegistrationEndpoint:  issuer + "/register",
		}
		d.asmGuessed = true
	}
	d.asm = asm
	return d, nil
}

// findResourceMetadata tries, in the spec's order, the URL from the challenge,
// the well-known URL under the endpoint's path, and the well-known URL at the
// root. The first document found decides: if it names another resource,
// sign-in is refused. No document at all is not an error (2025-03-26 servers).
func findResourceMetadata(ctx context.Context, client *http.Client, serverURL, fromChallenge string) (*oauthex.ProtectedResourceMetadata, string, error) {
	su, err := url.Parse(serverURL)
	if err != nil {
		return nil, "", fmt.Errorf("the server URL %q is not a URL: %w", serverURL, err)
	}
	origin := (&url.URL{Scheme: su.Scheme, Host: su.Host}).String()
	type candidate struct {
		url       string
		resources []string // what the document may name
	}
	var candidates []candidate
	if fromChallenge != "" {
		candidates = append(candidates, candidate{fromChallenge, []string{serverURL}})
	}
	pathBased := *su
	pathBased.RawQuery, pathBased.Fragment = "", ""
	pathBased.Path = "/.well-known/oauth-protected-resource/" + strings.TrimLeft(su.Path, "/")
	pathBased.RawPath = ""
	root := pathBased
	root.Path = "/.well-known/oauth-protected-resource"
	candidates = append(candidates,
		candidate{pathBased.String(), []string{serverURL}},
		// At the root the document describes the origin (RFC 9728 §3.3), but
		// many servers name their MCP endpoint there; both are this server.
		candidate{root.String(), []string{serverURL, origin}})

	for _, c := range candidates {
		resource, found := peekResource(ctx, client, c.url)
		if !found {
			continue
		}
		if !slices.ContainsFunc(c.resources, func(want string) bool { return sameResource(resource, want) }) {
			return nil, "", &ResourceMismatchError{ServerURL: serverURL, MetadataURL: c.url, Resource: resource}
		}
		// Fetch it again through the SDK (answered from the sign-in's cache) for
		// its security checks: HTTPS or loopback, no script URLs.
		prm, err := oauthex.GetProtectedResourceMetadata(ctx, c.url, resource, client)
		if err != nil {
			return nil, "", fmt.Errorf("the server's protected resource metadata at %s cannot be used: %w", c.url, err)
		}
		if len(prm.AuthorizationServers) == 0 {
			return nil, "", fmt.Errorf("the server's protected resource metadata at %s names no authorization server, so there is nowhere to sign in", c.url)
		}
		return prm, c.url, nil
	}
	return nil, "", nil
}

// peekResource fetches a protected resource metadata document and returns its
// "resource", or found=false when there is no usable document at metadataURL.
// It accepts exactly what the SDK's fetcher accepts (200, application/json).
func peekResource(ctx context.Context, client *http.Client, metadataURL string) (resource string, found bool) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, metadataURL, nil)
	if err != nil {
		return "", false
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", false
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", false
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "application/json" {
		return "", false
	}
	var doc struct {
		Resource string `json:"resource"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&doc); err != nil {
		return "", false
	}
	return doc.Resource, true
}

// sameResource compares two resource URLs as the spec's canonical form does:
// scheme and host are case-insensitive, a default port and a trailing slash
// make no difference.
func sameResource(a, b string) bool {
	return canonicalResource(a) == canonicalResource(b)
}

func canonicalResource(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return s
	}
	u.Scheme = strings.ToLower(u.Scheme)
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if (u.Scheme == "https" && port == "443") || (u.Scheme == "http" && port == "80") {
		port = ""
	}
	if port != "" {
		host += ":" + port
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	u.Host = host
	u.Path = strings.TrimSuffix(u.Path, "/")
	u.RawPath = ""
	u.Fragment = ""
	return u.String()
}

// sdkRequestAndResponse builds the request and 401/403 response that the
// SDK's handler is given, so that it finds exactly the metadata discover
// chose: the challenge points at that document, and the request's URL is the
// resource the document names (the SDK compares the two byte for byte).
func (d *discovery) sdkRequestAndResponse(orig *http.Request, status int) (*http.Request, *http.Response, error) {
	target := d.serverURL
	var params []string
	if d.prm != nil {
		target = d.prm.Resource
		params = append(params, "resource_metadata="+quoteParam(d.prmURL))
	}
	if len(d.challenge.scopes) > 0 {
		params = append(params, "scope="+quoteParam(strings.Join(d.challenge.scopes, " ")))
	}
	if d.challenge.errorCode != "" {
		params = append(params, "error="+quoteParam(d.challenge.errorCode))
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil, nil, fmt.Errorf("the resource %q is not a URL: %w", target, err)
	}
	req := orig.Clone(orig.Context())
	req.URL = u
	req.Body = http.NoBody
	header := http.Header{}
	if len(params) > 0 {
		header.Set("WWW-Authenticate", "Bearer "+strings.Join(params, ", "))
	}
	resp := &http.Response{
		StatusCode: status,
		Status:     http.StatusText(status),
		Header:     header,
		Body:       http.NoBody,
		Request:    req,
	}
	return req, resp, nil
}

func quoteParam(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// A getCache answers repeated GETs during one sign-in from memory. Discovery
// runs twice (once here to decide, once inside the SDK's handler to act) and
// the cache keeps the wire view to one request per step.
type getCache struct {
	base    http.RoundTripper
	mu      sync.Mutex
	entries map[string]*cachedResponse
}

type cachedResponse struct {
	status int
	header http.Header
	body   []byte
}

// maxCachedBody bounds what is kept; metadata documents are small (the SDK
// reads at most 1 MiB of them).
const maxCachedBody = 1 << 20

func newCachingClient(base *http.Client) *http.Client {
	rt := base.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	c := *base
	c.Transport = &getCache{base: rt, entries: map[string]*cachedResponse{}}
	return &c
}

func (c *getCache) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodGet {
		return c.base.RoundTrip(req)
	}
	key := req.URL.String()
	c.mu.Lock()
	e := c.entries[key]
	c.mu.Unlock()
	if e != nil {
		return e.response(req), nil
	}
	resp, err := c.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxCachedBody+1))
	resp.Body.Close()
	if err != nil {
		return nil, err
	}
	e = &cachedResponse{status: resp.StatusCode, header: resp.Header.Clone(), body: body}
	if len(body) <= maxCachedBody {
		c.mu.Lock()
		c.entries[key] = e
		c.mu.Unlock()
	}
	return e.response(req), nil
}

func (e *cachedResponse) response(req *http.Request) *http.Response {
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", e.status, http.StatusText(e.status)),
		StatusCode:    e.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        e.header.Clone(),
		Body:          io.NopCloser(bytes.NewReader(e.body)),
		ContentLength: int64(len(e.body)),
		Request:       req,
	}
}
