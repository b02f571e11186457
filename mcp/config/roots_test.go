package config

import (
	"os"
	"slices"
	"testing"
)

func TestRootStore(t *testing.T) {
	dir := t.TempDir()
	st := NewRootStore(dir)
	if got, err := st.Get("one"); got != nil || err != nil {
		t.Fatalf("empty store: %v, %v", got, err)
	}
	if err := st.Set("one", []string{"/a", "/b"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Set("two", []string{"/c"}); err != nil {
		t.Fatal(err)
	}
	if err := st.Set("two", nil); err != nil {
		t.Fatal(err)
	}
	again := NewRootStore(dir) // another process: the window, then the CLI
	if got, _ := again.Get("one"); !slices.Equal(got, []string{"/a", "/b"}) {
		t.Errorf("one: %v", got)
	}
	if got, _ := again.Get("two"); got != nil {
		t.Errorf("two kept %v", got)
	}
	if err := os.WriteFile(st.Path(), []byte("{ not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Get("one"); got != nil || err != nil {
		t.Errorf("a mangled file: %v, %v", got, err)
	}
	if err := st.Set("one", []string{"/z"}); err != nil {
		t.Fatalf("saving over a mangled file: %v", err)
	}
}
