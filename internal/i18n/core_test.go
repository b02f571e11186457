package i18n

import (
	"strings"
	"testing"
)

func TestExplainTranslatesTheCoresSentences(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"something the core never says", "something the core never says"},
		{"", ""},
	}
	checkBilingual(t, "Explain", explainText, cases)
}

// Every key of the rules and tails is in the translation files, so none
// silently falls back to English.
func TestExplainKeysAreTranslated(t *testing.T) {
	var tails []string
	for _, tail := range coreTails {
		tails = append(tails, strings.TrimPrefix(tail, " "))
	}
	checkRuleKeys(t, coreRules, tails...)
}

// BenchmarkExplain is what translating one core message costs.
func BenchmarkExplain(b *testing.B) {
	Setup(SimplifiedChinese)
	defer Setup(English)
	msg := "the server exited with code 1 before it finished starting. Last stderr lines:\n  boom"
	for b.Loop() {
		Explain(msg)
	}
}
