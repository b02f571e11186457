package ui

import (
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"mcpbrowser/internal/i18n"
	"mcpbrowser/mcp/store"
)

// useChineseFont gives the Chinese window the system's Simplified Chinese
// face for its text (i18n.SimplifiedChineseFaces says why): Fyne would
// otherwise draw Han with the Japanese face it finds first. Monospace text
// gets the Simplified Chinese monospace face when there is one (Fyne would
// load the Japanese one for its Chinese anyway, so it costs nothing more);
// symbols keep Fyne's font. Without such a face nothing changes.
func useChineseFont(a fyne.App) {
	if th := newChineseTheme(); th != nil {
		a.Settings().SetTheme(th)
	}
}

// newChineseTheme is Fyne's theme with the system's Simplified Chinese
// faces for text, or nil when there are none.
func newChineseTheme() *chineseTheme {
	i18n.UseFaceCache(i18n.FaceCache{Dir: store.Path(store.Cache, "fonts"), Save: func(path string, data []byte) error {
		return store.WriteFile(path, data, store.Private)
	}})
	faces, ok := i18n.SimplifiedChineseFaces()
	if !ok {
		return nil
	}
	th := &chineseTheme{
		Theme:   theme.DefaultTheme(),
		regular: &faceResource{face: faces.Regular, fallback: theme.DefaultTextFont()},
		bold:    &faceResource{face: faces.Bold, fallback: theme.DefaultTextBoldFont()},
	}
	if faces.Mono.Family != "" {
		th.mono = &faceResource{face: faces.Mono, fallback: theme.DefaultTextMonospaceFont()}
	}
	return th
}

// chineseTheme is Fyne's theme with other fonts for text. Symbols keep
// Fyne's font; monospace does too when mono is nil.
type chineseTheme struct {
	fyne.Theme
	regular, bold, mono fyne.Resource
}

func (t *chineseTheme) Font(s fyne.TextStyle) fyne.Resource {
	switch {
	case s.Symbol, s.Monospace && t.mono == nil:
		return t.Theme.Font(s)
	case s.Monospace:
		return t.mono
	case s.Bold:
		return t.bold
	}
	return t.regular
}

// A faceResource is a face of a font file, written out as a font of its
// own each time Fyne asks (once per text style): Fyne keeps its own parsed
// copy, so keeping these bytes too would cost the window about 8 MB per
// face for nothing (the file is read from the user's cache folder, which
// takes milliseconds: i18n's fontcache.go).
type faceResource struct {
	face     i18n.FontFace
	fallback fyne.Resource
	once     sync.Once
}

func (r *faceResource) Name() string { return r.face.Family + ".otf" }

func (r *faceResource) Content() []byte {
	data, err := r.face.Data()
	if err != nil {
		r.once.Do(func() {
			fmt.Fprintf(os.Stderr, "mcpbrowser: the Chinese font %s (%s, face %d) could not be read, so Fyne's own is used: %v\n", r.face.Family, r.face.File, r.face.Index, err)
		})
		return r.fallback.Content()
	}
	giveBackFontBytes()
	return data
}

// Fyne parses the bytes Content returns into its own copy, so they are
// garbage at once: 8 MB for each text style the window draws, which the
// Go runtime would keep from the system for a long while (its heap goal
// grew with them). Once no font has been asked for during fontsSettle, the
// garbage is collected and returned.
const fontsSettle = 2 * time.Second

var (
	giveBackMu    sync.Mutex
	giveBackTimer *time.Timer
)

func giveBackFontBytes() {
	giveBackMu.Lock()
	defer giveBackMu.Unlock()
	if giveBackTimer == nil {
		giveBackTimer = time.AfterFunc(fontsSettle, debug.FreeOSMemory)
		return
	}
	giveBackTimer.Reset(fontsSettle)
}
