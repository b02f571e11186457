package mcp

//lint:file-ignore SA1019 SEP-2577 deprecates sampling, roots and logging from protocol 2026-07-28; servers of earlier versions use them, and the app supports those

import (
	"context"
	"errors"
	"strings"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
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
func (s *Session) explainConnectError(ctx context.Context, cfg *config.ServerConfig, err error) say.Msg {
	var se *transport.StartError
	if errors.As(err, &se) {
		return se.Said()
	}
	if cfg.Type == config.TypeOpenAPI && ctx.Err() == nil {
		return say.New("could not use the OpenAPI document: {{.Err}}", say.Args{"Err": err})
	}
	// The SDK closes the server's stdin when it gives up, so a process that
	// exits now is a consequence: judge by what the SDK saw first.
	if strings.Contains(err.Error(), "unsupported protocol version") {
		return say.New("the server answered initialize with a protocol version this app does not support ({{.Err}}). Try setting \"protocolVersion\" in the entry to a version the server supports.", say.Args{"Err": err.Error()})
	}
	timedOut := errors.Is(context.Cause(ctx), errConnectTimeout)
	if p := s.process(); p != nil && !timedOut && ctx.Err() == nil && p.AppHungUp() {
		return s.stderrTail(s.noiseTail(say.New("the connection to the server ended before it finished starting, with the server still running ({{.Err}}); it has been stopped.", say.Args{"Err": err.Error()})))
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
					msg := say.New("the server exited with code {{.Code}} before it finished starting.", say.Args{"Code": p.ExitCode()})
					return s.stderrTail(s.noiseTail(msg))
				}
			default:
			}
		}
	}
	if timedOut {
		msg := s.noiseTail(say.New("the server did not answer initialize within {{.Timeout}}.", say.Args{"Timeout": cfg.ConnectTimeoutDuration()}))
		if s.hasStderr() {
			return s.stderrTail(msg)
		}
		if cfg.Type == config.TypeStdio {
			return say.New("{{.Reason}} It printed nothing to stderr. Check that the command really starts an MCP server over stdio, or raise \"connectTimeout\" for a slow one.", say.Args{"Reason": msg})
		}
		return msg
	}
	if ctx.Err() != nil {
		return say.Text("connecting was cancelled")
	}
	if cfg.Type == config.TypeHTTP && isSignInError(err) {
		return signInReason(cfg, err)
	}
	if cfg.Type == config.TypeHTTP || cfg.Type == config.TypeSSE {
		return say.New("could not connect to {{.URL}}: {{.Err}}. Check the URL and that the server is running.", say.Args{"URL": cfg.URL, "Err": PlainCauseMsg(err)})
	}
	return s.stderrTail(s.noiseTail(say.New("could not initialize the session: {{.Err}}", say.Args{"Err": PlainCauseMsg(err)})))
}

// noiseTail is reason followed by the last non-protocol stdout lines, if
// the server wrote any.
func (s *Session) noiseTail(reason say.Msg) say.Msg {
	noise := s.lastRun(s.Log.Tail(3, transport.LogStdoutNoise))
	if len(noise) == 0 {
		return reason
	}
	return say.New("{{.Reason}} It wrote text that is not MCP to stdout (servers must print only protocol messages there; logs belong on stderr):{{.Lines}}", say.Args{"Reason": reason, "Lines": joinTail(noise)})
}

// stderrTail is reason followed by the last stderr lines, if the server
// wrote any; the lines stay as the server wrote them.
func (s *Session) stderrTail(reason say.Msg) say.Msg {
	tail := s.lastRun(s.Log.Tail(5, transport.LogStderr))
	if len(tail) == 0 {
		return reason
	}
	return say.New("{{.Reason}} Last stderr lines:{{.Lines}}", say.Args{"Reason": reason, "Lines": joinTail(tail)})
}

// hasStderr reports whether the last process wrote to stderr.
func (s *Session) hasStderr() bool {
	return len(s.lastRun(s.Log.Tail(5, transport.LogStderr))) > 0
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
