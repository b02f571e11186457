package packaging

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// appID is the app's ID: the .desktop file's and the icon's name.
const appID = "io.github.mcpbrowser.app"

// A build is what scripts/package.sh wrote into dist/build.env.
type build struct {
	dir    string
	fields map[string]string
}

// loadBuild reads $MCPBROWSER_DIST/build.env, or skips the test when the
// variable is unset (no packaging run to check).
func loadBuild(t *testing.T) build {
	t.Helper()
	dir := os.Getenv("MCPBROWSER_DIST")
	if dir == "" {
		t.Skip("MCPBROWSER_DIST is not set: run scripts/package.sh, then MCPBROWSER_DIST=$PWD/dist go test ./internal/packaging/")
	}
	data, err := os.ReadFile(filepath.Join(dir, "build.env"))
	if err != nil {
		t.Fatalf("reading what scripts/package.sh built: %v", err)
	}
	b := build{dir: dir, fields: map[string]string{}}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			b.fields[k] = v
		}
	}
	for _, k := range []string{"VERSION", "COMMIT", "APP_VERSION", "APP_BUILD", "LINUX_ARCHIVE", "LINUX_BINARY", "WINDOWS_ZIP", "WINDOWS_EXE"} {
		if b.fields[k] == "" {
			t.Fatalf("build.env has no %s", k)
		}
	}
	return b
}

func (b build) get(key string) string  { return b.fields[key] }
func (b build) path(key string) string { return filepath.Join(b.dir, b.fields[key]) }

// run runs a command and returns its standard output; it fails t on error.
func run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a guard against a hang
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.Bytes())
	}
	return string(out)
}

// extractLinux unpacks the Linux archive and returns the folder inside it
// (the one with the Makefile).
func extractLinux(t *testing.T, b build) string {
	t.Helper()
	dir := t.TempDir()
	run(t, nil, "tar", "-xJf", b.path("LINUX_ARCHIVE"), "-C", dir)
	top := filepath.Join(dir, "mcpbrowser")
	if _, err := os.Stat(filepath.Join(top, "Makefile")); err != nil {
		t.Fatalf("the archive has no mcpbrowser/Makefile: %v", err)
	}
	return top
}

// prefixIn returns usr/local or usr inside the extracted archive: fyne
// package uses /usr/local when the build machine has one.
func prefixIn(t *testing.T, top string) string {
	t.Helper()
	for _, p := range []string{"usr/local", "usr"} {
		if _, err := os.Stat(filepath.Join(top, p, "bin", "mcpbrowser")); err == nil {
			return filepath.Join(top, p)
		}
	}
	t.Fatal("the archive has no usr/local/bin/mcpbrowser or usr/bin/mcpbrowser")
	return ""
}

// checkVersion runs exe --version and compares with what the script set.
func checkVersion(t *testing.T, b build, exe string) {
	t.Helper()
	got := strings.TrimSpace(run(t, nil, exe, "--version"))
	want := "mcpbrowser " + b.get("VERSION") + " (" + b.get("COMMIT") + ")"
	if got != want {
		t.Errorf("%s --version printed %q, want %q", exe, got, want)
	}
}

// desktopEntry validates a .desktop file and returns its [Desktop Entry] keys.
func desktopEntry(t *testing.T, path string) map[string]string {
	t.Helper()
	if out := run(t, nil, "desktop-file-validate", path); strings.TrimSpace(out) != "" {
		t.Errorf("desktop-file-validate %s: %s", path, out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys := map[string]string{}
	group := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "["):
			group = line
		case group == "[Desktop Entry]" && strings.Contains(line, "="):
			k, v, _ := strings.Cut(line, "=")
			keys[k] = v
		}
	}
	return keys
}

// checkIcon checks that path is the 512 px PNG icon.
func checkIcon(t *testing.T, path string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Errorf("no icon where menus look for it: %v", err)
		return
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil || cfg.Width != 512 || cfg.Height != 512 {
		t.Errorf("%s is not a 512×512 PNG: %+v %v", path, cfg, err)
	}
}

