package tabs

import (
	"context"
	"slices"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/ui/widgets"
)

// An argSpec is one string argument of a prompt, or one variable of a URI template.
type argSpec struct {
	Name        string
	Title       string
	Description string
	Required    bool
}

// An ArgField is one argument's widgets and its completion state.
type ArgField struct {
	Spec  argSpec
	Entry *widget.Entry       // the text (a SelectEntry's own Entry when completing)
	Sel   *widget.SelectEntry // nil when the server offers no completion
	Chips *fyne.Container     // suggestions as buttons under the entry
	// cancel stops the pending completion request (and its wait) when the
	// person types on.
	cancel      context.CancelFunc
	seq         int
	Suggestions []string
}

// An argForm is a form of string fields (prompt arguments, template
// variables). When the server declares completions, every pause in typing
// asks it for suggestions (completion/complete), with the other fields'
// values as context. It is used from the UI goroutine only.
type argForm struct {
	work      widgets.Worker
	session   *mcp.Session
	ref       *sdk.CompleteReference
	completes bool
	Fields    []*ArgField
	Box       *fyne.Container
	empty     *widget.Label
	onSubmit  func()
	quiet     bool
	// answers counts completion answers shown, for tests.
	answers int
}

func newArgForm(work widgets.Worker, onSubmit func()) *argForm {
	f := &argForm{work: work, onSubmit: onSubmit, Box: container.NewVBox()}
	f.empty = widget.NewLabel("")
	f.empty.Importance = widget.LowImportance
	return f
}

// set builds the fields for specs. With completes set, each field asks the
// server for suggestions under ref.
func (f *argForm) set(s *mcp.Session, ref *sdk.CompleteReference, completes bool, specs []argSpec, none string) {
	f.stopCompletions()
	f.session, f.ref, f.completes = s, ref, completes
	f.Fields = nil
	var rows []fyne.CanvasObject
	for _, spec := range specs {
		fd := f.newField(spec)
		f.Fields = append(f.Fields, fd)
		rows = append(rows, f.fieldRow(fd))
	}
	if len(specs) == 0 {
		f.empty.SetText(none)
		rows = append(rows, f.empty)
	}
	f.Box.Objects = rows
	f.Box.Refresh()
	if completes {
		for _, fd := range f.Fields {
			f.complete(fd, 0) // what the server suggests before anything is typed
		}
	}
}

func (f *argForm) newField(spec argSpec) *ArgField {
	fd := &ArgField{Spec: spec}
	if f.completes {
		fd.Sel = widget.NewSelectEntry(nil)
		fd.Entry = &fd.Sel.Entry
	} else {
		fd.Entry = widget.NewEntry()
	}
	fd.Entry.SetPlaceHolder(spec.Name)
	fd.Entry.OnChanged = func(string) {
		if f.quiet || !f.completes {
			return
		}
		// The other fields' suggestions may depend on this one (the
		// request's context), so they are asked again too.
		for _, other := range f.Fields {
			f.complete(other, completionDelay)
		}
	}
	fd.Entry.OnSubmitted = func(string) {
		if f.onSubmit != nil {
			f.onSubmit()
		}
	}
	fd.Chips = container.NewHBox()
	fd.Chips.Hide()
	return fd
}

// fieldRow lays out one field: its name (marked when required), the
// entry, the suggestions and the description.
func (f *argForm) fieldRow(fd *ArgField) fyne.CanvasObject {
	name := fd.Spec.Name
	if fd.Spec.Title != "" && fd.Spec.Title != fd.Spec.Name {
		name = fd.Spec.Title + " (" + fd.Spec.Name + ")"
	}
	if fd.Spec.Required {
		name += " *"
	}
	label := widget.NewLabelWithStyle(name, fyne.TextAlignLeading, fyne.TextStyle{Bold: fd.Spec.Required})
	var input fyne.CanvasObject = fd.Entry
	if fd.Sel != nil {
		input = fd.Sel
	}
	rows := []fyne.CanvasObject{label}
	if d := strings.TrimSpace(fd.Spec.Description); d != "" {
		rows = append(rows, widgets.NewHelpLabel(d))
	}
	return container.NewVBox(append(rows, input, fd.Chips)...)
}

