package tap

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"

	"mcpbrowser/mcp/transport"
)

// How long the server has to go after the host closed its stdin, and after
// SIGTERM, before the next step (the app's own stop sequence, transport's).
const (
	graceStdin = 2 * time.Second
	graceTerm  = time.Second
	// drainWait bounds the wait for the server's stdout and stderr to end
	// after it exited (a descendant that escaped may hold them open).
	drainWait = 2 * time.Second
)

// StdioOptions say which server to start and where the host is.
type StdioOptions struct {
	Command string
	Args    []string
	// The host's side: what it writes to the server, and where the
	// server's stdout and stderr go.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Recorder gets a copy of everything; nil records nothing.
	Recorder *Recorder
}

// A StartError is a server that could not be started at all.
type StartError struct {
	Command string
	Err     error
}

func (e *StartError) Error() string { return "could not start " + e.Command + ": " + e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// RunStdio starts the server as the host would have (the same command,
// arguments, environment and working folder, which the tap inherited), and
// passes bytes between it and the host until it exits, returning its exit
// status. The server's whole process tree ends when the host closes stdin,
// when ctx ends (the tap was told to stop) or when the host stops reading.
func RunStdio(ctx context.Context, o StdioOptions) (int, error) {
	cmd := exec.Command(o.Command, o.Args...)
	transport.ContainCommand(cmd) // its own group, the marker, and on Linux a parent-death signal
	// Our own pipes, not cmd.StdinPipe: Wait then does not wait for a
	// descendant that inherited them.
	inR, inW, err := serverPipe()
	if err != nil {
		return 0, &StartError{o.Command, err}
	}
	outR, outW, err := serverPipe()
	if err != nil {
		closeFiles(inR, inW)
		return 0, &StartError{o.Command, err}
	}
	errR, errW, err := serverPipe()
	if err != nil {
		closeFiles(inR, inW, outR, outW)
		return 0, &StartError{o.Command, err}
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	if err := transport.StartCommand(cmd); err != nil {
		closeFiles(inR, inW, outR, outW, errR, errW)
		return 0, &StartError{o.Command, err}
	}
	closeFiles(inR, outW, errW)
	group := transport.NewProcessGroup(cmd)
	rec := o.Recorder
	if rec != nil {
		rec.SetServerPID(cmd.Process.Pid)
	}

	exited := make(chan struct{})
	var state *os.ProcessState
	go func() {
		cmd.Wait()
		state = cmd.ProcessState
		close(exited)
	}()

	hostClosed := make(chan struct{}) // the host closed the server's stdin
	hostGone := make(chan struct{})   // the host stopped reading stdout
	go func() {
		pump(o.Stdin, inW, func(b []byte) {
			if rec != nil {
				rec.Chunk(FromHost, b)
			}
		})
		inW.Close()
		if rec != nil {
			rec.EndStream(FromHost)
		}
		close(hostClosed)
	}()
	var drained sync.WaitGroup
	drained.Add(2)
	go func() {
		defer drained.Done()
		if werr := pump(outR, o.Stdout, func(b []byte) {
			if rec != nil {
				rec.Chunk(FromServer, b)
			}
		}); werr != nil {
			close(hostGone)
			io.Copy(io.Discard, outR) // the server must not block on a full pipe
		}
		outR.Close()
		if rec != nil {
			rec.EndStream(FromServer)
		}
	}()
	go func() {
		defer drained.Done()
		// The host may not read stderr; the server's stderr is drained anyway.
		pumpAll(errR, o.Stderr, func(b []byte) {
			if rec != nil {
				rec.Stderr(b)
			}
		})
		errR.Close()
		if rec != nil {
			rec.EndStderr()
		}
	}()

	select {
	case <-exited:
	case <-hostClosed:
		// "the client SHOULD initiate shutdown by first closing the input
		// stream to the child process, waiting for the server to exit, and
		// sending SIGTERM if the server does not exit within a reasonable
		// time" (MCP, lifecycle, stdio shutdown).
		select {
		case <-exited:
		case <-time.After(graceStdin):
		case <-ctx.Done():
		}
	case <-hostGone:
	case <-ctx.Done():
	}
	group.Terminate(graceTerm) // the server if still there, and what it left behind
	<-exited
	group.Release()
	waitTimeout(&drained, drainWait)
	return exitStatus(state), nil
}

// pump copies src to dst a read at a time, each read written on at once,
// and hands each piece to seen just before it is written (seen copies and
// returns). Before, not after: the other side can answer as soon as it has
// the bytes, and its answer, recorded by the other pump, must not come
// first in the recording, or a request and its answer (a call, or the
// server's sampling request and the host's reply) are not paired. It
// returns the write error that ended it, if one did (a read error or EOF
// returns nil).
func pump(src io.Reader, dst io.Writer, seen func([]byte)) error {
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			seen(buf[:n])
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return werr
			}
		}
		if err != nil {
			return nil
		}
	}
}

// pumpAll is pump that goes on reading after dst failed.
func pumpAll(src io.Reader, dst io.Writer, seen func([]byte)) {
	buf := make([]byte, 64<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if dst != nil {
				if _, werr := dst.Write(buf[:n]); werr != nil {
					dst = nil
				}
			}
			seen(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

func waitTimeout(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

func closeFiles(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// IsNotFound reports whether err is a program that does not exist.
func IsNotFound(err error) bool {
	return errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist)
}
