package result

import (
	"encoding/json"
	"fmt"
	"image/color"
	"mcpbrowser/ui/filedialog"
	"path"
	"strings"

	"fyne.io/fyne/v2/lang"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp"
	"mcpbrowser/mcp/transport"
	"mcpbrowser/ui/view"

	"mcpbrowser/ui/widgets"
)

// Text up to these sizes is shown in a wrapping, selectable label; anything
// bigger goes into a virtualised list of lines, because a label (RichText)
// needs seconds for a few thousand lines.
const (
	smallTextBytes = 16 << 10
	smallTextLines = 200
)

// Image content is scaled down to fit this box; smaller images keep their size.
const (
	maxImageWidth  = 480
	maxImageHeight = 360
)

// A ResultView shows what one tool call returned: which layer failed (if
// any) in words, the content blocks, structured content checked against the
// tool's outputSchema, and the call's duration.
type ResultView struct {
	win  fyne.Window
	root *fyne.Container
	// OnSaveCheck, when set, puts "Save as check" on every result a server answered.
	OnSaveCheck func(*mcp.CallResult)

	// The result on show, for Copy and Save.
	Result *mcp.CallResult

	// What the header shows; kept so tests can read it.
	icon       *widget.Icon
	title      *widget.Label
	Sentence   *widget.Label
	Duration   *widget.Label
	copyButton *widgets.Button
	saveButton *widgets.Button
	// schemaNote says whether structuredContent matches the outputSchema (nil when there is no schema).
	schemaNote *widget.Label
	Images     []*canvas.Image
	bigTexts   []*widgets.TextLines
	texts      []string // every text the body shows, in order, for tests

	// onChange is told when the view shows something else (the window
	// gives a result more room than the "run a tool" line).
	OnChange func()
	// OpenLink, if set, opens a resource_link's URI in the Resources tab.
	OpenLink func(uri string)
}

// HasContent reports whether the view shows a call (running or done).
func (v *ResultView) HasContent() bool { return v.title != nil }

// NewResultView makes an empty result view; win parents its dialogs.
func NewResultView(win fyne.Window) *ResultView {
	v := &ResultView{win: win, root: container.NewStack()}
	v.Clear()
	return v
}

// Widget is the view's canvas object.
func (v *ResultView) Widget() fyne.CanvasObject { return v.root }

// Clear empties the view.
func (v *ResultView) Clear() {
	v.reset()
	hint := widget.NewLabel(lang.L("Run a tool to see its result here."))
	hint.Importance = widget.LowImportance
	hint.Alignment = fyne.TextAlignCenter
	v.setContent(container.NewCenter(hint))
}

// ShowRunning says that tool is running and clears the last result.
func (v *ResultView) ShowRunning(tool string) {
	v.reset()
	v.icon = widget.NewIcon(theme.NewPrimaryThemedResource(theme.MediaPlayIcon()))
	v.title = widgets.BoldLabel("Running " + tool + " …")
	v.Sentence = widget.NewLabel(lang.L("The result appears here when the server answers."))
	v.setContent(container.NewBorder(v.band(theme.ColorNamePrimary, nil), nil, nil, nil))
}

// Show renders r; tool (may be nil) supplies the outputSchema to check
// structured content against.
func (v *ResultView) Show(r *mcp.CallResult, tool *sdk.Tool) {
	if r == nil {
		v.Clear()
		return
	}
	v.reset()
	v.Result = r
	look := lookOf(r)
	v.icon = widget.NewIcon(look.icon)
	v.title = widgets.BoldLabel(look.title)
	v.title.Importance = look.importance
	v.Sentence = widget.NewLabel(look.sentence)
	v.Duration = widget.NewLabel(view.Duration(r.Duration))
	v.copyButton = widgets.NewButton(lang.L("Copy"), theme.ContentCopyIcon(), v.copyResult)
	v.saveButton = widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), v.saveResult)
	actions := container.NewHBox(v.Duration, v.copyButton, v.saveButton)
	if v.OnSaveCheck != nil && r.Layer != mcp.LayerConnection && r.Layer != mcp.LayerCancelled {
		actions.Add(widgets.NewButton(lang.L("Save as check"), theme.ConfirmIcon(), func() { v.OnSaveCheck(r) }))
	}
	header := v.band(look.color, actions)

	blocks := v.blocks(r, tool)
	// One big text block (the common "tool printed a lot" case) gets the
	// whole area; otherwise the blocks scroll together.
	if len(blocks) == 1 && len(v.bigTexts) == 1 {
		v.setContent(widgets.NewBorder(header, nil, nil, nil, v.bigTexts[0].WithBar(true)))
		return
	}
	v.setContent(widgets.NewBorder(header, nil, nil, nil, container.NewVScroll(container.NewVBox(blocks...))))
}

