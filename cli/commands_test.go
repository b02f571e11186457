package cli

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// parseArgs parses a command line without running it, as execute does.
func parseArgs(args []string) (*invocation, error) {
	name, rest, err := splitCommand(args)
	if err != nil {
		return nil, err
	}
	c, ok := findCommand(name)
	if !ok {
		return nil, usageErr("unknown command %q", name)
	}
	return c.parse(rest, Env{Stdout: io.Discard})
}

// foreignFlag is, for a command, a flag that another command takes and it
// does not (for a command that parses its own flags, one its --help does
// not list).
func foreignFlag(t *testing.T, c command) string {
	takes := func(f string) bool {
		fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
		c.flags(fs, newInvocation(c.name))
		return fs.Lookup(f) != nil
	}
	if c.flags == nil {
		_, help, _ := runCLI(t, c.name, "--help")
		takes = func(f string) bool { return strings.Contains(help, "--"+f+" ") || strings.Contains(help, "--"+f+"\n") }
	}
	for _, f := range []string{"format", "all", "args", "prompt", "url", "stderr"} {
		if !takes(f) {
			return f
		}
	}
	return ""
}

// TestEveryCommandChecksItsFlags: for every command, a flag it does not take
// is refused in plain words with exit code 2 before anything runs, and
// --help prints its usage on stdout and exits 0.
func TestEveryCommandChecksItsFlags(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			foreign := foreignFlag(t, c)
			if foreign == "" {
				t.Fatalf("%s takes every flag tried; add one it does not take", c.name)
			}
			code, out, errOut := runCLI(t, c.name, "x", "--"+foreign, "v")
			want := "mcpbrowser " + c.name + ": --" + foreign + " is not an option of " + c.name + "; see mcpbrowser " + c.name + " --help\n"
			ok := errOut == want
			if c.main != nil { // its wording is its own; it names the command, the flag and the help
				ok = strings.HasPrefix(errOut, "mcpbrowser "+c.name+": ") && strings.Contains(errOut, "--"+foreign) &&
					strings.Contains(errOut, "mcpbrowser "+c.name+" --help")
			}
			if code != ExitUsage || !ok || out != "" {
				t.Errorf("--%s: exit %d, stdout %q, stderr %q; want exit 2 and stderr %q", foreign, code, out, errOut, want)
			}

			code, out, errOut = runCLI(t, c.name, "--nonsense")
			want = "mcpbrowser " + c.name + ": unknown flag --nonsense; see mcpbrowser " + c.name + " --help\n"
			if code != ExitUsage || errOut != want {
				t.Errorf("--nonsense: exit %d, stderr %q; want exit 2 and %q", code, errOut, want)
			}

			for _, h := range []string{"--help", "-h"} {
				code, out, errOut = runCLI(t, c.name, h)
				if code != ExitOK || errOut != "" || !strings.HasPrefix(out, "Usage: mcpbrowser "+c.name) {
					t.Errorf("%s: exit %d, stderr %q, stdout %q", h, code, errOut, out)
				}
			}
			code, helpOut, _ := runCLI(t, "help", c.name)
			if code != ExitOK || helpOut != out {
				t.Errorf("help %s: exit %d, %q; want what -h prints", c.name, code, helpOut)
			}
		})
	}
}

