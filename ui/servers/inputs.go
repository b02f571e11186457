package servers

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/clients"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/widgets"
)

// AskInputsForSelected asks for the entry's ${input:…} values (kept in
// memory only) and starts the server with them.
func (s *Screen) AskInputsForSelected() {
	sess := s.selected()
	if sess == nil {
		return
	}
	inputs := clients.InputsNeeded(sess.Config())
	if len(inputs) == 0 {
		s.RestartSelected()
		return
	}
	s.AskInputValues(sess.Name(), inputs, func(answers map[string]string) {
		sess.SetInputAnswers(answers)
		s.deps.Work.GoWork(func(ctx context.Context) { sess.Connect(ctx) })
	})
}

// AskInputValues asks for the values of inputs, the ${input:…} of the
// server named name, and gives them to start; Cancel (or Esc) gives nothing.
func (s *Screen) AskInputValues(name string, inputs []config.VSCodeInput, start func(answers map[string]string)) {
	win := s.deps.Win
	var items []*widget.FormItem
	values := map[string]func() string{}
	for _, in := range inputs {
		var field fyne.CanvasObject
		switch {
		case len(in.Options) > 0:
			sel := widgets.NewSelect(in.Options, nil)
			sel.SetSelected(in.Default)
			field, values[in.ID] = sel, func() string { return sel.Selected }
		default:
			e := widgets.NewEntry()
			if in.Password {
				e = widgets.NewPasswordEntry()
			}
			e.SetText(in.Default)
			field, values[in.ID] = e, func() string { return e.Text }
		}
		item := widget.NewFormItem(in.ID, field)
		item.HintText = in.Description
		items = append(items, item)
	}
	title := i18n.L("Values for {{.Server}}", map[string]any{"Server": name})
	d := widgets.NewCustomConfirm(title, lang.L("Start"), lang.L("Cancel"), widget.NewForm(items...), func(ok bool) {
		if !ok {
			return
		}
		answers := map[string]string{}
		for id, get := range values {
			answers[id] = get()
		}
		start(answers)
	}, win)
	d.Resize(widgets.FitDialog(win, 480, 160+float32(len(items))*70))
	var first fyne.Focusable
	if len(items) > 0 {
		first, _ = items[0].Widget.(fyne.Focusable)
	}
	widgets.ShowFocused(d, win, first)
}
