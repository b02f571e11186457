package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

var errProcessExited = errors.New("the server process exited")

func (s *Session) process() *transport.StdioProcess {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.proc
}

func (s *Session) takeExitedProcess() *transport.StdioProcess {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.proc
	s.proc = nil
	if p == nil {
		return nil
	}
	select {
	case <-p.Exited():
		return p
	default:
		return nil
	}
}

// explainConnectError turns a connect failure into plain words with what to try.
func (s *Session) explainConnectError(ctx context.Context, cfg *config.ServerConfig, err error) string {
	var se *transport.StartError
	if errors.As(err, &se) {
		return se.Error()
	}
	if cfg.Type == config.TypeOpenAPI && ctx.Err() == nil {
		return "could not use the OpenAPI document: " + err.Error()
	}
	// The SDK closes the server's stdin when it gives up, so a process that
	// exits now is a consequence: judge by what the SDK saw first.
	if strings.Contains(err.Error(), "unsupported protocol version") {
		return fmt.Sprintf("the server answered initialize with a protocol version this app does not support (%v). Try setting \"protocolVersion\" in the entry to a version the server supports.", err)
	}
	timedOut := errors.Is(context.Cause(ctx), errConnectTimeout)
	if p := s.process(); p != nil && !timedOut && ctx.Err() == nil && p.AppHungUp() {
		return "the connection to the server ended before it finished starting, with the server still running (" +
			err.Error() + "); it has been stopped." + s.noiseTail() + s.stderrTail()
	}
	if errors.Is(err, errProcessExited) || !timedOut {
		if p := s.process(); p != nil {
			select {
			case <-p.Exited():
			case <-time.After(300 * time.Millisecond):
			}
			select {
			case <-p.Exited():
				// A clean exit after the wait ran out is the server reading
				// the end of the stdin the SDK closed: the timeout is the news.
				if !timedOut || p.ExitCode() != 0 {
					msg := fmt.Sprintf("the server exited with code %d before it finished starting.", p.ExitCode())
					return msg + s.noiseTail() + s.stderrTail()
				}
			default:
			}
		}
	}
	if timedOut {
		msg := fmt.Sprintf("the server did not answer initialize within %s.", cfg.ConnectTimeoutDuration())
		msg += s.noiseTail()
		if tail := s.stderrTail(); tail != "" {
			msg += tail
		} else if cfg.Type == config.TypeStdio {
			msg += " It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise \"connectTimeout\" for a slow one."
		}
		return msg
	}
	if ctx.Err() != nil {
		return "connecting was cancelled"
	}
	if cfg.Type == config.TypeHTTP && isSignInError(err) {
		return signInReason(cfg, err)
	}
	if cfg.Type == config.TypeHTTP || cfg.Type == config.TypeSSE {
		return fmt.Sprintf("could not connect to %s: %s. Check the URL and that the server is running.", cfg.URL, PlainCause(err))
	}
	return "could not initialize the session: " + PlainCause(err) + s.noiseTail() + s.stderrTail()
}

// noiseTail is the last non-protocol stdout lines, for messages, or "".
func (s *Session) noiseTail() string {
	noise := s.lastRun(s.Log.Tail(3, transport.LogStdoutNoise))
	if len(noise) == 0 {
		return ""
	}
	return " It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):" + joinTail(noise)
}

// stderrTail is the last stderr lines, for messages, or "".
func (s *Session) stderrTail() string {
	tail := s.lastRun(s.Log.Tail(5, transport.LogStderr))
	if len(tail) == 0 {
		return ""
	}
	return " Last stderr lines:" + joinTail(tail)
}

// lastRun keeps the entries the last process wrote. A server that exits at
// start is started twice when its first run was the era probe (a server
// that exits when asked server/discover gets a fresh start, see
// eraconnect.go), and a tail of both runs would say the same thing twice.
func (s *Session) lastRun(entries []transport.LogEntry) []transport.LogEntry {
	s.mu.Lock()
	from := s.procSeq
	s.mu.Unlock()
	for len(entries) > 0 && entries[0].Seq < from {
		entries = entries[1:]
	}
	return entries
}

func joinTail(entries []transport.LogEntry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString("\n  ")
		b.WriteString(e.Text)
	}
	return b.String()
}