// complete asks the server for suggestions for fd after delay, cancelling
// the request of the previous keystroke. The answer is dropped when the
// field changed meanwhile.
func (f *argForm) complete(fd *ArgField, delay time.Duration) {
	s, ref := f.session, f.ref
	if s == nil || ref == nil {
		return
	}
	if fd.cancel != nil {
		fd.cancel()
	}
	fd.seq++
	n := fd.seq
	value := fd.Entry.Text
	resolved := f.valuesExcept(fd.Spec.Name)
	ctx, cancel := context.WithCancel(context.Background())
	fd.cancel = cancel
	f.work.GoWork(func(window context.Context) {
		defer cancel()
		defer context.AfterFunc(window, cancel)() // the window closing ends it too
		if delay > 0 {
			select {
			case <-time.After(delay):
			case <-ctx.Done():
				return
			}
		}
		values, err := s.Complete(ctx, ref, fd.Spec.Name, value, resolved)
		if ctx.Err() != nil {
			return // the person typed on; a newer request follows
		}
		fyne.Do(func() {
			if n == fd.seq {
				f.showSuggestions(fd, values, err)
			}
		})
	})
}

// showSuggestions offers values in the field's drop-down and as buttons.
func (f *argForm) showSuggestions(fd *ArgField, values []string, err error) {
	f.answers++
	fd.Suggestions = values
	if fd.Sel != nil {
		fd.Sel.SetOptions(values)
	}
	var chips []fyne.CanvasObject
	switch {
	case err != nil:
		l := widget.NewLabel(i18n.L("No suggestions: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
		l.SizeName = theme.SizeNameCaptionText
		l.Importance = widget.LowImportance
		l.Truncation = fyne.TextTruncateEllipsis
		chips = append(chips, l)
	case len(values) == 1 && values[0] == fd.Entry.Text:
		// The only suggestion is what is there already.
	case len(values) > 0:
		hint := widget.NewLabel(lang.L("Suggested:"))
		hint.SizeName = theme.SizeNameCaptionText
		chips = append(chips, hint)
		for i, v := range values {
			if i == maxSuggestionChips {
				more := widget.NewLabel(i18n.L("+{{.N}} more (▾)", map[string]any{"N": len(values) - i}))
				more.SizeName = theme.SizeNameCaptionText
				chips = append(chips, more)
				break
			}
			chips = append(chips, widgets.NewButton(v, nil, func() { fd.Entry.SetText(v) }))
		}
	}
	fd.Chips.Objects = chips
	if len(chips) == 0 {
		fd.Chips.Hide()
	} else {
		fd.Chips.Show()
	}
	fd.Chips.Refresh()
}

func (f *argForm) stopCompletions() {
	for _, fd := range f.Fields {
		if fd.cancel != nil {
			fd.cancel()
		}
		fd.seq++
	}
}

// values are the fields that have a value (an empty field is not sent).
func (f *argForm) values() map[string]string { return f.valuesExcept("") }

func (f *argForm) valuesExcept(skip string) map[string]string {
	out := map[string]string{}
	for _, fd := range f.Fields {
		if fd.Spec.Name != skip && fd.Entry.Text != "" {
			out[fd.Spec.Name] = fd.Entry.Text
		}
	}
	return out
}

// missing names the required fields that are empty.
func (f *argForm) missing() []string {
	var out []string
	for _, fd := range f.Fields {
		if fd.Spec.Required && strings.TrimSpace(fd.Entry.Text) == "" {
			out = append(out, fd.Spec.Name)
		}
	}
	return out
}

// load fills the fields from values (a replayed prompt) and returns the
// names it has no field for.
func (f *argForm) Load(values map[string]string) []string {
	f.quiet = true
	defer func() { f.quiet = false }()
	for _, fd := range f.Fields {
		fd.Entry.SetText(values[fd.Spec.Name])
	}
	var unknown []string
	for k := range values {
		if !slices.ContainsFunc(f.Fields, func(fd *ArgField) bool { return fd.Spec.Name == k }) {
			unknown = append(unknown, k)
		}
	}
	slices.Sort(unknown)
	return unknown
}

func (f *argForm) Field(name string) *ArgField {
	for _, fd := range f.Fields {
		if fd.Spec.Name == name {
			return fd
		}
	}
	return nil
}
