package toolform

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/internal/uitest"
	"mcpbrowser/ui/widgets"
)

func TestAppBadge(t *testing.T) {
	tests := []struct {
		name string
		tool *sdk.Tool
		want []string
	}{
		{"no app", &sdk.Tool{Name: "t"}, nil},
		{"app", &sdk.Tool{Name: "t", Meta: sdk.Meta{"ui": map[string]any{"resourceUri": "ui://t/app.html"}}}, []string{"App"}},
		{"older key", &sdk.Tool{Name: "t", Meta: sdk.Meta{"ui/resourceUri": "ui://t/app.html"}}, []string{"App"}},
		{"app and read-only", &sdk.Tool{Name: "t", Meta: sdk.Meta{"ui": map[string]any{"resourceUri": "ui://t"}},
			Annotations: &sdk.ToolAnnotations{ReadOnlyHint: true}}, []string{"App", "read-only"}},
	}
	for _, tt := range tests {
		var got []string
		for _, b := range toolBadges(tt.tool) {
			got = append(got, b.Label)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: badges %v, want %v", tt.name, got, tt.want)
		}
	}
}

// The tool list shows a badge with the count of findings beside the tools
// that have any, and none beside the others.
func TestToolListQualityBadge(t *testing.T) {
	test.NewTempApp(t)
	l := newToolList(func(*sdk.Tool) {})
	w := test.NewTempWindow(t, l.Root)
	w.Resize(fyne.NewSize(400, 400))
	l.SetTools("s", []*sdk.Tool{{Name: "good"}, {Name: "bad"}})
	l.SetQuality(map[string]widgets.Badge{"bad": {Label: i18n.N("{{.Count}} issues", 3), Color: theme.ColorNameWarning}})
	text := uitest.ShownText(l.Root)
	if !strings.Contains(text, "3 issues") || strings.Count(text, "issue") != 1 {
		t.Fatalf("list shows:\n%s", text)
	}
	l.SetQuality(nil)
	if text := uitest.ShownText(l.Root); strings.Contains(text, "issue") {
		t.Fatalf("badge left after the findings went:\n%s", text)
	}
}

// A tool's quality badge sits at the right of its name's line, and a long
// name is cut short before it rather than run under it (server-everything's
// get-resource-reference touched "1 条提示" at 1024×640).
func TestQualityBadgeDoesNotCoverTheName(t *testing.T) {
	test.NewTempApp(t)
	if _, err := i18n.Setup(i18n.SimplifiedChinese); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { i18n.Setup(i18n.English) })
	row := newToolRowObject()
	e := indexTools([]*sdk.Tool{{Name: "get-resource-reference-with-an-even-longer-name", Description: "Returns a resource reference."}})[0]
	updateToolRowObject(row, &e)
	showQualityBadge(row, widgets.Badge{Label: i18n.N("{{.Count}} notes", 12), Color: theme.ColorNamePlaceHolder})
	row.Resize(fyne.NewSize(widgets.ListMin, row.MinSize().Height))
	first := row.(*fyne.Container).Objects[0].(*fyne.Container)
	name, slot := first.Objects[0], first.Objects[1]
	if !slot.Visible() || slot.Size().Width == 0 {
		t.Fatalf("the badge is not shown: %v", slot.Size())
	}
	if name.Position().X+name.Size().Width > slot.Position().X+0.5 {
		t.Errorf("the name (%v wide) runs under the badge at %v", name.Size().Width, slot.Position().X)
	}
	if got := uitest.ShownText(row); !strings.Contains(got, "12 条提示") {
		t.Errorf("row shows %q", got)
	}
	showQualityBadge(row, widgets.Badge{})
	if slot.Visible() {
		t.Error("the badge stays after the findings went")
	}
}

// A tool list row at the list's width: the subtitle is cut short before
// the badges rather than run under them.
func TestToolRowBadgesDoNotOverlapText(t *testing.T) {
	test.NewTempApp(t)
	desc := strings.Repeat("Lists every file and folder under the given path, with sizes and dates. ", 9)[:600]
	destructive, open := true, true
	long := &sdk.Tool{Name: "list_directory_with_a_rather_long_name", Description: desc,
		Annotations: &sdk.ToolAnnotations{DestructiveHint: &destructive, IdempotentHint: true, OpenWorldHint: &open}}
	row := newToolRowObject()
	e := indexTools([]*sdk.Tool{long})[0]
	updateToolRowObject(row, &e)
	row.Resize(fyne.NewSize(widgets.ListMin, row.MinSize().Height))
	second := row.(*fyne.Container).Objects[1].(*fyne.Container)
	sub, badges := second.Objects[0], second.Objects[1]
	if sub.Position().X+sub.Size().Width > badges.Position().X+0.5 {
		t.Errorf("the subtitle (%v wide) runs under the badges at %v", sub.Size().Width, badges.Position().X)
	}
}
