package view

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"testing"
)

// tinyPNG is a 2×2 PNG with a tEXt chunk inserted after IHDR.
func tinyPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.Set(0, 0, color.NRGBA{255, 0, 0, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	ihdrEnd := 8 + 12 + 13
	text := []byte("\x00\x00\x00\x05tEXtab\x00cd\x00\x00\x00\x00") // CRC 0: wrong
	binary.BigEndian.PutUint32(text[0:4], 5)
	return append(append(append([]byte(nil), data[:ihdrEnd]...), text...), data[ihdrEnd:]...)
}

func TestDecodeImage(t *testing.T) {
	bad := tinyPNG(t)
	badIDAT := append([]byte(nil), bad...)
	// Spoil the IDAT chunk's checksum (the last 4 bytes before IEND's 12).
	badIDAT[len(badIDAT)-13] ^= 0xff
	tests := []struct {
		name         string
		data         []byte
		wantRepaired bool
		wantErr      bool
	}{
		{"bad ancillary checksum", bad, true, false},
		{"bad critical checksum", badIDAT, true, false},
		{"not an image", []byte("hello"), false, true},
		{"truncated PNG", bad[:30], false, true},
	}
	for _, tt := range tests {
		img, repaired, err := DecodeImage(tt.data)
		if (err != nil) != tt.wantErr || repaired != tt.wantRepaired {
			t.Errorf("%s: repaired %v, err %v", tt.name, repaired, err)
			continue
		}
		if err == nil && img.Bounds().Dx() != 2 {
			t.Errorf("%s: decoded %v", tt.name, img.Bounds())
		}
	}
	if _, _, err := image.Decode(bytes.NewReader(bad)); err == nil {
		t.Error("the standard decoder accepts the spoiled PNG; the test proves nothing")
	}
}
