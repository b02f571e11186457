package i18n

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
)

// Writing a face out of its collection and slimming it (slimFace) takes a
// second or more; the result is kept in the user's cache folder and read
// back at later starts, which takes milliseconds. The file's name holds
// what it was made from (the source's path, face, size and modification
// time, and cacheFormat), so a changed source makes a new one; its last
// bytes are a checksum of the rest, so a file cut short or damaged is
// ignored and made again. Nothing here is needed: without a cache folder,
// or when writing fails, the face is made at every start.

// cacheFormat changes whenever what slimFace makes changes.
const cacheFormat = 1

// cacheTrailer ends a cached face: "MCPBface" and the CRC-32 of the face.
const cacheTrailer = "MCPBface"

// A FaceCache is where slimmed faces are kept between starts, which the
// front end gives (this package imports nothing of the app): Dir, the
// folder ("" for nowhere), and Save, which writes a file there atomically
// and for the person only. Without one, the face is made at every start.
type FaceCache struct {
	Dir  string
	Save func(path string, data []byte) error
}

var faceCache FaceCache

// UseFaceCache sets where SimplifiedChineseFaces keeps the faces it makes.
func UseFaceCache(c FaceCache) { faceCache = c }

// cachedFace is faceFile(path, index), from the cache when it holds it.
func cachedFace(path string, index int) ([]byte, error) {
	dir := faceCache.Dir
	st, err := os.Stat(path)
	if dir == "" || faceCache.Save == nil || err != nil {
		return faceFile(path, index)
	}
	name := filepath.Join(dir, cacheName(path, index, st.Size(), st.ModTime().UnixNano()))
	if data, ok := readCachedFace(name); ok {
		return data, nil
	}
	data, err := faceFile(path, index)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err == nil {
		withTrailer := make([]byte, 0, len(data)+len(cacheTrailer)+4)
		withTrailer = append(withTrailer, data...)
		withTrailer = append(withTrailer, cacheTrailer...)
		withTrailer = binary.BigEndian.AppendUint32(withTrailer, crc32.ChecksumIEEE(data))
		if faceCache.Save(name, withTrailer) == nil { // else the next start tries again
			removeOlderFaces(name)
		}
	}
	return data, nil
}

// removeOlderFaces removes the faces cached from earlier versions of
// name's source (same path and face, another size, time or format).
func removeOlderFaces(name string) {
	dir, base := filepath.Split(name)
	older, _ := filepath.Glob(filepath.Join(dir, cachePrefix(base)+"*"))
	for _, f := range older {
		if filepath.Base(f) != base {
			_ = os.Remove(f)
		}
	}
}

// cacheName names the cached face of the source described.
func cacheName(path string, index int, size, mtime int64) string {
	base := strings.Map(func(r rune) rune {
		if r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '_'
	}, filepath.Base(path))
	return fmt.Sprintf("%s-%d-%08x~%d-%d-v%d.otf", base, index, crc32.ChecksumIEEE([]byte(path)), size, mtime, cacheFormat)
}

// cachePrefix is the part of a cached face's name that names its source
// file and face (up to the '~', which the sanitized file name never holds).
func cachePrefix(name string) string {
	prefix, _, _ := strings.Cut(name, "~")
	return prefix + "~"
}

// readCachedFace reads a cached face; ok is false when there is none or it
// is damaged.
func readCachedFace(name string) (data []byte, ok bool) {
	b, err := os.ReadFile(name)
	n := len(b) - len(cacheTrailer) - 4
	if err != nil || n < 12 || !bytes.Equal(b[n:n+len(cacheTrailer)], []byte(cacheTrailer)) {
		return nil, false
	}
	if crc32.ChecksumIEEE(b[:n]) != binary.BigEndian.Uint32(b[n+len(cacheTrailer):]) {
		return nil, false
	}
	return b[:n:n], true
}
