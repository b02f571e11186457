package demo

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoArgs struct {
	Message   string `json:"message"`
	Repeat    int    `json:"repeat"`
	Uppercase bool   `json:"uppercase"`
}

func (d *demoServer) addTextTools(s *sdk.Server) {
	sdk.AddTool(s, &sdk.Tool{
		Name:  "echo",
		Title: "Echo a message",
		Description: "Sends your message straight back, so you can see a call go out and come back. " +
			"It can repeat the message (1 to 10 times, one per line) and shout it in capital letters.",
		InputSchema: object(
			required("message", text("Message", "Any text, for example \"Hello, MCP!\".")),
			optional("repeat", withDefault(integer("Repeat", "How many times to send it back, one per line.", 1, 10), 1)),
			optional("uppercase", withDefault(boolean("Capital letters", "Turn the message into CAPITAL LETTERS."), false)),
		),
		Annotations: readOnlyHints(),
	}, func(_ context.Context, _ *sdk.CallToolRequest, in echoArgs) (*sdk.CallToolResult, any, error) {
		message := in.Message
		if in.Uppercase {
			message = strings.ToUpper(message)
		}
		lines := make([]string, in.Repeat)
		for i := range lines {
			lines[i] = message
		}
		return textResult("%s", strings.Join(lines, "\n")), nil, nil
	})
}
