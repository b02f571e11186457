package servers

import (
	"fmt"
	"os"
	"testing"

	"fyne.io/fyne/v2"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/testservers"
)

// demoServerPath is the demo server, built once per machine, for the tests
// that need a real command in an entry.
var demoServerPath string

func TestMain(m *testing.M) {
	var err error
	if demoServerPath, err = testservers.Demo.Path(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	// The window's English comes from the translation files too (plural
	// forms), as in the app.
	if _, err := i18n.Setup(i18n.English); err != nil {
		fmt.Fprintln(os.Stderr, "loading the translations:", err)
		os.Exit(2)
	}
	os.Exit(m.Run())
}

// onUI runs f as the UI goroutine would (Fyne's test app runs it at once,
// on the caller's goroutine).
func onUI(f func()) { fyne.DoAndWait(f) }
