package oauth

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
)

// OpenBrowser opens url in the person's browser. Like other command-line tools
// it honours $BROWSER first: a list of commands separated by colons (";" on
// Windows), tried in order until one starts; "%s" in a command is replaced by
// the URL ("%%" is a literal "%"), and a command without "%s" gets the URL as
// its last argument. Without $BROWSER it uses the system opener: xdg-open,
// open (macOS) or rundll32 url.dll (Windows).
func OpenBrowser(ctx context.Context, url string) error {
	return openBrowserWith(ctx, url, os.Getenv("BROWSER"), runtime.GOOS)
}

// browserStartGrace is how long a browser command may take to fail before we
// count it as started: openers like xdg-open exit at once, while a browser
// started directly keeps running until the person closes it.
const browserStartGrace = 3 * time.Second

func openBrowserWith(ctx context.Context, rawURL, browserEnv, goos string) error {
	u, err := url.Parse(rawURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		// Never hand a browser command a file path or something that looks like an option.
		return fmt.Errorf("refusing to open %q in a browser: only http and https addresses are opened", rawURL)
	}
	var commands [][]string
	if browserEnv != "" {
		sep := ":"
		if goos == "windows" {
			sep = ";"
		}
		for _, part := range strings.Split(browserEnv, sep) {
			if args := browserCommand(part, rawURL); len(args) > 0 {
				commands = append(commands, args)
			}
		}
	}
	switch goos {
	case "windows":
		commands = append(commands, []string{"rundll32", "url.dll,FileProtocolHandler", rawURL})
	case "darwin":
		commands = append(commands, []string{"open", rawURL})
	default:
		commands = append(commands, []string{"xdg-open", rawURL})
	}
	var errs []error
	for _, args := range commands {
		err := startBrowserCommand(ctx, args)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return fmt.Errorf("%w; set BROWSER to your browser's command", errors.Join(errs...))
}

// browserCommand splits one $BROWSER entry into arguments and puts the URL in.
func browserCommand(entry, url string) []string {
	args := splitCommandLine(entry)
	if len(args) == 0 {
		return nil
	}
	substituted := false
	for i, a := range args {
		if strings.Contains(a, "%s") {
			substituted = true
		}
		args[i] = expandPercent(a, url)
	}
	if !substituted {
		args = append(args, url)
	}
	return args
}

// expandPercent replaces %s with url and %% with %, leaving other % alone.
func expandPercent(s, url string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) {
			switch s[i+1] {
			case 's':
				b.WriteString(url)
				i++
				continue
			case '%':
				b.WriteByte('%')
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// splitCommandLine splits on spaces, keeping single- or double-quoted parts
// together, so "C:\Program Files\…" and `firefox --new-tab` both work.
func splitCommandLine(s string) []string {
	var args []string
	var cur strings.Builder
	inArg := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
			inArg = true
		case c == ' ' || c == '\t':
			if inArg {
				args = append(args, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		args = append(args, cur.String())
	}
	return args
}

// startBrowserCommand runs args and reports whether it started a browser: a
// command that cannot start, or that exits with an error status right away,
// has failed; one that exits cleanly or keeps running has worked.
func startBrowserCommand(ctx context.Context, args []string) error {
	cmd := exec.Command(args[0], args[1:]...)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }() // also reaps a browser that runs on
	timer := time.NewTimer(browserStartGrace)
	defer timer.Stop()
	select {
	case err := <-exited:
		if err != nil {
			return fmt.Errorf("%s: %w", args[0], err)
		}
		return nil
	case <-timer.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
