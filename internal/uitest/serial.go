package uitest

import (
	"bytes"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// NewSerialApp is a Fyne test app whose fyne.Do and fyne.DoAndWait run their
// functions one at a time on a single goroutine, as a real driver's event
// loop does. Fyne's own test driver runs them at once on the caller's
// goroutine, so background goroutines and the test would touch widgets
// concurrently and -race would (rightly) complain. Tests drive the window
// through fyne.DoAndWait, on that same goroutine.
func NewSerialApp(t testing.TB) fyne.App {
	base := test.NewTempApp(t)
	d := &SerialDriver{Driver: base.Driver(), done: make(chan struct{})}
	d.cond = sync.NewCond(&d.mu)
	started := make(chan struct{})
	go d.loop(started)
	<-started
	a := &SerialApp{App: base, drv: d}
	fyne.SetCurrentApp(a)
	t.Cleanup(d.stop)
	return a
}

// A SerialApp is the app NewSerialApp makes.
type SerialApp struct {
	fyne.App
	drv   *SerialDriver
	quits int // calls of Quit, which Fyne's test app ignores
}

// Quits counts the calls of Quit (on the UI goroutine).
func (a *SerialApp) Quits() int { return a.quits }

func (a *SerialApp) Driver() fyne.Driver { return a.drv }

func (a *SerialApp) Quit() { a.quits++ }

// A SerialDriver is a SerialApp's driver.
type SerialDriver struct {
	fyne.Driver
	mu      sync.Mutex
	cond    *sync.Cond
	queue   []func()
	stopped bool
	loopID  uint64
	done    chan struct{} // closed when the loop has returned

	// endless are the repeat-forever animations started and not stopped:
	// one left running on a hidden widget repaints a real window every frame.
	endless map[*fyne.Animation]bool
}

func (d *SerialDriver) StartAnimation(a *fyne.Animation) {
	if a.RepeatCount == fyne.AnimationRepeatForever {
		d.mu.Lock()
		if d.endless == nil {
			d.endless = map[*fyne.Animation]bool{}
		}
		d.endless[a] = true
		d.mu.Unlock()
	}
	d.Driver.StartAnimation(a)
}

func (d *SerialDriver) StopAnimation(a *fyne.Animation) {
	d.mu.Lock()
	delete(d.endless, a)
	d.mu.Unlock()
	d.Driver.StopAnimation(a)
}

// EndlessAnimations counts the repeat-forever animations still running.
func (d *SerialDriver) EndlessAnimations() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return len(d.endless)
}

func (d *SerialDriver) loop(started chan<- struct{}) {
	defer close(d.done)
	d.mu.Lock()
	d.loopID = goroutineID()
	d.mu.Unlock()
	close(started)
	for {
		d.mu.Lock()
		for len(d.queue) == 0 && !d.stopped {
			d.cond.Wait()
		}
		if d.stopped {
			d.mu.Unlock()
			return
		}
		f := d.queue[0]
		d.queue = d.queue[1:]
		d.mu.Unlock()
		f()
	}
}

// stop ends the loop and waits until it has returned, so that nothing of
// this test still runs on it while the next test starts.
func (d *SerialDriver) stop() {
	d.mu.Lock()
	d.stopped = true
	d.mu.Unlock()
	d.cond.Broadcast()
	<-d.done
}

func (d *SerialDriver) DoFromGoroutine(f func(), wait bool) {
	d.mu.Lock()
	onLoop := goroutineID() == d.loopID
	if d.stopped {
		d.mu.Unlock()
		return
	}
	if onLoop && wait {
		d.mu.Unlock()
		f()
		return
	}
	if !wait {
		d.queue = append(d.queue, f)
		d.mu.Unlock()
		d.cond.Signal()
		return
	}
	done := make(chan struct{})
	d.queue = append(d.queue, func() { defer close(done); f() })
	d.mu.Unlock()
	d.cond.Signal()
	<-done
}

// goroutineID is the current goroutine's number, from its stack header.
func goroutineID() uint64 {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	buf = bytes.TrimPrefix(buf, []byte("goroutine "))
	id, _ := strconv.ParseUint(string(buf[:bytes.IndexByte(buf, ' ')]), 10, 64)
	return id
}
