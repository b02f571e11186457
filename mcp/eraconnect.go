package mcp

import (
	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"
	"mcpbrowser/mcp/transport"

	"context"
	"errors"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// connectEra connects at the entry's pinned version, at the version the
// server spoke last time, or by asking: server/discover first (within
// DiscoverWait), initialize when that fails. A stdio server that exits when
// asked server/discover is started again and asked initialize; a remembered
// version that no longer works is forgotten and the server asked afresh.
func (s *Session) connectEra(ctx context.Context, cfg *config.ServerConfig, pauseTimeout func()) (*sdk.ClientSession, Era, error) {
	if pinned := pinnedVersion(cfg); pinned != "" {
		cs, err := s.connect(ctx, cfg, pinned, newProbe(pinned), pauseTimeout)
		return cs, eraOf(cs, Era{How: EraPinned}), err
	}
	if cfg.Type == config.TypeSSE || cfg.Type == config.TypeOpenAPI {
		// The SSE transport predates server/discover; the OpenAPI backend
		// lives in this process and speaks whatever it is asked.
		cs, err := s.connect(ctx, cfg, DefaultProtocolVersion, nil, pauseTimeout)
		return cs, eraOf(cs, Era{}), err
	}
	if remembered := s.eras.Lookup(cfg); remembered != "" {
		var cs *sdk.ClientSession
		var era Era
		var err error
		if remembered >= Version20260728 {
			// It answered server/discover before: ask it with no bound, or a
			// server that is merely slow to start is taken for a deaf one.
			cs, err = s.connect(ctx, cfg, remembered, nil, pauseTimeout)
			era = eraOf(cs, Era{How: EraRemembered})
		} else {
			cs, era, err = s.attempt(ctx, cfg, remembered, pauseTimeout)
		}
		if err == nil {
			if era.How == EraDiscovered || era.Version == remembered {
				era.How, era.Why = EraRemembered, ""
			}
			return cs, era, nil
		}
		var se *transport.StartError
		if ctx.Err() != nil || errors.As(err, &se) || isSignInError(err) {
			// Not the version's fault: asking afresh would only start
			// the same process or sign-in again.
			return nil, Era{}, err
		}
		s.Log.Say(transport.LogInfo, say.New("the server did not connect with protocol {{.Version}} as it did last time; asking it afresh", say.Args{"Version": remembered}))
		s.eras.Forget(cfg)
		s.resetProcess()
	}
	return s.attempt(ctx, cfg, Version20260728, pauseTimeout)
}

// attempt connects offering version (server/discover first when it is
// 2026-07-28 or later) and records what the server spoke.
func (s *Session) attempt(ctx context.Context, cfg *config.ServerConfig, version string, pauseTimeout func()) (*sdk.ClientSession, Era, error) {
	probe := newProbe(version)
	if probe != nil && cfg.Type != config.TypeStdio {
		// Over HTTP every request gets an answer (a server of an older era
		// answers 4xx or "method not found"), so a slow one is a busy
		// server, not a deaf one: it is waited for, within the connect
		// timeout like any request. A bound here (it was 10 s) took a busy
		// server for an older one on a loaded machine and sent initialize,
		// which a 2026-07-28 server refuses or answers in the wrong era.
		probe.wait = 0
	}
	cs, err := s.connect(ctx, cfg, version, probe, pauseTimeout)
	era := eraOf(cs, Era{})
	switch {
	case err == nil && probe == nil:
		era.How = EraRemembered
	case err == nil && era.Version >= Version20260728:
		era.How = EraDiscovered
	case err == nil:
		era.How, era.Said = EraFellBack, probe.reason()
		era.Why = era.Said.String()
	case probe.answeredLate() && ctx.Err() == nil:
		// A slow server answered server/discover after the wait, and then
		// refused initialize on the same connection: it speaks 2026-07-28,
		// so it is asked again, fresh, without a bound on discover.
		s.Log.Say(transport.LogInfo, say.New("the server answered server/discover late; connecting again with protocol {{.Version}}", say.Args{"Version": Version20260728}))
		if pt := probe.stdio; pt != nil && pt.usable() && s.process() != nil {
			cs, err = s.connectOver(ctx, pt.client, pt, Version20260728)
		} else {
			s.resetProcess()
			cs, err = s.connect(ctx, cfg, Version20260728, nil, pauseTimeout)
		}
		late := say.Text("answered late")
		era = eraOf(cs, Era{How: EraDiscovered, Why: late.String(), Said: late})
	case cfg.Type == config.TypeStdio && probe.freshStart() && ctx.Err() == nil:
		// "If the process choked": a server that exited or went quiet on
		// server/discover, or whose answer offered no version the app speaks
		// and then refused initialize on the same connection, is started
		// again and asked only initialize.
		why := probe.reason()
		if probe.answeredWithResult() {
			why = say.Text("server/discover offered no version this app speaks")
		} else if errors.Is(err, errProcessExited) || s.processExited(300*time.Millisecond) {
			why = say.Text("the server exited when asked server/discover")
		}
		s.Log.Say(transport.LogInfo, say.New("{{.Why}}; starting the server again and asking initialize", say.Args{"Why": why}))
		s.resetProcess()
		cs, err = s.connect(ctx, cfg, DefaultProtocolVersion, nil, pauseTimeout)
		era = eraOf(cs, Era{How: EraFellBack, Why: why.String(), Said: why})
	}
	if err != nil {
		return nil, Era{}, err
	}
	if probe.answeredLate() {
		// Slow this time; next time it is asked server/discover first again.
		s.remember(cfg, Version20260728)
		return cs, era, nil
	}
	s.remember(cfg, era.Version)
	return cs, era, nil
}

// newProbe watches server/discover when version asks for it.
func newProbe(version string) *discoverProbe {
	if version < Version20260728 {
		return nil
	}
	return &discoverProbe{wait: DiscoverWait}
}

// eraOf fills in the version the session negotiated.
func eraOf(cs *sdk.ClientSession, e Era) Era {
	if cs == nil || cs.InitializeResult() == nil {
		return Era{}
	}
	e.Version = cs.InitializeResult().ProtocolVersion
	return e
}

func (s *Session) remember(cfg *config.ServerConfig, version string) {
	if err := s.eras.Remember(cfg, version); err != nil {
		s.Log.Say(transport.LogInfo, say.New("could not remember the server's protocol version: {{.Err}}", say.Args{"Err": err.Error()}))
	}
}

// processExited reports whether the server process has exited, waiting at most wait.
func (s *Session) processExited(wait time.Duration) bool {
	p := s.process()
	if p == nil {
		return false
	}
	select {
	case <-p.Exited():
		return true
	case <-time.After(wait):
		return false
	}
}

// resetProcess stops a server process left from a failed attempt, so the
// next attempt starts a fresh one.
func (s *Session) resetProcess() {
	s.stopProcess()
	s.mu.Lock()
	s.proc = nil
	s.mu.Unlock()
}

func (p *discoverProbe) reason() say.Msg {
	if p == nil {
		return say.Msg{}
	}
	w, _ := p.result()
	if w.IsZero() {
		w = say.Text("server/discover failed")
	}
	return w
}

// freshStart reports whether a failed connect deserves a fresh process that
// is asked only initialize: server/discover was sent and either never
// answered, or answered with a result the SDK could not use (then the
// server saw both requests on one connection, which confuses many).
func (p *discoverProbe) freshStart() bool {
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sent && !p.late && (!p.answered || p.answeredOK)
}

func (p *discoverProbe) answeredWithResult() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.answeredOK
}

// answeredLate reports whether the server answered server/discover after the
// probe had given up on it.
func (p *discoverProbe) answeredLate() bool {
	if p == nil {
		return false
	}
	_, late := p.result()
	return late
}
