package tabs

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// ConnectionOf identifies one connection of s: the initialize result is new
// on every connect, and lists, subscriptions and log levels die with it.
func ConnectionOf(s *mcp.Session) *sdk.InitializeResult {
	if s == nil {
		return nil
	}
	return s.InitializeResult()
}

// An AbsentNotice stands in for a feature the server did not declare: it
// says so plainly, and "Try anyway" sends the request to show what the
// server answers (usually a JSON-RPC error).
type AbsentNotice struct {
	title  *widget.Label
	detail *widget.Label
	Try    *widgets.Button
	Result *widget.Label
	Root   fyne.CanvasObject
}

func newAbsentNotice(onTry func()) *AbsentNotice {
	a := &AbsentNotice{}
	a.title = widgets.BoldLabel("")
	a.title.SizeName = theme.SizeNameSubHeadingText
	a.title.Wrapping = fyne.TextWrapWord
	a.detail = widget.NewLabel("")
	a.detail.Wrapping = fyne.TextWrapWord
	a.Try = widgets.NewButton(lang.L("Try anyway"), theme.MediaPlayIcon(), onTry)
	a.Result = widget.NewLabel("")
	a.Result.Wrapping = fyne.TextWrapWord
	a.Result.Selectable = true
	a.Result.Hide()
	a.Root = container.NewVScroll(container.NewPadded(container.NewVBox(
		a.title, a.detail, container.NewHBox(a.Try, layout.NewSpacer()), a.Result)))
	return a
}

// set says which feature is absent and which request "Try anyway" sends.
func (a *AbsentNotice) set(feature, method string) {
	a.title.SetText(i18n.L("This server does not offer {{.Feature}}", map[string]any{"Feature": lang.L(feature)}))
	a.detail.SetText(i18n.L("It did not declare the \"{{.Capability}}\" capability when it started, so the app does not ask for {{.Feature}}. Try anyway sends {{.Method}} and shows what the server answers.", map[string]any{"Capability": feature, "Feature": lang.L(feature), "Method": method}))
	a.Try.Enable()
	a.Result.SetText("")
	a.Result.Hide()
}

// trying shows that the request is on its way.
func (a *AbsentNotice) trying(method string) {
	a.Try.Disable()
	a.Result.SetText(i18n.L("Sending {{.Method}} …", map[string]any{"Method": method}))
	a.Result.Importance = widget.MediumImportance
	a.Result.Show()
}

// answered shows the server's answer: its error in words (code included), or
// what came back when it answered after all.
func (a *AbsentNotice) answered(err error, okText string) {
	a.Try.Enable()
	if err != nil {
		a.Result.SetText(view.WithStop(view.Capitalise(err.Error())))
		a.Result.Importance = widget.DangerImportance
	} else {
		a.Result.SetText(okText)
		a.Result.Importance = widget.MediumImportance
	}
	a.Result.Refresh()
	a.Result.Show()
}
