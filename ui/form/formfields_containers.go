package form

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// keyWidth is the width of a key/value entry's key input.
const keyWidth = 180

// foldable reports whether the field's header offers to open and close it:
// optional objects, which are only sent when something inside is filled in,
// and objects the model left collapsed (recursive schemas).
func (w *fieldView) foldable() bool {
	fd := w.fd
	return w.chrome == labelledField && fd.Kind == schema.Object && (!fd.Required || fd.Collapsed())
}

// startsFolded: an optional object that sends nothing starts closed, so a
// long form shows first what must be filled in.
func (w *fieldView) startsFolded() bool {
	return w.foldable() && (w.fd.Collapsed() || !w.fd.IsSet())
}

func (w *fieldView) toggleFold() {
	if w.folded && w.fd.Collapsed() {
		w.v.touch(w.fd)
		w.folded = false
		w.fd.Expand()
		w.fillInput()
		w.v.refreshMessages()
		return
	}
	w.setFolded(!w.folded)
}

func (w *fieldView) setFolded(folded bool) {
	w.folded = folded
	if w.foldBtn != nil {
		w.foldBtn.SetIcon(foldIcon(folded))
	}
	w.input.Hidden = folded
	w.box.Refresh()
	w.v.relayout()
}

// unfoldAncestors opens the closed objects around the field, so that its
// message can be seen.
func (w *fieldView) unfoldAncestors() {
	for fd := w.fd.Parent(); fd != nil; fd = fd.Parent() {
		if a := w.v.views[fd]; a != nil && a.folded && !fd.Collapsed() {
			a.setFolded(false)
		}
	}
}

// indent puts the fields of a nested container behind a rule on the left;
// the top level of the form is not indented.
func (w *fieldView) indent(o fyne.CanvasObject) fyne.CanvasObject {
	if isTopLevel(w.fd) {
		return o
	}
	rule := widget.NewSeparator()
	return container.NewBorder(nil, nil, container.NewHBox(layout.NewSpacer(), rule), nil, o)
}

// isTopLevel reports whether fd is the root, or a variant's form standing
// for the root.
func isTopLevel(fd *schema.Field) bool {
	for p := fd.Parent(); p != nil; p = p.Parent() {
		if p.Kind != schema.Variant {
			return false
		}
	}
	return true
}

// refresh rebuilds the field's input after a structural change and updates
// every message.
func (w *fieldView) refresh() {
	w.fillInput()
	w.v.refreshMessages()
}

// objectInput shows an object's properties, then its free entries and a row
// to add one when the schema allows them.
func (w *fieldView) objectInput() fyne.CanvasObject {
	fd := w.fd
	if fd.Collapsed() {
		open := widgets.NewButton(lang.L("Fill in"), theme.ContentAddIcon(), func() {
			w.v.touch(fd)
			fd.Expand()
			w.setFolded(false)
			w.refresh()
		})
		return leftAligned(open)
	}
	children := fd.Children()
	rows := make([]fyne.CanvasObject, 0, len(children)+1)
	for _, c := range children {
		if c.IsEntry() {
			rows = append(rows, w.entryRow(c))
			continue
		}
		rows = append(rows, w.v.newFieldView(c, labelledField).box)
	}
	if fd.AllowsEntries() {
		rows = append(rows, w.addEntryRow())
	}
	if len(rows) == 0 {
		l := widget.NewLabel(lang.L("(no properties)"))
		l.Importance = widget.LowImportance
		rows = append(rows, l)
	}
	// Built as one slice: Container.Add lays out again on every call.
	return w.indent(container.NewVBox(rows...))
}

