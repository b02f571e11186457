package demo

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// codeResourceNotFound is what the demo answers for a missing resource: invalid
// params (-32602), as the SDK's deprecated CodeResourceNotFound has been since
// SEP-2164 (-32002 before); the window's tests read that code.
const codeResourceNotFound = jsonrpc.CodeInvalidParams

const readmeURI = "demo://readme"

func (d *demoServer) addResources(s *sdk.Server) {
	s.AddResource(&sdk.Resource{
		URI:         readmeURI,
		Name:        "readme",
		Title:       "About the demo server",
		Description: "What this demo server offers and how to try it.",
		MIMEType:    "text/markdown",
	}, func(_ context.Context, _ *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
		return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{
			{URI: readmeURI, MIMEType: "text/markdown", Text: readme(d.box.dir)},
		}}, nil
	})

	s.AddResourceTemplate(&sdk.ResourceTemplate{
		URITemplate: fileURIPrefix + "{+path}",
		Name:        "sandbox-file",
		Title:       "A file in the sandbox",
		Description: "Any file in the demo's sandbox folder, by its path, for example " + fileURIPrefix + "notes/shopping-list.md.",
	}, d.readFileResource)
}

func readme(root string) string {
	return `# MCP Browser demo server

A small MCP server built into MCP Browser, for trying MCP by hand. Nothing it does
reaches outside this computer, and its file tools only touch the sandbox folder:

    ` + root + `

## Tools

- add, stats: arithmetic, with structured results.
- echo: sends your message back.
- list_files, read_file, delete_file, restore_samples: the sandbox's files.
- slow_task: takes its time, reports progress, and can be cancelled.
- draw_gradient: returns a picture.
- weather_report: invented weather as a structured result.
- fail: fails as a tool error or as a protocol error.
- log_stderr: writes lines to the server's stderr.

## Resources and prompts

- ` + readmeURI + `: this text.
- ` + sandboxURI + `: the sandbox's files. Subscribe to it, then delete_file or
  restore_samples: the server says it changed.
- ` + fileURIPrefix + `{path}: any file in the sandbox.
- Skills (skills/list): ` + skillNames() + `. The second is refused on
  purpose: its SKILL.md does not match its listing.
- The prompt summarize_file asks a model to summarise a sandbox file.
`
}

// readFileResource serves demo://files/{+path}. A resource read has no
// isError: a refused or missing file is a JSON-RPC error.
func (d *demoServer) readFileResource(_ context.Context, req *sdk.ReadResourceRequest) (*sdk.ReadResourceResult, error) {
	uri := req.Params.URI
	userPath, err := url.PathUnescape(strings.TrimPrefix(uri, fileURIPrefix))
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("%s is not a valid file URI: %v", uri, err)}
	}
	rel, err := d.box.resolve(userPath)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	data, err := d.box.readFile(rel)
	if err != nil {
		return nil, &jsonrpc.Error{
			Code:    codeResourceNotFound,
			Message: d.box.explainOpenError(userPath, rel, err),
			Data:    fmt.Appendf(nil, `{"uri":%q}`, uri),
		}
	}
	contents := &sdk.ResourceContents{URI: uri}
	if utf8.Valid(data) {
		contents.MIMEType = "text/plain"
		contents.Text = string(data)
	} else {
		contents.MIMEType = http.DetectContentType(data)
		contents.Blob = data
	}
	return &sdk.ReadResourceResult{Contents: []*sdk.ResourceContents{contents}}, nil
}

func (d *demoServer) addPrompts(s *sdk.Server) {
	s.AddPrompt(&sdk.Prompt{
		Name:        "summarize_file",
		Title:       "Summarise a sandbox file",
		Description: "Builds a request asking a model to summarise one file of the demo's sandbox, with the file attached.",
		Arguments: []*sdk.PromptArgument{
			{Name: "path", Title: "File", Description: "A file inside the sandbox, for example \"welcome.txt\".", Required: true},
			{Name: "style", Title: "Style", Description: "\"short\" (one sentence, the default) or \"detailed\" (a paragraph)."},
		},
	}, d.summarizeFile)
}

func (d *demoServer) summarizeFile(_ context.Context, req *sdk.GetPromptRequest) (*sdk.GetPromptResult, error) {
	userPath := req.Params.Arguments["path"]
	length := "in one sentence"
	switch style := req.Params.Arguments["style"]; style {
	case "", "short":
	case "detailed":
		length = "in a paragraph"
	default:
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: fmt.Sprintf("style %q is not one of \"short\" or \"detailed\"", style)}
	}
	rel, err := d.box.resolve(userPath)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: err.Error()}
	}
	data, err := d.box.readFile(rel)
	if err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: d.box.explainOpenError(userPath, rel, err)}
	}
	if !utf8.Valid(data) {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: fmt.Sprintf("%q is not a text file, so it cannot be summarised", userPath)}
	}
	return &sdk.GetPromptResult{
		Description: "Summarise " + display(rel),
		Messages: []*sdk.PromptMessage{
			{Role: "user", Content: &sdk.TextContent{Text: fmt.Sprintf("Please summarise the attached file %s %s.", display(rel), length)}},
			{Role: "user", Content: &sdk.EmbeddedResource{Resource: &sdk.ResourceContents{
				URI: fileURI(rel), MIMEType: "text/plain", Text: string(data),
			}}},
		},
	}, nil
}
