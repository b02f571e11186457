package apps

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// ReadView reads a view's HTML and hosting metadata with resources/read
// through s. The contents item's _meta.ui (CSP, permissions) is what
// counts; a resource without HTML is an error in plain words.
func ReadView(ctx context.Context, s Session, uri string) (html string, meta ResourceMeta, err error) {
	params, _ := json.Marshal(map[string]string{"uri": uri})
	raw, err := s.Forward(ctx, "resources/read", params)
	if err != nil {
		return "", meta, fmt.Errorf("reading the app's page %s: %w", uri, err)
	}
	var res struct {
		Contents []struct {
			URI      string         `json:"uri"`
			MIMEType string         `json:"mimeType"`
			Text     *string        `json:"text"`
			Blob     *string        `json:"blob"`
			Meta     map[string]any `json:"_meta"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		return "", meta, fmt.Errorf("reading the app's page %s: the answer is not a resource: %w", uri, err)
	}
	for _, c := range res.Contents {
		switch {
		case c.Text != nil:
			html = *c.Text
		case c.Blob != nil:
			b, err := base64.StdEncoding.DecodeString(*c.Blob)
			if err != nil {
				continue
			}
			html = string(b)
		default:
			continue
		}
		return html, ParseResourceMeta(c.Meta), nil
	}
	return "", meta, fmt.Errorf("the server's resource %s holds no HTML page for the app", uri)
}
