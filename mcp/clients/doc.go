// Package clients reads and writes the MCP configuration files of other
// applications — Claude Desktop, Claude Code, Cursor, VS Code, Cline,
// Windsurf, Codex — and text pasted from a README: the format list, discovery
// of the files on this computer, import into the servers file and export out
// of it, the JSONC and Codex TOML dialects, and the variables those files use
// (${env:…}, ${workspaceFolder}, ${input:…}, .env files).
//
// What it is not: the servers file itself and the import metadata recorded
// on its entries are mcp/config's; this package turns other apps' text into
// config.ServerConfig values and back, and never starts a server.
package clients
