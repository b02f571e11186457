package i18n

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/go-text/typesetting/font"

	"mcpbrowser/mcp/store"
)

// useCacheDir points the font cache at a folder of the test's.
func useCacheDir(t *testing.T) string {
	dir := filepath.Join(t.TempDir(), "fonts")
	old := faceCache
	// The front end's saver (ui/chinesefont.go), atomic and 0600.
	faceCache = FaceCache{Dir: dir, Save: func(path string, data []byte) error { return store.WriteFile(path, data, store.Private) }}
	t.Cleanup(func() { faceCache = old })
	return dir
}

// A face is made once and read back from the cache at later starts; a
// cached file that is damaged, cut short or made from another version of
// the source is not used: the face is made again (and the cache mended).
// The source here is a plain file (faceFile reads it whole), so what is
// cached is easy to tell apart.
func TestCachedFace(t *testing.T) {
	tests := []struct {
		name   string
		spoil  func(t *testing.T, cached, source string) // between the first read and the second
		cached bool                                      // the second read returns the cached bytes
	}{
		{"read back", func(*testing.T, string, string) {}, true},
		{"damaged", func(t *testing.T, cached, _ string) {
			b, _ := os.ReadFile(cached)
			b[3] ^= 0xFF
			writeFile(t, cached, b)
		}, false},
		{"cut short", func(t *testing.T, cached, _ string) {
			b, _ := os.ReadFile(cached)
			writeFile(t, cached, b[:len(b)-3])
		}, false},
		{"empty", func(t *testing.T, cached, _ string) { writeFile(t, cached, nil) }, false},
		{"source changed", func(t *testing.T, _, source string) {
			later := time.Now().Add(time.Hour)
			if err := os.Chtimes(source, later, later); err != nil {
				t.Fatal(err)
			}
		}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := useCacheDir(t)
			source := filepath.Join(t.TempDir(), "face.otf")
			writeFile(t, source, []byte("the face's bytes"))
			got, err := cachedFace(source, 0)
			if err != nil || string(got) != "the face's bytes" {
				t.Fatalf("first read: %q, %v", got, err)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*"))
			if len(files) != 1 {
				t.Fatalf("cache holds %v, want one file", files)
			}
			if st, err := os.Stat(files[0]); err != nil || st.Mode().Perm() != 0o600 {
				t.Fatalf("cached file: %v, %v; want mode 0600", st, err)
			}
			// Change the source's bytes but not its size or time: only the cache
			// can still give the old ones.
			writeFile(t, source, []byte("THE FACE'S BYTES"))
			tt.spoil(t, files[0], source)
			got, err = cachedFace(source, 0)
			if err != nil {
				t.Fatal(err)
			}
			if want := map[bool]string{true: "the face's bytes", false: "THE FACE'S BYTES"}[tt.cached]; string(got) != want {
				t.Errorf("second read: %q, want %q", got, want)
			}
			if !tt.cached { // the cache holds the new face now
				files, _ := filepath.Glob(filepath.Join(dir, "*"))
				found := false
				for _, f := range files {
					if data, ok := readCachedFace(f); ok && string(data) == "THE FACE'S BYTES" {
						found = true
					}
				}
				if !found || len(files) != 1 {
					t.Errorf("the cache holds %v, want only the face made again", files)
				}
			}
		})
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	st, err := os.Stat(path)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err == nil { // keep the time, so that only the bytes differ
		if err := os.Chtimes(path, st.ModTime(), st.ModTime()); err != nil {
			t.Fatal(err)
		}
	}
}

// The slim face draws what the whole face draws, outline for outline, for
// Chinese, Latin and punctuation, and about half its size; Hangul leaves it
// (Fyne takes it from another font).
func TestSlimFaceKeepsWhatTheWindowDraws(t *testing.T) {
	if _, err := os.Stat(notoCJK); err != nil {
		t.Skip("fonts-noto-cjk is not installed")
	}
	useCacheDir(t)
	data, err := faceFile(notoCJK, 2)
	if err != nil {
		t.Fatal(err)
	}
	slim, err := font.ParseTTF(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(notoCJK)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	collection, err := font.ParseTTC(f)
	if err != nil {
		t.Fatal(err)
	}
	whole := collection[2]
	st, _ := f.Stat()
	if len(data) > int(st.Size())/2 {
		t.Errorf("the slim face is %d bytes; the whole collection %d", len(data), st.Size())
	}
	for _, r := range scJPDiffer + "服务器工具资源，。“”（）：Aa1!@ fi" {
		g, ok := slim.NominalGlyph(r)
		want, _ := whole.NominalGlyph(r)
		if !ok || g != want {
			t.Errorf("%q: glyph %d (%v), the whole face has %d", r, g, ok, want)
			continue
		}
		if !reflect.DeepEqual(slim.GlyphData(g), whole.GlyphData(want)) {
			t.Errorf("%q: the outline differs from the whole face's", r)
		}
	}
	if g, ok := slim.NominalGlyph('한'); ok {
		t.Errorf("Hangul is still in the slim face (glyph %d)", g)
	}
	if g, _ := whole.NominalGlyph('한'); reflect.DeepEqual(slim.GlyphData(g), whole.GlyphData(g)) {
		t.Error("the outline of a Hangul glyph is still in the slim face")
	}
}
