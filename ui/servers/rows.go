package servers

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// A listRows edits a list of strings, one entry per row, with add and remove.
type listRows struct {
	splits  bool // rows with spaces offer to split into several arguments
	what    string
	entries []*widgets.Entry
	box     *fyne.Container
	root    fyne.CanvasObject
}

func newListRows(what string, values []string) *listRows {
	l := &listRows{what: what, box: container.NewVBox()}
	for _, v := range values {
		l.add(v)
	}
	var addBtn *widgets.Button
	addBtn = widgets.NewButton(i18n.L("Add "+what), theme.ContentAddIcon(), func() { focusNewRow(addBtn, l.add("")) })
	addBtn.Importance = widget.LowImportance
	l.root = container.NewVBox(l.box, container.NewHBox(addBtn))
	return l
}

// focusNewRow puts the keyboard in the entry of a row its add button just
// made, so the person types straight into it.
func focusNewRow(addBtn fyne.CanvasObject, e fyne.Focusable) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(addBtn); c != nil {
		c.Focus(e)
	}
}

func (l *listRows) add(v string) *widgets.Entry {
	e := widgets.NewEntry()
	e.SetText(v)
	var row *fyne.Container
	remove := widgets.NewButton("", theme.ContentRemoveIcon(), func() {
		l.entries = slices.DeleteFunc(l.entries, func(x *widgets.Entry) bool { return x == e })
		l.box.Remove(row)
	})
	remove.Importance = widget.LowImportance
	right := fyne.CanvasObject(remove)
	if l.splits {
		// "-y @scope/server /tmp" pasted into one row is one argument with
		// spaces in it, which the server would not understand: offer to split.
		split := widgets.NewButton(lang.L("Split"), theme.ViewRestoreIcon(), func() { l.split(e) })
		split.Importance = widget.WarningImportance
		show := func(text string) {
			if view.OffersSplit(text) {
				split.Show()
			} else {
				split.Hide()
			}
		}
		e.OnChanged = show
		show(v)
		right = container.NewHBox(split, remove)
	}
	row = container.NewBorder(nil, nil, nil, right, e)
	l.entries = append(l.entries, e)
	l.box.Add(row)
	return e
}

// split replaces e's row with one row per argument its text holds.
func (l *listRows) split(e *widgets.Entry) {
	var values []string
	for _, x := range l.entries {
		if x == e {
			values = append(values, view.SplitArgs(x.Text)...)
		} else {
			values = append(values, x.Text)
		}
	}
	l.entries = nil
	l.box.RemoveAll()
	for _, v := range values {
		l.add(v)
	}
}

// values are the non-empty rows in order.
func (l *listRows) values() []string {
	var out []string
	for _, e := range l.entries {
		if e.Text != "" {
			out = append(out, e.Text)
		}
	}
	return out
}

// A KeyValueRows edits a string map as rows of name and value. A value whose
// name looks secret (mcp.IsSecretName: TOKEN, KEY, Authorization …) is typed
// into a password entry, so it is not shown on screen or in a screenshot.
type KeyValueRows struct {
	keyHint, valueHint string
	rows               []*keyValueRow
	box                *fyne.Container
	root               fyne.CanvasObject
}

type keyValueRow struct {
	key    *widgets.Entry
	plain  *widgets.Entry
	secret *widgets.Entry
	root   *fyne.Container
}

// value is the row's value, from whichever entry is showing.
func (r *keyValueRow) value() string {
	if r.secret.Visible() {
		return r.secret.Text
	}
	return r.plain.Text
}

func (r *keyValueRow) masked() bool { return r.secret.Visible() }

// updateMask moves the value into a password entry when the name looks
// secret, and back out when it no longer does.
func (r *keyValueRow) updateMask() {
	secret := config.IsSecretName(r.key.Text)
	if secret == r.secret.Visible() {
		return
	}
	if secret {
		r.secret.SetText(r.plain.Text)
		r.plain.Hide()
		r.secret.Show()
	} else {
		r.plain.SetText(r.secret.Text)
		r.secret.Hide()
		r.plain.Show()
	}
}

func newKeyValueRows(keyHint, valueHint string, values map[string]string) *KeyValueRows {
	k := &KeyValueRows{keyHint: keyHint, valueHint: valueHint, box: container.NewVBox()}
	for _, name := range slices.Sorted(maps.Keys(values)) {
		k.Add(name, values[name])
	}
	var addBtn *widgets.Button
	addBtn = widgets.NewButton(lang.L("Add"), theme.ContentAddIcon(), func() { focusNewRow(addBtn, k.Add("", "").key) })
	addBtn.Importance = widget.LowImportance
	k.root = container.NewVBox(k.box, container.NewHBox(addBtn))
	return k
}

// Add adds a row of name and value and returns it.
func (k *KeyValueRows) Add(name, value string) *keyValueRow {
	r := &keyValueRow{key: widgets.NewEntry(), plain: widgets.NewEntry(), secret: widgets.NewPasswordEntry()}
	r.key.SetPlaceHolder(k.keyHint)
	r.plain.SetPlaceHolder(k.valueHint)
	r.secret.SetPlaceHolder(k.valueHint)
	r.key.SetText(name)
	r.plain.SetText(value)
	r.secret.Hide()
	r.updateMask()
	r.key.OnChanged = func(string) { r.updateMask() }
	remove := widgets.NewButton("", theme.ContentRemoveIcon(), func() {
		k.rows = slices.DeleteFunc(k.rows, func(x *keyValueRow) bool { return x == r })
		k.box.Remove(r.root)
	})
	remove.Importance = widget.LowImportance
	pair := container.NewGridWithColumns(2, r.key, container.NewStack(r.plain, r.secret))
	r.root = container.NewBorder(nil, nil, nil, remove, pair)
	k.rows = append(k.rows, r)
	k.box.Add(r.root)
	return r
}

// values is the map the rows describe; what names a row in messages.
func (k *KeyValueRows) values(what string) (map[string]string, error) {
	out := map[string]string{}
	for _, r := range k.rows {
		name := strings.TrimSpace(r.key.Text)
		v := r.value()
		if name == "" {
			if v == "" {
				continue
			}
			return nil, fmt.Errorf("a %s has a value but no name", what)
		}
		if _, dup := out[name]; dup {
			return nil, fmt.Errorf("the %s %s is set twice", what, name)
		}
		out[name] = v
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}
