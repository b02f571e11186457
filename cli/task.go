package cli

import (
	"context"
	"encoding/json"
	"fmt"
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
		return usageErr("%q has no tool %q", sc.Name, toolName)
	}
	if !s.CanRunAsTask(toolName) {
		if s.TaskForm() == mcp.TaskFormNone {
			return usageErr("%s offers no tasks: it neither declares the tasks extension (%s) nor any tool with execution.taskSupport", sc.Name, mcp.TasksExtension)
		}
		return usageErr("%s's tool %q cannot run as a task (its execution.taskSupport is %q)", sc.Name, toolName, s.TaskSupport(toolName))
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
		fmt.Fprintf(env.Stderr, "mcpbrowser: %s ran %s at once instead of as a task\n", sc.Name, toolName)
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
		fmt.Fprintf(env.Stderr, "mcpbrowser: task %s: %s\n", t.TaskID, t.Describe())
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
		return &exitError{ExitToolError, fmt.Sprintf("%s: the task ended %s", server, t.Status)}
	}
	return nil
}
