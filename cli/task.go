package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"mcpbrowser/mcp"
	"mcpbrowser/mcp/config"
)

// cmdCallTask runs a tool as a task (call --task): it prints the task id
// with --no-wait, or follows the task's status on stderr and prints its
// result when done.
func cmdCallTask(ctx context.Context, inv *invocation, env Env, sc *config.ServerConfig, toolName string, pairs []string) error {
	s, stop, err := connect(ctx, inv, env, sc)
	if err != nil {
		return err
	}
	defer stop()
	if s.Tool(toolName) == nil {
		return usageT("{{.Server}} has no tool {{.Tool}}", M{"Server": q(sc.Name), "Tool": q(toolName)})
	}
	if !s.CanRunAsTask(toolName) {
		if s.TaskForm() == mcp.TaskFormNone {
			return usageT("{{.Server}} offers no tasks: it neither declares the tasks extension ({{.Extension}}) nor any tool with execution.taskSupport", M{"Server": sc.Name, "Extension": mcp.TasksExtension})
		}
		return usageT("{{.Server}}'s tool {{.Tool}} cannot run as a task (its execution.taskSupport is {{.Support}})", M{"Server": sc.Name, "Tool": q(toolName), "Support": q(s.TaskSupport(toolName))})
	}
	args, err := buildArguments(toolName, s.InputSchema(toolName), inv.argsJSON, pairs)
	if err != nil {
		return err
	}
	ctx, cancel := withTimeout(ctx, inv)
	defer cancel()
	t, err := s.StartToolTask(ctx, toolName, args)
	if err != nil {
		return failed(env, sc.Name, true, err)
	}
	if t.TaskID == "" {
		// The server (tasks extension) chose to run the tool at once.
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+tr("{{.Server}} ran {{.Tool}} at once instead of as a task", M{"Server": sc.Name, "Tool": toolName}))
		return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "result": t.Result})
	}
	if inv.taskFlags["no-wait"] {
		return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "task": t})
	}
	return followTask(ctx, env, s, sc.Name, t)
}

// cmdTask shows a task's status (task TARGET ID), its result when done, or
// cancels it (--cancel).
func cmdTask(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, s, stop, err := connectFor(ctx, inv, env, 1, false, "task TARGET ID [--cancel]")
	if err != nil {
		return err
	}
	defer stop()
	ctx, cancel := withTimeout(ctx, inv)
	defer cancel()
	var t mcp.Task
	if inv.taskFlags["cancel"] {
		t, err = s.CancelTask(ctx, rest[0])
	} else {
		t, err = s.GetTask(ctx, rest[0])
	}
	if err != nil {
		return failed(env, sc.Name, true, err)
	}
	out := map[string]any{"server": sc.Name, "task": t}
	if t.Status == "completed" && t.Result == nil && s.TaskForm() != mcp.TaskFormExtension {
		if res, err := s.TaskResult(ctx, t.TaskID); err == nil {
			out["result"] = res
		}
	}
	return writeJSON(env.Stdout, out)
}

// followTask prints each status change to stderr, then the result.
func followTask(ctx context.Context, env Env, s *mcp.Session, server string, t mcp.Task) error {
	var mu sync.Mutex
	t, err := s.WaitTask(ctx, t, func(t mcp.Task) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintln(env.Stderr, "mcpbrowser: "+taskLine(t))
	})
	if err != nil {
		return failed(env, server, true, err)
	}
	out := map[string]any{"server": server, "task": t}
	if t.Status == "completed" {
		res := t.Result // the extension's tasks/get carries it
		if res == nil {
			if res, err = s.TaskResult(ctx, t.TaskID); err != nil {
				return failed(env, server, true, err)
			}
		}
		t.Result = nil // printed once, as "result"
		out["task"], out["result"] = t, json.RawMessage(res)
	}
	if err := writeJSON(env.Stdout, out); err != nil {
		return err
	}
	if t.Status != "completed" {
		return &exitError{ExitToolError, tr("{{.Server}}: the task ended {{.Status}}", M{"Server": server, "Status": t.Status})}
	}
	return nil
}

// taskLine is a task's status for people: "task ID: working: message", the
// status word as the protocol says it, the core's own message translated
// (a server's stays as it came).
func taskLine(t mcp.Task) string {
	status := t.Status
	if m := strings.TrimSpace(t.StatusMessage); m != "" {
		status += ": " + strings.TrimSpace(explainCore(t.StatusWords()))
	}
	return tr("task {{.ID}}: {{.Status}}", M{"ID": t.TaskID, "Status": status})
}
