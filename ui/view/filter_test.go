package view

import (
	"slices"
	"testing"
)

func TestFilter(t *testing.T) {
	rows := []string{"read_file\nRead a file", "list_directory\nList a folder", "Echo\necho back"}
	tests := []struct {
		query string
		want  []int
	}{
		{"", []int{0, 1, 2}},
		{"   ", []int{0, 1, 2}},
		{"file", []int{0}},
		{"FILE read", []int{0}},
		{"read list", nil},
		{"echo", []int{2}},
		{"a", []int{0, 1, 2}},
		{"folder list", []int{1}},
	}
	for _, tt := range tests {
		f := NewFilter(tt.query)
		got := f.Indexes(len(rows), func(i int) string { return Haystack(rows[i]) }, nil)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: rows %v, want %v", tt.query, got, tt.want)
		}
		if m := f.Match(rows[0]); m != slices.Contains(tt.want, 0) {
			t.Errorf("%q: Match(row 0) = %v", tt.query, m)
		}
	}
}
