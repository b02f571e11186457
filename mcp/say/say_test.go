package say

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// A message reads in English as the core's sentence did when it was
// written with fmt: the template with its fields filled.
func TestStringIsTheEnglish(t *testing.T) {
	tests := []struct {
		msg  Msg
		want string
	}{
		{Text("connecting was cancelled"), "connecting was cancelled"},
		{New("the server exited with code {{.Code}}.", Args{"Code": -1}), "the server exited with code -1."},
		{New("could not connect to {{.URL}}: {{.Err}}. Check the URL.", Args{"URL": "http://h", "Err": New("the host name {{.Host}} is not known", Args{"Host": `"h"`})}),
			`could not connect to http://h: the host name "h" is not known. Check the URL.`},
		{New("reading: {{.Err}}", Args{"Err": fs.ErrNotExist}), "reading: file does not exist"},
		{New("{{.A}} and {{ .B }}", Args{"A": 1.5, "B": true}), "1.5 and true"},
		{New("{{.Missing}} stays", Args{}), "{{.Missing}} stays"},
		{New("unclosed {{.A", Args{"A": 1}), "unclosed {{.A"},
		{Plural("needs {{.Count}} item", "needs {{.Count}} items", 1, nil), "needs 1 item"},
		{Plural("needs {{.Count}} item", "needs {{.Count}} items", 2, nil), "needs 2 items"},
		{Plural("needs {{.Count}} item", "needs {{.Count}} items", 0, Args{"Has": 3}), "needs 0 items"},
	}
	for _, tc := range tests {
		if got := tc.msg.String(); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.msg.Key, got, tc.want)
		}
		if got := fmt.Sprint(tc.msg); got != tc.want {
			t.Errorf("%q: fmt prints %q, want %q", tc.msg.Key, got, tc.want)
		}
	}
}

// errors.Is and errors.As see the errors among a message's fields, as
// they saw through fmt.Errorf's %w.
func TestErrorUnwrapsToItsFields(t *testing.T) {
	inner := Error("the call ran out of time: {{.Err}}", Args{"Err": context.DeadlineExceeded})
	err := fmt.Errorf("wrapped: %w", Error("tools/list failed: {{.Err}}", Args{"Err": inner, "Method": "tools/list"}))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Error("errors.Is does not find the deadline")
	}
	var m *Msg
	if !errors.As(err, &m) || m.Key != "tools/list failed: {{.Err}}" {
		t.Errorf("errors.As found %+v", m)
	}
	if got := err.Error(); got != "wrapped: tools/list failed: the call ran out of time: context deadline exceeded" {
		t.Errorf("the text is %q", got)
	}
}

// Map reaches the text of nested messages, and leaves the rest.
func TestMapReachesNestedText(t *testing.T) {
	m := New("{{.A}} {{.B}} {{.C}}", Args{"A": "secret", "B": New("[{{.X}}]", Args{"X": "secret"}), "C": 3})
	got := m.Map(func(s string) string {
		if s == "secret" {
			return "****"
		}
		return s
	}).String()
	if got != "**** [****] 3" {
		t.Errorf("%q", got)
	}
	if m.String() != "secret [secret] 3" {
		t.Errorf("Map changed the original: %q", m.String())
	}
}
