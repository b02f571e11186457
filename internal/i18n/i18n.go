// Package i18n chooses the language MCP Browser speaks — English or
// Simplified Chinese — and loads its translations into Fyne's lang package,
// which the window and the command line's human-readable messages read
// through lang.L / lang.X / lang.N.
//
// It does not translate what servers send (tool names, descriptions,
// results), the CLI's JSON output, exit codes or the servers file: those
// never change with the language.
//
// The translations are JSON files in translations/, named as Fyne expects
// (area.lang.json): one pair per area of the app — window, cli, core (what
// the core says: connecting, calls, sign-in; session, the sentences a
// session's messages are built from), form, servers, result, tasks,
// checks, lint, logs, chooser; GLOSSARY.md beside them fixes the Chinese
// terms. English is also the fallback text written in the code, so a key
// missing from a file shows English, never a key.
//
// How to add a message:
//
//  1. Write it in the code as its English text, through lang.L (or lang.X
//     with a separate key): lang.L("no server named {{.Name}}", map[string]any{"Name": name}).
//     Names, values and durations go in {{.Templates}}; never join
//     translated pieces with + or Sprintf. A count uses lang.N / lang.XN with
//     go-i18n's "one"/"other" forms in the files.
//  2. Add the key to BOTH files of its area: translations/AREA.en.json
//     (the English text again) and AREA.zh_Hans.json (the Chinese, with
//     the terms of GLOSSARY.md). TestTranslationFilesHaveTheSameKeys fails
//     when one is missing, or when two pairs hold the same key.
//  3. What the core (mcp/…) says to a person — a failure, a log line, a
//     note — is not worded here and not matched here: the core makes it a
//     message with its key, say.New("the server exited with code
//     {{.Code}}.", say.Args{"Code": code}) (say.Error for an error), whose
//     English is the template filled, and carries the message (not its
//     text) to the front ends: an error as it is, a log line through
//     transport.ServerLog.Say. The front ends hand it to Explain (or
//     LogLine), which translate it by its key, the message and error
//     fields within it in turn; its key goes in both files like any other.
//     This package knows the message only through the Keyed interface and
//     imports nothing of the app. The older sentences the core still
//     writes as text are matched by the tables of core.go, checks.go,
//     problems.go and fieldnotes.go; do
//     not add to them: move a sentence to a keyed message and delete its
//     rule (TestImportsNothingOfTheApp lists those files).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strings"
	"unicode"

	"fyne.io/fyne/v2/lang"
)

// The languages MCP Browser speaks. Auto follows the system.
const (
	Auto              = ""
	English           = "en"
	SimplifiedChinese = "zh-Hans"
)

//go:embed translations/*.json
var files embed.FS

// Supported lists the languages a person can choose, Auto first.
var Supported = []string{Auto, English, SimplifiedChinese}

// FromLocale maps a POSIX locale or BCP 47 tag (zh_CN.UTF-8, zh-Hans,
// en_US) to a language MCP Browser speaks: Simplified Chinese for zh_CN,
// zh_SG and zh-Hans, English for everything else — including Traditional
// Chinese, which Simplified would serve badly.
func FromLocale(locale string) string {
	l := strings.ToLower(strings.ReplaceAll(locale, "_", "-"))
	if i := strings.IndexAny(l, ".@"); i >= 0 {
		l = l[:i]
	}
	switch {
	case l == "zh", l == "zh-cn", l == "zh-sg", l == "zh-hans",
		strings.HasPrefix(l, "zh-hans-"), l == "zh-cn-hans", l == "zh-sg-hans":
		return SimplifiedChinese
	}
	return English
}

// FromEnv returns the language the environment asks for, read the way
// gettext does: LC_ALL, then LC_MESSAGES, then LANG, with LANGUAGE's first
// entry before them unless the locale is C or POSIX.
func FromEnv(getenv func(string) string) string {
	locale := ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	if base, _, _ := strings.Cut(locale, "."); base == "C" || base == "POSIX" {
		return English
	}
	if languages := getenv("LANGUAGE"); languages != "" {
		first, _, _ := strings.Cut(languages, ":")
		return FromLocale(first)
	}
	if locale == "" && runtime.GOOS != "linux" {
		// Windows and macOS keep the language outside the environment.
		return FromLocale(string(lang.SystemLocale()))
	}
	return FromLocale(locale)
}

// Resolve returns the language to speak: choice when it names a supported
// language, otherwise what the environment asks for.
func Resolve(choice string, getenv func(string) string) string {
	switch choice {
	case English, SimplifiedChinese:
		return choice
	}
	return FromEnv(getenv)
}

