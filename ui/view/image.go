package view

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	_ "image/gif" // decoders for image content blocks
	_ "image/jpeg"
	_ "image/png"
)

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// DecodeImage decodes a picture a server sent. When the standard decoder
// refuses a PNG only because of a damaged chunk checksum — server-everything's
// get-tiny-image has an ancillary chunk with a wrong CRC — the picture is
// still shown: ancillary chunks with a bad checksum are dropped, critical
// ones get their checksum recomputed, and it is decoded again. repaired says
// so; the person sees what a lenient viewer would.
func DecodeImage(data []byte) (img image.Image, repaired bool, err error) {
	img, _, err = image.Decode(bytes.NewReader(data))
	if err == nil {
		return img, false, nil
	}
	fixed, ok := RepairPNG(data)
	if !ok {
		return nil, false, err
	}
	img, _, err2 := image.Decode(bytes.NewReader(fixed))
	if err2 != nil {
		return nil, false, err
	}
	return img, true, nil
}

// RepairPNG returns data with every ancillary chunk whose checksum is wrong
// left out and every critical chunk's wrong checksum recomputed. ok is false
// when data is not a PNG, its chunks cannot be walked, or nothing was wrong.
func RepairPNG(data []byte) (fixed []byte, ok bool) {
	if !bytes.HasPrefix(data, pngSignature) {
		return nil, false
	}
	out := append([]byte(nil), pngSignature...)
	changed := false
	rest := data[len(pngSignature):]
	for len(rest) > 0 {
		if len(rest) < 12 {
			return nil, false
		}
		n := binary.BigEndian.Uint32(rest[:4])
		if uint64(n)+12 > uint64(len(rest)) {
			return nil, false
		}
		typ := rest[4:8]
		sum := binary.BigEndian.Uint32(rest[8+n : 12+n])
		want := crc32.ChecksumIEEE(rest[4 : 8+n])
		chunk := rest[:12+n]
		rest = rest[12+n:]
		switch {
		case sum == want:
			out = append(out, chunk...)
		case typ[0]&0x20 != 0: // lower-case first letter: ancillary, safe to drop
			changed = true
		default:
			changed = true
			c := append([]byte(nil), chunk...)
			binary.BigEndian.PutUint32(c[8+n:], want)
			out = append(out, c...)
		}
		if string(typ) == "IEND" {
			break
		}
	}
	if !changed {
		return nil, false
	}
	return out, true
}
