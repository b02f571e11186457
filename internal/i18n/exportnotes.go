package i18n

// What mcp/clients says about exporting servers to another app's config
// (ExportNotes, and why Export refused), worded in English there and
// translated here by pattern, as Explain does for the core.
var exportRules = []coreRule{
	rule(`(?P<Name>".*") is an OpenAPI entry, which only MCP Browser can run; it is left out\.`,
		"{{.Name}} is an OpenAPI entry, which only MCP Browser can run; it is left out."),
	rule(`(?P<Name>".*") is a remote server: Claude Desktop starts only local commands from this file; add it under Settings → Connectors, or run it through `+"`"+`npx mcp-remote (?P<URL>\S*)`+"`"+`\.`,
		"{{.Name}} is a remote server: Claude Desktop starts only local commands from this file; add it under Settings → Connectors, or run it through `npx mcp-remote {{.URL}}`."),
	rule(`(?P<Name>".*") uses the legacy SSE transport, which Codex does not speak; it is written with its URL, as streamable HTTP\.`,
		"{{.Name}} uses the legacy SSE transport, which Codex does not speak; it is written with its URL, as streamable HTTP."),
	rule(`(?P<Name>".*?") uses (?P<Inputs>\$\{input:.*\}), which only VS Code asks for; replace it with the value or an environment variable\.`,
		"{{.Name}} uses {{.Inputs}}, which only VS Code asks for; replace it with the value or an environment variable."),
	rule(`(?P<Name>".*?") keeps fields (?P<Fields>.*) that (?P<App>.*) may not understand\.`,
		"{{.Name}} keeps fields {{.Fields}} that {{.App}} may not understand."),
	rule(`server (?P<Name>".*") holds answers to VS Code inputs and must not be exported; export the saved entry instead`,
		"server {{.Name}} holds answers to VS Code inputs and must not be exported; export the saved entry instead"),
	rule(`two servers are named (?P<Name>".*"); rename one before exporting them together`,
		"two servers are named {{.Name}}; rename one before exporting them together"),
	rule(`unknown format (?P<Format>".*")`, "unknown format {{.Format}}"),
}

// ExportMessage translates a note mcp/clients gives about an export, or
// the reason it refused one; text it does not know goes through Explain.
func ExportMessage(msg string) string {
	if out, ok := applyRules(exportRules, msg, Explain); ok {
		return out
	}
	return Explain(msg)
}
