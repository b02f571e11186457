package demo

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// fileURIPrefix starts the URI of a sandbox file, as served by the
// demo://files/{+path} resource template.
const fileURIPrefix = "demo://files/"

type pathArgs struct {
	Path string `json:"path"`
}

type listOutput struct {
	Folder  string  `json:"folder"`
	Entries []entry `json:"entries"`
}

func (d *demoServer) addFileTools(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "list_files",
		Title: "List files in the sandbox",
		Description: "Shows what is in a folder of the demo's sandbox: names, whether each is a file " +
			"or a folder, and file sizes. Leave the path empty for the top of the sandbox. " +
			"This is the way to find out what read_file can read.",
		InputSchema: object(
			optional("path", withDefault(text("Folder", "A folder inside the sandbox, for example \"notes\". Empty means the top of the sandbox."), "")),
		),
		OutputSchema: object(
			required("folder", text("Folder", "The folder that was listed, relative to the sandbox (\".\" is the top).")),
			required("entries", array("Entries", "What the folder holds, in name order.", object(
				required("name", text("Name", "The file or folder name.")),
				required("kind", choice("Kind", "What the entry is.", "file", "folder", "link")),
				required("size", &jsonschema.Schema{Type: "integer", Title: "Size", Description: "Size in bytes (0 for folders and links).", Minimum: jsonschema.Ptr(0.0)}),
			), 0, 1_000_000)),
		),
		Annotations: readOnlyHints(),
	}, d.listFiles)

	sdk.AddTool(s, &sdk.Tool{
		Name:  "read_file",
		Title: "Read a file from the sandbox",
		Description: "Shows what is in one file of the demo's sandbox folder: text as text, a picture " +
			"as an image, anything else as an attached file. Paths are relative to the sandbox, " +
			"for example \"welcome.txt\" or \"notes/shopping-list.md\" (list_files shows them all). " +
			"Paths that lead outside the sandbox, by \"..\", by an absolute path or through a link, " +
			"are refused with a message that says why.",
		InputSchema: object(
			required("path", &jsonschema.Schema{Type: "string", Title: "File",
				Description: "A file inside the sandbox, for example \"welcome.txt\".", MinLength: jsonschema.Ptr(1)}),
		),
		Annotations: readOnlyHints(),
	}, d.readFile)

	sdk.AddTool(s, &sdk.Tool{
		Name:  "delete_file",
		Title: "Delete a file from the sandbox",
		Description: "Deletes one file from the demo's sandbox folder. This cannot be undone, which is " +
			"why this tool is marked destructive and a careful client asks before running it. " +
			"Folders are never deleted, and nothing outside the sandbox can be. " +
			"restore_samples brings back the sample files.",
		InputSchema: object(
			required("path", &jsonschema.Schema{Type: "string", Title: "File",
				Description: "The file to delete, relative to the sandbox, for example \"notes/shopping-list.md\".", MinLength: jsonschema.Ptr(1)}),
		),
		Annotations: &sdk.ToolAnnotations{
			ReadOnlyHint:    false,
			DestructiveHint: new(true),
			// Deleting a file twice leaves the sandbox as deleting it once does.
			IdempotentHint: true,
			OpenWorldHint:  new(false),
		},
	}, d.deleteFile)

	sdk.AddTool(s, &sdk.Tool{
		Name:  "restore_samples",
		Title: "Restore the sample files",
		Description: "Puts back any of the sandbox's sample files (welcome.txt, planets.json, " +
			"notes/shopping-list.md, images/gradient.png) that are missing, for instance after " +
			"delete_file. Files that are already there are left exactly as they are.",
		InputSchema: object(),
		Annotations: &sdk.ToolAnnotations{
			ReadOnlyHint:    false,
			DestructiveHint: new(false),
			IdempotentHint:  true,
			OpenWorldHint:   new(false),
		},
	}, d.restoreSamples)
}