func (v *ResultView) reset() {
	*v = ResultView{win: v.win, root: v.root, OnChange: v.OnChange, OpenLink: v.OpenLink, OnSaveCheck: v.OnSaveCheck}
}

func (v *ResultView) setContent(o fyne.CanvasObject) {
	v.root.Objects = []fyne.CanvasObject{o}
	v.root.Refresh()
	if v.OnChange != nil {
		v.OnChange()
	}
}

// band is the coloured header: icon, title and actions on one row, and
// below them, under the title and as wide as the band, the sentence saying
// what happened (beside the actions it wrapped into a narrow column).
func (v *ResultView) band(tint fyne.ThemeColorName, actions fyne.CanvasObject) fyne.CanvasObject {
	v.Sentence.Wrapping = fyne.TextWrapWord
	// The title, the duration and each button wrap onto the next line when
	// the column is too narrow for them side by side (at 900×600 "62 ms"
	// was drawn over "Success").
	items := []fyne.CanvasObject{container.NewHBox(v.icon, v.title)}
	if c, ok := actions.(*fyne.Container); ok {
		items = append(items, c.Objects...)
	}
	titleRow := container.New(layout.NewRowWrapLayout(), items...)
	underIcon := canvas.NewRectangle(color.Transparent)
	underIcon.SetMinSize(fyne.NewSize(v.icon.MinSize().Width, 0))
	sentence := container.NewBorder(nil, nil, underIcon, nil, v.Sentence)
	return container.NewStack(widgets.NewTint(tint, 0x30), container.NewPadded(container.NewVBox(titleRow, sentence)))
}

// A resultLook is how one error layer presents itself.
type resultLook struct {
	icon       fyne.Resource
	color      fyne.ThemeColorName
	importance widget.Importance
	title      string
	sentence   string
}

// lookOf says, for each layer, how it looks and in words which layer failed.
func lookOf(r *mcp.CallResult) resultLook {
	title, sentence := view.ResultWords(r)
	switch r.Layer {
	case mcp.LayerNone:
		return resultLook{theme.NewSuccessThemedResource(theme.ConfirmIcon()), theme.ColorNameSuccess, widget.SuccessImportance, title, sentence}
	case mcp.LayerTool, mcp.LayerCancelled:
		icon := theme.WarningIcon()
		if r.Layer == mcp.LayerCancelled {
			icon = theme.CancelIcon()
		}
		return resultLook{theme.NewWarningThemedResource(icon), theme.ColorNameWarning, widget.WarningImportance, title, sentence}
	case mcp.LayerTimeout:
		return resultLook{theme.NewErrorThemedResource(theme.HistoryIcon()), theme.ColorNameError, widget.DangerImportance, title, sentence}
	}
	return resultLook{theme.NewErrorThemedResource(theme.ErrorIcon()), theme.ColorNameError, widget.DangerImportance, title, sentence}
}

// blocks builds the body: error details, content, structured content, server output.
func (v *ResultView) blocks(r *mcp.CallResult, tool *sdk.Tool) []fyne.CanvasObject {
	var out []fyne.CanvasObject
	if r.Layer == mcp.LayerProtocol && r.RPCError != nil {
		out = append(out, v.rpcErrorBlock(r))
	}
	if r.Result != nil {
		for i, c := range r.Result.Content {
			out = append(out, v.ContentBlock(i, c))
		}
	}
	if b := v.structuredBlock(r, tool); b != nil {
		out = append(out, b)
	}
	if r.OK() && len(out) == 0 {
		l := widget.NewLabel(lang.L("The tool returned no content."))
		l.Importance = widget.LowImportance
		out = append(out, l)
	}
	if len(r.Log) > 0 {
		out = append(out, v.callLogBlock(r.Log))
	}
	return out
}

func (v *ResultView) rpcErrorBlock(r *mcp.CallResult) fyne.CanvasObject {
	e := r.RPCError
	rows := []fyne.CanvasObject{
		widgets.Heading(i18n.L("JSON-RPC error {{.Code}} ({{.Name}})", map[string]any{"Code": e.Code, "Name": i18n.Explain(mcp.RPCCodeWords(e.Code))})),
		v.TextBlock("message", e.Message),
	}
	if len(e.Data) > 0 {
		rows = append(rows, widgets.Heading(lang.L("data")), v.TextBlock("data", string(e.Data)))
	}
	return container.NewVBox(rows...)
}

