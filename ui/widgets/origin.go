package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
)

// An OriginView says, above a server's page, where an imported entry came
// from and which of its fields MCP Browser keeps without using.
type OriginView struct {
	text *widget.Label
	Root *fyne.Container
}

func NewOriginView() *OriginView {
	v := &OriginView{text: widget.NewLabel("")}
	v.text.Wrapping = fyne.TextWrapWord
	v.text.SizeName = theme.SizeNameCaptionText
	v.text.Selectable = true
	icon := widget.NewIcon(theme.InfoIcon())
	v.Root = container.NewBorder(nil, widget.NewSeparator(), container.NewCenter(icon), nil, v.text)
	v.Root.Hide()
	return v
}

// Show describes cfg (nil hides the view).
func (v *OriginView) Show(cfg *config.ServerConfig) {
	text := view.OriginText(cfg)
	v.text.SetText(text)
	if text == "" {
		v.Root.Hide()
	} else {
		v.Root.Show()
	}
}
