package quality

import (
	"context"
	"errors"
	"mcpbrowser/ui/filedialog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/checks"
	"mcpbrowser/mcp/config"
	"mcpbrowser/ui/view"
	"mcpbrowser/ui/widgets"
)

// This file is the Checks tab: the check files a person keeps, Run and Run
// all, a report of each check with what was expected beside what came back
// and the server's stderr during the call, "Save as check" for a result, and
// Record, which writes every call made in the window to a check file.

// CheckFilesPref keeps the list of check files between runs.
const CheckFilesPref = "checkFiles"

var yamlFiles = filedialog.FileFilter{Desc: "Check files (YAML)", Exts: []string{"yaml", "yml"}}

// ChecksDeps is what the Checks tab needs from the window.
type ChecksDeps struct {
	Win   fyne.Window
	Prefs fyne.Preferences
	// Session is the window's session of a configured server, or nil.
	Session func(name string) *mcp.Session
	// GoWork runs f in the background; ctx ends when the window closes.
	GoWork func(f func(ctx context.Context))
	// Compare opens the surface diff view (nil: no Compare servers…).
	Compare func()
}

// Checks is the Checks tab. Its fields are used on the UI goroutine,
// except recording, which calls read from their own goroutines. The
// exported ones are for the window's tests.
type Checks struct {
	deps ChecksDeps
	Root fyne.CanvasObject
	Tab  *container.TabItem // the Checks tab itself

	files       []string
	fileList    *widget.List
	selected    int
	Run         *widgets.Button
	RunAll      *widgets.Button
	summary     *widget.Label
	Results     []checks.Result
	Filter      *widget.Entry
	Rows        widgets.Filtered // the results the filter lets through
	ResultsList *widget.List
	Detail      *fyne.Container
	running     bool

	Record      *widget.Check
	recordLabel *widget.Label
	quiet       bool // the Record box is being set by code, not by the person
	recMu       sync.Mutex
	recordTo    string // the check file calls are recorded to; "" when not recording
}