func (v *ResultView) ContentBlock(i int, c sdk.Content) fyne.CanvasObject {
	switch c := c.(type) {
	case *sdk.TextContent:
		return v.TextBlock(fmt.Sprintf("text-%d", i+1), c.Text)
	case *sdk.ImageContent:
		return v.ImageBlock(i, c.Data, c.MIMEType)
	case *sdk.AudioContent:
		name := fmt.Sprintf("audio-%d%s", i+1, view.ExtensionFor(c.MIMEType))
		return v.BinaryBlock(i18n.L("Audio · {{.Type}} · {{.Size}}", map[string]any{"Type": view.OrUnknown(c.MIMEType), "Size": view.Size(len(c.Data))}), name, c.Data)
	case *sdk.ResourceLink:
		return v.linkBlock(c)
	case *sdk.EmbeddedResource:
		return v.resourceBlock(i, c.Resource)
	}
	return widgets.Caption(i18n.L("A content block of a kind this app does not show ({{.Type}}).", map[string]any{"Type": fmt.Sprintf("%T", c)}))
}

// textBlock shows a text, pretty-printed when it is JSON: small ones in a
// selectable label, big ones as a head of lines with "Show all" and "Save".
func (v *ResultView) TextBlock(name, text string) fyne.CanvasObject {
	if len(text) > lazyJSONBytes && view.LooksLikeJSON(text) {
		return v.bigJSONBlock(name, text)
	}
	shown, isJSON := view.PrettyJSONText(text)
	v.texts = append(v.texts, shown)
	if len(shown) <= smallTextBytes && strings.Count(shown, "\n") < smallTextLines {
		l := widget.NewLabel(shown)
		l.Wrapping = fyne.TextWrapWord
		l.Selectable = true
		l.TextStyle.Monospace = isJSON
		return l
	}
	t := widgets.NewTextLines()
	t.SetText(shown)
	ext := ".txt"
	if isJSON {
		ext = ".json"
	}
	return v.addBigText(t, name+ext, text)
}

// bigJSONBlock shows a head of a big JSON text, pretty-printed: indenting
// all of 10 MB takes most of a second, so the whole is indented (and
// checked) only on Show all.
func (v *ResultView) bigJSONBlock(name, text string) fyne.CanvasObject {
	head, _ := view.IndentHead(strings.TrimSpace(text), widgets.HeadLines, widgets.HeadBytes)
	v.texts = append(v.texts, head)
	t := widgets.NewTextLines()
	t.SetHead(head, len(text), func() string {
		shown, _ := view.PrettyJSONText(text) // not JSON after all: shown as it is
		return shown
	})
	return v.addBigText(t, name+".json", text)
}

func (v *ResultView) addBigText(t *widgets.TextLines, fileName, text string) fyne.CanvasObject {
	t.Extra = []fyne.CanvasObject{widgets.NewButton(lang.L("Save text"), theme.DocumentSaveIcon(), func() {
		v.saveBytes(lang.L("Save text"), v.fileStem()+"-"+fileName, []byte(text))
	})}
	v.bigTexts = append(v.bigTexts, t)
	return t.WithBar(false)
}

func (v *ResultView) ImageBlock(i int, data []byte, mimeType string) fyne.CanvasObject {
	name := fmt.Sprintf("image-%d%s", i+1, view.ExtensionFor(mimeType))
	save := widgets.NewButton(lang.L("Save"), theme.DocumentSaveIcon(), func() { v.saveBytes("Save image", v.fileStem()+"-"+name, data) })
	var img *canvas.Image
	var dims string
	if strings.Contains(mimeType, "svg") {
		img = canvas.NewImageFromResource(fyne.NewStaticResource(name, data))
		img.SetMinSize(fyne.NewSize(maxImageHeight*2/3, maxImageHeight*2/3))
	} else {
		// Decoded here, leniently, not by the canvas: a PNG with one bad
		// checksum was an empty gap and a "Failed to render image" per frame.
		decoded, repaired, err := view.DecodeImage(data)
		if err != nil {
			return container.NewVBox(
				widgets.Caption(i18n.L("Image · {{.Type}} · {{.Size}} — this picture cannot be shown here; save it to open it in another program.", map[string]any{"Type": view.OrUnknown(mimeType), "Size": view.Size(len(data))})),
				container.NewHBox(save))
		}
		img = canvas.NewImageFromImage(decoded)
		b := decoded.Bounds()
		w, h := fitInside(b.Dx(), b.Dy(), maxImageWidth, maxImageHeight)
		img.SetMinSize(fyne.NewSize(w, h))
		dims = fmt.Sprintf(" · %d×%d", b.Dx(), b.Dy())
		if repaired {
			dims += " · repaired (a damaged checksum was ignored)"
		}
	}
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScaleSmooth
	v.Images = append(v.Images, img)
	info := widgets.Heading(i18n.L("Image · {{.Type}}{{.Dims}} · {{.Size}}", map[string]any{"Type": view.OrUnknown(mimeType), "Dims": dims, "Size": view.Size(len(data))}))
	return container.NewVBox(container.NewBorder(nil, nil, nil, save, info), container.NewHBox(img))
}

