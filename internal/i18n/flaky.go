package i18n

// The sign-in that gives up on a scope the server needs and is never
// granted (mcp/oauth/handler.go countStepUp), added to Explain's table;
// its key is in translations/core.*.json.

func init() {
	coreRules = append(coreRules, flakyRules...)
}

var flakyRules = []coreRule{
	rule(`the permission the server needs \(scope (?P<Scope>".*")\) was not granted after (?P<N>\d+) sign-ins, so MCP Browser stopped asking\. Your account may not be allowed that scope: ask the server's owner, or sign in with another account`,
		"the permission the server needs (scope {{.Scope}}) was not granted after {{.N}} sign-ins, so MCP Browser stopped asking. Your account may not be allowed that scope: ask the server's owner, or sign in with another account"),
}
