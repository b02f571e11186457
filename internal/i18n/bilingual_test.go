package i18n

import (
	"testing"

	"mcpbrowser/mcp/say"
)

// checkBilingual runs each case's text through translate (named name in
// failures) in English, where it comes back as it went in, and in Chinese,
// where it reads zh.
func checkBilingual(t *testing.T, name string, translate func(string) string, cases []struct{ in, zh string }) {
	t.Helper()
	t.Cleanup(func() { Setup(English) })
	for _, lang := range []string{English, SimplifiedChinese} {
		if _, err := Setup(lang); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			want := tc.in
			if lang == SimplifiedChinese {
				want = tc.zh
			}
			if got := translate(tc.in); got != want {
				t.Errorf("%s: %s(%q)\n got %q\nwant %q", lang, name, tc.in, got, want)
			}
		}
	}
}

// checkKeysTranslated checks that every key given has its Chinese, so none
// silently falls back to English.
func checkKeysTranslated(t *testing.T, keys ...string) {
	t.Helper()
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range keys {
		if _, ok := zh[k]; !ok {
			t.Errorf("no Chinese for %q", k)
		}
	}
}

// keyed is a message with its key, as the core carries one (mcp/say.Msg).
type keyed struct {
	key  string
	args map[string]any
}

func (k keyed) MessageKey() string { return k.key }

// MessageArgs are the fields as mcp/say.Msg gives them: an error the
// standard library words (io.EOF, a missing file) as say.Cause says it.
func (k keyed) MessageArgs() map[string]any { return say.New(k.key, k.args).MessageArgs() }

// keyedCase is a keyed message and how it reads in each language.
type keyedCase struct {
	msg    Keyed
	en, zh string
}

// checkKeyed translates each message in English and in Chinese, and
// checks that its key has a Chinese text in the files.
func checkKeyed(t *testing.T, translate func(any) string, cases []keyedCase) {
	t.Helper()
	zh, err := Messages(SimplifiedChinese)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { Setup(English) })
	for _, lang := range []string{English, SimplifiedChinese} {
		if _, err := Setup(lang); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			if _, ok := zh[tc.msg.MessageKey()]; !ok && lang == English {
				t.Errorf("no Chinese for %q", tc.msg.MessageKey())
			}
			want := tc.en
			if lang == SimplifiedChinese {
				want = tc.zh
			}
			if got := translate(tc.msg); got != want {
				t.Errorf("%s: %q\n got %q\nwant %q", lang, tc.msg.MessageKey(), got, want)
			}
		}
	}
}