// NewChecks builds the Checks tab (Tab) over deps.
func NewChecks(deps ChecksDeps) *Checks {
	p := &Checks{deps: deps, selected: -1}
	p.files = deps.Prefs.StringList(CheckFilesPref)
	p.fileList = widget.NewList(
		func() int { return len(p.files) },
		func() fyne.CanvasObject {
			dir := widget.NewLabel("")
			dir.Importance = widget.LowImportance
			dir.Truncation = fyne.TextTruncateEllipsis
			name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
			name.Truncation = fyne.TextTruncateEllipsis
			return container.NewVBox(name, dir)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			box := o.(*fyne.Container)
			box.Objects[0].(*widget.Label).SetText(filepath.Base(p.files[i]))
			box.Objects[1].(*widget.Label).SetText(filepath.Dir(p.files[i]))
		})
	p.fileList.OnSelected = func(i widget.ListItemID) { p.selected = i; p.updateButtons() }
	p.fileList.OnUnselected = func(widget.ListItemID) { p.selected = -1; p.updateButtons() }

	add := widgets.NewButton(lang.L("Add…"), theme.ContentAddIcon(), func() {
		filedialog.OpenFileDialog(deps.Win, lang.L("Add a check file"), yamlFiles, p.AddFile)
	})
	remove := widgets.NewButton(lang.L("Remove"), theme.ContentRemoveIcon(), p.removeSelected)
	p.Run = widgets.NewButton(lang.L("Run"), theme.MediaPlayIcon(), func() {
		if p.selected >= 0 {
			p.runFiles([]string{p.files[p.selected]})
		}
	})
	p.Run.Importance = widget.HighImportance
	p.RunAll = widgets.NewButton(lang.L("Run all"), theme.MediaFastForwardIcon(), func() { p.runFiles(p.files) })
	compare := widgets.NewButton(lang.L("Compare servers…"), theme.ViewRestoreIcon(), p.Compare)
	p.Record = widget.NewCheck(lang.L("Record calls"), p.toggleRecord)
	p.recordLabel = widgets.Caption(lang.L("Every call made in the window is written to a check file, with its result."))
	p.recordLabel.Wrapping = fyne.TextWrapWord

	left := widgets.NewBorder(
		container.NewVBox(widgets.Heading(lang.L("Check files")), container.NewHBox(add, remove)),
		container.NewVBox(widget.NewSeparator(), container.NewHBox(p.Run, p.RunAll), compare, widget.NewSeparator(), p.Record, p.recordLabel),
		nil, nil, p.fileList)

	p.summary = widget.NewLabel(lang.L("Add a check file, then Run. A check file is a YAML list of calls and what to expect of them; \"Save as check\" on a result starts one."))
	p.summary.Wrapping = fyne.TextWrapWord
	p.Filter = widgets.NewFilterEntry(lang.L("Filter results (Ctrl+F)"), p.refilter)
	p.ResultsList = widget.NewList(
		p.Rows.Rows,
		func() fyne.CanvasObject {
			where := widget.NewLabel("")
			where.Importance = widget.LowImportance
			name := widget.NewLabel("")
			name.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, widget.NewIcon(theme.ConfirmIcon()), where, name)
		},
		func(r widget.ListItemID, o fyne.CanvasObject) {
			if i := p.Rows.Item(r); i >= 0 && i < len(p.Results) {
				p.showRow(p.Results[i], o.(*fyne.Container))
			}
		})
	p.ResultsList.OnSelected = func(r widget.ListItemID) {
		if i := p.Rows.Item(r); i >= 0 && i < len(p.Results) {
			p.showDetail(p.Results[i])
		}
	}
	p.Detail = container.NewStack()
	report := container.NewVSplit(widgets.NewBorder(p.Filter, nil, nil, nil, p.ResultsList), container.NewVScroll(p.Detail))
	report.SetOffset(0.45)
	right := container.NewBorder(container.NewPadded(p.summary), nil, nil, nil, report)
	split := container.NewHSplit(left, right)
	split.SetOffset(0.3)
	p.Root = split
	p.Tab = container.NewTabItemWithIcon(lang.L("Checks"), theme.ConfirmIcon(), p.Root)
	p.updateButtons()
	return p
}

// Compare opens the surface diff view, as Compare servers… does.
func (p *Checks) Compare() {
	if p.deps.Compare != nil {
		p.deps.Compare()
	}
}

// Running reports whether a run of checks is under way.
func (p *Checks) Running() bool { return p.running }

func (p *Checks) updateButtons() {
	if p.running || p.selected < 0 {
		p.Run.Disable()
	} else {
		p.Run.Enable()
	}
	if p.running || len(p.files) == 0 {
		p.RunAll.Disable()
	} else {
		p.RunAll.Enable()
	}
}

// AddFile adds a check file to the list (once) and selects it.
func (p *Checks) AddFile(path string) {
	for i, f := range p.files {
		if f == path {
			p.fileList.Select(i)
			return
		}
	}
	p.files = append(p.files, path)
	p.deps.Prefs.SetStringList(CheckFilesPref, p.files)
	p.fileList.Refresh()
	p.fileList.Select(len(p.files) - 1)
}

func (p *Checks) removeSelected() {
	if p.selected < 0 {
		return
	}
	p.files = append(p.files[:p.selected], p.files[p.selected+1:]...)
	p.deps.Prefs.SetStringList(CheckFilesPref, p.files)
	p.fileList.UnselectAll()
	p.fileList.Refresh()
}