// keyValueInput shows free key/value entries and a row to add one.
func (w *fieldView) keyValueInput() fyne.CanvasObject {
	fd := w.fd
	var rows []fyne.CanvasObject
	if fd.Parent() == nil && len(fd.Children()) == 0 {
		rows = append(rows, widget.NewLabel(lang.L("This tool declares no arguments; add any as key/value pairs.")))
	}
	for _, c := range fd.Children() {
		rows = append(rows, w.entryRow(c))
	}
	if fd.AllowsEntries() {
		rows = append(rows, w.addEntryRow())
	} else if len(rows) == 0 {
		l := widget.NewLabel(lang.L("(no entries allowed)"))
		l.Importance = widget.LowImportance
		rows = append(rows, l)
	}
	return w.indent(container.NewVBox(rows...))
}

// fixedWidth gives o a fixed width and its own height.
func fixedWidth(o fyne.CanvasObject, width float32) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(width, o.MinSize().Height), o)
}

// entryRow is one free entry: its key (renamed as the person types), its
// value, and a remove button. A key that cannot be used (empty, taken, not
// allowed) is reported under the row and the entry keeps its last good key.
func (w *fieldView) entryRow(entry *schema.Field) fyne.CanvasObject {
	parent := w.fd
	current := entry
	key := newFormEntry(false, w.v.submit)
	key.onFocus = w.v.Reveal
	key.SetPlaceHolder(lang.L("key"))
	key.SetText(entry.Name)
	value := container.NewStack(w.v.newFieldView(entry, bareField).box)
	problem := widgets.NewMessageLabel()
	key.OnChanged = func(name string) {
		w.v.touch(parent)
		if err := parent.RenameEntry(current.Name, name); err != nil {
			w.v.showLabel(problem, i18n.Explain(err))
			return
		}
		w.v.showLabel(problem, "")
		renamed := findEntry(parent, name)
		if renamed == nil || renamed == current {
			return
		}
		// The model replaces the entry's field (its schema may depend on
		// the key), so its widget is rebuilt.
		w.v.forgetInside(current)
		delete(w.v.views, current)
		current = renamed
		value.Objects = []fyne.CanvasObject{w.v.newFieldView(current, bareField).box}
		value.Refresh()
		w.v.refreshMessages()
	}
	remove := widgets.NewButton("", theme.DeleteIcon(), func() {
		w.v.touch(parent)
		if err := parent.RemoveEntry(current.Name); err == nil {
			w.refresh()
		}
	})
	row := container.NewBorder(nil, nil, container.NewVBox(fixedWidth(key, keyWidth)), container.NewVBox(remove), value)
	return container.NewVBox(row, problem)
}

func findEntry(parent *schema.Field, key string) *schema.Field {
	for _, c := range parent.Children() {
		if c.IsEntry() && c.Name == key {
			return c
		}
	}
	return nil
}

// addEntryRow is a key input and an "Add entry" button (Enter in the key
// input adds too).
func (w *fieldView) addEntryRow() fyne.CanvasObject {
	fd := w.fd
	key := newFormEntry(false, w.v.submit)
	key.onFocus = w.v.Reveal
	key.SetPlaceHolder(lang.L("new key"))
	problem := widgets.NewMessageLabel()
	add := func() {
		w.v.touch(fd)
		entry, err := fd.AddEntry(key.Text)
		if err != nil {
			w.v.showLabel(problem, i18n.Explain(err))
			return
		}
		w.refresh()
		w.v.focusField(entry)
	}
	key.OnSubmitted = func(string) { add() }
	button := widgets.NewButton(lang.L("Add entry"), theme.ContentAddIcon(), add)
	return container.NewVBox(container.NewHBox(fixedWidth(key, keyWidth), button), problem)
}

// arrayInput lists the items, each with move up, move down and remove, and
// an "Add item" button. The buttons respect minItems and maxItems.
func (w *fieldView) arrayInput() fyne.CanvasObject {
	fd := w.fd
	items := fd.Children()
	n := len(items)
	rows := make([]fyne.CanvasObject, 0, 2*n+1)
	for i, item := range items {
		if i > 0 && isContainer(item) {
			rows = append(rows, widget.NewSeparator())
		}
		rows = append(rows, w.itemRow(i, n, item))
	}
	if n == 0 {
		l := widget.NewLabel(lang.L("(no items)"))
		l.Importance = widget.LowImportance
		rows = append(rows, l)
	}
	add := widgets.NewButton(lang.L("Add item"), theme.ContentAddIcon(), func() {
		w.v.touch(fd)
		if item, err := fd.AddItem(); err == nil {
			w.refresh()
			w.v.focusField(item)
		}
	})
	if m := fd.Limits.MaxItems; m != nil && n >= *m {
		add.Disable()
	}
	rows = append(rows, leftAligned(add))
	return w.indent(container.NewVBox(rows...))
}

