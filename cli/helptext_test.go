package cli

import (
	"bytes"
	"context"
	"flag"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/internal/i18n"
)

// helpCommandLines is mcpbrowser --help and every command's --help.
func helpCommandLines() [][]string {
	lines := [][]string{{"--help"}}
	for _, c := range commands() {
		lines = append(lines, []string{c.name, "--help"})
	}
	return lines
}

// Every text --help prints for people (summaries, usage, headings, each
// flag's description) is in both translation files, so none stays English
// under a Chinese locale — a flag added without its translation fails here.
// A translated flag description keeps its `PLACEHOLDER`, which --help shows
// as the flag's value.
func TestEveryHelpTextIsTranslated(t *testing.T) {
	setupI18n()
	stop := helpSeen.listen()
	for _, args := range helpCommandLines() {
		var out, errOut bytes.Buffer
		if err := execute(context.Background(), args, Env{Stdout: &out, Stderr: &errOut}); !isHelp(err) && err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		if out.Len() == 0 {
			t.Errorf("%v printed nothing", args)
		}
	}
	keys := stop()
	if len(keys) < 100 {
		t.Errorf("only %d help texts went through helpT; is --help still translated?", len(keys))
	}
	en, err := i18n.Messages(i18n.English)
	if err != nil {
		t.Fatal(err)
	}
	zh, err := i18n.Messages(i18n.SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range slices.Sorted(maps.Keys(keys)) {
		for name, m := range map[string]map[string]any{"en": en, "zh_Hans": zh} {
			if _, ok := m[key]; !ok {
				t.Errorf("help text %q is not in the %s files", key, name)
			}
		}
		text, _ := zh[key].(string)
		if want, got := placeholder(key), placeholder(text); text != "" && got != want {
			t.Errorf("the Chinese of %q names its value %q, not %q", key, got, want)
		}
	}
}

// placeholder is what flag.UnquoteUsage takes for the value's name.
func placeholder(usage string) string {
	name, _ := flag.UnquoteUsage(&flag.Flag{Usage: usage, Value: new(stringValue)})
	return name
}

type stringValue string

func (s *stringValue) String() string     { return string(*s) }
func (s *stringValue) Set(v string) error { *s = stringValue(v); return nil }

var flagName = regexp.MustCompile(`--[a-z][a-z-]*`)

// Under a Chinese locale --help is Chinese, with the same flags, usage
// lines and exit status as in English.
func TestHelpFollowsTheLanguage(t *testing.T) {
	for _, args := range helpCommandLines() {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel() // each runs two child processes of its own
			both := runLocales(t, []string{"C.UTF-8", "zh_CN.UTF-8"}, args...)
			enCode, enOut := both[0].code, both[0].out
			zhCode, zhOut := both[1].code, both[1].out
			if enCode != ExitOK || zhCode != ExitOK {
				t.Fatalf("exit %d (C), %d (zh_CN)", enCode, zhCode)
			}
			if hasHan(enOut) {
				t.Errorf("English help has Chinese in it:\n%s", enOut)
			}
			if !hasHan(zhOut) {
				t.Errorf("zh_CN help is not Chinese:\n%s", zhOut)
			}
			flags := func(s string) []string { return slices.Sorted(slices.Values(flagName.FindAllString(s, -1))) }
			if e, z := flags(enOut), flags(zhOut); !slices.Equal(e, z) {
				t.Errorf("the flags differ:\nC:     %v\nzh_CN: %v", e, z)
			}
			commandLines := func(s string) []string {
				var lines []string
				for l := range strings.Lines(s) {
					if i := strings.Index(l, "mcpbrowser "); i >= 0 {
						lines = append(lines, strings.TrimSpace(strings.SplitN(l[i:], "  ", 2)[0]))
					}
				}
				return lines
			}
			if e, z := commandLines(enOut), commandLines(zhOut); len(args) > 1 && e[0] != z[0] {
				t.Errorf("the usage line differs:\nC:     %s\nzh_CN: %s", e[0], z[0])
			}
		})
	}
}

// A command's summary starts its --help capitalized; a Chinese one is left
// whole (cutting its first byte made a broken character).
func TestUpperFirst(t *testing.T) {
	for in, want := range map[string]string{
		"":                 "",
		"list its prompts": "List its prompts",
		"列出其提示词":           "列出其提示词",
		"ünicode":          "Ünicode",
	} {
		if got := upperFirst(in); got != want {
			t.Errorf("upperFirst(%q) = %q, want %q", in, got, want)
		}
	}
}
