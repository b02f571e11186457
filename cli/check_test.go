package cli

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"mcpbrowser/mcp/checks"
)

func writeFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckCommand(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("uses Unix test servers")
	}
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	passing := writeFile(t, "pass.yaml", `
name: passing
checks:
  - {name: add, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {json: [{path: sum, equals: 5}]}}
  - {name: fail on purpose, server: demo, tool: fail, arguments: {kind: tool_error}, expect: {outcome: tool_error}}
`)
	failing := writeFile(t, "fail.yaml", `
name: failing
checks:
  - {name: add, server: demo, tool: add, arguments: {a: 2, b: 3}, expect: {text: {contains: "= 6"}}}
  - {name: echo, server: demo, tool: echo, arguments: {message: hi}, expect: {text: {equals: hi}}}
  - {name: delete, server: demo, tool: delete_file, arguments: {path: welcome.txt}}
`)
	unreachable := writeFile(t, "down.yaml", `
servers:
  gone: {command: no-such-mcp-server-here}
checks:
  - {name: a, tool: add}
`)
	inline := writeFile(t, "inline.yaml", `
servers:
  mine: {command: "`+demoBinary+`"}
checks:
  - {name: a, tool: echo, arguments: {message: x}, expect: {text: {equals: x}}}
`)
	cases := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string
		wantErr  []string
	}{
		{"all pass", []string{"check", passing, "--config", cfg}, ExitOK, []string{"ok   add", "2 passed, 0 failed"}, nil},
		{"a check fails", []string{"check", "--config", cfg, passing, failing}, ExitToolError,
			[]string{"FAIL add", `text: expected text containing "= 6", got "2 + 3 = 5"`, "skip delete", "destructive: true", "3 passed, 1 failed, 0 could not run (no connection), 1 skipped"}, nil},
		{"could not connect", []string{"check", unreachable, "--config", cfg}, ExitConnection, []string{"ERR  a"}, []string{"1 check(s) could not run"}},
		{"--server replaces a server", []string{"check", unreachable, "--config", cfg, "--server", "gone=" + demoBinary}, ExitToolError, []string{"FAIL a"}, nil},
		{"inline server", []string{"check", inline, "--config", cfg}, ExitOK, []string{"1 passed"}, nil},
		{"--tap", []string{"check", failing, "--tap", "--config", cfg}, ExitToolError, []string{"TAP version 13\n1..3\nnot ok 1 - failing: add", "ok 2 - failing: echo", "ok 3 - failing: delete # SKIP"}, nil},
		{"no file", []string{"check"}, ExitUsage, nil, []string{"at least one check FILE"}},
		{"bad file", []string{"check", writeFile(t, "bad.yaml", "checks: [{tool: x}]")}, ExitUsage, nil, []string{"has no name"}},
		{"unknown server", []string{"check", writeFile(t, "x.yaml", "checks: [{name: a, server: zzz, tool: x}]"), "--config", cfg}, ExitUsage, nil, []string{"no server named zzz"}},
		{"--help", []string{"check", "--help"}, ExitOK, []string{"Usage: mcpbrowser check", "--junit FILE"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			if code != tc.wantCode {
				t.Errorf("exit code %d, want %d\nstdout: %s\nstderr: %s", code, tc.wantCode, out, errOut)
			}
			for _, w := range tc.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range tc.wantErr {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

// The JUnit file has the shape CI systems read:
// testsuites > testsuite > testcase > failure | skipped, with counts.
func TestCheckJUnit(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	file := writeFile(t, "j.yaml", `
name: junit
checks:
  - {name: passes, server: demo, tool: add, arguments: {a: 1, b: 1}}
  - {name: fails, server: demo, tool: add, arguments: {a: 1, b: 1}, expect: {json: [{path: sum, equals: 3}]}}
  - {name: stderr, server: demo, tool: log_stderr, arguments: {lines: 2}, expect: {outcome: tool_error}}
  - {name: skipped, server: demo, tool: delete_file, arguments: {path: x}}
`)
	out := filepath.Join(t.TempDir(), "out.xml")
	if code, stdout, stderr := runCLI(t, "check", file, "--junit", out, "--config", cfg); code != ExitToolError {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	type problem struct {
		Message string `xml:"message,attr"`
		Text    string `xml:",chardata"`
	}
	var doc struct {
		XMLName xml.Name `xml:"testsuites"`
		Tests   int      `xml:"tests,attr"`
		Fails   int      `xml:"failures,attr"`
		Suites  []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Skipped  int    `xml:"skipped,attr"`
			Cases    []struct {
				Name      string   `xml:"name,attr"`
				Classname string   `xml:"classname,attr"`
				Time      string   `xml:"time,attr"`
				Failure   *problem `xml:"failure"`
				Skipped   *problem `xml:"skipped"`
				SystemErr string   `xml:"system-err"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("not XML of that shape: %v\n%s", err, data)
	}
	if doc.Tests != 4 || doc.Fails != 2 || len(doc.Suites) != 1 {
		t.Fatalf("counts: %+v\n%s", doc, data)
	}
	s := doc.Suites[0]
	if s.Name != "junit" || s.Tests != 4 || s.Failures != 2 || s.Skipped != 1 || len(s.Cases) != 4 {
		t.Fatalf("suite: %+v", s)
	}
	c := s.Cases
	if c[0].Name != "passes" || c[0].Failure != nil || c[0].Classname != "junit.demo" || c[0].Time == "" {
		t.Errorf("case 0: %+v", c[0])
	}
	if c[1].Failure == nil || !strings.Contains(c[1].Failure.Message, "json sum: expected 3, got 2") {
		t.Errorf("case 1: %+v", c[1])
	}
	if c[2].Failure == nil || !strings.Contains(c[2].SystemErr, "line 1") {
		t.Errorf("case 2 should fail with the stderr slice kept: %+v", c[2])
	}
	if c[3].Skipped == nil {
		t.Errorf("case 3: %+v", c[3])
	}
}

func TestCheckUpdate(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {"demo": {"command": "`+demoBinary+`"}}}`)
	file := writeFile(t, "u.yaml", `
checks:
  - name: snap
    server: demo
    tool: add
    arguments: {a: 2, b: 2}
    expect:
      snapshot: {structuredContent: {sum: 5}}
`)
	if code, out, _ := runCLI(t, "check", file, "--config", cfg); code != ExitToolError {
		t.Fatalf("before --update: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "check", file, "--update", "--config", cfg); code != ExitOK || !strings.Contains(out, "1 snapshot(s) rewritten") {
		t.Fatalf("--update: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "check", file, "--config", cfg); code != ExitOK {
		t.Fatalf("after --update: exit %d\n%s", code, out)
	}
	f, err := checks.Load(file)
	if err != nil {
		t.Fatal(err)
	}
	if got := (*f.Checks[0].Expect.Snapshot).(map[string]any)["structuredContent"]; got == nil {
		t.Errorf("snapshot now %v", *f.Checks[0].Expect.Snapshot)
	}
}