// runFiles runs the files' checks in the background; results appear as they come.
func (p *Checks) runFiles(paths []string) {
	if p.running || len(paths) == 0 {
		return
	}
	p.running = true
	p.Results = nil
	p.Rows.SetItems(0, nil)
	p.ResultsList.UnselectAll()
	p.ResultsList.Refresh()
	p.Detail.Objects = nil
	p.Detail.Refresh()
	p.summary.SetText(lang.L("Running…"))
	p.updateButtons()
	paths = append([]string(nil), paths...)
	p.deps.GoWork(func(ctx context.Context) {
		var problems []string
		for _, path := range paths {
			f, err := checks.Load(path)
			if err != nil {
				problems = append(problems, i18n.CheckError(err))
				continue
			}
			temp := &tempServers{}
			rn := &checks.Runner{
				Connect: func(ctx context.Context, name string, spec checks.ServerSpec) (checks.Target, error) {
					return p.connect(ctx, temp, name, spec)
				},
				Confirm:  p.confirm,
				OnResult: func(r checks.Result) { fyne.Do(func() { p.AddResult(r) }) },
			}
			rn.Run(ctx, f)
			temp.close()
		}
		fyne.Do(func() { p.finish(problems) })
	})
}

// connect finds the session a check file's server name stands for: the
// window's own for a configured server (connected if it is not), a
// temporary one for a server written inline.
func (p *Checks) connect(ctx context.Context, temp *tempServers, name string, spec checks.ServerSpec) (checks.Target, error) {
	if spec.Inline() {
		return temp.connect(ctx, spec.Config(name))
	}
	ref := name
	if spec.Ref != "" {
		ref = spec.Ref
	}
	s := p.deps.Session(ref)
	if s == nil {
		return nil, checks.NoServerNamed(ref, true)
	}
	if s.Status().State == mcp.StateReady {
		return s, nil
	}
	if err := s.Connect(ctx); err != nil {
		return nil, checks.ConnectFailed(ref, s.Status(), err)
	}
	return s, nil
}

// confirm asks before a check calls a destructive tool, as a call from the
// form does; a check marked destructive: true was meant and is not asked about.
func (p *Checks) confirm(ctx context.Context, c *checks.Check, tool *sdk.Tool) bool {
	if c.Destructive {
		return true
	}
	answer := make(chan bool, 1)
	fyne.Do(func() {
		msg := widget.NewLabel(i18n.L("The check \"{{.Check}}\" calls {{.Tool}}, which says it may delete or overwrite things. Run it?", map[string]any{"Check": c.Name, "Tool": view.ToolTitle(tool)}))
		msg.Wrapping = fyne.TextWrapWord
		d := widgets.NewCustomConfirm(i18n.L("Run {{.Tool}}?", map[string]any{"Tool": tool.Name}), lang.L("Run"), lang.L("Skip"), msg, func(ok bool) { answer <- ok }, p.deps.Win)
		d.SetConfirmImportance(widget.DangerImportance)
		d.Resize(fyne.NewSize(480, 200))
		d.Show()
	})
	select {
	case ok := <-answer:
		return ok
	case <-ctx.Done():
		return false
	}
}

func (p *Checks) AddResult(r checks.Result) {
	p.Results = append(p.Results, r)
	p.Rows.Add(checkText(r)...)
	p.ResultsList.Refresh()
	p.summary.SetText(i18n.L("Running… {{.Counts}}", map[string]any{"Counts": countsText(p.Results)}))
}

func (p *Checks) finish(problems []string) {
	p.running = false
	p.updateButtons()
	text := countsText(p.Results)
	if len(problems) > 0 {
		text += "\n" + strings.Join(problems, "\n")
	}
	p.summary.SetText(text)
	// Show the first failure straight away: that is what the person wants to see.
	for r := range p.Rows.Rows() {
		if p.Results[p.Rows.Item(r)].Status != checks.StatusPassed {
			p.ResultsList.Select(r)
			break
		}
	}
}

// checkText is what the filter searches in a result: the check's name,
// server and tool, its status and what went wrong.
func checkText(r checks.Result) []string {
	return []string{r.Check.Name, r.Server, r.Check.Target(), r.Status, r.Message.String(),
		checks.TargetIn(i18n.CheckWords{}, r.Check), i18n.CheckStatus(r.Status), i18n.CheckMessage(r.Message)}
}

// refilter shows the results that have every word typed in the filter.
func (p *Checks) refilter(q view.Filter) {
	p.Rows.Apply(q)
	p.ResultsList.UnselectAll()
	p.ResultsList.Refresh()
}