func (w *fieldView) itemRow(i, n int, item *schema.Field) fyne.CanvasObject {
	fd := w.fd
	act := func(do func() error) func() {
		return func() {
			w.v.touch(fd)
			if do() == nil {
				w.refresh()
			}
		}
	}
	up := widgets.NewButton("", theme.MoveUpIcon(), act(func() error { return fd.MoveItem(i, i-1) }))
	down := widgets.NewButton("", theme.MoveDownIcon(), act(func() error { return fd.MoveItem(i, i+1) }))
	remove := widgets.NewButton("", theme.DeleteIcon(), act(func() error { return fd.RemoveItem(i) }))
	for _, b := range []*widgets.Button{up, down, remove} {
		b.Importance = widget.LowImportance
	}
	if i == 0 {
		up.Disable()
	}
	if i == n-1 {
		down.Disable()
	}
	if m := fd.Limits.MinItems; m != nil && n <= *m {
		remove.Disable()
	}
	number := widget.NewLabel(strconv.Itoa(i+1) + ".")
	controls := container.NewHBox(up, down, remove)
	view := w.v.newFieldView(item, bareField)
	return container.NewBorder(nil, nil, container.NewVBox(number), container.NewVBox(controls), view.box)
}

// variantInput is a drop-down of the shapes, then the chosen shape's form.
func (w *fieldView) variantInput() fyne.CanvasObject {
	fd := w.fd
	labels := view.OptionLabels(fd.Options)
	options := labels
	if !fd.Required {
		options = append([]string{noneLabel}, labels...)
	}
	s := widget.NewSelect(options, nil)
	s.PlaceHolder = lang.L("(pick a kind)")
	if i := fd.Choice(); i >= 0 {
		s.Selected = labels[i]
	} else if !fd.Required {
		s.Selected = noneLabel
	}
	s.OnChanged = func(label string) {
		w.v.touch(fd)
		if fd.SetChoice(view.IndexOf(labels, label)) == nil {
			w.refresh()
		}
	}
	parts := []fyne.CanvasObject{leftAligned(s)}
	if i := fd.Choice(); i >= 0 && fd.Options[i].Description != "" {
		parts = append(parts, widgets.NewHelpLabel(fd.Options[i].Description))
	}
	if chosen := fd.Chosen(); chosen != nil {
		parts = append(parts, w.v.newFieldView(chosen, bareField).box)
	}
	return container.NewVBox(parts...)
}

// focusField puts the keyboard focus in the first text input of fd's
// widget, so that a new item or entry can be typed into at once.
func (v *FormView) focusField(fd *schema.Field) {
	w := v.views[fd]
	if w == nil {
		return
	}
	e := firstEntry(w.box)
	if e == nil {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(v.root)
	if v.win != nil {
		c = v.win.Canvas()
	}
	if c != nil {
		// Lay the new field out first: revealed before it has its place,
		// it would scroll the form to the top.
		if v.Scroll != nil && v.Scroll.Content != nil {
			v.Scroll.Content.Refresh()
		}
		c.Focus(e)
		v.Reveal(e)
	}
}

func firstEntry(o fyne.CanvasObject) *FormEntry {
	switch x := o.(type) {
	case *FormEntry:
		return x
	case *fyne.Container:
		if x.Hidden {
			return nil
		}
		for _, child := range x.Objects {
			if e := firstEntry(child); e != nil {
				return e
			}
		}
	}
	return nil
}
