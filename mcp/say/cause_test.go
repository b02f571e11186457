package say

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// Cause and JSONCause give the standard library's errors a key by their
// type; the text, errors.Is and errors.As stay the error's own.
func TestCauseKeysTheStandardErrors(t *testing.T) {
	_, missing := os.ReadFile(filepath.Join(t.TempDir(), "none.json"))
	_, folder := os.ReadFile(t.TempDir())
	truncated := []byte(`{"a": [1,`)
	badKey := []byte(`{"a": 1, b}`)
	tests := []struct {
		err  error
		key  string
		is   error
		args Args
	}{
		{missing, "{{.Op}} {{.Path}}: no such file or directory", fs.ErrNotExist, nil},
		{folder, "{{.Op}} {{.Path}}: is a directory", syscall.EISDIR, nil},
		{io.EOF, "EOF", io.EOF, nil},
		{context.DeadlineExceeded, "context deadline exceeded", context.DeadlineExceeded, nil},
		{syscall.ECONNREFUSED, "connection refused", syscall.ECONNREFUSED, nil},
		{JSONCause(truncated, json.Unmarshal(truncated, new(any))), "unexpected end of JSON input", nil, nil},
		{JSONCause(badKey, json.Unmarshal(badKey, new(any))), "invalid character {{.Char}} looking for beginning of object key string", nil, Args{"Char": "'b'"}},
		{JSONCause([]byte("x"), json.Unmarshal([]byte("x"), new(any))), "invalid character {{.Char}} {{.Where}}", nil, Args{"Char": "'x'", "Where": "looking for beginning of value"}},
	}
	for _, tc := range tests {
		text := tc.err.Error()
		got := Cause(tc.err)
		if got.Error() != text {
			t.Errorf("%q reads %q", text, got.Error())
		}
		k, ok := got.(interface{ MessageKey() string })
		if !ok || k.MessageKey() != tc.key {
			t.Errorf("%q: key %v, want %q", text, k, tc.key)
			continue
		}
		if tc.is != nil && !errors.Is(got, tc.is) {
			t.Errorf("%q is no longer %v", text, tc.is)
		}
		args := got.(interface{ MessageArgs() map[string]any }).MessageArgs()
		for name, want := range tc.args {
			if args[name] != want {
				t.Errorf("%q: %s is %v, want %v", text, name, args[name], want)
			}
		}
	}
	// Anything else, and an error that says more than the one it wraps,
	// comes back as it is.
	for _, err := range []error{errors.New("boom"), Error("reading: {{.Err}}", Args{"Err": io.EOF})} {
		if got := Cause(err); got != err {
			t.Errorf("%q came back as %#v", err, got)
		}
	}
}

// A message's error fields are given as Cause says them.
func TestMessageArgsSayTheCause(t *testing.T) {
	m := New("listing prompts: {{.Err}}", Args{"Err": io.EOF, "N": 1})
	k, ok := m.MessageArgs()["Err"].(interface{ MessageKey() string })
	if !ok || k.MessageKey() != "EOF" {
		t.Errorf("Err is %#v", m.MessageArgs()["Err"])
	}
	if m.Args["Err"] != io.EOF {
		t.Error("MessageArgs changed the message's own fields")
	}
}
