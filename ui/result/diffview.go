package result

import (
	"context"
	"mcpbrowser/ui/filedialog"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/surface"
	"mcpbrowser/ui/widgets"
)

// This file is the surface diff view: pick two servers (or saved snapshots),
// see what changed between them side by side, each change marked breaking or not.

func snapshotFileChoice() string { return lang.L("Snapshot file…") }

var snapshotFiles = filedialog.FileFilter{Desc: "Surface snapshots (JSON)", Exts: []string{"json"}}

// DiffDeps is what the diff view needs from the window.
type DiffDeps struct {
	Win fyne.Window
	// Servers are the configured servers' names.
	Servers func() []string
	// Snapshot takes a configured server's surface (connecting it if needed).
	Snapshot func(ctx context.Context, name string) (*surface.Snapshot, error)
	GoWork   func(f func(ctx context.Context))
}

// DiffView is the content of the Compare servers dialog.
type DiffView struct {
	deps    DiffDeps
	Root    fyne.CanvasObject
	sides   [2]*widgets.Select
	files   [2]string // the snapshot file chosen for a side
	summary *widget.Label
	rows    *fyne.Container
}

func newDiffView(deps DiffDeps) *DiffView {
	v := &DiffView{deps: deps}
	options := append(deps.Servers(), snapshotFileChoice())
	for i := range v.sides {
		v.sides[i] = widgets.NewSelect(options, func(choice string) {
			if choice == snapshotFileChoice() {
				filedialog.OpenFileDialog(deps.Win, lang.L("Open a surface snapshot"), snapshotFiles, func(path string) {
					v.files[i] = path
					v.sides[i].SetOptions(append(deps.Servers(), path, snapshotFileChoice()))
					v.sides[i].SetSelected(path)
				})
			}
		})
		v.sides[i].PlaceHolder = lang.L("a server or a snapshot")
	}
	compare := widgets.NewButton(lang.L("Compare"), theme.ViewRefreshIcon(), v.compare)
	compare.Importance = widget.HighImportance
	save := widgets.NewButton(lang.L("Save snapshot of A…"), theme.DocumentSaveIcon(), v.saveSnapshot)
	v.summary = widget.NewLabel(lang.L("Choose two servers, or a server and a snapshot saved before (mcpbrowser snapshot TARGET > surface.json)."))
	v.summary.Wrapping = fyne.TextWrapWord
	v.rows = container.NewVBox()
	top := container.NewVBox(
		container.NewGridWithColumns(2,
			container.NewBorder(nil, nil, widgets.BoldLabel(lang.L("A (before)")), nil, v.sides[0]),
			container.NewBorder(nil, nil, widgets.BoldLabel(lang.L("B (after)")), nil, v.sides[1])),
		container.NewHBox(compare, save), v.summary)
	v.Root = container.NewBorder(top, nil, nil, nil, container.NewVScroll(v.rows))
	return v
}

// ShowDiffDialog opens the diff view over the window.
func ShowDiffDialog(deps DiffDeps) *DiffView {
	v := newDiffView(deps)
	d := widgets.NewCustom(lang.L("Compare servers"), lang.L("Close"), v.Root, deps.Win)
	d.Resize(fyne.NewSize(1000, 760))
	widgets.ShowFocused(d, deps.Win, v.sides[0])
	return v
}

// load gets one side's surface: a snapshot file, or a server's current one.
func (v *DiffView) load(ctx context.Context, choice string) (*surface.Snapshot, error) {
	for _, f := range v.files {
		if f != "" && f == choice {
			return surface.Load(f)
		}
	}
	return v.deps.Snapshot(ctx, choice)
}

func (v *DiffView) compare() {
	a, b := v.sides[0].Selected, v.sides[1].Selected
	if a == "" || b == "" || a == snapshotFileChoice() || b == snapshotFileChoice() {
		v.summary.SetText(lang.L("Choose both sides first."))
		return
	}
	v.summary.SetText(lang.L("Listing what both offer…"))
	v.deps.GoWork(func(ctx context.Context) {
		sa, errA := v.load(ctx, a)
		sb, errB := v.load(ctx, b)
		fyne.Do(func() {
			switch {
			case errA != nil:
				v.summary.SetText(i18n.L("{{.Field}}: {{.Problem}}", map[string]any{"Field": "A", "Problem": i18n.Explain(errA)}))
			case errB != nil:
				v.summary.SetText(i18n.L("{{.Field}}: {{.Problem}}", map[string]any{"Field": "B", "Problem": i18n.Explain(errB)}))
			default:
				v.show(a, b, surface.Diff(sa, sb))
			}
		})
	})
}

// show lays the changes out side by side: where and what, then A's value
// beside B's, with the verdict first so that breaking changes stand out.
func (v *DiffView) show(a, b string, changes []surface.Change) {
	breaking := 0
	for _, c := range changes {
		if c.Breaking {
			breaking++
		}
	}
	switch {
	case len(changes) == 0:
		v.summary.SetText(i18n.L("{{.A}} and {{.B}} offer the same tools, resources and prompts.", map[string]any{"A": a, "B": b}))
	default:
		v.summary.SetText(i18n.N("{{.Count}} changes from {{.A}} to {{.B}}, {{.Breaking}} breaking for callers.", len(changes), map[string]any{"A": a, "B": b, "Breaking": breaking}))
	}
	objs := []fyne.CanvasObject{}
	if len(changes) > 0 {
		objs = append(objs, container.NewGridWithColumns(3, widgets.Heading(lang.L("Change")), widgets.Heading(lang.L("A (before)")), widgets.Heading(lang.L("B (after)"))), widget.NewSeparator())
	}
	for _, c := range changes {
		verdict := widget.NewLabelWithStyle(lang.L("not breaking"), fyne.TextAlignLeading, fyne.TextStyle{})
		verdict.Importance = widget.SuccessImportance
		if c.Breaking {
			verdict = widget.NewLabelWithStyle(lang.L("BREAKING"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			verdict.Importance = widget.DangerImportance
		}
		what := widget.NewLabel(c.Path + ": " + c.What)
		what.Wrapping = fyne.TextWrapWord
		objs = append(objs,
			container.NewGridWithColumns(3,
				container.NewVBox(verdict, what),
				wordMono(orDash(c.Before)), wordMono(orDash(c.After))),
			widget.NewSeparator())
	}
	v.rows.Objects = objs
	v.rows.Refresh()
}

// wordMono is monospace text wrapped at word boundaries: descriptions read
// better whole-worded than broken anywhere.
func wordMono(s string) *widget.Label {
	l := widgets.MonoLabel(s)
	l.Wrapping = fyne.TextWrapWord
	return l
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// saveSnapshot writes side A's surface to a file, to compare against later.
func (v *DiffView) saveSnapshot() {
	a := v.sides[0].Selected
	if a == "" || a == snapshotFileChoice() {
		v.summary.SetText(lang.L("Choose a server as A first."))
		return
	}
	filedialog.SaveFileDialog(v.deps.Win, i18n.L("Save the surface of {{.Server}}", map[string]any{"Server": a}), a+"-surface.json", snapshotFiles, func(path string) {
		v.deps.GoWork(func(ctx context.Context) {
			s, err := v.load(ctx, a)
			if err == nil {
				err = s.Save(path)
			}
			fyne.Do(func() {
				if err != nil {
					v.summary.SetText(i18n.L("Not saved: {{.Reason}}", map[string]any{"Reason": i18n.Explain(err)}))
				} else {
					v.summary.SetText(i18n.L("Saved {{.Path}}", map[string]any{"Path": path}))
				}
			})
		})
	})
}
