package tap

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"mcpbrowser/mcp/config"
)

// maxPending bounds the bytes handed to the recorder and not yet written:
// beyond it a copy is dropped from the recording (and counted as lost), so
// a flood through the tap costs it a bounded amount of memory and the
// pass-through never waits.
const maxPending = 4 << 20

// The streams a recorder hears.
const (
	streamHost = iota
	streamServer
	streamStderr
	nStreams
)

// RecorderOptions say what a session is and where its recording goes.
type RecorderOptions struct {
	Root     string // the recordings folder; Dir() when empty
	Name     string
	Command  []string
	Cwd      string
	URL      string
	Listen   string
	MaxBytes int64 // the session's budget; DefaultSessionBytes when 0
	FrameCap int   // bytes kept of one frame; DefaultFrameCap when 0
	// Mask hides the secrets of the server's environment in what is
	// recorded; JSON frames also have their secret-named fields masked.
	Mask *config.TextMasker
	// Failed is called once, from the recorder's goroutine, when the
	// recording cannot go on (it could not be created, the disk is full …).
	Failed func(error)
}

// A Recorder keeps the recording of one tapped session. Its methods that
// take bytes copy what they need and return at once; they are safe to call
// from several goroutines.
type Recorder struct {
	opts RecorderOptions
	// queue is what the senders handed over and the recorder has not
	// taken yet. The recorder takes it in batches (every batchEvery, or at
	// once when kicked), so that a message passing through does not wake
	// it: on a busy machine every wake-up is latency added to the call.
	queue []item
	kick  chan struct{}
	done  chan struct{}

	pending atomic.Int64
	lost    [nStreams]atomic.Int64
	closing sync.Once
	// mu guards queue and closed (a pump may outlive Close).
	mu     sync.Mutex
	closed bool
	// lineLen is how long each stream's current line is so far, kept by
	// the stream's one writer (send), so that the bytes of a line beyond
	// the frame cap are counted, not copied.
	lineLen [nStreams]int

	// Owned by the run goroutine.
	st      *store
	meta    Meta
	lines   [nStreams]lineState
	asked   map[string]asked
	dirty   bool
	failed  bool
	lastErr error
}

type item struct {
	t      time.Time
	stream int
	data   []byte
	skip   int  // bytes of the current line before data, counted but not copied
	whole  bool // one message (HTTP), not a chunk of a stream
	end    bool // the stream ended: a last unfinished line is a frame
	pid    int  // the server's pid, when set
	note   string
	// synced, when set, is closed once everything before it is written
	// and flushed (tests wait on it).
	synced chan struct{}
}

type lineState struct {
	buf   []byte
	size  int
	start time.Time
	gap   bool // bytes of this line were lost from the recording
}

// asked is a request waiting for its answer, for pairing.
type asked struct {
	method string
	t      time.Time
}

// NewRecorder starts the recording of a session. It never fails: a
// recording that cannot be made calls opts.Failed and records nothing.
func NewRecorder(opts RecorderOptions) *Recorder {
	if opts.Root == "" {
		opts.Root = Dir()
	}
	if opts.FrameCap <= 0 {
		opts.FrameCap = DefaultFrameCap
	}
	now := time.Now()
	r := &Recorder{
		opts:  opts,
		kick:  make(chan struct{}, 1),
		done:  make(chan struct{}),
		asked: map[string]asked{},
		meta: Meta{ID: newSessionID(now), Name: opts.Name, Command: maskList(opts.Mask, opts.Command),
			Cwd: opts.Cwd, URL: opts.URL, Listen: opts.Listen, TapPID: os.Getpid(), Start: now},
	}
	prune(opts.Root)
	st, err := createStore(opts.Root, r.meta.ID, opts.MaxBytes)
	if err == nil {
		r.st = st
		err = st.writeMeta(&r.meta)
	}
	if err != nil {
		r.fail(err)
	}
	go r.run()
	return r
}

// ID is the session's id (its folder's name).
func (r *Recorder) ID() string { return r.meta.ID }

// Chunk records bytes read from the host (from FromHost) or the server.
func (r *Recorder) Chunk(from string, b []byte) { r.send(streamOf(from), b, false) }

// Message records one whole message (an HTTP body or an SSE event's data).
func (r *Recorder) Message(from string, b []byte) { r.message(from, b, len(b)) }

// message records the first bytes b of a message of size bytes.
func (r *Recorder) message(from string, b []byte, size int) {
	b = b[:min(len(b), r.opts.FrameCap)]
	if len(b) == 0 {
		return
	}
	s := streamOf(from)
	if r.pending.Load()+int64(len(b)) > maxPending {
		r.lost[s].Add(int64(size))
		return
	}
	r.pending.Add(int64(len(b)))
	if !r.put(item{t: time.Now(), stream: s, data: bytes.Clone(b), whole: true, skip: size - len(b)}, false) {
		r.pending.Add(-int64(len(b)))
		r.lost[s].Add(int64(size))
	}
}