// countsText says how a run went: "3 passed, 1 failed".
func countsText(results []checks.Result) string {
	n := map[string]int{}
	for _, r := range results {
		n[r.Status]++
	}
	parts := []string{i18n.L("{{.N}} passed", map[string]any{"N": n[checks.StatusPassed]}), i18n.L("{{.N}} failed", map[string]any{"N": n[checks.StatusFailed]})}
	if n[checks.StatusError] > 0 {
		parts = append(parts, i18n.L("{{.N}} could not run", map[string]any{"N": n[checks.StatusError]}))
	}
	if n[checks.StatusSkipped] > 0 {
		parts = append(parts, i18n.L("{{.N}} skipped", map[string]any{"N": n[checks.StatusSkipped]}))
	}
	return strings.Join(parts, lang.L(", "))
}

func statusLook(status string) (fyne.Resource, widget.Importance) {
	switch status {
	case checks.StatusPassed:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon()), widget.SuccessImportance
	case checks.StatusSkipped:
		return theme.NewWarningThemedResource(theme.MediaSkipNextIcon()), widget.WarningImportance
	}
	return theme.NewErrorThemedResource(theme.CancelIcon()), widget.DangerImportance
}

func (p *Checks) showRow(r checks.Result, row *fyne.Container) {
	label := row.Objects[0].(*widget.Label)
	icon := row.Objects[1].(*widget.Icon)
	right := row.Objects[2].(*widget.Label)
	res, imp := statusLook(r.Status)
	icon.SetResource(res)
	label.SetText(r.Check.Name)
	label.Importance = imp
	label.Refresh()
	where := r.Server + " · " + checks.TargetIn(i18n.CheckWords{}, r.Check)
	if r.Observed != nil {
		where += " · " + view.Duration(r.Duration)
	}
	right.SetText(where)
}

// showDetail shows one check: each failure with what was expected on the
// left and what came on the right, and the stderr slice of the call.
func (p *Checks) showDetail(r checks.Result) {
	_, imp := statusLook(r.Status)
	title := widgets.BoldLabel(i18n.L("{{.Check}} — {{.Status}}", map[string]any{"Check": r.Check.Name, "Status": i18n.CheckStatus(r.Status)}))
	title.Importance = imp
	on := map[string]any{"Target": checks.TargetIn(i18n.CheckWords{}, r.Check), "Server": r.Server, "Duration": view.Duration(r.Duration)}
	where := i18n.L("{{.Target}} on {{.Server}}, {{.Duration}}", on)
	if r.Observed == nil { // not run: no duration to give
		where = i18n.L("{{.Target}} on {{.Server}}", on)
	}
	rows := []fyne.CanvasObject{title, widgets.Caption(where)}
	if !r.Message.IsZero() {
		msg := i18n.CheckMessage(r.Message)
		if r.Check.Tool == "" || !strings.HasPrefix(r.Message.String(), r.Check.Tool) {
			msg = view.UpperFirst(msg) // but a tool's name stays as it is written
		}
		m := widget.NewLabel(msg)
		m.Wrapping = fyne.TextWrapWord
		rows = append(rows, m)
	}
	if len(r.Failures) > 0 {
		rows = append(rows, container.NewGridWithColumns(2, widgets.Heading(lang.L("Expected")), widgets.Heading(lang.L("Actual"))))
	}
	for _, f := range r.Failures {
		// The expectation's kind, and its path as written in the file.
		where := fyne.CanvasObject(widget.NewLabelWithStyle(i18n.CheckKind(f.Kind, ""), fyne.TextAlignLeading, fyne.TextStyle{Italic: true}))
		if f.Path != "" {
			where = container.NewHBox(where, widget.NewLabelWithStyle(f.Path, fyne.TextAlignLeading, fyne.TextStyle{Monospace: true}))
		}
		rows = append(rows, where,
			container.NewGridWithColumns(2, widgets.MonoLabel(i18n.CheckValue(f.Expected)), widgets.MonoLabel(i18n.CheckValue(f.Actual))))
	}
	if r.Status == checks.StatusPassed {
		rows = append(rows, widget.NewLabel(lang.L("Every expectation was met.")))
	}
	if r.Observed != nil && len(r.Observed.Stderr) > 0 {
		rows = append(rows, widgets.Heading(lang.L("Server output during the call")), widgets.MonoLabel(strings.Join(r.Observed.Stderr, "\n")))
	}
	p.Detail.Objects = []fyne.CanvasObject{container.NewPadded(container.NewVBox(rows...))}
	p.Detail.Refresh()
}