// Setup loads the translations and makes lang.L and friends answer in the
// language Resolve picks for choice, which it returns. Call it once, before
// any widget is made: text already shown does not change, so a new choice
// takes effect at the next start.
func Setup(choice string) (string, error) {
	want := Resolve(choice, os.Getenv)
	// Fyne's lang picks its language from the environment's locale (and from
	// the system on Windows and macOS). Point it at the chosen language while
	// the translations load, then put the environment back so servers started
	// later inherit the person's own locale.
	restore := setEnv(map[string]string{"LC_ALL": posixLocale(want), "LANGUAGE": ""})
	defer restore()
	err := lang.AddTranslationsFS(files, "translations")
	if err == nil && runtime.GOOS != "linux" && FromLocale(string(lang.SystemLocale())) != want {
		// Elsewhere the environment is not consulted: load the chosen
		// language's messages under the tag the system's language matched.
		err = overrideSystemLanguage(want)
	}
	return want, err
}

func posixLocale(language string) string {
	if language == SimplifiedChinese {
		return "zh_CN.UTF-8"
	}
	return "en_US.UTF-8"
}

func overrideSystemLanguage(want string) error {
	messages, err := Messages(want)
	if err != nil {
		return err
	}
	data, err := json.Marshal(messages)
	if err != nil {
		return err
	}
	return lang.AddTranslationsForLocale(data, lang.SystemLocale())
}

// fileSuffix is how the translation files of a language end.
func fileSuffix(language string) string {
	if language == SimplifiedChinese {
		return ".zh_Hans.json"
	}
	return ".en.json"
}

// Messages merges every translation file of a language into one key →
// text (or plural forms) map.
func Messages(language string) (map[string]any, error) {
	entries, err := files.ReadDir("translations")
	if err != nil {
		return nil, err
	}
	merged := map[string]any{}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), fileSuffix(language)) {
			continue
		}
		data, err := files.ReadFile("translations/" + e.Name())
		if err != nil {
			return nil, err
		}
		var m map[string]any
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		for k, v := range m {
			merged[k] = v
		}
	}
	return merged, nil
}

// setEnv sets the variables ("" unsets) and returns a function that puts the
// previous values back.
func setEnv(vars map[string]string) (restore func()) {
	type old struct {
		value string
		set   bool
	}
	saved := map[string]old{}
	for k, v := range vars {
		prev, ok := os.LookupEnv(k)
		saved[k] = old{prev, ok}
		if v == "" {
			os.Unsetenv(k)
		} else {
			os.Setenv(k, v)
		}
	}
	return func() {
		for k, o := range saved {
			if o.set {
				os.Setenv(k, o.value)
			} else {
				os.Unsetenv(k)
			}
		}
	}
}

// SetupPseudo loads a pseudo-translation for tests: every English text with
// its Latin letters swapped for accented look-alikes ("Run" → "Ŕûñ"), with
// {{template}} fields kept. A text on screen that still holds a plain Latin
// letter was not translated (or came from a server).
func SetupPseudo() error {
	messages, err := Messages(English)
	if err != nil {
		return err
	}
	for k, v := range messages {
		switch v := v.(type) {
		case string:
			messages[k] = Pseudo(v)
		case map[string]any:
			for form, text := range v {
				if s, ok := text.(string); ok {
					v[form] = Pseudo(s)
				}
			}
		}
	}
	pseudo, err := json.Marshal(messages)
	if err != nil {
		return err
	}
	restore := setEnv(map[string]string{"LC_ALL": "en_US.UTF-8", "LANGUAGE": ""})
	defer restore()
	return lang.AddTranslationsForLocale(pseudo, "en")
}

var pseudoLetters = strings.NewReplacer(
	"a", "á", "b", "ƀ", "c", "ç", "d", "ď", "e", "é", "f", "ƒ", "g", "ĝ", "h", "ĥ", "i", "î", "j", "ĵ",
	"k", "ķ", "l", "ļ", "m", "ɱ", "n", "ñ", "o", "ö", "p", "þ", "q", "ʠ", "r", "ŕ", "s", "š", "t", "ţ",
	"u", "û", "v", "ṽ", "w", "ŵ", "x", "ẋ", "y", "ý", "z", "ž",
	"A", "Á", "B", "Ɓ", "C", "Ç", "D", "Ď", "E", "É", "F", "Ƒ", "G", "Ĝ", "H", "Ĥ", "I", "Î", "J", "Ĵ",
	"K", "Ķ", "L", "Ļ", "M", "Ṁ", "N", "Ñ", "O", "Ö", "P", "Þ", "Q", "Ǫ", "R", "Ŕ", "S", "Š", "T", "Ţ",
	"U", "Û", "V", "Ṽ", "W", "Ŵ", "X", "Ẋ", "Y", "Ý", "Z", "Ž",
)

// Pseudo is the pseudo-translation of one English text (see SetupPseudo).
func Pseudo(s string) string {
	var b strings.Builder
	for s != "" {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(pseudoLetters.Replace(s))
			break
		}
		b.WriteString(pseudoLetters.Replace(s[:i]))
		j := strings.Index(s[i:], "}}")
		if j < 0 {
			b.WriteString(s[i:])
			break
		}
		b.WriteString(s[i : i+j+2])
		s = s[i+j+2:]
	}
	return b.String()
}

// HasLatinLetter reports whether s holds a plain ASCII letter: in the
// pseudo-translation, a sign that the text was not translated.
func HasLatinLetter(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r < 128 && unicode.IsLetter(r) }) >= 0
}
