package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"testing"
	"unicode"
)

// helperEnv makes the test binary run one command line (JSON in the
// variable) as mcpbrowser would, with the environment it was given.
const helperEnv = "MCPBROWSER_CLI_HELPER_ARGS"

func runHelper() {
	if len(os.Args) > 1 && os.Args[1] == "demo-server" {
		// The demo server, started by the child as its Executable.
		os.Exit(Run(context.Background(), os.Args[1:], Env{Stdout: os.Stdout, Stderr: os.Stderr, Stdin: os.Stdin}))
	}
	var args []string
	if err := json.Unmarshal([]byte(os.Getenv(helperEnv)), &args); err != nil {
		panic(err)
	}
	code := Run(context.Background(), args, Env{Stdout: os.Stdout, Stderr: os.Stderr, Executable: os.Args[0], Version: "test"})
	os.Exit(code)
}

// child is what one command line run in a child process gave.
type child struct {
	code        int
	out, errOut string
}

// runUnder runs a command line in a child process with only LANG set among
// the locale variables.
func runUnder(t *testing.T, locale string, args ...string) (int, string, string) {
	t.Helper()
	c := runLocales(t, []string{locale}, args...)[0]
	return c.code, c.out, c.errOut
}

// runLocales runs a command line once under each locale, as runUnder does,
// the children side by side (each has its own scratch homes), and returns
// what each gave in the order of the locales.
func runLocales(t *testing.T, locales []string, args ...string) []child {
	t.Helper()
	spec, _ := json.Marshal(args)
	children := make([]child, len(locales))
	errs := make([]error, len(locales))
	var wg sync.WaitGroup
	for i, locale := range locales {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		for _, kv := range os.Environ() {
			switch name, _, _ := strings.Cut(kv, "="); name {
			case "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME":
				continue
			}
			cmd.Env = append(cmd.Env, kv)
		}
		cmd.Env = append(cmd.Env, "LANG="+locale, helperEnv+"="+string(spec),
			// Each run starts afresh: no servers file, no remembered protocol era.
			"XDG_CONFIG_HOME="+t.TempDir(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir())
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		wg.Go(func() {
			err := cmd.Run()
			if ee, ok := errors.AsType[*exec.ExitError](err); ok {
				children[i].code = ee.ExitCode()
			} else if err != nil {
				errs[i] = err
			}
			children[i].out, children[i].errOut = out.String(), fyneNoise.ReplaceAllString(errOut.String(), "")
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return children
}

// fyneNoise is Fyne's complaint about LANG=C.UTF-8, logged as the lang
// package initializes. The real binary avoids it (internal/localefix runs
// first; main_test.go checks), but a test binary initializes its packages
// in another order.
var fyneNoise = regexp.MustCompile(`(?m)^ *\d{4}/\d\d/\d\d \d\d:\d\d:\d\d (Fyne error: | {2}Cause: | {2}At: ).*\n`)

// withoutTiming is stdout without what timing, not the language, decides:
// how the protocol era was found. A server that answers server/discover
// after DiscoverWait (a child process starting on a loaded machine) is
// "discovered" and "answered late" in one run and promptly in the other;
// each run's era is checked to be there, not to be equal.
func withoutTiming(t *testing.T, stdout string) string {
	t.Helper()
	var v map[string]any
	if json.Unmarshal([]byte(stdout), &v) != nil {
		return stdout
	}
	if p, ok := v["protocol"]; ok {
		if era, _ := p.(map[string]any); era["version"] == nil || era["version"] == "" {
			t.Errorf("no protocol version in %s", stdout)
		}
		delete(v, "protocol")
	}
	out, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

// The language changes the lines for people on stderr, never stdout's JSON
// or the exit code.
func TestStderrFollowsTheLanguage(t *testing.T) {
	cases := []struct {
		args       []string
		wantStderr bool
	}{
		{[]string{"tools", "demo"}, false},
		{[]string{"tools", "demo", "--bogus"}, true},
		{[]string{"tools", "nosuch"}, true},
		{[]string{"call", "demo", "nosuchtool"}, true},
		{[]string{"tools", "--", "/nonexistent/mcp-server-for-a-test"}, true},
		{[]string{"frobnicate"}, true},
	}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			t.Parallel() // each runs two child processes of its own
			both := runLocales(t, []string{"C.UTF-8", "zh_CN.UTF-8"}, tc.args...)
			enCode, enOut, enErr := both[0].code, both[0].out, both[0].errOut
			zhCode, zhOut, zhErr := both[1].code, both[1].out, both[1].errOut
			if enCode != zhCode {
				t.Errorf("exit codes differ: C %d, zh_CN %d", enCode, zhCode)
			}
			if a, b := withoutTiming(t, enOut), withoutTiming(t, zhOut); a != b {
				t.Errorf("stdout differs:\nC:     %s\nzh_CN: %s", a, b)
			}
			if enOut != "" && !json.Valid([]byte(enOut)) {
				t.Errorf("stdout is not JSON: %s", enOut)
			}
			if !tc.wantStderr {
				if enErr != "" || zhErr != "" || enCode != 0 || enOut == "" {
					t.Errorf("exit %d, stdout %q, stderr %q / %q", enCode, enOut, enErr, zhErr)
				}
				return
			}
			if enCode == 0 {
				t.Errorf("exit 0 for a failure")
			}
			if enErr == "" || hasHan(enErr) {
				t.Errorf("C stderr is not English: %q", enErr)
			}
			if !hasHan(zhErr) {
				t.Errorf("zh_CN stderr is not Chinese: %q", zhErr)
			}
			if !strings.HasPrefix(zhErr, "mcpbrowser") {
				t.Errorf("zh_CN stderr lost its prefix: %q", zhErr)
			}
			t.Logf("C:     %s", strings.TrimSpace(enErr))
			t.Logf("zh_CN: %s", strings.TrimSpace(zhErr))
		})
	}
}

func TestCountsUseThePluralForms(t *testing.T) {
	setupI18n() // English: TestMain sets LC_ALL=C.UTF-8
	key := "{{.Count}} checks could not run: a server could not be reached"
	for count, want := range map[int]string{
		1: "1 check could not run: a server could not be reached",
		3: "3 checks could not run: a server could not be reached",
	} {
		if got := trN(key, count, nil); got != want {
			t.Errorf("trN(%d) = %q, want %q", count, got, want)
		}
	}
}
