package transport

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/say"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxMessageSize bounds one JSON-RPC message from a stdio server. The SDK's own
// command transport stops at 16 MiB and kills the session; real servers return
// bigger results (screenshots, whole files), so we allow far more.
const MaxMessageSize = 64 << 20

// Stop timing, as DESIGN.md describes: close stdin, then SIGTERM, then SIGKILL.
const (
	stopGraceStdin = 2 * time.Second
	stopGraceTerm  = 1 * time.Second
)

// A stdioProcess is a server the app started and owns: its process (group),
// the stderr pump, the stdout filter and the transport handed to the SDK.
type StdioProcess struct {
	cmd   *exec.Cmd
	group processGroup
	stdin *os.File

	log  *ServerLog
	wire *WireLog

	// stdout is the filtered stdout (JSON-RPC lines only) the SDK reads.
	stdout *stdoutFilter
	// Transport is what the SDK connects over.
	Transport *sdk.IOTransport

	exited   chan struct{} // closed when the process has exited and been reaped
	exitCode int           // valid after exited; -1 when killed by a signal
	exitErr  error

	readers sync.WaitGroup // stdout and stderr readers
	// The stderr pump's byte counts, for settleStderr: read from the pipe,
	// logged as whole lines, and held as an unfinished last line while the
	// pump waits for more.
	stderrIn, stderrLogged, stderrPartial atomic.Int64
	stderrMu                              sync.Mutex
	stderrPipe                            *os.File
	stopOnce                              sync.Once
	stopErr                               error
	stopping                              chan struct{}
	// startSeq is the sequence number of the log's "started" line: what
	// this process wrote comes after it.
	startSeq uint64
}

// StartSeq is the sequence number of the server log's line saying this
// process started: the log lines of this run are the ones from there on
// (an earlier run of the same entry may have left its own before).
func (p *StdioProcess) StartSeq() uint64 { return p.startSeq }

// A StartError is a server that could not be started at all, in plain words.
type StartError struct {
	Command string
	// PathUsed is the PATH the program was looked up in.
	PathUsed string
	// ShellPath is the login shell's PATH, when it was searched too.
	ShellPath string
	NotFound  bool
	Err       error
}

func (e *StartError) Error() string { return e.Said().String() }

// Said is the error as a message with its key, for the front ends to word.
func (e *StartError) Said() say.Msg {
	if e.NotFound {
		var path any = e.PathUsed
		if e.ShellPath != "" {
			path = searchedBoth(e.PathUsed, e.ShellPath)
		}
		return say.New("could not start the server: the program {{.Command}} was not found. {{.Hint}}. PATH searched: {{.Path}}",
			say.Args{"Command": strconv.Quote(e.Command), "Hint": installHint(e.Command), "Path": path})
	}
	return say.New("could not start the server {{.Command}}: {{.Err}}", say.Args{"Command": strconv.Quote(e.Command), "Err": e.Err})
}

func (e *StartError) Unwrap() error { return e.Err }

// searchedBoth is the PATH searched, and the login shell's after it.
func searchedBoth(path, shellPath string) say.Msg {
	return say.New("{{.Path}} (and the login shell's PATH: {{.ShellPath}})", say.Args{"Path": path, "ShellPath": shellPath})
}