// Note records something the tap saw (an HTTP status, a failure to reach
// the server).
func (r *Recorder) Note(text string) {
	r.put(item{t: time.Now(), stream: -1, note: text}, false)
}

// Stderr records bytes the server wrote on stderr.
func (r *Recorder) Stderr(b []byte) { r.send(streamStderr, b, false) }

// SetServerPID notes the server's process id.
func (r *Recorder) SetServerPID(pid int) { r.put(item{t: time.Now(), stream: -1, pid: pid}, true) }

// maxQueue bounds the items waiting (their bytes are bounded by maxPending).
const maxQueue = 8192

// batchEvery is how often the recorder takes what was handed over.
const batchEvery = 20 * time.Millisecond

// put hands it to the recorder; urgent items (ends, the pid, a sync) are
// always taken and wake the recorder, others are dropped when too many
// wait (reported false).
func (r *Recorder) put(it item, urgent bool) bool {
	r.mu.Lock()
	if r.closed || (!urgent && len(r.queue) >= maxQueue) {
		r.mu.Unlock()
		return false
	}
	r.queue = append(r.queue, it)
	r.mu.Unlock()
	if urgent {
		select {
		case r.kick <- struct{}{}:
		default:
		}
	}
	return true
}

// EndStream says a stream ended; its unfinished last line becomes a frame.
func (r *Recorder) EndStream(from string) {
	r.put(item{t: time.Now(), stream: streamOf(from), end: true}, true)
}

// EndStderr is EndStream for stderr.
func (r *Recorder) EndStderr() { r.put(item{t: time.Now(), stream: streamStderr, end: true}, true) }

func streamOf(from string) int {
	if from == FromHost {
		return streamHost
	}
	return streamServer
}

func (r *Recorder) send(stream int, b []byte, whole bool) {
	if len(b) == 0 {
		return
	}
	it := item{t: time.Now(), stream: stream, whole: whole}
	if !whole {
		if r.lineLen[stream] >= r.opts.FrameCap {
			// The line is already longer than a frame keeps: what is left
			// of it is only counted.
			it.skip = bytes.IndexByte(b, '\n')
			if it.skip < 0 {
				it.skip = len(b)
			}
		}
		if last := bytes.LastIndexByte(b, '\n'); last >= 0 {
			r.lineLen[stream] = len(b) - last - 1
		} else {
			r.lineLen[stream] += len(b)
		}
	}
	data := b[it.skip:]
	if r.pending.Load()+int64(len(data)) > maxPending {
		r.lost[stream].Add(int64(len(b)))
		return
	}
	r.pending.Add(int64(len(data)))
	it.data = bytes.Clone(data)
	if !r.put(it, false) {
		r.pending.Add(-int64(len(data)))
		r.lost[stream].Add(int64(len(b)))
	}
}

// Close ends the recording: what is left is written, and the session is
// marked finished with the server's exit code (nil when there is none).
func (r *Recorder) Close(exitCode *int) {
	r.closing.Do(func() {
		r.mu.Lock()
		r.closed = true
		r.mu.Unlock()
		select {
		case r.kick <- struct{}{}:
		default:
		}
		<-r.done
		now := time.Now()
		r.meta.End, r.meta.ExitCode = &now, exitCode
		r.saveMeta()
		if r.st != nil {
			if err := r.st.closeFile(); err != nil {
				r.fail(err)
			}
		}
	})
}

func (r *Recorder) run() {
	defer close(r.done)
	yieldToPassThrough()
	tick := time.NewTicker(batchEvery)
	defer tick.Stop()
	lastMeta := time.Now()
	var batch []item
	for {
		select {
		case <-r.kick:
		case <-tick.C:
		}
		r.mu.Lock()
		batch, r.queue = r.queue, batch[:0]
		closed := r.closed
		r.mu.Unlock()
		for i := range batch {
			r.handle(batch[i])
			batch[i] = item{} // let its bytes go
		}
		if closed {
			for s := range nStreams {
				r.takeLost(s)
				r.endLine(s, time.Now())
			}
			r.flush()
			return
		}
		if len(batch) > 0 {
			r.flush() // caught up: make it visible to the window
		}
		if r.dirty && time.Since(lastMeta) >= time.Second {
			r.saveMeta()
			lastMeta = time.Now()
		}
	}
}

