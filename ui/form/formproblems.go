package form

import (
	"strings"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/schema"
)

// What the form shows of its problems: under each field, or above the
// form for what belongs to no field.

// touch records that the person changed fd, so its problems are shown from
// now on rather than only after a Run attempt.
func (v *FormView) touch(fd *schema.Field) {
	v.touched[fd] = true
}

// refreshMessages puts the form's current problems under their fields.
func (v *FormView) refreshMessages() {
	if v.Form == nil || v.JsonMode {
		return
	}
	v.showProblems(v.Form.Validate())
}

// showProblems shows each problem under the nearest field widget for its
// path, and the rest at the top. Before the first Run attempt only the
// fields the person touched show theirs.
func (v *FormView) showProblems(errs []schema.FieldError) {
	messages := map[*fieldView][]string{}
	var top []schema.FieldError
	for _, e := range errs {
		w := v.viewForPath(e.Path)
		if w == nil || w == v.rootView && e.Path == "" {
			if v.showAll {
				top = append(top, e)
			}
			continue
		}
		if !v.showAll && !v.touched[w.fd] {
			continue
		}
		msg := i18n.FieldProblem(e.Problem())
		if own := w.fd.Path(); e.Path != own {
			rel := strings.TrimPrefix(strings.TrimPrefix(e.Path, own), ".")
			msg = rel + ": " + msg
		}
		messages[w] = append(messages[w], msg)
		if v.showAll {
			w.unfoldAncestors()
		}
	}
	for _, w := range v.views {
		w.setMessage(strings.Join(messages[w], "\n"))
	}
	v.showTopProblems(top)
}

// relayout asks the window to lay the form out again at its next frame.
// A label that starts hidden has never been drawn, so its own Show does not
// reach the window; refreshing the view's root (cheap: it only marks it
// dirty) makes the window look at every size again.
func (v *FormView) relayout() {
	canvas.Refresh(v.root)
}

// viewForPath finds the widget of the field at path, or of the nearest field
// around it that has one.
func (v *FormView) viewForPath(path string) *fieldView {
	fd := v.Form.Lookup(path)
	for ; fd != nil; fd = fd.Parent() {
		if w := v.views[fd]; w != nil {
			return w
		}
	}
	return nil
}

func (v *FormView) showTopProblems(errs []schema.FieldError) {
	lines := make([]string, 0, len(errs))
	for _, e := range errs {
		if e.Path == "" {
			lines = append(lines, i18n.FieldProblem(e.Problem()))
		} else {
			lines = append(lines, e.Path+": "+i18n.FieldProblem(e.Problem()))
		}
	}
	v.showLabel(v.problems, strings.Join(lines, "\n"))
}

// showLabel shows text in l, or hides l when text is "".
func (v *FormView) showLabel(l *widget.Label, text string) {
	if text == l.Text && l.Visible() == (text != "") {
		return
	}
	l.SetText(text)
	if text == "" {
		l.Hide()
	} else {
		l.Show()
	}
	v.relayout()
}