func TestBuildInfo(t *testing.T) {
	b := loadBuild(t)
	if !regexp.MustCompile(`^[0-9a-f]{7,}$`).MatchString(b.get("COMMIT")) {
		t.Errorf("COMMIT=%q is not a short git commit", b.get("COMMIT"))
	}
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(b.get("APP_VERSION")) {
		t.Errorf("APP_VERSION=%q is not X.Y.Z", b.get("APP_VERSION"))
	}
	if !strings.HasPrefix(b.get("VERSION"), b.get("APP_VERSION")) {
		t.Errorf("VERSION=%q does not start with APP_VERSION=%q", b.get("VERSION"), b.get("APP_VERSION"))
	}
}

// TestLinuxArchive extracts the archive and checks what is in it: the binary
// runs and reports the version, the .desktop entry is valid and names the
// binary and the icon, and the plain binary in dist/ is the same build.
func TestLinuxArchive(t *testing.T) {
	b := loadBuild(t)
	top := extractLinux(t, b)
	prefix := prefixIn(t, top)
	exe := filepath.Join(prefix, "bin", "mcpbrowser")
	checkVersion(t, b, exe)
	checkLeanTap(t, filepath.Join(prefix, "bin", "mcpbrowser-tap"))

	entry := desktopEntry(t, filepath.Join(prefix, "share", "applications", appID+".desktop"))
	want := map[string]string{"Type": "Application", "Name": "MCP Browser", "Exec": "mcpbrowser", "Icon": appID}
	for k, v := range want {
		if entry[k] != v {
			t.Errorf(".desktop %s=%q, want %q", k, entry[k], v)
		}
	}
	if !strings.Contains(entry["Categories"], "Development;") {
		t.Errorf(".desktop Categories=%q: without Development the app lands in a catch-all menu", entry["Categories"])
	}
	checkIcon(t, filepath.Join(prefix, "share", "pixmaps", appID+".png"))

	inArchive, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := os.ReadFile(b.path("LINUX_BINARY"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(inArchive, plain) {
		t.Errorf("%s differs from the binary in the archive", b.get("LINUX_BINARY"))
	}
}

// TestLinuxInstall installs the archive the ways its Makefile offers, into
// temporary folders, and checks that the binary, the .desktop entry and the
// icon land where desktop menus look (XDG data dirs: share/applications, and
// share/pixmaps or share/icons for the icon).
func TestLinuxInstall(t *testing.T) {
	b := loadBuild(t)
	// The names become temp folder names, and the archive's Makefile (written
	// by fyne package) does not quote paths: no spaces or parentheses.
	tests := []struct {
		name   string
		target string
		// vars are make's variables; ROOT in them is the temp folder.
		vars []string
		// env is the environment make runs in.
		env []string
		// share and bin are where the files must land, under ROOT.
		share, bin string
		// absoluteExec: the .desktop Exec is the installed binary's full path
		// (user-install rewrites it; ~/.local/bin is often not on PATH).
		absoluteExec bool
	}{
		{name: "install-PREFIX", target: "install", vars: []string{"PREFIX=ROOT/usr/local"},
			share: "usr/local/share", bin: "usr/local/bin"},
		{name: "install-DESTDIR", target: "install", vars: []string{"DESTDIR=ROOT"},
			share: "usr/share", bin: "usr/bin"},
		{name: "user-install-HOME", target: "user-install", env: []string{"HOME=ROOT"},
			share: ".local/share", bin: ".local/bin", absoluteExec: true},
	}
	top := extractLinux(t, b)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			fill := func(s []string) []string {
				out := make([]string, len(s))
				for i, v := range s {
					out[i] = strings.ReplaceAll(v, "ROOT", root)
				}
				return out
			}
			args := append([]string{"-C", top, tc.target}, fill(tc.vars)...)
			run(t, fill(tc.env), "make", args...)

			exe := filepath.Join(root, tc.bin, "mcpbrowser")
			checkVersion(t, b, exe)
			checkLeanTap(t, filepath.Join(root, tc.bin, "mcpbrowser-tap"))
			desktop := filepath.Join(root, tc.share, "applications", appID+".desktop")
			entry := desktopEntry(t, desktop)
			if tc.absoluteExec {
				if entry["Exec"] != exe {
					t.Errorf(".desktop Exec=%q, want the installed binary %q", entry["Exec"], exe)
				}
				checkIcon(t, filepath.Join(root, tc.share, "icons", appID+".png"))
			} else {
				if entry["Exec"] != "mcpbrowser" {
					t.Errorf(".desktop Exec=%q, want mcpbrowser (found through PATH)", entry["Exec"])
				}
				checkIcon(t, filepath.Join(root, tc.share, "pixmaps", appID+".png"))
			}
		})
	}
}