func (r *Recorder) handle(it item) {
	if it.synced != nil {
		r.flush()
		close(it.synced)
		return
	}
	if it.note != "" {
		r.write(Record{Time: it.t, Rec: RecNote, Text: r.maskText(it.note)})
		return
	}
	if it.stream < 0 {
		r.meta.ServerPID, r.dirty = it.pid, true
		return
	}
	r.pending.Add(-int64(len(it.data)))
	r.takeLost(it.stream)
	switch {
	case it.end:
		r.endLine(it.stream, it.t)
	case it.whole:
		r.frame(it.stream, it.data, len(it.data)+it.skip, it.skip > 0, it.t)
	default:
		if it.skip > 0 {
			r.lines[it.stream].size += it.skip
		}
		r.feed(it.stream, it.data, it.t)
	}
}

// takeLost notes bytes of a stream that could not be recorded.
func (r *Recorder) takeLost(s int) {
	if n := r.lost[s].Swap(0); n > 0 {
		r.meta.Counts.LostBytes += n
		r.lines[s].gap, r.dirty = true, true
		r.write(Record{Time: time.Now(), Rec: RecNote, From: fromOf(s),
			Text: "bytes that passed could not be recorded (the recorder fell behind)", Size: int(n)})
	}
}

// feed splits a stream's chunk into lines.
func (r *Recorder) feed(s int, b []byte, t time.Time) {
	ls := &r.lines[s]
	for len(b) > 0 {
		if ls.size == 0 {
			ls.start = t
		}
		i := bytes.IndexByte(b, '\n')
		part := b
		if i >= 0 {
			part = b[:i]
		}
		if room := r.opts.FrameCap - len(ls.buf); room > 0 {
			ls.buf = append(ls.buf, part[:min(room, len(part))]...)
		}
		ls.size += len(part)
		if i < 0 {
			return
		}
		r.emitLine(s)
		b = b[i+1:]
	}
}

// endLine turns an unfinished last line into a frame.
func (r *Recorder) endLine(s int, t time.Time) {
	if r.lines[s].size > 0 || len(r.lines[s].buf) > 0 {
		r.emitLine(s)
	}
}

func (r *Recorder) emitLine(s int) {
	ls := &r.lines[s]
	line := bytes.TrimSuffix(ls.buf, []byte{'\r'})
	cut := ls.size > len(ls.buf) || ls.gap
	if s == streamStderr {
		r.meta.Counts.Stderr++
		r.dirty = true
		r.write(Record{Time: ls.start, Rec: RecStderr, Text: r.maskText(string(line)), Size: ls.size, Cut: cut})
	} else {
		r.frame(s, line, ls.size, cut, ls.start)
	}
	ls.buf, ls.size, ls.gap = ls.buf[:0], 0, false
	if cap(ls.buf) > 1<<20 {
		ls.buf = nil // one huge line should not stay in memory
	}
}

// frame records one message of the host or the server.
func (r *Recorder) frame(s int, raw []byte, size int, cut bool, t time.Time) {
	if len(bytes.TrimSpace(raw)) == 0 && !cut {
		return // a blank line: nothing a reader would want to see
	}
	rec := Record{Time: t, Rec: RecFrame, From: fromOf(s), Size: size, Cut: cut}
	if !cut {
		r.describe(&rec, raw, s)
		if rec.Kind != KindInvalid {
			raw = config.MaskArguments(raw)
		}
	} else {
		rec.Kind = KindInvalid
		r.meta.Counts.Invalid++
	}
	raw = r.opts.Mask.MaskBytes(raw)
	if utf8.Valid(raw) {
		rec.Raw = string(raw)
	} else {
		rec.B64 = base64.StdEncoding.EncodeToString(raw)
	}
	r.dirty = true
	r.write(rec)
}

func fromOf(s int) string {
	switch s {
	case streamHost:
		return FromHost
	case streamServer:
		return FromServer
	}
	return "stderr"
}

func (r *Recorder) maskText(s string) string { return r.opts.Mask.Mask(s) }

func maskList(m *config.TextMasker, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = m.Mask(s)
	}
	return out
}

func (r *Recorder) write(rec Record) {
	if r.failed {
		return
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return
	}
	if err := r.st.append(append(line, '\n')); err != nil {
		r.fail(err)
	}
}

func (r *Recorder) flush() {
	if r.failed {
		return
	}
	if err := r.st.flush(); err != nil {
		r.fail(err)
	}
}

func (r *Recorder) saveMeta() {
	r.dirty = false
	if r.failed {
		return
	}
	if err := r.st.writeMeta(&r.meta); err != nil {
		r.fail(err)
	}
}

// fail stops the recording for good and says so once.
func (r *Recorder) fail(err error) {
	if r.failed {
		return
	}
	r.failed, r.lastErr = true, err
	if r.st != nil {
		r.st.closeFile()
	}
	if r.opts.Failed != nil {
		r.opts.Failed(err)
	}
}

// Err is why the recording stopped, or nil. Call it after Close.
func (r *Recorder) Err() error { return r.lastErr }
