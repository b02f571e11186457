package widgets

import "testing"

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
		{"after a run the result gets most", true, false, 100, 2000, 500, 50, 450 * 0.45, 450 * 0.55},
		{"after a run the form keeps its floor", true, false, 250, 2000, 500, 50, 250, 200},
		{"a short form after a run", true, false, 50, 80, 500, 50, 80, 370},
		{"a low window after a run", true, false, 400, 2000, 500, 50, 450 * 0.6, 450 * 0.4},
		{"a server's question gets 80 %", true, true, 400, 2000, 500, 50, 450 * 0.2, 450 - 450*0.2},
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