func (d *demoServer) listFiles(_ context.Context, _ *sdk.CallToolRequest, in pathArgs) (*sdk.CallToolResult, listOutput, error) {
	// A tool with an output schema reports failure with a plain error: the
	// SDK turns it into an isError result that carries no structured content
	// (which would otherwise have to match the schema).
	rel, err := d.box.resolve(in.Path)
	if err != nil {
		return nil, listOutput{}, err
	}
	entries, err := d.box.list(rel)
	if err != nil {
		if errors.Is(err, errNotFolder) {
			//lint:ignore ST1005 the tool answers the person in sentences
			return nil, listOutput{}, fmt.Errorf("%q is a file, not a folder. Use read_file to see what is in it.", in.Path)
		}
		return nil, listOutput{}, errors.New(d.box.explainOpenError(in.Path, rel, err))
	}
	var b strings.Builder
	where := "The sandbox folder"
	if rel != "." {
		where = fmt.Sprintf("The folder %q", display(rel))
	}
	switch len(entries) {
	case 0:
		fmt.Fprintf(&b, "%s is empty.", where)
	case 1:
		fmt.Fprintf(&b, "%s holds 1 entry:\n", where)
	default:
		fmt.Fprintf(&b, "%s holds %d entries:\n", where, len(entries))
	}
	for _, e := range entries {
		switch e.Kind {
		case "folder":
			fmt.Fprintf(&b, "  %s/\n", e.Name)
		case "link":
			fmt.Fprintf(&b, "  %s (link)\n", e.Name)
		default:
			fmt.Fprintf(&b, "  %s (%d bytes)\n", e.Name, e.Size)
		}
	}
	return textResult("%s", strings.TrimRight(b.String(), "\n")), listOutput{Folder: display(rel), Entries: entries}, nil
}

func (d *demoServer) readFile(_ context.Context, _ *sdk.CallToolRequest, in pathArgs) (*sdk.CallToolResult, any, error) {
	rel, err := d.box.resolve(in.Path)
	if err != nil {
		return errorResult("%s", err), nil, nil
	}
	data, err := d.box.readFile(rel)
	if err != nil {
		return errorResult("%s", d.box.explainOpenError(in.Path, rel, err)), nil, nil
	}
	return fileContent(rel, data), nil, nil
}

// fileContent shows a file the way a person expects: text as text, a
// picture as an image, anything else as an embedded resource.
func fileContent(rel string, data []byte) *sdk.CallToolResult {
	if utf8.Valid(data) {
		return textResult("%s", data)
	}
	mimeType := http.DetectContentType(data)
	if strings.HasPrefix(mimeType, "image/") {
		return &sdk.CallToolResult{Content: []sdk.Content{
			&sdk.TextContent{Text: fmt.Sprintf("%s is a %s picture of %d bytes:", display(rel), mimeType, len(data))},
			&sdk.ImageContent{Data: data, MIMEType: mimeType},
		}}
	}
	return &sdk.CallToolResult{Content: []sdk.Content{
		&sdk.TextContent{Text: fmt.Sprintf("%s is a binary file (%s) of %d bytes; it is attached as an embedded resource.", display(rel), mimeType, len(data))},
		&sdk.EmbeddedResource{Resource: &sdk.ResourceContents{URI: fileURI(rel), MIMEType: mimeType, Blob: data}},
	}}
}

// fileURI returns the demo:// URI of the sandbox file at rel.
func fileURI(rel string) string {
	parts := strings.Split(display(rel), "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return fileURIPrefix + strings.Join(parts, "/")
}

func (d *demoServer) deleteFile(ctx context.Context, _ *sdk.CallToolRequest, in pathArgs) (*sdk.CallToolResult, any, error) {
	rel, err := d.box.resolve(in.Path)
	if err != nil {
		return errorResult("%s", err), nil, nil
	}
	if rel == "." {
		return errorResult("The sandbox folder itself cannot be deleted; give the path of a file inside it."), nil, nil
	}
	if err := d.box.remove(rel); err != nil {
		if errors.Is(err, errIsFolder) {
			return errorResult("%q is a folder; delete_file deletes single files only, never folders.", in.Path), nil, nil
		}
		return errorResult("%s", d.box.explainOpenError(in.Path, rel, err)), nil, nil
	}
	d.changed(ctx, rel)
	return textResult("Deleted %s from the sandbox. restore_samples puts the sample files back.", display(rel)), nil, nil
}

func (d *demoServer) restoreSamples(ctx context.Context, _ *sdk.CallToolRequest, _ struct{}) (*sdk.CallToolResult, any, error) {
	written, err := writeSamples(d.box.dir)
	if err != nil {
		return errorResult("Could not restore the sample files: %v.", err), nil, nil
	}
	if len(written) == 0 {
		return textResult("All sample files are already there; nothing was changed."), nil, nil
	}
	d.changed(ctx, written...)
	return textResult("Restored %s.", strings.Join(written, ", ")), nil, nil
}
