package say

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"syscall"
)

// A knownError is an error the standard library words in English, said
// again as a message: its text, and what errors.Is and errors.As see, stay
// the error's own; a front end words it by the message's key.
type knownError struct {
	Msg
	err error
}

func (e *knownError) Error() string { return e.err.Error() }
func (e *knownError) Unwrap() error { return e.err }

// Known is err, unchanged in its text and for errors.Is and errors.As,
// carrying m: what a person is told in its place.
func Known(err error, m Msg) error { return &knownError{Msg: m, err: err} }

// Cause is err as a keyed message when it is one the standard library words
// for a file or a connection (a file that is not there or may not be read,
// a refused or broken connection, the end of the input, a deadline or a
// cancellation); it is decided by the error's type and kept as it reads.
// Any other error comes back as it is.
func Cause(err error) error {
	if known, ok := cause(err); ok {
		return known
	}
	return err
}

// cause is Cause's message for err, and whether it has one.
func cause(err error) (error, bool) {
	switch err.(type) {
	case nil, *knownError, Msg, *Msg:
		return nil, false
	}
	var pe *fs.PathError
	if errors.As(err, &pe) && pe.Error() == err.Error() {
		args := Args{"Op": pe.Op, "Path": pe.Path}
		switch {
		case errors.Is(pe.Err, fs.ErrNotExist):
			return Known(err, New("{{.Op}} {{.Path}}: no such file or directory", args)), true
		case errors.Is(pe.Err, fs.ErrPermission):
			return Known(err, New("{{.Op}} {{.Path}}: permission denied", args)), true
		case errors.Is(pe.Err, syscall.EISDIR):
			return Known(err, New("{{.Op}} {{.Path}}: is a directory", args)), true
		}
		return nil, false
	}
	for _, k := range knownCauses {
		if errors.Is(err, k.err) && err.Error() == k.err.Error() {
			return Known(err, Text(k.key)), true
		}
	}
	return nil, false
}

// knownCauses are the errors that say all there is to say on their own.
var knownCauses = []struct {
	err error
	key string
}{
	{io.EOF, "EOF"},
	{io.ErrUnexpectedEOF, "unexpected EOF"},
	{context.Canceled, "context canceled"},
	{context.DeadlineExceeded, "context deadline exceeded"},
	{syscall.ECONNREFUSED, "connection refused"},
	{syscall.EPIPE, "broken pipe"},
	{syscall.ENOENT, "no such file or directory"},
	{syscall.EACCES, "permission denied"},
}
