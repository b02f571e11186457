package ui

import (
	"net/url"
	"runtime"
	"runtime/debug"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/assets"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// AppName is the app's name as people see it: window title, menus, installers.
const AppName = "MCP Browser"

// An AboutInfo is what the About dialog says about this build.
type AboutInfo struct {
	// Version is the release (e.g. "0.2.0", "0.1.0-dev").
	Version string
	// Commit is the short git commit the binary was built from; "" if unknown.
	Commit string
	// Go is the Go version and platform, e.g. "go1.26.8 linux/amd64".
	Go string
}

// An aboutLink is one link the About dialog offers.
type aboutLink struct {
	text, url string
}

// aboutLinks are the About dialog's links, in order.
var aboutLinks = []aboutLink{
	{"What is the Model Context Protocol?", "https://modelcontextprotocol.io"},
	{"The MCP specification", "https://modelcontextprotocol.io/specification"},
	{"Built with Fyne", "https://fyne.io"},
}

// ParseAboutInfo reads the version string main gives Run in Options.Version:
// "VERSION" or "VERSION (COMMIT)". Without a commit there, it takes the one the
// Go toolchain stamped into the binary (a `go build` inside a git checkout),
// marked "-dirty" when the checkout had uncommitted changes.
func ParseAboutInfo(version string) AboutInfo {
	info := AboutInfo{
		Version: strings.TrimSpace(version),
		Go:      runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH,
	}
	if v, c, ok := strings.Cut(info.Version, " ("); ok && strings.HasSuffix(c, ")") {
		info.Version, info.Commit = strings.TrimSpace(v), strings.TrimSuffix(c, ")")
	}
	if info.Version == "" {
		info.Version = "unknown"
	}
	if info.Commit == "" {
		info.Commit = vcsCommit()
	}
	return info
}

// vcsCommit is the short commit Go recorded at build time, or "".
func vcsCommit() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev string
	var modified bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	if rev != "" && modified {
		rev += "-dirty"
	}
	return rev
}

// String is the one line to paste into a bug report.
func (a AboutInfo) String() string {
	s := AppName + " " + a.Version
	if a.Commit != "" {
		s += " (" + a.Commit + ")"
	}
	return s + ", " + a.Go
}

// ShowAbout opens the About dialog over win: the icon, the name, the version
// and commit (with a button that copies them for a bug report) and links.
// version is the string main gives Run in Options.Version (see ParseAboutInfo).
func ShowAbout(win fyne.Window, version string) *dialog.CustomDialog {
	info := ParseAboutInfo(version)
	d := widgets.NewCustom(lang.L("About MCP Browser"), lang.L("Close"), newAboutContent(info, func(text string) {
		fyne.CurrentApp().Clipboard().SetContent(text)
	}), win)
	d.Show()
	return d
}

// newAboutContent lays out the dialog's body; copy puts text on the clipboard.
func newAboutContent(info AboutInfo, copy func(text string)) fyne.CanvasObject {
	icon := canvas.NewImageFromResource(assets.Icon())
	icon.FillMode = canvas.ImageFillContain
	icon.SetMinSize(fyne.NewSquareSize(96))

	name := widget.NewLabelWithStyle(AppName, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	name.SizeName = theme.SizeNameSubHeadingText
	tagline := widget.NewLabelWithStyle(lang.L("Try Model Context Protocol servers by hand."), fyne.TextAlignCenter, fyne.TextStyle{})

	commit := info.Commit
	if commit == "" {
		commit = lang.L("unknown")
	}
	details := widget.NewForm(
		widget.NewFormItem(lang.L("Version"), widget.NewLabel(view.AboutVersion(info.Version))),
		widget.NewFormItem(lang.L("Commit"), widget.NewLabel(commit)),
		widget.NewFormItem(lang.L("Go"), widget.NewLabel(info.Go)),
	)
	copyButton := widgets.NewButton(lang.L("Copy version"), theme.ContentCopyIcon(), func() {
		copy(info.String())
	})

	links := container.NewVBox()
	for _, l := range aboutLinks {
		u, err := url.Parse(l.url)
		if err != nil {
			continue // a typo in aboutLinks; TestAboutContent catches it
		}
		links.Add(widget.NewHyperlinkWithStyle(lang.L(l.text), u, fyne.TextAlignCenter, fyne.TextStyle{}))
	}

	return container.NewVBox(
		container.NewCenter(icon),
		name,
		tagline,
		container.NewCenter(details),
		container.NewCenter(copyButton),
		widget.NewSeparator(),
		links,
	)
}
