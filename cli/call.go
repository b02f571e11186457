package cli

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/schema"
)

// toolAndPairs splits what follows TARGET into the TOOL name and its
// key=value pairs (call, app, load); noTool is the command's own usage error
// for a missing TOOL.
func toolAndPairs(rest []string, noTool error) (string, []string, error) {
	if len(rest) == 0 {
		return "", nil, noTool
	}
	for _, p := range rest[1:] {
		if !strings.Contains(p, "=") {
			return "", nil, usageT("{{.Arg}} is not key=value", M{"Arg": q(p)})
		}
	}
	return rest[0], rest[1:], nil
}

func cmdCall(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, err := target(inv, env)
	if err != nil {
		return err
	}
	toolName, pairs, err := toolAndPairs(rest, usageT("call needs a TOOL name (see `mcpbrowser tools TARGET`)"))
	if err != nil {
		return err
	}
	if inv.argsJSON != "" && !json.Valid([]byte(inv.argsJSON)) {
		return usageT("--args is not valid JSON")
	}
	if inv.taskFlags["task"] {
		return cmdCallTask(ctx, inv, env, sc, toolName, pairs)
	}
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	tool := s.Tool(toolName)
	if tool == nil {
		var names []string
		for _, t := range s.Tools() {
			names = append(names, t.Name)
		}
		return usageT("{{.Server}} has no tool {{.Tool}} (its tools: {{.Tools}})", M{"Server": q(sc.Name), "Tool": q(toolName), "Tools": strings.Join(names, ", ")})
	}
	args, err := buildArguments(tool.Name, s.InputSchema(tool.Name), inv.argsJSON, pairs)
	if err != nil {
		return err
	}
	opts := mcp.CallOptions{}
	if inv.timeout > 0 {
		// A hard bound, not the progress-restarted idle timeout.
		opts.Timeout, opts.MaxTotal = -1, inv.timeout
	}
	r := s.CallTool(ctx, toolName, args, opts)
	recordCheck(inv, env, sc, checks.Recorded(sc.Name, r))
	if err := writeJSON(env.Stdout, r); err != nil {
		return err
	}
	if r.OK() {
		return nil
	}
	return &exitError{r.ExitCode(), explainCore(r.Why())}
}

// buildArguments converts --args JSON and key=value pairs by the tool's
// inputSchema: a=3 is the integer 3 when the schema says integer.
func buildArguments(tool string, inputSchema json.RawMessage, argsJSON string, pairs []string) (json.RawMessage, error) {
	form, err := schema.NewForm(inputSchema)
	if err != nil {
		return nil, usageT("the tool's inputSchema cannot be read ({{.Err}}); pass the arguments with --args JSON", M{"Err": explainCore(err)})
	}
	if argsJSON != "" {
		if err := form.Load(json.RawMessage(argsJSON)); err != nil {
			var le *schema.LoadError
			if !errors.As(err, &le) {
				return nil, usageErr("--args: %s", explainCore(err))
			}
		}
	}
	if err := form.ApplyKeyValues(pairs); err != nil {
		return nil, usageErr("%s", explainCore(err))
	}
	args, problems := form.Arguments()
	if len(problems) > 0 {
		var b strings.Builder
		b.WriteString(tr("the arguments do not fit {{.Tool}}'s input schema:", M{"Tool": tool}))
		for _, p := range problems {
			name := p.Path
			if name == "" {
				name = tr("arguments")
			}
			b.WriteString("\n  " + tr("{{.Field}}: {{.Problem}}", M{"Field": name, "Problem": i18n.FieldProblem(p.Problem())}))
		}
		return nil, usageErr("%s", b.String())
	}
	return args, nil
}
