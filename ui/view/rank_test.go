package view

import (
	"slices"
	"testing"
)

// The tool filter's order: names that start with what was typed, then
// names containing it, then titles, then descriptions; a deprecated tool
// after a live one of the same rank.
func TestRankTools(t *testing.T) {
	filesystem := []RankedTool{
		{Name: "read_file", Title: "Read File (Deprecated)", Description: "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead."},
		{Name: "read_text_file", Title: "Read Text File", Description: "Read the complete contents of a file from the file system as text."},
		{Name: "read_media_file", Title: "Read Media File", Description: "Read an image or audio file."},
		{Name: "list_directory", Title: "List Directory", Description: "Get a detailed listing of all files and directories."},
	}
	everything := []RankedTool{
		{Name: "echo", Description: "Echoes back the input string"},
		{Name: "get-structured-content", Description: "Returns structured content along with an output schema for client data validation; the weather at a latitude and longitude"},
		{Name: "get-sum", Description: "Returns the sum of two numbers"},
		{Name: "trigger-long-running-operation", Description: "Demonstrates a long running operation with progress updates."},
	}
	tests := []struct {
		name  string
		tools []RankedTool
		typed string
		want  []string // the names in order, of those that pass the filter
	}{
		{"a name that starts with it beats a description that names it", filesystem, "read_text", []string{"read_text_file", "read_file"}},
		{"separators do not count", filesystem, "read text", []string{"read_text_file", "read_file"}},
		{"a name containing it beats a description", everything, "long", []string{"trigger-long-running-operation", "get-structured-content"}},
		{"the exact name first", everything, "get-sum", []string{"get-sum"}},
		{"deprecated after live, same rank", filesystem, "read", []string{"read_text_file", "read_media_file", "read_file"}},
		{"case does not count", filesystem, "READ_TEXT", []string{"read_text_file", "read_file"}},
		{"a title counts before a description", []RankedTool{{Name: "tree", Description: "A directory tree"}, {Name: "ls", Title: "List directory"}}, "directory", []string{"ls", "tree"}},
		{"nothing typed keeps the server's order", everything, "", []string{"echo", "get-structured-content", "get-sum", "trigger-long-running-operation"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := NewFilter(tt.typed)
			shown := f.Indexes(len(tt.tools), func(i int) string {
				return Haystack(tt.tools[i].Name, tt.tools[i].Title, tt.tools[i].Description)
			}, nil)
			RankTools(tt.typed, shown, func(i int) RankedTool { return tt.tools[i] })
			var got []string
			for _, i := range shown {
				got = append(got, tt.tools[i].Name)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("%q: %v, want %v", tt.typed, got, tt.want)
			}
		})
	}
}

func TestToolDeprecated(t *testing.T) {
	tests := []struct {
		tool RankedTool
		want bool
	}{
		{RankedTool{Title: "Read File (Deprecated)"}, true},
		{RankedTool{Description: "DEPRECATED: Use read_text_file instead."}, true},
		{RankedTool{Description: "Deprecated. Use v2."}, true},
		{RankedTool{Description: "Replaces the deprecated read_file."}, false},
		{RankedTool{Name: "read_text_file", Description: "Read a file."}, false},
	}
	for _, tt := range tests {
		if got := ToolDeprecated(tt.tool); got != tt.want {
			t.Errorf("%+v: %v, want %v", tt.tool, got, tt.want)
		}
	}
}