// toggleRecord starts recording to a file the person picks, or stops.
func (p *Checks) toggleRecord(on bool) {
	if p.quiet {
		return
	}
	if !on {
		p.SetRecording("")
		return
	}
	p.setChecked(false) // until a file is chosen; cancelling leaves it off
	filedialog.SaveFileDialog(p.deps.Win, lang.L("Record calls to a check file"), "session.yaml", yamlFiles, func(path string) {
		p.SetRecording(path)
		p.AddFile(path)
	})
}

// setChecked sets the Record box without acting on it.
func (p *Checks) setChecked(on bool) {
	p.quiet = true
	p.Record.SetChecked(on)
	p.quiet = false
}

func (p *Checks) SetRecording(path string) {
	p.recMu.Lock()
	p.recordTo = path
	p.recMu.Unlock()
	if path == "" {
		p.recordLabel.SetText(lang.L("Every call made in the window is written to a check file, with its result."))
	} else {
		p.recordLabel.SetText(i18n.L("Recording every call to {{.Path}}", map[string]any{"Path": path}))
	}
	p.setChecked(path != "")
}

func (p *Checks) recording() string {
	p.recMu.Lock()
	defer p.recMu.Unlock()
	return p.recordTo
}

// RecordCall, RecordRead and RecordPrompt append a finished call, read or
// prompt get to the recording, if there is one. They may be called from any
// goroutine; a recording that cannot be written must not spoil the call.
func (p *Checks) RecordCall(r *mcp.CallResult) {
	if r != nil {
		p.recordCheck(r.Server, func() checks.Check { return checks.Recorded(r.Server, r) })
	}
}

func (p *Checks) RecordRead(r *mcp.ReadResult) {
	if r != nil {
		p.recordCheck(r.Server, func() checks.Check { return checks.RecordedRead(r.Server, r) })
	}
}

func (p *Checks) RecordPrompt(r *mcp.PromptResult) {
	if r != nil {
		p.recordCheck(r.Server, func() checks.Check { return checks.RecordedPrompt(r.Server, r) })
	}
}

func (p *Checks) recordCheck(server string, c func() checks.Check) {
	path := p.recording()
	if path == "" {
		return
	}
	if err := checks.Append(path, map[string]checks.ServerSpec{server: {Ref: server}}, c()); err != nil {
		fyne.Do(func() {
			p.recordLabel.SetText(i18n.L("Not recorded: {{.Reason}}", map[string]any{"Reason": i18n.CheckError(err)}))
		})
	}
}

// SaveResult is the result view's "Save as check": SaveAsCheck with the
// tool's output schema, when its server is known.
func (p *Checks) SaveResult(r *mcp.CallResult) {
	var schema []byte
	if s := p.deps.Session(r.Server); s != nil {
		schema = s.OutputSchema(r.Tool)
	}
	p.SaveAsCheck(r, schema)
}

// SaveAsCheck offers the result as a check, expectations prefilled from
// what came back, for the person to edit and add to a check file.
func (p *Checks) SaveAsCheck(r *mcp.CallResult, outputSchema []byte) {
	p.SaveAsCheckFor(r, outputSchema, nil)
}

