package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

func TestColumnWidths(t *testing.T) {
	tests := []struct {
		width              float32
		sideHidden         bool
		servers, mid, side float32
	}{
		{1024, false, 0, 1024 - 307, 307},
		{1024, true, 0, 1024, 0},
		{1400, false, ServersWidth, 1400 - ServersWidth - 420, 420},
		{2560, false, ServersWidth, 2560 - ServersWidth - SideMax, SideMax},
	}
	for _, tt := range tests {
		c := &Columns{SideHidden: tt.sideHidden}
		s, m, d := c.Widths(tt.width)
		if s != tt.servers || m != tt.mid || d != tt.side {
			t.Errorf("width %v (side hidden %v): %v %v %v, want %v %v %v", tt.width, tt.sideHidden, s, m, d, tt.servers, tt.mid, tt.side)
		}
	}
}

func TestDetailHeights(t *testing.T) {
	tests := []struct {
		name                 string
		expanded, urgent     bool
		floor, want, h, bar  float32
		wantForm, wantResult float32
	}{
		{"short form before a run", false, false, 100, 150, 500, 50, 150, 300},
		{"long form before a run", false, false, 100, 2000, 500, 50, 450 - CollapsedResult, CollapsedResult},
		{"after a run the result gets most", true, false, 50, 2000, 500, 50, 450 * FormShare, 450 * (1 - FormShare)},
		{"after a run the form keeps its floor", true, false, 150, 2000, 500, 50, 150, 300},
		{"the floor goes as far as FloorShare", true, false, 400, 2000, 500, 50, 450 * FloorShare, 450 * (1 - FloorShare)},
		{"a short form after a run", true, false, 50, 80, 500, 50, 80, 370},
		{"a server's question folds the form away", true, true, 400, 2000, 500, 50, 0, 450},
	}
	for _, tt := range tests {
		d := &Detail{Expanded: func() bool { return tt.expanded }, Urgent: func() bool { return tt.urgent },
			FormFloor: func() float32 { return tt.floor }, FormWant: func() float32 { return tt.want }}
		f, r := d.Heights(tt.h, tt.bar)
		if f != tt.wantForm || r != tt.wantResult {
			t.Errorf("%s: form %v result %v, want %v %v", tt.name, f, r, tt.wantForm, tt.wantResult)
		}
	}
}

// While a server's question waits the form region is hidden, not only
// squeezed: the keyboard cannot go into a form no one sees. It comes back
// once the question is answered.
func TestDetailFoldsTheFormAwayWhileAQuestionWaits(t *testing.T) {
	urgent := true
	d := &Detail{Expanded: func() bool { return true }, Urgent: func() bool { return urgent }}
	form, bar, result := canvas.NewRectangle(nil), canvas.NewRectangle(nil), canvas.NewRectangle(nil)
	objs := []fyne.CanvasObject{form, bar, result}
	d.Layout(objs, fyne.NewSize(400, 500))
	if form.Visible() {
		t.Error("the form region is on show while a question waits")
	}
	urgent = false
	d.Layout(objs, fyne.NewSize(400, 500))
	if !form.Visible() || form.Size().Height == 0 {
		t.Errorf("after the answer the form region is hidden or empty (%v px)", form.Size().Height)
	}
}