// TestWindowsExe checks the .exe: a 64-bit GUI program (no console window)
// whose resources carry the icon, the version information and a manifest,
// with the version set at build time; and the zip people download.
func TestWindowsExe(t *testing.T) {
	b := loadBuild(t)
	exePath := b.path("WINDOWS_EXE")
	data, err := os.ReadFile(exePath)
	if err != nil {
		t.Fatal(err)
	}
	info, err := readPE(data)
	if err != nil {
		t.Fatalf("%s: %v", exePath, err)
	}
	if info.machine != machineAMD64 || !info.pe32plus {
		t.Errorf("machine %#x pe32+=%v, want an x86-64 PE32+ executable", info.machine, info.pe32plus)
	}
	if info.subsystem != subsystemWindowsGUI {
		t.Errorf("subsystem %d, want %d (GUI): a console subsystem opens a console window with the app", info.subsystem, subsystemWindowsGUI)
	}
	for _, r := range []struct {
		typ  uint32
		what string
	}{{rtIcon, "icon images"}, {rtGroupIcon, "the icon"}, {rtVersion, "version information"}, {rtManifest, "the manifest"}} {
		if len(info.resources[r.typ]) == 0 {
			t.Errorf("the .exe has no %s (resource type %d)", r.what, r.typ)
		}
	}
	if groups := info.resources[rtGroupIcon]; len(groups) > 0 {
		if sizes := iconGroupSizes(groups[0]); len(sizes) == 0 || !containsInt(sizes, 256) {
			t.Errorf("the icon group holds sizes %v; Explorer wants a 256 px image for large icons", sizes)
		}
	}
	if versions := info.resources[rtVersion]; len(versions) > 0 {
		for _, s := range []string{"MCP Browser", b.get("APP_VERSION") + "." + b.get("APP_BUILD")} {
			if !bytes.Contains(versions[0], utf16le(s)) {
				t.Errorf("the version information does not say %q", s)
			}
		}
	}
	if !bytes.Contains(data, []byte(b.get("VERSION"))) || !bytes.Contains(data, []byte(b.get("COMMIT"))) {
		t.Errorf("the .exe does not contain version %q and commit %q: scripts/package.sh did not set them in the Windows build", b.get("VERSION"), b.get("COMMIT"))
	}
	if file, err := exec.LookPath("file"); err == nil {
		if out := run(t, nil, file, "-b", exePath); !strings.HasPrefix(out, "PE32+ executable (GUI) x86-64") {
			t.Errorf("file says %q, want PE32+ executable (GUI) x86-64", out)
		}
	}

	zr, err := zip.OpenReader(b.path("WINDOWS_ZIP"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	folder := strings.TrimSuffix(b.get("WINDOWS_ZIP"), ".zip")
	files := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		buf.ReadFrom(rc)
		rc.Close()
		files[f.Name] = buf.Bytes()
	}
	if got := files[folder+"/mcpbrowser.exe"]; !bytes.Equal(got, data) {
		t.Errorf("the zip's %s/mcpbrowser.exe (%d bytes) is not %s", folder, len(got), b.get("WINDOWS_EXE"))
	}
	readme := string(files[folder+"/README.txt"])
	if !strings.Contains(readme, b.get("VERSION")) || !strings.Contains(readme, "\r\n") {
		t.Errorf("the zip's README.txt should name version %s and have Windows line ends; it is %d bytes", b.get("VERSION"), len(readme))
	}
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// checkLeanTap checks that the lean tap (cmd/mcpbrowser-tap) is at path
// and runs: without a command it says that `mcpbrowser tap` starts it, and
// exits 2.
func checkLeanTap(t *testing.T, path string) {
	t.Helper()
	cmd := exec.Command(path)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), "mcpbrowser tap") {
		t.Errorf("the lean tap %s: %v, said %q; want exit 2 naming mcpbrowser tap", path, err, out)
	}
}
