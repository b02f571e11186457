package demo

import (
	"context"
	"fmt"
	"path"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// The demo's resources change when its file tools change the sandbox:
// demo://sandbox lists the sandbox's files, and a client subscribed to it
// (resources/subscribe, or subscriptions/listen from 2026-07-28) is told
// when delete_file or restore_samples changed them. Its lists say they stay
// fresh for listTTLMs (ttlMs, 2026-07-28), which a client may use to skip
// asking again; the tool list and reads say 0 (ask every time).

const sandboxURI = "demo://sandbox"

// listTTLMs is how long the demo's list results stay fresh: its lists never
// change while it runs.
const listTTLMs = 30_000

// updateOptions are the server options behind subscriptions and caching.
func updateOptions(opts *sdk.ServerOptions) {
	// Any demo:// resource may be subscribed to; the SDK keeps the list of
	// subscribers and ResourceUpdated tells them.
	opts.SubscribeHandler = func(context.Context, *sdk.SubscribeRequest) error { return nil }
	opts.UnsubscribeHandler = func(context.Context, *sdk.UnsubscribeRequest) error { return nil }
	opts.SetCacheable = func(_ context.Context, req sdk.Request, c *sdk.Cacheable) {
		switch req.GetParams().(type) {
		case *sdk.ListResourcesParams, *sdk.ListResourceTemplatesParams, *sdk.ListPromptsParams:
			c.TTLMs, c.CacheScope = listTTLMs, "public"
		default:
			// Reads: the sandbox's files change. The tool list is left to
			// notifications/tools/list_changed.
			c.TTLMs = 0
		}
	}
}

func (d *demoServer) addSandboxResource(s *sdk.Server) {
	s.AddResource(&sdk.Resource{
		URI:         sandboxURI,
		Name:        "sandbox",
		Title:       "The sandbox's files",
		Description: "Every file in the sandbox folder with its size. Subscribe to it, then run delete_file or restore_samples: the server says it changed.",
		MIMEType:    "text/plain",
	}, func(context.Context, *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		text, err := d.sandboxListing()
		if err != nil {
			return nil, err
		}
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{{URI: sandboxURI, MIMEType: "text/plain", Text: text}}}, nil
	})
}

// sandboxListing is every file under the sandbox, one "path (N bytes)" a line.
func (d *demoServer) sandboxListing() (string, error) {
	var b strings.Builder
	var walk func(rel string) error
	walk = func(rel string) error {
		entries, err := d.box.list(rel)
		if err != nil {
			return err
		}
		for _, e := range entries {
			p := path.Join(rel, e.Name)
			switch e.Kind {
			case "folder":
				if err := walk(p); err != nil {
					return err
				}
			case "link":
				fmt.Fprintf(&b, "%s (link)\n", p)
			default:
				fmt.Fprintf(&b, "%s (%d bytes)\n", p, e.Size)
			}
		}
		return nil
	}
	if err := walk("."); err != nil {
		return "", fmt.Errorf("could not list the sandbox: %v", err)
	}
	if b.Len() == 0 {
		return "The sandbox is empty. restore_samples brings the sample files back.\n", nil
	}
	return b.String(), nil
}

// changed tells subscribers that the sandbox and the files at rels changed.
func (d *demoServer) changed(ctx context.Context, rels ...string) {
	if d.server == nil {
		return
	}
	uris := []string{sandboxURI}
	for _, rel := range rels {
		uris = append(uris, fileURI(rel))
	}
	for _, uri := range uris {
		_ = d.server.ResourceUpdated(ctx, &sdk.ResourceUpdatedNotificationParams{URI: uri})
	}
}
