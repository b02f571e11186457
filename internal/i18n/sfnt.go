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

// A table is one table of a face: its tag and its bytes.
type table struct {
	tag  string
	data []byte
}

// copyFace writes the face whose offset table starts at start, with its
// outlines slimmed (slimFace) when it can be.
func copyFace(r io.ReaderAt, start int64) ([]byte, error) {
	version, tabs, err := faceTables(r, start)
	if err != nil {
		return nil, err
	}
	if string(version[:]) == "OTTO" {
		_ = slimFace(tabs) // on error the tables are unchanged: the whole face is written
	}
	return fontFile(version, tabs), nil
}

// faceTables reads the tables of the face whose offset table starts at start.
func faceTables(r io.ReaderAt, start int64) (version [4]byte, tabs []table, err error) {
	var ot [12]byte
	if _, err := r.ReadAt(ot[:], start); err != nil {
		return version, nil, err
	}
	copy(version[:], ot[:4])
	n := int(binary.BigEndian.Uint16(ot[4:]))
	if n == 0 || n > 200 {
		return version, nil, errors.New("not a font: a table directory of " + fmt.Sprint(n) + " tables")
	}
	dir := make([]byte, 16*n)
	if _, err := r.ReadAt(dir, start+12); err != nil {
		return version, nil, err
	}
	tabs = make([]table, n)
	for i := range tabs {
		e := dir[16*i:]
		tabs[i].tag = string(e[:4])
		tabs[i].data = make([]byte, binary.BigEndian.Uint32(e[12:]))
		if _, err := r.ReadAt(tabs[i].data, int64(binary.BigEndian.Uint32(e[8:]))); err != nil {
			return version, nil, fmt.Errorf("reading table %s: %w", tabs[i].tag, err)
		}
	}
	return version, tabs, nil
}

// fontFile is a font file of the tables, in their order, each at a
// four-byte boundary, with their checksums and head's adjustment.
func fontFile(version [4]byte, tabs []table) []byte {
	n := len(tabs)
	size := 12 + 16*n
	for _, t := range tabs {
		size += (len(t.data) + 3) &^ 3
	}
	out := make([]byte, size)
	copy(out, version[:])
	binary.BigEndian.PutUint16(out[4:], uint16(n))
	entrySelector := 0
	for 1<<(entrySelector+1) <= n {
		entrySelector++
	}
	binary.BigEndian.PutUint16(out[6:], uint16(16<<entrySelector))
	binary.BigEndian.PutUint16(out[8:], uint16(entrySelector))
	binary.BigEndian.PutUint16(out[10:], uint16(16*n-16<<entrySelector))
	at, headAt := 12+16*n, -1
	for i, t := range tabs {
		e := out[12+16*i:]
		copy(e, t.tag)
		binary.BigEndian.PutUint32(e[8:], uint32(at))
		binary.BigEndian.PutUint32(e[12:], uint32(len(t.data)))
		body := out[at : at+len(t.data)]
		copy(body, t.data)
		if t.tag == "head" && len(t.data) >= 12 {
			headAt = at
			binary.BigEndian.PutUint32(body[8:], 0)
		}
		padded := (len(t.data) + 3) &^ 3
		binary.BigEndian.PutUint32(e[4:], checksum(out[at:at+padded]))
		at += padded
	}
	if headAt >= 0 {
		binary.BigEndian.PutUint32(out[headAt+8:], 0xB1B0AFBA-checksum(out))
	}
	return out
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
