package ui

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/assets"
	"mcpbrowser/ui/widgets"
)

func TestParseAboutInfo(t *testing.T) {
	goLine := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	tests := []struct {
		in                      string
		wantVersion, wantCommit string
	}{
		{"0.3.0 (abc1234)", "0.3.0", "abc1234"},
		{"0.2.0-4-gdeadbee-dirty (deadbee)", "0.2.0-4-gdeadbee-dirty", "deadbee"},
		// No commit in the string: the one Go stamped (none in a test binary).
		{"0.1.0-dev", "0.1.0-dev", vcsCommit()},
		{"  0.1.0  ", "0.1.0", vcsCommit()},
		{"", "unknown", vcsCommit()},
		// Parentheses that are not a trailing commit stay in the version.
		{"1.0 (beta", "1.0 (beta", vcsCommit()},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got := ParseAboutInfo(tc.in)
			if got.Version != tc.wantVersion || got.Commit != tc.wantCommit || got.Go != goLine {
				t.Errorf("ParseAboutInfo(%q) = %+v, want version %q commit %q go %q", tc.in, got, tc.wantVersion, tc.wantCommit, goLine)
			}
		})
	}
}

func TestAboutInfoString(t *testing.T) {
	tests := []struct {
		info AboutInfo
		want string
	}{
		{AboutInfo{Version: "0.3.0", Commit: "abc1234", Go: "go1.26.8 linux/amd64"}, "MCP Browser 0.3.0 (abc1234), go1.26.8 linux/amd64"},
		{AboutInfo{Version: "0.3.0", Go: "go1.26.8 windows/amd64"}, "MCP Browser 0.3.0, go1.26.8 windows/amd64"},
	}
	for _, tc := range tests {
		if got := tc.info.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.info, got, tc.want)
		}
	}
}

// TestShowAbout opens the dialog in a window and checks what a person sees:
// the icon, the name, version, commit, links, and the copy button's result.
func TestShowAbout(t *testing.T) {
	a := test.NewTempApp(t)
	w := test.NewWindow(widget.NewLabel("main window"))
	defer w.Close()
	w.Resize(fyne.NewSize(800, 600))

	d := ShowAbout(w, "0.3.0 (abc1234)")
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("ShowAbout showed no dialog")
	}
	objects := test.LaidOutObjects(top)

	var texts []string
	var links []string
	var icon *canvas.Image
	var copyButton *widget.Button
	for _, o := range objects {
		switch o := o.(type) {
		case *widget.Label:
			texts = append(texts, o.Text)
		case *widget.Hyperlink:
			links = append(links, o.Text+" → "+o.URL.String())
		case *canvas.Image:
			if o.Resource != nil && o.Resource.Name() == assets.IconName {
				icon = o
			}
		case *widgets.Button:
			if o.Text == "Copy version" {
				copyButton = &o.Button
			}
		}
	}
	for _, want := range []string{"MCP Browser", "0.3.0", "abc1234", runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH} {
		if !slices.Contains(texts, want) {
			t.Errorf("the About dialog has no label %q; labels: %q", want, texts)
		}
	}
	if len(links) != len(aboutLinks) {
		t.Errorf("the About dialog shows %d links, want %d: %q", len(links), len(aboutLinks), links)
	}
	for _, l := range aboutLinks {
		if !slices.Contains(links, l.text+" → "+l.url) {
			t.Errorf("the About dialog lacks the link %q → %s; has %q", l.text, l.url, links)
		}
	}
	if icon == nil {
		t.Error("the About dialog does not show the app icon")
	} else if s := icon.MinSize(); s.Width < 64 || s.Height < 64 {
		t.Errorf("the icon's minimum size is %v; it should be big enough to recognise", s)
	}

	if copyButton == nil {
		t.Fatal(`the About dialog has no "Copy version" button`)
	}
	test.Tap(copyButton)
	got := a.Clipboard().Content()
	if !strings.HasPrefix(got, "MCP Browser 0.3.0 (abc1234), go") {
		t.Errorf("Copy version put %q on the clipboard", got)
	}

	d.Hide()
	if w.Canvas().Overlays().Top() != nil {
		t.Error("the dialog is still shown after Hide")
	}
}
