package toolform

import (
	"fmt"
	"os"
	"testing"

	"mcpbrowser/internal/i18n"
)

func TestMain(m *testing.M) {
	// The window's English comes from the translation files too (plural
	// forms: "1 note", "2 notes"), as in the app.
	if _, err := i18n.Setup(i18n.English); err != nil {
		fmt.Fprintln(os.Stderr, "loading the translations:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}
