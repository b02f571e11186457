// Package windowbench measures the real window against an empty Fyne window,
// in the same run, under a display (Xvfb with software GL in CI). Xvfb picks
// a free display and writes its number to fd 3:
//
//	Xvfb -displayfd 3 -noreset -screen 0 1400x900x24 -nolisten tcp 3>/tmp/display & sleep 1
//	DISPLAY=:$(cat /tmp/display) go test -run '^$' -bench . -benchtime 5x -count 3 ./internal/windowbench/ | benchstat -
//
// -noreset matters: without it Xvfb resets itself whenever its last client
// leaves (each xdotool poll here), and a window connecting during the reset
// is refused ("X11: Failed to open display") — a few starts in a hundred.
//
// Goals (issue 4): launch-to-window-shown within 0.2 s of the empty window's,
// and idle RSS with three servers connected within 30 MB of it — in English
// and, since issue 21, with the Chinese UI (LANG=zh_CN.UTF-8), whose text
// Fyne draws with the system's CJK font. The empty window is Fyne's default
// build at its natural size; it is measured a second time built like the app
// (without the emoji font) at the app's default size, so both differences
// can be read.
package windowbench

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// shippedTags are the build tags the app is built with (GO_TAGS in scripts/deps.sh).
const shippedTags = "no_emoji,no_animations"

type app struct {
	name, title string
	exe         string
	args        []string
	locale      string // LANG; empty: the test's own environment
}

// apps builds both programs once and returns how to start them.
func apps(b *testing.B) []app {
	if os.Getenv("DISPLAY") == "" {
		b.Skip("needs a display: run under Xvfb (see the package comment)")
	}
	if _, err := exec.LookPath("xdotool"); err != nil {
		b.Skip("needs xdotool")
	}
	dir := b.TempDir()
	for _, build := range []struct{ out, tags, pkg string }{
		{"mcpbrowser", shippedTags, "mcpbrowser"},
		{"emptywindow", "", "mcpbrowser/internal/emptywindow"},
		{"emptywindow-like-the-app", shippedTags, "mcpbrowser/internal/emptywindow"},
	} {
		out := filepath.Join(dir, build.out)
		if msg, err := exec.Command("go", "build", "-tags", build.tags, "-o", out, build.pkg).CombinedOutput(); err != nil {
			b.Fatalf("go build %s: %v\n%s", build.pkg, err, msg)
		}
	}
	mcpbrowser := filepath.Join(dir, "mcpbrowser")
	cfg := filepath.Join(dir, "servers.json")
	servers := `{"mcpServers": {`
	for i := range 3 {
		if i > 0 {
			servers += ","
		}
		servers += fmt.Sprintf(`"demo%d": {"command": %q, "args": ["demo-server"]}`, i+1, mcpbrowser)
	}
	servers += `}}`
	if err := os.WriteFile(cfg, []byte(servers), 0o600); err != nil {
		b.Fatal(err)
	}
	return []app{
		{name: "empty-fyne-window", title: "Empty Fyne window", exe: filepath.Join(dir, "emptywindow")},
		// The same built as MCP Browser is (without Fyne's emoji font) and at
		// its default size (GL and X buffers grow with the window): what the
		// app itself adds, apart from those two.
		{name: "empty-fyne-window-like-the-app", title: "Empty Fyne window", exe: filepath.Join(dir, "emptywindow-like-the-app"),
			args: []string{"-size", "1320x800"}},
		{name: "mcpbrowser-3-servers", title: "MCP Browser", exe: mcpbrowser, args: []string{"--config", cfg}, locale: "en_US.UTF-8"},
		// The Chinese window draws its text with the system's CJK font
		// (Fyne's own font has no Chinese), found and loaded at run time.
		{name: "mcpbrowser-3-servers-zh", title: "MCP Browser", exe: mcpbrowser, args: []string{"--config", cfg}, locale: "zh_CN.UTF-8"},
	}
}

// start launches a with its own preferences folder and waits until its
// window is mapped; it returns the process and the time that took.
func start(b *testing.B, a app) (*exec.Cmd, time.Duration) {
	cmd := exec.Command(a.exe, a.args...)
	home := b.TempDir()
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+home+"/config", "XDG_DATA_HOME="+home+"/data", "XDG_STATE_HOME="+home+"/state")
	if a.locale != "" {
		// The language follows LC_ALL, LC_MESSAGES, LANGUAGE, then LANG.
		cmd.Env = append(cmd.Env, "LC_ALL=", "LC_MESSAGES=", "LANGUAGE=", "LANG="+a.locale)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	for {
		out, _ := exec.Command("xdotool", "search", "--onlyvisible", "--pid", strconv.Itoa(cmd.Process.Pid), "--name", a.title).Output()
		if len(strings.TrimSpace(string(out))) > 0 {
			return cmd, time.Since(begin)
		}
		if time.Since(begin) > 60*time.Second {
			stop(cmd)
			b.Fatalf("%s: no window after 60 s (%v); its stderr:\n%s", a.name, cmd.ProcessState, stderr.Bytes())
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func stop(cmd *exec.Cmd) {
	cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

func BenchmarkLaunchToWindow(b *testing.B) {
	for _, a := range apps(b) {
		b.Run(a.name, func(b *testing.B) {
			var total time.Duration
			for b.Loop() {
				cmd, took := start(b, a)
				total += took
				b.StopTimer()
				stop(cmd)
				b.StartTimer()
			}
			b.ReportMetric(total.Seconds()/float64(b.N), "s-to-window")
		})
	}
}

// BenchmarkIdleRSS reports the app process's resident memory (without its
// servers' processes) once it has shown its window and sat idle for 7 s:
// the three demo servers have connected and start-up garbage is returned.
// It also reports the CPU the process used over the last 3 of those seconds
// (percent of one core): an idle window should draw nothing.
func BenchmarkIdleRSS(b *testing.B) {
	for _, a := range apps(b) {
		b.Run(a.name, func(b *testing.B) {
			var rss, cpu float64
			for b.Loop() {
				cmd, _ := start(b, a)
				time.Sleep(4 * time.Second)
				before, at := cpuTime(b, cmd.Process.Pid), time.Now()
				time.Sleep(3 * time.Second)
				cpu += 100 * (cpuTime(b, cmd.Process.Pid) - before).Seconds() / time.Since(at).Seconds()
				rss += rssMB(b, cmd.Process.Pid)
				b.StopTimer()
				stop(cmd)
				b.StartTimer()
			}
			b.ReportMetric(rss/float64(b.N), "MB-rss")
			b.ReportMetric(cpu/float64(b.N), "%cpu-idle")
		})
	}
}

// cpuTime is the user and system time the process has used so far.
func cpuTime(b *testing.B, pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		b.Fatal(err)
	}
	// The fields after the command name (which may hold spaces) in
	// parentheses; utime and stime are the 14th and 15th of the whole line.
	fields := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	const ticksPerSecond = 100 // USER_HZ, 100 on every Linux that matters
	return time.Duration(utime+stime) * time.Second / ticksPerSecond
}

func rssMB(b *testing.B, pid int) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmRSS")
	return 0
}