func (v *ResultView) BinaryBlock(what, fileName string, data []byte) fyne.CanvasObject {
	v.texts = append(v.texts, what)
	save := widgets.NewButton(lang.L("Save…"), theme.DocumentSaveIcon(), func() { v.saveBytes("Save", v.fileStem()+"-"+fileName, data) })
	return container.NewBorder(nil, nil, widget.NewIcon(theme.FileIcon()), save, widgets.Caption(what))
}

func (v *ResultView) linkBlock(l *sdk.ResourceLink) fyne.CanvasObject {
	name := l.Name
	if l.Title != "" {
		name = l.Title + " (" + l.Name + ")"
	}
	details := []string{l.URI}
	if l.MIMEType != "" {
		details = append(details, l.MIMEType)
	}
	if l.Size != nil {
		details = append(details, view.Size(int(*l.Size)))
	}
	line := "Resource link: " + name + " — " + strings.Join(details, " · ")
	v.texts = append(v.texts, line)
	label := widget.NewLabel(line)
	label.Wrapping = fyne.TextWrapWord
	label.Selectable = true
	rows := []fyne.CanvasObject{label}
	if l.Description != "" {
		rows = append(rows, widgets.Caption(l.Description))
	}
	var open fyne.CanvasObject
	if v.OpenLink != nil {
		uri, openLink := l.URI, v.OpenLink
		open = container.NewVBox(widgets.NewButton(lang.L("Open in Resources"), theme.NavigateNextIcon(), func() { openLink(uri) }))
	}
	return container.NewBorder(nil, nil, container.NewVBox(widget.NewIcon(theme.NewPrimaryThemedResource(theme.FileIcon()))), open, container.NewVBox(rows...))
}

func (v *ResultView) resourceBlock(i int, rc *sdk.ResourceContents) fyne.CanvasObject {
	if rc == nil {
		return widgets.Caption(lang.L("An embedded resource with no contents."))
	}
	head := "Embedded resource " + rc.URI
	if rc.MIMEType != "" {
		head += " · " + rc.MIMEType
	}
	if rc.Blob != nil {
		name := path.Base(rc.URI)
		if name == "." || name == "/" || name == "" {
			name = fmt.Sprintf("resource-%d%s", i+1, view.ExtensionFor(rc.MIMEType))
		}
		return v.BinaryBlock(head+" · "+view.Size(len(rc.Blob)), name, rc.Blob)
	}
	return container.NewVBox(widgets.Heading(head), v.TextBlock(fmt.Sprintf("resource-%d", i+1), rc.Text))
}

// structuredBlock shows structuredContent as JSON, with a note saying
// whether it matches the tool's outputSchema.
func (v *ResultView) structuredBlock(r *mcp.CallResult, tool *sdk.Tool) fyne.CanvasObject {
	var schema any
	if tool != nil {
		schema = tool.OutputSchema
	}
	var structured any
	if r.Result != nil {
		structured = r.Result.StructuredContent
	}
	if structured == nil && (schema == nil || r.Layer != mcp.LayerNone) {
		return nil
	}
	rows := []fyne.CanvasObject{widgets.Heading(lang.L("Structured content"))}
	if schema != nil {
		problem := view.OutputSchemaProblem(schema, structured)
		v.schemaNote = widget.NewLabel("")
		v.schemaNote.Wrapping = fyne.TextWrapWord
		if problem == "" {
			v.schemaNote.SetText(lang.L("Matches the tool's outputSchema."))
			v.schemaNote.Importance = widget.SuccessImportance
		} else {
			v.schemaNote.SetText(problem)
			v.schemaNote.Importance = widget.WarningImportance
		}
		rows = append(rows, v.schemaNote)
	}
	if structured != nil {
		b, err := json.Marshal(structured)
		if err != nil {
			b = []byte(fmt.Sprint(structured))
		}
		rows = append(rows, v.TextBlock("structured", string(b)))
	}
	return container.NewVBox(rows...)
}

