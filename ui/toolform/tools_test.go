package toolform

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"mcpbrowser/ui/view"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestFilterTools(t *testing.T) {
	tools := []*sdk.Tool{
		{Name: "read_file", Title: "Read a file", Description: "Reads a file from the sandbox."},
		{Name: "list_files", Description: "Lists the FILES in a folder."},
		{Name: "add", Title: "Add two numbers", Description: "Adds a and b."},
		{Name: "weather", Annotations: &sdk.ToolAnnotations{Title: "Weather report"}},
	}
	entries := indexTools(tools)
	tests := []struct {
		query string
		want  []string
	}{
		{"", []string{"read_file", "list_files", "add", "weather"}},
		{"file", []string{"read_file", "list_files"}},
		{"FILE", []string{"read_file", "list_files"}}, // any case
		{"sandbox", []string{"read_file"}},            // description
		{"numbers", []string{"add"}},                  // title
		{"report", []string{"weather"}},               // annotations.title
		{"read sandbox", []string{"read_file"}},       // every word must match
		{"  list   folder ", []string{"list_files"}},  // extra spaces
		{"nothing-like-this", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, i := range filterTools(entries, tt.query, nil) {
			got = append(got, entries[i].tool.Name)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("filter %q: got %v, want %v", tt.query, got, tt.want)
		}
	}
}

func TestToolBadgesAndDestructive(t *testing.T) {
	yes, no := true, false
	tests := []struct {
		name        string
		ann         *sdk.ToolAnnotations
		badges      []string
		destructive bool
	}{
		{"no annotations", nil, nil, false},
		{"read-only", &sdk.ToolAnnotations{ReadOnlyHint: true, DestructiveHint: &yes}, []string{"read-only"}, false},
		{"destructive", &sdk.ToolAnnotations{DestructiveHint: &yes}, []string{"destructive"}, true},
		{"says not destructive", &sdk.ToolAnnotations{DestructiveHint: &no, IdempotentHint: true}, []string{"idempotent"}, false},
		{"open world", &sdk.ToolAnnotations{OpenWorldHint: &yes, DestructiveHint: &yes}, []string{"destructive", "open-world"}, true},
		{"closed world", &sdk.ToolAnnotations{OpenWorldHint: &no}, nil, false},
	}
	for _, tt := range tests {
		tool := &sdk.Tool{Name: "t", Annotations: tt.ann}
		var got []string
		for _, b := range toolBadges(tool) {
			got = append(got, b.Label)
		}
		if !slices.Equal(got, tt.badges) {
			t.Errorf("%s: badges %v, want %v", tt.name, got, tt.badges)
		}
		if view.IsDestructive(tool) != tt.destructive {
			t.Errorf("%s: destructive %v, want %v", tt.name, !tt.destructive, tt.destructive)
		}
	}
}

func TestToolListFilterKeepsSelection(t *testing.T) {
	test.NewTempApp(t)
	var picked []string
	l := newToolList(func(t *sdk.Tool) { picked = append(picked, t.Name) })
	w := test.NewWindow(l.Root)
	defer w.Close()
	w.Resize(fyne.NewSize(300, 600))
	l.SetTools("s", manyTools(50))
	if !l.SelectName("tool_007") {
		t.Fatal("tool_007 not in the list")
	}
	test.Type(l.Filter, "tool_00")
	if got := len(l.shown); got != 10 {
		t.Errorf("%d tools shown for tool_00, want 10", got)
	}
	if !strings.Contains(l.count.Text, "10 of 50 tools match") {
		t.Errorf("count says %q", l.count.Text)
	}
	if l.selected != "tool_007" {
		t.Errorf("filtering changed the selection to %q", l.selected)
	}
	if !slices.Equal(picked, []string{"tool_007"}) {
		t.Errorf("filtering re-selected tools: %v", picked)
	}
	// Same server, new list without the selected tool: the selection goes.
	if got := l.SetTools("s", manyTools(5)); got != nil {
		t.Errorf("selected tool %v survived its removal", got.Name)
	}
	// Another server: the filter is cleared.
	l.SetTools("other", manyTools(3))
	if l.Filter.Text != "" || len(l.shown) != 3 {
		t.Errorf("switching server kept filter %q (%d shown)", l.Filter.Text, len(l.shown))
	}
}

// manyTools makes n tools with realistic names, titles, descriptions and hints.
func manyTools(n int) []*sdk.Tool {
	yes := true
	out := make([]*sdk.Tool, n)
	for i := range out {
		out[i] = &sdk.Tool{
			Name:  fmt.Sprintf("tool_%03d", i),
			Title: fmt.Sprintf("Tool number %d", i),
			Description: fmt.Sprintf("Does thing %d to the repository: reads issues, comments and pull requests, "+
				"then writes a summary. Use it when the user asks about item %d.", i, i*7),
			Annotations: &sdk.ToolAnnotations{ReadOnlyHint: i%2 == 0, OpenWorldHint: &yes},
		}
	}
	return out
}

// BenchmarkToolFilterKeystroke measures one keystroke in the filter box of a
// 1,000-tool list: filtering, the count label and the list redraw. The goal
// is well under a frame (16 ms).
func BenchmarkToolFilterKeystroke(b *testing.B) {
	test.NewTempApp(b)
	l := newToolList(func(*sdk.Tool) {})
	w := test.NewWindow(l.Root)
	defer w.Close()
	w.Resize(fyne.NewSize(320, 900))
	l.SetTools("bench", manyTools(1000))
	queries := []string{"t", "to", "too", "tool", "tool_", "tool_9", "tool_99", "tool_9", "tool_", "repo", "repository summary", ""}
	for i := 0; b.Loop(); i++ {
		l.Filter.SetText(queries[i%len(queries)])
	}
}

// BenchmarkToolFilterOnly is the filtering alone, without any drawing.
func BenchmarkToolFilterOnly(b *testing.B) {
	entries := indexTools(manyTools(1000))
	out := make([]int, 0, len(entries))
	for b.Loop() {
		out = filterTools(entries, "repository summary", out[:0])
	}
}

// TestFirstToolShownWhole: selecting the first tool before the list has
// been laid out (at start-up, when the server is ready before the first
// frame) leaves the list at its top. List.Select scrolls by estimated row
// heights, and with no height yet it scrolled past the first row's name.
func TestFirstToolShownWhole(t *testing.T) {
	test.NewTempApp(t)
	var tools []*sdk.Tool
	for i := range 12 {
		tools = append(tools, &sdk.Tool{Name: fmt.Sprintf("tool_%02d", i), Title: "A tool", Description: "Does a thing."})
	}
	l := newToolList(func(*sdk.Tool) {})
	l.SetTools("demo", tools)
	l.SelectRow(0)
	w := test.NewWindow(l.Root)
	defer w.Close()
	w.Resize(fyne.NewSize(300, 400))
	if got := l.list.GetScrollOffset(); got != 0 {
		t.Errorf("the tool list starts scrolled by %v px, cutting off the first row", got)
	}
}

// Enter in the filter picks the tool whose name was typed, even when
// another tool (which mentions that name) comes first in the list.
func TestEnterInTheFilterPicksTheToolNamedAsTyped(t *testing.T) {
	var chosen string
	l := newToolList(func(tool *sdk.Tool) {
		if tool != nil {
			chosen = tool.Name
		}
	})
	test.NewTempWindow(t, l.Root)
	l.SetTools("demo", []*sdk.Tool{
		{Name: "list_files", Description: "Lists files; read one with read_file."},
		{Name: "read_file", Description: "Reads a file."},
	})
	for _, tt := range []struct{ typed, want string }{
		{"read_file", "read_file"},
		{"READ_FILE ", "read_file"},
		{"files", "list_files"}, // no name typed: the first row
	} {
		l.Filter.SetText(tt.typed)
		l.Filter.OnSubmitted(tt.typed)
		if chosen != tt.want {
			t.Errorf("Enter after %q chose %q, want %q", tt.typed, chosen, tt.want)
		}
	}
}

// Enter in the filter takes the best fit, not the first in server order: a
// name that starts with what was typed, then one containing it, then a
// description; the list shows them in that order too.
func TestEnterInTheFilterTakesTheBestFit(t *testing.T) {
	filesystem := []*sdk.Tool{
		{Name: "read_file", Title: "Read File (Deprecated)", Description: "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."},
		{Name: "read_text_file", Title: "Read Text File", Description: "Read the complete contents of a file as text."},
	}
	everything := []*sdk.Tool{
		{Name: "get-structured-content", Description: "Returns structured content: the weather at a latitude and longitude."},
		{Name: "trigger-long-running-operation", Description: "Demonstrates a long running operation with progress updates."},
	}
	for _, tt := range []struct {
		tools       []*sdk.Tool
		typed, want string
	}{
		{filesystem, "read_text", "read_text_file"},
		{filesystem, "read", "read_text_file"}, // the deprecated one after
		{everything, "long", "trigger-long-running-operation"},
	} {
		var chosen string
		l := newToolList(func(tool *sdk.Tool) {
			if tool != nil {
				chosen = tool.Name
			}
		})
		test.NewTempWindow(t, l.Root)
		l.SetTools("s", tt.tools)
		l.Filter.SetText(tt.typed)
		l.Filter.OnSubmitted(tt.typed)
		if chosen != tt.want {
			t.Errorf("Enter after %q chose %q, want %q", tt.typed, chosen, tt.want)
		}
		if first := l.entries[l.shown[0]].tool.Name; first != tt.want {
			t.Errorf("after %q the list starts with %q, want %q", tt.typed, first, tt.want)
		}
	}
}
