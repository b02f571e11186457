package i18n

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// A font collection (.ttc) holds several faces that share tables; go-text's
// font.ParseTTF, which Fyne's theme fonts go through, reads a single face
// only. faceFile writes one face of a collection as a font file of its own:
// the face's table directory with each table copied, padded to four bytes,
// at its new offset, and head's checkSumAdjustment recomputed for the new
// file ("To calculate the checkSum for the 'head' table which itself
// includes the checkSumAdjustment entry for the entire font, do the
// following: set the checkSumAdjustment to 0; calculate all the checksums
// for all the tables including the 'head' table and enter that value into
// the table directory; calculate the checksum for the entire font; subtract
// that value from 0xB1B0AFBA; store the result in checkSumAdjustment", the
// OpenType spec's table directory). A file that is no collection is read
// whole when index is 0.
func faceFile(path string, index int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var head [12]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	start := int64(0)
	if string(head[:4]) == "ttcf" {
		n := int(binary.BigEndian.Uint32(head[8:]))
		if index < 0 || index >= n {
			return nil, fmt.Errorf("%s has %d faces, not a face %d", path, n, index)
		}
		var off [4]byte
		if _, err := f.ReadAt(off[:], 12+4*int64(index)); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		start = int64(binary.BigEndian.Uint32(off[:]))
	} else if index != 0 {
		return nil, fmt.Errorf("%s is a single face, not a collection", path)
	} else {
		return io.ReadAll(f)
	}
	return copyFace(f, start)
}

// A tableRecord is one entry of a table directory.
type tableRecord struct {
	tag            [4]byte
	checksum       uint32
	offset, length uint32
	newOffset      uint32
}

// copyFace writes the face whose offset table starts at start.
func copyFace(r io.ReaderAt, start int64) ([]byte, error) {
	var ot [12]byte
	if _, err := r.ReadAt(ot[:], start); err != nil {
		return nil, err
	}
	n := int(binary.BigEndian.Uint16(ot[4:]))
	if n == 0 || n > 200 {
		return nil, errors.New("not a font: a table directory of " + fmt.Sprint(n) + " tables")
	}
	dir := make([]byte, 16*n)
	if _, err := r.ReadAt(dir, start+12); err != nil {
		return nil, err
	}
	recs := make([]tableRecord, n)
	size := uint32(12 + 16*n)
	for i := range recs {
		e := dir[16*i:]
		rec := &recs[i]
		copy(rec.tag[:], e[:4])
		rec.checksum = binary.BigEndian.Uint32(e[4:])
		rec.offset = binary.BigEndian.Uint32(e[8:])
		rec.length = binary.BigEndian.Uint32(e[12:])
		rec.newOffset = size
		size += (rec.length + 3) &^ 3
	}
	out := make([]byte, size)
	copy(out, ot[:]) // sfnt version, numTables and the search fields stay
	headAt := -1
	for i, rec := range recs {
		e := out[12+16*i:]
		copy(e, rec.tag[:])
		binary.BigEndian.PutUint32(e[8:], rec.newOffset)
		binary.BigEndian.PutUint32(e[12:], rec.length)
		body := out[rec.newOffset : rec.newOffset+rec.length]
		if _, err := r.ReadAt(body, int64(rec.offset)); err != nil {
			return nil, fmt.Errorf("reading table %s: %w", rec.tag[:], err)
		}
		if string(rec.tag[:]) == "head" && rec.length >= 12 {
			headAt = int(rec.newOffset)
			binary.BigEndian.PutUint32(body[8:], 0)
		}
		binary.BigEndian.PutUint32(e[4:], checksum(out[rec.newOffset:rec.newOffset+(rec.length+3)&^3]))
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out, nil
}

// checksum is the OpenType table checksum: the sum of its big-endian
// uint32s (b is padded to four bytes).
func checksum(b []byte) uint32 {
	var sum uint32
	for i := 0; i+4 <= len(b); i += 4 {
		sum += binary.BigEndian.Uint32(b[i:])
	}
	return sum
}