// callLogBlock lists what the server printed while the call ran.
func (v *ResultView) callLogBlock(entries []transport.LogEntry) fyne.CanvasObject {
	lines := make([]string, len(entries))
	for i, e := range entries {
		lines[i] = e.String()
	}
	t := widgets.NewTextLines()
	t.SetText(strings.Join(lines, "\n"))
	title := i18n.N("Server output during this call ({{.Count}} lines)", len(entries))
	return widgets.NewAccordion(widget.NewAccordionItem(title, container.New(widgets.MinHeight{H: 160}, t.WithBar(true))))
}

// fileStem names saved files after the tool.
func (v *ResultView) fileStem() string {
	if v.Result != nil && v.Result.Tool != "" {
		return view.SafeFileName(v.Result.Tool)
	}
	return "result"
}

func (v *ResultView) copyResult() {
	if v.Result == nil {
		return
	}
	fyne.CurrentApp().Clipboard().SetContent(ResultText(v.Result))
}

func (v *ResultView) saveResult() {
	r := v.Result
	if r == nil {
		return
	}
	filedialog.SaveFileDialog(v.win, lang.L("Save result"), v.fileStem()+"-result.json", filedialog.JsonFiles, func(path string) {
		widgets.SaveInBackground(v.win, path, func() ([]byte, error) {
			b, err := json.MarshalIndent(r, "", "  ")
			return append(b, '\n'), err
		})
	})
}

func (v *ResultView) saveBytes(title, suggested string, data []byte) {
	filedialog.SaveFileDialog(v.win, title, suggested, filedialog.FileFilter{}, func(path string) {
		widgets.SaveInBackground(v.win, path, func() ([]byte, error) { return data, nil })
	})
}

// ResultText is the result as plain text for the clipboard: what happened,
// then each block.
func ResultText(r *mcp.CallResult) string {
	var b strings.Builder
	look := lookOf(r)
	fmt.Fprintf(&b, "%s: %s\n", look.title, look.sentence)
	if r.RPCError != nil && len(r.RPCError.Data) > 0 {
		s, _ := view.PrettyJSONText(string(r.RPCError.Data))
		b.WriteString("data: " + s + "\n")
	}
	if r.Result != nil {
		for _, c := range r.Result.Content {
			b.WriteByte('\n')
			switch c := c.(type) {
			case *sdk.TextContent:
				b.WriteString(c.Text)
			case *sdk.ImageContent:
				fmt.Fprintf(&b, "[image %s, %s]", c.MIMEType, view.Size(len(c.Data)))
			case *sdk.AudioContent:
				fmt.Fprintf(&b, "[audio %s, %s]", c.MIMEType, view.Size(len(c.Data)))
			case *sdk.ResourceLink:
				fmt.Fprintf(&b, "[resource link %s: %s]", c.Name, c.URI)
			case *sdk.EmbeddedResource:
				if c.Resource != nil && c.Resource.Blob == nil {
					b.WriteString(c.Resource.Text)
				} else if c.Resource != nil {
					fmt.Fprintf(&b, "[resource %s, %s]", c.Resource.URI, view.Size(len(c.Resource.Blob)))
				}
			}
			b.WriteByte('\n')
		}
		if sc := r.Result.StructuredContent; sc != nil {
			if j, err := json.MarshalIndent(sc, "", "  "); err == nil {
				b.WriteString("\nstructuredContent:\n" + string(j) + "\n")
			}
		}
	}
	return b.String()
}

// lazyJSONBytes is the size from which a JSON text is indented only as far
// as its head is shown, until the person asks for all of it.
const lazyJSONBytes = 1 << 20

func fitInside(w, h, maxW, maxH int) (float32, float32) {
	if w <= 0 || h <= 0 {
		return float32(maxW), float32(maxH)
	}
	scale := min(1, float64(maxW)/float64(w), float64(maxH)/float64(h))
	return float32(float64(w) * scale), float32(float64(h) * scale)
}

// AddSentence adds a sentence to the result's status line.
func (v *ResultView) AddSentence(s string) {
	if v.Sentence == nil || s == "" {
		return
	}
	v.Sentence.SetText(view.JoinSentences(v.Sentence.Text, s))
}
