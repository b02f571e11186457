package transport

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"mcpbrowser/mcp/say"
)

// A line written by key reads as its English, and a secret in its fields is
// masked in the message the front ends translate as well as in the text.
func TestSayMasksTheMessageToo(t *testing.T) {
	log := NewServerLog(nil)
	log.SetMask(func(s string) string { return strings.ReplaceAll(s, "hunter2", "****") })
	log.Say(LogInfo, say.New("started {{.Command}} (pid {{.Pid}})", say.Args{"Command": "srv --token hunter2", "Pid": 7}))
	log.Say(LogInfo, say.New("listing tools failed: {{.Err}}", say.Args{"Err": errors.New("bad token hunter2")}))
	log.Add(LogStderr, "hunter2 printed")
	entries, _ := log.Since(0)
	if len(entries) != 3 {
		t.Fatalf("%d entries", len(entries))
	}
	for i, want := range []string{"started srv --token **** (pid 7)", "listing tools failed: bad token ****"} {
		e := entries[i]
		if e.Text != want {
			t.Errorf("text %q, want %q", e.Text, want)
		}
		said, ok := e.Said().(say.Msg)
		if !ok {
			t.Fatalf("Said() is %T, want the message", e.Said())
		}
		if got := fmt.Sprint(said); got != want {
			t.Errorf("the message reads %q, want %q", got, want)
		}
	}
	if s, ok := entries[2].Said().(string); !ok || s != "**** printed" {
		t.Errorf("a server's line: Said() = %#v", entries[2].Said())
	}
}