// SaveAsCheckFor is SaveAsCheck with the server written inline into the
// check file (spec; nil names the servers-file entry r.Server): a call a
// host made through `mcpbrowser tap` to a server the app does not know.
func (p *Checks) SaveAsCheckFor(r *mcp.CallResult, outputSchema []byte, spec *checks.ServerSpec) {
	c := checks.Suggest(r.Tool, r.Server, r, outputSchema)
	text, err := checks.MarshalCheck(c)
	if err != nil {
		widgets.ShowError(err, p.deps.Win)
		return
	}
	editor := widgets.NewMultiLineEntry()
	editor.TextStyle = fyne.TextStyle{Monospace: true}
	editor.SetText(text)
	// The file is a real value, never a grey placeholder that reads as one:
	// the selected check file, the last one, or checks.yaml in the home
	// folder, in full, so the person sees where it goes.
	path := widgets.NewEntry()
	path.SetText(p.defaultCheckFile())
	choose := widgets.NewButton("", theme.FolderOpenIcon(), func() {
		filedialog.SaveFileDialog(p.deps.Win, lang.L("Check file to add to"), "checks.yaml", yamlFiles, func(chosen string) { path.SetText(chosen) })
	})
	problem := widget.NewLabel("")
	problem.Importance = widget.DangerImportance
	problem.Wrapping = fyne.TextWrapWord
	problem.Hide()
	top := container.NewVBox(
		widget.NewLabel(lang.L("The expectations come from this result; change them as you like.")),
		container.NewBorder(nil, nil, widget.NewLabel(lang.L("Add to")), choose, path))
	body := widgets.NewBorder(top, problem, nil, nil, editor)
	var d *dialog.CustomDialog
	save := widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), func() {
		if err := p.saveCheck(path.Text, editor.Text, r.Server, spec); err != nil {
			problem.SetText(view.UpperFirst(i18n.CheckError(err)))
			problem.Show()
			return
		}
		d.Hide()
		saved, _ := filepath.Abs(strings.TrimSpace(path.Text))
		widgets.ShowInformation(lang.L("Check saved"), i18n.L("The check was added to {{.Path}}. The Checks tab lists the file; Run all runs it.", map[string]any{"Path": saved}), p.deps.Win)
	})
	save.Importance = widget.HighImportance
	cancel := widgets.NewButton(lang.L("Cancel"), nil, func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(lang.L("Save as check"), body, p.deps.Win)
	d.SetButtons([]fyne.CanvasObject{cancel, save})
	d.Resize(fyne.NewSize(620, 520))
	widgets.ShowFocused(d, p.deps.Win, path)
}

// defaultCheckFile is the check file Save as check offers: the selected
// one, else the last in the list, else checks.yaml in the home folder (or
// the working folder when there is no home).
func (p *Checks) defaultCheckFile() string {
	switch {
	case p.selected >= 0 && p.selected < len(p.files):
		return p.files[p.selected]
	case len(p.files) > 0:
		return p.files[len(p.files)-1]
	}
	dir, err := os.UserHomeDir()
	if err != nil {
		dir, _ = os.Getwd()
	}
	return filepath.Join(dir, "checks.yaml")
}

// saveCheck reads the edited check and appends it to the file at path.
func (p *Checks) saveCheck(path, text, server string, spec *checks.ServerSpec) error {
	path = strings.TrimSpace(path)
	if path == "" {
		return errors.New(lang.L("say which check file to add it to"))
	}
	c, err := checks.ParseCheck(text)
	if err != nil {
		return err
	}
	s := checks.ServerSpec{Ref: server}
	if spec != nil {
		s = *spec
	}
	if err := checks.Append(path, map[string]checks.ServerSpec{server: s}, c); err != nil {
		return err
	}
	p.AddFile(path)
	return nil
}

// tempServers are the servers a check file writes inline: started for one
// run, stopped after it.
type tempServers struct {
	managers []*mcp.Manager
}

func (t *tempServers) connect(ctx context.Context, sc *config.ServerConfig) (checks.Target, error) {
	m := mcp.NewManager(&config.Config{Servers: []*config.ServerConfig{sc}}, mcp.ManagerOptions{})
	t.managers = append(t.managers, m)
	s := m.Session(sc.Name)
	if err := s.Connect(ctx); err != nil {
		return nil, checks.ConnectFailed(sc.Name, s.Status(), err)
	}
	return s, nil
}

func (t *tempServers) close() {
	for _, m := range t.managers {
		m.Close()
	}
}