func TestFlagWording(t *testing.T) {
	cases := []struct {
		args     []string
		wantCode int
		wantErr  string // all of stderr
		wantOut  string // in stdout
	}{
		{[]string{"call", "demo", "add", "--format", "json"}, ExitUsage,
			"mcpbrowser call: --format is not an option of call; see mcpbrowser call --help\n", ""},
		{[]string{"servers", "--url"}, ExitUsage, "mcpbrowser servers: --url is not an option of servers; see mcpbrowser servers --help\n", ""},
		{[]string{"tools", "--timeout"}, ExitUsage, "mcpbrowser tools: --timeout needs a value\n", ""},
		{[]string{"tools", "demo", "--timeout=soon"}, ExitUsage, "mcpbrowser tools: --timeout \"soon\" is not a duration like 30s or 2m\n", ""},
		{[]string{"tools", "demo", "--wire=loud"}, ExitUsage, "mcpbrowser tools: --wire takes no value\n", ""},
		{[]string{"servers", "--", "srv"}, ExitUsage, "mcpbrowser servers: servers does not start a server, so nothing may follow --\n", ""},
		{[]string{"demo-server", "extra"}, ExitUsage, "mcpbrowser demo-server: unknown argument \"extra\" (usage: mcpbrowser demo-server [--root DIR])\n", ""},
		{[]string{"frobnicate"}, ExitUsage, "mcpbrowser: unknown command \"frobnicate\" (see mcpbrowser --help)\n", ""},
		{[]string{"--help"}, ExitOK, "", "mcpbrowser call TARGET TOOL"},
		{[]string{"help"}, ExitOK, "", "Servers from other apps"},
		{[]string{"--version"}, ExitOK, "", "mcpbrowser test\n"},
		{[]string{"call", "--help"}, ExitOK, "", "--args JSON"},
		{[]string{"call", "--help"}, ExitOK, "", "TARGET is a configured server's name"},
		{[]string{"export", "-h"}, ExitOK, "", "--format FORMAT"},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, out, errOut := runCLI(t, tc.args...)
			if code != tc.wantCode || errOut != tc.wantErr || !strings.Contains(out, tc.wantOut) {
				t.Errorf("exit %d, stderr %q, stdout %q\nwant exit %d, stderr %q, stdout with %q", code, errOut, out, tc.wantCode, tc.wantErr, tc.wantOut)
			}
		})
	}
}

// TestFlagsAnywhere: flags stand before the command, between the arguments
// and after them, and a -- that is a flag's value does not end the flags.
func TestFlagsAnywhere(t *testing.T) {
	cases := []struct {
		args []string
		want func(*invocation) bool
	}{
		{[]string{"--config", "/x.json", "call", "demo", "--timeout", "2s", "add", "a=2"}, func(i *invocation) bool {
			return i.command == "call" && i.configPath == "/x.json" && strings.Join(i.positional, " ") == "demo add a=2" && i.timeout.Seconds() == 2
		}},
		{[]string{"call", "x", "t", "--sampling-reply", "--", "--wire"}, func(i *invocation) bool {
			return i.samplingReply == "--" && i.wire && i.adhoc == nil
		}},
		{[]string{"import", "-", "--all", "--on-clash=skip"}, func(i *invocation) bool {
			return i.all && i.onClash == "skip" && strings.Join(i.positional, " ") == "-"
		}},
		{[]string{"read", "u", "--", "srv", "--flag-of-srv"}, func(i *invocation) bool {
			return strings.Join(i.adhoc, " ") == "srv --flag-of-srv" && strings.Join(i.positional, " ") == "u"
		}},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			inv, err := parseArgs(tc.args)
			if err != nil || !tc.want(inv) {
				t.Fatalf("got %+v, %v", inv, err)
			}
		})
	}
}

// TestServersPrintsEntriesMasked: servers prints each entry as the servers
// file holds it, with every secret masked.
func TestServersPrintsEntriesMasked(t *testing.T) {
	cfg := writeConfig(t, `{"mcpServers": {
		"remote": {"url": "http://127.0.0.1:1/mcp", "headers": {"Authorization": "Bearer sk-live-abcdefgh1234"},
			"query": {"api_key": "qk-abcdefgh5678"}, "oauth": {"clientId": "c1", "clientSecret": "cs-abcdefgh9012"}},
		"api": {"type": "openapi", "spec": "spec.json", "auth": {"type": "basic", "username": "ada", "password": "pw-abcdefgh3456"}}
	}}`)
	code, out, errOut := runCLI(t, "servers", "--config", cfg)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, secret := range []string{"sk-live-abcdefgh", "qk-abcdefgh", "cs-abcdefgh", "pw-abcdefgh"} {
		if strings.Contains(out, secret) {
			t.Errorf("servers shows the secret %s:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"name": "remote"`, `"type": "http"`, `"clientId": "c1"`, `"username": "ada"`, `"Authorization": "Bearer ****`, `"spec": "spec.json"`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %s:\n%s", want, out)
		}
	}
}
