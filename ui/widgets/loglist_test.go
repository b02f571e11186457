package widgets

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// WrappedLines counts what WrapChars makes, without making it.
func TestWrappedLinesCountsWrapChars(t *testing.T) {
	for _, c := range []struct {
		s string
		n int
	}{
		{"", 10}, {"abc", 10}, {"abcdefghij", 10}, {"abcdefghijk", 10}, {strings.Repeat("é", 25), 10},
		{"anything", 0}, {strings.Repeat("x", 1000), 7},
		{"调用 #1 echo 已结束，用时 23ms：成功", 10}, {strings.Repeat("中", 9), 4}, {"a中b", 1},
	} {
		if got, want := WrappedLines(c.s, c.n), len(WrapChars(c.s, c.n)); got != want {
			t.Errorf("WrappedLines(%d chars, %d) = %d, WrapChars makes %d", len(c.s), c.n, got, want)
		}
	}
}

// A CJK character takes two columns: no piece is wider than n columns,
// none is split inside a character, and together they are the whole line.
func TestWrapCharsCountsCJKAsTwoColumns(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want []string
	}{
		{"abcdef", 4, []string{"abcd", "ef"}},
		{"已连接到 mcp 2026", 8, []string{"已连接到", " mcp 202", "6"}},
		{"中文字", 3, []string{"中", "文", "字"}},
		{"a中", 2, []string{"a", "中"}},
		{"中", 1, []string{"中"}}, // wider than n: alone on its line
		{"调用 #1：成功", 6, []string{"调用 #", "1：成", "功"}},
	} {
		got := WrapChars(c.s, c.n)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("WrapChars(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s, sub string
		want   bool
	}{
		{"Cannot find MODULE x", "module", true},
		{"abc", "", true},
		{"abc", "abcd", false},
		{"Grüße", "grüße", true},
		{"ERROR: x", "error:", true},
		{"warn", "warning", false},
	} {
		if got := ContainsFold(c.s, c.sub); got != c.want {
			t.Errorf("ContainsFold(%q, %q) = %v", c.s, c.sub, got)
		}
	}
}

// The strip takes what it asks for, up to 40 % of the height; hidden, none.
func TestStripLayout(t *testing.T) {
	tools, body, strip := canvas.NewRectangle(nil), canvas.NewRectangle(nil), canvas.NewRectangle(nil)
	tools.SetMinSize(fyne.NewSize(10, 50))
	for _, c := range []struct {
		want    float32
		visible bool
		strip   float32
	}{
		{100, true, 100}, {900, true, 400}, {100, false, 0},
	} {
		l := &stripLayout{want: func(float32) float32 { return c.want }}
		strip.Hidden = !c.visible
		l.Layout([]fyne.CanvasObject{tools, body, strip}, fyne.NewSize(300, 1000))
		if c.visible && strip.Size().Height != c.strip {
			t.Errorf("want %v: strip %v high", c.want, strip.Size().Height)
		}
		if got := body.Size().Height; got != 1000-50-c.strip || body.Position().Y != 50 {
			t.Errorf("want %v: body %v high at %v", c.want, got, body.Position().Y)
		}
	}
}