func installHint(command string) say.Msg {
	base := strings.TrimSuffix(strings.ToLower(baseName(command)), ".cmd")
	base = strings.TrimSuffix(base, ".exe")
	switch base {
	case "npx", "node", "npm":
		return say.Text("It comes with Node.js: install Node.js (https://nodejs.org) and try again")
	case "uvx", "uv":
		return say.Text("It comes with uv: install uv (https://docs.astral.sh/uv/) and try again")
	case "python", "python3":
		return say.Text("Install Python 3 and try again")
	case "docker":
		return say.Text("Install Docker and make sure it is running")
	}
	return say.Text("Check the command's spelling, or give its full path")
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// StartStdio starts the server process of cfg, the program paths finds for it. The stderr pump runs from the
// first instant; the caller connects the SDK over p.Transport.
func StartStdio(cfg *config.ServerConfig, paths *PathResolver, log *ServerLog, wire *WireLog) (*StdioProcess, error) {
	env := mergeEnv(os.Environ(), cfg.Env)
	exe, pathUsed, shellPath, err := paths.lookPathIn(cfg.Command, cfg.Cwd, env)
	if err != nil {
		return nil, &StartError{Command: cfg.Command, PathUsed: pathUsed, ShellPath: shellPath, NotFound: true, Err: err}
	}
	if pathUsed != envValue(env, "PATH") {
		// Found only through the login shell's PATH: give the server that PATH
		// too, or `npx` starts and then cannot find `node`.
		env = mergeEnv(env, map[string]string{"PATH": pathUsed})
		log.Say(LogInfo, say.New("found {{.Command}} through the login shell's PATH", say.Args{"Command": cfg.Command}))
	}
	cmd := exec.Command(exe, cfg.Args...)
	cmd.Args[0] = cfg.Command
	// The marker finds the server's descendants when it stops (procmarker.go).
	cmd.Env = mergeEnv(env, map[string]string{serverMarkerEnv: strings.TrimPrefix(newServerMarker(), serverMarkerEnv+"=")})
	cmd.Dir = cfg.Cwd
	ConfigureCommand(cmd)

	// Our own pipes (not cmd.StdoutPipe): Wait then reaps the process without
	// waiting for a grandchild that inherited stdout to close it.
	stdinR, stdinW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	stdoutR, stdoutW, err := os.Pipe()
	if err != nil {
		closeAll(stdinR, stdinW)
		return nil, err
	}
	stderrR, stderrW, err := os.Pipe()
	if err != nil {
		closeAll(stdinR, stdinW, stdoutR, stdoutW)
		return nil, err
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdinR, stdoutW, stderrW
	if err := StartCommand(cmd); err != nil {
		closeAll(stdinR, stdinW, stdoutR, stdoutW, stderrR, stderrW)
		return nil, &StartError{Command: cfg.Command, PathUsed: pathUsed, Err: err}
	}
	closeAll(stdinR, stdoutW, stderrW) // the child has its copies

	p := &StdioProcess{
		cmd:      cmd,
		stdin:    stdinW,
		log:      log,
		wire:     wire,
		exited:   make(chan struct{}),
		stopping: make(chan struct{}),
	}
	p.stdout = &stdoutFilter{log: log, wire: wire, file: stdoutR, exited: p.exited,
		br: bufio.NewReaderSize(stdoutR, 64<<10), done: make(chan struct{})} // longer lines come in chunks
	p.group = NewProcessGroup(cmd)
	p.Transport = &sdk.IOTransport{
		Reader:        p.stdout,
		Writer:        &wireWriter{w: stdinW, wire: wire, beforeClose: p.group.remember},
		MaxLineLength: MaxMessageSize + 1024,
	}
	p.startSeq = log.Say(LogInfo, say.New("started {{.Command}} (pid {{.Pid}})", say.Args{"Command": commandLine(cfg), "Pid": cmd.Process.Pid}))

	p.readers.Add(1)
	p.stderrPipe = stderrR
	go p.pumpStderr(stderrR)
	go p.waitExit()
	return p, nil
}

func closeAll(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// commandLine renders the command for a log line, with secret-looking args masked.
func commandLine(cfg *config.ServerConfig) string {
	parts := []string{cfg.Command}
	for _, a := range cfg.Args {
		if strings.ContainsAny(a, " \t\"") {
			a = fmt.Sprintf("%q", a)
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// pumpStderr drains stderr into the log, line by line, from the first instant:
// a server blocked on a full stderr pipe would look hung.
func (p *StdioProcess) pumpStderr(r *os.File) {
	defer p.readers.Done()
	defer r.Close()
	br := bufio.NewReaderSize(&countingReader{r: r, p: p}, 64<<10)
	for {
		line, raw, err := readLine(br, maxLogLine)
		if len(line) > 0 || err == nil {
			p.log.Add(LogStderr, strings.TrimRight(string(line), "\r"))
		}
		p.stderrLogged.Add(int64(raw))
		if err != nil {
			return
		}
	}
}

// countingReader keeps the stderr pump's counts: it is called only when the
// pump has logged every whole line it has, so what is read but not logged
// then is an unfinished line.
type countingReader struct {
	r io.Reader
	p *StdioProcess
}

func (c *countingReader) Read(b []byte) (int, error) {
	c.p.stderrPartial.Store(c.p.stderrIn.Load() - c.p.stderrLogged.Load())
	// The read from the pipe and the count move together under stderrMu, so
	// settleStderr never sees bytes that left the pipe but are not counted.
	n, err := readCounted(c.r, b, &c.p.stderrMu, &c.p.stderrIn)
	c.p.stderrPartial.Store(0)
	return n, err
}

// readCountedPlain reads, then counts under mu.
func readCountedPlain(r io.Reader, b []byte, mu *sync.Mutex, count *atomic.Int64) (int, error) {
	n, err := r.Read(b)
	mu.Lock()
	count.Add(int64(n))
	mu.Unlock()
	return n, err
}

// settleStderr waits, at most max, until every byte the server has written
// to stderr so far is in the log. Stderr and stdout are separate pipes: the
// lines a tool printed just before its answer may still be unread when the
// answer arrives, and they belong inside the call's markers. With nothing
// pending this returns at once.
func (p *StdioProcess) SettleStderr(max time.Duration) {
	// Everything written so far: what the pump has read, and what still waits
	// in the pipe. It is settled once all of it is logged, but for an
	// unfinished last line, which no amount of waiting completes.
	p.stderrMu.Lock()
	target := p.stderrIn.Load() + pipePending(p.stderrPipe)
	p.stderrMu.Unlock()
	deadline := time.Now().Add(max)
	for p.stderrLogged.Load()+p.stderrPartial.Load() < target && time.Now().Before(deadline) {
		time.Sleep(200 * time.Microsecond)
	}
}

// readLine reads one line, keeping at most limit bytes of it and dropping the
// rest; raw is how many bytes it consumed.
func readLine(br *bufio.Reader, limit int) (line []byte, raw int, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		raw += len(chunk)
		if room := limit - len(line); room > 0 {
			line = append(line, chunk[:min(len(chunk), room)]...)
		}
		switch err {
		case nil:
			return bytes.TrimSuffix(line, []byte("\n")), raw, nil
		case bufio.ErrBufferFull:
			continue
		default:
			return line, raw, err
		}
	}
}

// A stdoutFilter is the server's stdout as the SDK reads it: JSON-RPC
// messages pass, and every other line becomes a visible "stdout noise" log
// entry, so a server that logs to stdout keeps its session. It filters in the
// SDK's own reading goroutine (no extra hand-over per message); once the SDK
// closes it, a goroutine of its own drains the rest so the server never
// blocks on a full pipe.
type stdoutFilter struct {
	log  *ServerLog
	wire *WireLog
	file *os.File

	mu      sync.Mutex // one reader at a time: the SDK, or the drain after Close
	br      *bufio.Reader
	buf     []byte   // reused line by line: every consumer copies
	pending []byte   // the rest of the message being handed to the SDK
	env     envelope // reused: the envelope of the line being looked at
	err     error
	closed  atomic.Bool
	// hungUp is set when the SDK closed stdout before its end: the
	// connection ended on the app's side, with the server still writing.
	hungUp atomic.Bool
	exited <-chan struct{} // the process's end

	doneOnce sync.Once
	done     chan struct{} // closed at the end of stdout
}

func (f *stdoutFilter) Read(b []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		if f.closed.Load() {
			return 0, io.EOF
		}
		f.next()
	}
	n := copy(b, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// next reads one line and passes it on (into pending) or logs it.
func (f *stdoutFilter) next() {
	if cap(f.buf) > 1<<20 {
		f.buf = nil // do not keep a huge message's buffer for the whole session
	}
	line, tooLong, err := readMessageLine(f.br, MaxMessageSize, f.buf[:0])
	switch {
	case tooLong > 0:
		note := fmt.Sprintf("a message of %d MB was dropped: over the %d MB limit", tooLong>>20, MaxMessageSize>>20)
		if id := idOfHead(line); id != nil {
			// line holds the message's head: fail the call it answers now.
			f.pending = append(errorReply(id, fmt.Sprintf("it is %d MB, over the %d MB limit", tooLong>>20, MaxMessageSize>>20)), '\n')
			note += "; the call it answered fails"
		}
		f.log.Add(LogStdoutNoise, note)
		line = line[:0]
	case len(bytes.TrimSpace(line)) == 0:
	case isJSONRPCObject(line, &f.env) && f.env.problem() == "":
		if tooDeep(line) {
			if f.env.Method != "" {
				f.log.Add(LogStdoutNoise, "a message from the server ("+f.env.Method+") was dropped: it is nested deeper than the 1000 levels the app can read")
				break
			}
			fixed, note := repairDeepReply(line, f.env.ID)
			f.wire.recordParsed(Received, line, &f.env)
			f.log.Add(LogStdoutNoise, note)
			f.pending = append(fixed, '\n')
			break
		}
		f.wire.recordParsed(Received, line, &f.env)
		f.pending = append(line, '\n')
		line = f.pending
	case isJSONRPC(line):
		// Shaped like JSON-RPC: a batch the SDK can take, or a message it
		// cannot (which would end the session there).
		problem := ""
		if t := bytes.TrimSpace(line); t[0] == '[' {
			problem = batchProblem(t)
		} else {
			problem = messageProblem(t)
		}
		if problem != "" {
			f.log.Add(LogStdoutNoise, "not a JSON-RPC message the app can take ("+problem+"): "+strings.TrimRight(string(line), "\r"))
			break
		}
		f.wire.Record(Received, line)
		f.pending = append(line, '\n')
		line = f.pending
	default:
		f.log.Add(LogStdoutNoise, strings.TrimRight(string(line), "\r"))
	}
	f.buf = line
	if err != nil {
		f.err = io.EOF
		f.doneOnce.Do(func() { close(f.done) })
	}
}

// Close hands stdout to a draining goroutine; the SDK reads no more.
func (f *stdoutFilter) Close() error {
	if f.closed.Swap(true) {
		return nil
	}
	select {
	case <-f.done:
	case <-f.exited:
	default:
		f.hungUp.Store(true)
	}
	go func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for f.err == nil {
			f.pending = nil
			f.next()
		}
	}()
	return nil
}

// end stops reading: a grandchild that inherited stdout may keep it open
// after the server exited, and the SDK must still see the end.
func (f *stdoutFilter) end() { f.file.Close() }

// readMessageLine reads one line up to limit bytes, appending to line; a
// longer line is consumed and reported by its length instead.
func readMessageLine(br *bufio.Reader, limit int, line []byte) ([]byte, int, error) {
	total := 0
	for {
		chunk, err := br.ReadSlice('\n')
		total += len(chunk)
		if total <= limit {
			line = append(line, chunk...)
		} else if len(line) > 4096 {
			line = line[:4096] // the head stays: it names the message's id
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if total > limit {
			return line, total, err
		}
		return bytes.TrimSuffix(line, []byte("\n")), 0, err
	}
}

// isJSONRPCObject reports whether line is one JSON-RPC 2.0 message, reading
// its envelope into env.
func isJSONRPCObject(line []byte, env *envelope) bool {
	t := bytes.TrimSpace(line)
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	*env = envelope{}
	return decodeEnvelope(t, env) == nil && env.JSONRPC == "2.0"
}

// isJSONRPC reports whether line is a JSON-RPC 2.0 message or batch.
func isJSONRPC(line []byte) bool {
	t := bytes.TrimSpace(line)
	if len(t) == 0 {
		return false
	}
	switch t[0] {
	case '{':
		var env struct {
			JSONRPC string `json:"jsonrpc"`
		}
		return decodeEnvelope(t, &env) == nil && env.JSONRPC == "2.0"
	case '[':
		var batch []struct {
			JSONRPC string `json:"jsonrpc"`
		}
		return decodeEnvelope(t, &batch) == nil && len(batch) > 0 && batch[0].JSONRPC == "2.0"
	}
	return false
}

// waitExit reaps the process, records how it ended, sweeps what is left of its
// group, and ends the SDK's stream so pending calls fail at once.
func (p *StdioProcess) waitExit() {
	err := p.cmd.Wait()
	p.exitErr = err
	p.exitCode = 0
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			p.exitCode = ee.ExitCode()
		} else {
			p.exitCode = -1
		}
	}
	// Grandchildren may still hold stdout open; give the readers a moment to
	// take in what the server wrote last, then end the stream regardless, so
	// every pending call fails at once.
	drained := make(chan struct{})
	go func() { p.readers.Wait(); <-p.stdout.done; close(drained) }()
	select {
	case <-drained:
	case <-time.After(300 * time.Millisecond):
	}
	p.stdout.end()
	select {
	case <-p.stopping:
	default:
		p.log.Say(LogInfo, describeExit(p.exitCode, err))
	}
	close(p.exited)
	p.group.Terminate(stopGraceTerm) // orphans of a server that exited on its own
	p.group.Release()
}

func describeExit(code int, err error) say.Msg {
	switch {
	case err == nil:
		return say.Text("the server exited (code 0)")
	case code == -1:
		var why any = err
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				why = say.New("signal: {{.Signal}}", say.Args{"Signal": ws.Signal().String()})
			}
		}
		return say.New("the server was killed: {{.Err}}", say.Args{"Err": why})
	}
	return say.New("the server exited with code {{.Code}}", say.Args{"Code": code})
}

// Stop ends the server and its whole process tree: close stdin, wait, SIGTERM
// the group, wait, SIGKILL the group. It returns when nothing is left.
func (p *StdioProcess) Stop() error {
	p.stopOnce.Do(func() {
		close(p.stopping)
		p.group.remember() // while the server still holds its children together
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(stopGraceStdin):
			p.log.Say(LogInfo, say.Text("the server did not exit when its input closed; sending it SIGTERM"))
			p.group.signalTerm()
			select {
			case <-p.exited:
			case <-time.After(stopGraceTerm):
				p.log.Say(LogInfo, say.Text("the server ignored SIGTERM; killing it"))
				p.group.kill()
				<-p.exited
			}
		}
		p.group.Terminate(stopGraceTerm)
		p.group.close()
		p.log.Say(LogInfo, say.Text("stopped"))
	})
	return p.stopErr
}

// AppHungUp reports whether the connection ended on the app's side (the SDK
// closed stdout before its end) rather than through the server's exit. A
// server whose stdin closes then exits with code 0, so an exit within a
// moment with another code means the server went first after all.
func (p *StdioProcess) AppHungUp() bool {
	if !p.stdout.hungUp.Load() {
		return false
	}
	select {
	case <-p.exited:
	case <-time.After(300 * time.Millisecond):
		return true
	}
	return p.exitCode == 0
}

// Exited is closed once the process has ended.
func (p *StdioProcess) Exited() <-chan struct{} { return p.exited }

// ExitCode is how the process ended; valid once Exited is closed.
func (p *StdioProcess) ExitCode() int { return p.exitCode }

// Pid is the server's process id.
func (p *StdioProcess) Pid() int { return p.cmd.Process.Pid }

// wireWriter records each outgoing message in the wire log on its way to stdin.
// The SDK writes one newline-terminated message per Write.
type wireWriter struct {
	w    io.WriteCloser
	wire *WireLog
	// beforeClose runs before stdin closes, which most servers take as
	// their cue to exit: the tree below the server is walked while it
	// still holds together (processGroup.remember).
	beforeClose func()
}

func (w *wireWriter) Write(b []byte) (int, error) {
	w.wire.Record(Sent, bytes.TrimRight(b, "\n"))
	return w.w.Write(b)
}

func (w *wireWriter) Close() error {
	if w.beforeClose != nil {
		w.beforeClose()
	}
	return w.w.Close()
}

// mergeEnv lays overrides over base (KEY=VALUE lines); on Windows names match
// case-insensitively, as the OS does.
func mergeEnv(base []string, overrides map[string]string) []string {
	out := make([]string, 0, len(base)+len(overrides))
	for _, kv := range base {
		name, _, _ := strings.Cut(kv, "=")
		if _, ok := lookupFold(overrides, name); ok {
			continue
		}
		out = append(out, kv)
	}
	for k, v := range overrides {
		out = append(out, k+"="+v)
	}
	return out
}

func envValue(env []string, name string) string {
	for i := len(env) - 1; i >= 0; i-- {
		k, v, _ := strings.Cut(env[i], "=")
		if envNameEqual(k, name) {
			return v
		}
	}
	return ""
}

func lookupFold(m map[string]string, name string) (string, bool) {
	for k, v := range m {
		if envNameEqual(k, name) {
			return v, true
		}
	}
	return "", false
}
