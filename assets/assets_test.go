package assets

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"testing"
)

// TestIconPNG checks what packaging and the window rely on: a square 512 px
// PNG, transparent outside the rounded tile and opaque inside it.
func TestIconPNG(t *testing.T) {
	res := Icon()
	if res.Name() != IconName {
		t.Errorf("Icon().Name() = %q, want %q", res.Name(), IconName)
	}
	img, err := png.Decode(bytes.NewReader(res.Content()))
	if err != nil {
		t.Fatalf("icon.png does not decode as PNG: %v", err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, 512, 512) {
		t.Fatalf("icon.png is %v, want 512×512 (fyne package and the About dialog expect it)", got)
	}
	tests := []struct {
		name       string
		x, y       int
		wantOpaque bool
	}{
		{"top-left corner, outside the rounded tile", 2, 2, false},
		{"bottom-right corner, outside the rounded tile", 509, 509, false},
		{"edge middle, inside the tile", 40, 256, true},
		{"centre of the lens", 220, 256, true},
		{"near the handle's end", 400, 400, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, _, a := img.At(tc.x, tc.y).RGBA()
			if opaque := a == 0xffff; opaque != tc.wantOpaque {
				t.Errorf("pixel (%d,%d) alpha = %#x, want opaque=%v", tc.x, tc.y, a, tc.wantOpaque)
			}
		})
	}
}

// TestIconSVG checks that the SVG source is well-formed and square, so that
// `make icon` renders it without distortion.
func TestIconSVG(t *testing.T) {
	var root struct {
		XMLName xml.Name
		ViewBox string `xml:"viewBox,attr"`
		Width   string `xml:"width,attr"`
		Height  string `xml:"height,attr"`
	}
	if err := xml.Unmarshal(IconSVG().Content(), &root); err != nil {
		t.Fatalf("icon.svg is not well-formed XML: %v", err)
	}
	if root.XMLName.Local != "svg" {
		t.Fatalf("icon.svg's root element is <%s>, want <svg>", root.XMLName.Local)
	}
	if root.ViewBox != "0 0 256 256" || root.Width != root.Height {
		t.Errorf("icon.svg viewBox=%q width=%q height=%q, want a square 0 0 256 256", root.ViewBox, root.Width, root.Height)
	}
}
