package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/internal/testservers"
)

func TestTerminalText(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, tabs\tand\nnewlines":  "plain text, tabs\tand\nnewlines",
		"red \x1b[31mtool\x1b[0m":          `red \x1b[31mtool\x1b[0m`,
		"title \x1b]0;pwned\x07":           `title \x1b]0;pwned\x07`,
		"over\rwrite":                      `over\x0dwrite`,
		"nul\x00byte":                      `nul\x00byte`,
		"del\x7f":                          `del\x7f`,
		"c1 \u009b2J csi":                  `c1 \u009b2J csi`,
		"bidi \u202eexe.txt \u2066x\u2069": `bidi \u202eexe.txt \u2066x\u2069`,
		"not utf-8 \xff\xfe":               `not utf-8 \xff\xfe`,
		"中文 and é stay":                    "中文 and é stay",
	} {
		if got := terminalText(in); got != want {
			t.Errorf("terminalText(%q) = %q, want %q", in, got, want)
		}
	}
}

// hostileTools are tools whose names and descriptions try to drive the
// terminal: a colour, a window title (OSC), a cleared screen, a carriage
// return that hides what came before, a NUL and a bidi override.
const hostileTools = `[
 {"name":"red\u001b[31mtool","description":"clears \u001b[2J the screen","inputSchema":{"type":"object"}},
 {"name":"title\u001b]0;pwned\u0007","description":"x","inputSchema":{"type":"object"}},
 {"name":"hidden\rfake","description":"nul \u0000 here","inputSchema":{"type":"object"}},
 {"name":"bidi\u202eexe.txt","description":"c1 \u009b2J","inputSchema":{"type":"object"}}
]`

// rawBytes are what must never reach the terminal raw.
var rawBytes = []string{"\x1b", "\r", "\x00", "\a", "\u202e", "\u009b"}

// TestServerTextEscapedOnTerminal: text output that prints what a server
// sent (lint, diff, the "has no tool" error, --stderr) shows control
// characters as escapes; JSON output is what encoding/json writes.
func TestServerTextEscapedOnTerminal(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses sh")
	}
	misbehave := testservers.Build(t)
	dir := t.TempDir()
	hostile, empty := filepath.Join(dir, "hostile.json"), filepath.Join(dir, "empty.json")
	os.WriteFile(hostile, []byte(hostileTools), 0o600)
	os.WriteFile(empty, []byte(`[]`), 0o600)
	doc, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"hostile": map[string]any{"command": "sh", "args": []string{"-c", `printf 'line \033]0;owned\007 \033[2J\r\000end\n' >&2; exec "$0" -mode raw -tools "$1"`, misbehave, hostile}},
		"empty":   map[string]any{"command": misbehave, "args": []string{"-mode", "raw", "-tools", empty}},
	}})
	cfg := writeConfig(t, string(doc))
	cases := [][]string{
		{"lint", "hostile"},
		{"diff", "empty", "hostile"},
		{"call", "hostile", "nosuch"},
		{"tools", "hostile", "--stderr"},
	}
	for _, c := range cases {
		t.Run(c[0], func(t *testing.T) {
			code, out, errOut := runCLI(t, append(c, "--config", cfg)...)
			text := out + errOut
			if c[0] == "tools" {
				text = errOut // stdout is JSON
			}
			for _, b := range rawBytes {
				if strings.Contains(text, b) {
					t.Errorf("exit %d: %q reaches the terminal raw:\n%q", code, b, text)
				}
			}
			if !strings.Contains(text, `\x1b`) || c[0] != "tools" && !strings.Contains(text, "red") {
				t.Errorf("exit %d: no escaped ESC in %q", code, text)
			}
		})
	}
	code, out, errOut := runCLI(t, "tools", "hostile", "--config", cfg)
	t.Logf("tools: exit %d %s", code, errOut)
	var got struct {
		Tools []struct{ Name string } `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Tools) != 4 || got.Tools[1].Name != "title\x1b]0;pwned\a" {
		t.Errorf("tools JSON lost the names as sent: %v %+v", err, got)
	}
	if !strings.Contains(out, `red\u001b[31mtool`) || !strings.Contains(out, `bidi\u202eexe.txt`) {
		t.Errorf("tools JSON is not what encoding/json writes:\n%s", out)
	}
}
