package ui

import (
	"os"
	"strings"
	"testing"
	"time"

	"mcpbrowser/mcp/config"
)

// TestConflictDialogKeepsWhatThePersonChose: with unsaved edits to an entry
// in the editor, an outside change to the same entry makes Save ask ("Keep
// mine" / "Keep the file's") instead of overwriting it; each choice does what
// it says, and the other outside changes made meanwhile (another entry
// edited, one added) stay in the file. An outside change to another entry
// is reloaded without a question and the save keeps it.
func TestConflictDialogKeepsWhatThePersonChose(t *testing.T) {
	cases := []struct {
		name string
		// sameEntry: the outside change edits "demo", the entry being edited.
		sameEntry bool
		choice    string // the button tapped in the dialog
		// wantDemoEnv is demo's env in the file at the end.
		wantDemoEnv map[string]string
	}{
		{"same entry, keep mine", true, "Keep mine", map[string]string{"MINE": "1"}},
		{"same entry, keep the file's", true, "Keep the file's", map[string]string{"OUTSIDE": "1"}},
		{"another entry changed", false, "", map[string]string{"MINE": "1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			other := demoEntry()
			other["disabled"] = true
			s := newShell(t, map[string]map[string]any{"demo": demoEntry(), "other": other})
			s.waitReady("demo")

			// The person opens demo's editor and changes it, unsaved.
			onUI(func() {
				s.w.SelectServer("demo")
				s.w.servers.EditSelected()
				if s.w.servers.Editor == nil {
					t.Fatal("Edit did not open the editor")
				}
				s.w.servers.Editor.Ed.Env.Add("MINE", "1")
			})

			// Meanwhile the CLI (or an editor) changes the file.
			outside := editOutside(t, s.cfgPath, func(c *config.Config) {
				if tc.sameEntry {
					c.Server("demo").Env = map[string]string{"OUTSIDE": "1"}
				}
				c.Server("other").Args = []string{"--outside"}
				c.Put(&config.ServerConfig{Name: "added", Command: demoServerPath, Disabled: true})
			})
			// The manager takes the file first and tells the window after,
			// through fyne.Do: the window has taken it when its notice
			// says so (the editor's warning is set in the same function).
			s.waitFor("the window to reload the outside change", func() bool {
				return s.w.manager.Config().Server("added") != nil &&
					strings.HasPrefix(s.w.lastNotice, "Reloaded the servers file") && strings.Contains(s.w.lastNotice, "added")
			})
			onUI(func() {
				if n := len(s.w.win.Canvas().Overlays().List()); n != 1 || s.w.servers.Editor == nil {
					t.Errorf("reloading showed %d overlays (want only the editor); top:\n%s", n, shownText(s.w.win.Canvas().Overlays().Top()))
				}
				warned := strings.Contains(s.w.servers.Editor.Ed.Problem.Text, "changed in the servers file while you were editing")
				if warned != tc.sameEntry {
					t.Errorf("the editor says %q after an outside change (to the entry being edited: %v)", s.w.servers.Editor.Ed.Problem.Text, tc.sameEntry)
				}
			})

			onUI(func() { s.w.servers.Editor.Save() })
			if tc.sameEntry {
				s.waitFor("the conflict dialog", func() bool {
					return strings.Contains(shownText(s.w.win.Canvas().Overlays().Top()), "was changed in "+s.cfgPath)
				})
				if data := readFile(t, s.cfgPath); data != outside {
					t.Errorf("the file changed before the person chose:\n%s", data)
				}
				onUI(func() { tapButton(t, s.w.win.Canvas().Overlays().Top(), tc.choice) })
			}
			s.waitFor("the dialogs to close and the file to hold demo's chosen version", func() bool {
				return s.w.win.Canvas().Overlays().Top() == nil && envIs(fileServer(s.cfgPath, "demo"), tc.wantDemoEnv)
			})
			if tc.choice == "Keep the file's" {
				// Nothing is to happen: a save would come within moments.
				s.stays("the file as the outside change left it, and no dialog", 2*time.Second, func() bool {
					return readFile(t, s.cfgPath) == outside && s.w.win.Canvas().Overlays().Top() == nil
				})
			}
			if got := s.w.manager.Session("demo").Config(); !envIs(got, tc.wantDemoEnv) {
				t.Errorf("demo's session runs env %v, want %v", got.Env, tc.wantDemoEnv)
			}
			if o := fileServer(s.cfgPath, "other"); o == nil || strings.Join(o.Args, " ") != "--outside" {
				t.Errorf("the outside change to other was lost: %+v", o)
			}
			if fileServer(s.cfgPath, "added") == nil {
				t.Errorf("the entry added outside was lost:\n%s", readFile(t, s.cfgPath))
			}
		})
	}
}

// editOutside changes the servers file as another process would (its own
// copy, the shared lock, read-modify-write) and returns what the file holds
// afterwards.
func editOutside(t *testing.T, path string, change func(*config.Config)) string {
	t.Helper()
	c, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	change(c)
	if err := c.Save(); err != nil {
		t.Fatalf("the outside save: %v", err)
	}
	return readFile(t, path)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// fileServer is the named entry as the file holds it now, or nil (also
// when the file cannot be read).
func fileServer(path, name string) *config.ServerConfig {
	c, err := config.Load(path)
	if err != nil {
		return nil
	}
	return c.Server(name)
}

func envIs(sc *config.ServerConfig, want map[string]string) bool {
	if sc == nil || len(sc.Env) != len(want) {
		return false
	}
	for k, v := range want {
		if sc.Env[k] != v {
			return false
		}
	}
	return true
}

// stays checks on the UI goroutine, for d, that cond keeps holding: that
// something which must not happen does not.
func (s *shell) stays(what string, d time.Duration, cond func() bool) {
	s.t.Helper()
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		var ok bool
		onUI(func() { ok = cond() })
		if !ok {
			var seen string
			onUI(func() { seen = shownText(s.w.win.Canvas().Overlays().Top()) })
			s.t.Fatalf("%s did not last; the top dialog shows:\n%s\nthe file holds:\n%s", what, seen, readFile(s.t, s.cfgPath))
		}
	}
}
