// Command fakebrowser is the test bed's Browser as a program, for $BROWSER:
// it loads the URL it is given, follows the redirects back to the client's
// loopback listener as a browser would, and exits 0. Tests of the CLI run it
// as the person's browser:
//
//	BROWSER="/tmp/fakebrowser -record /tmp/opened.txt %s" mcpbrowser tools --url …
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"mcpbrowser/internal/oauthtest"
)

func main() {
	record := flag.String("record", "", "append each URL opened to this file, one a line")
	delay := flag.Duration("delay", 0, "wait this long before following the URL, as a person reading the page")
	stay := flag.Bool("stay", false, "open nothing: the person never signs in")
	fail := flag.Bool("fail", false, "exit 1 without opening anything, as a browser that cannot start")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fakebrowser [-record FILE] [-delay D] [-stay] [-fail] URL")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *record, *delay, *stay, *fail); err != nil {
		fmt.Fprintln(os.Stderr, "fakebrowser:", err)
		os.Exit(1)
	}
}

func run(authURL, record string, delay time.Duration, stay, fail bool) error {
	if record != "" {
		f, err := os.OpenFile(record, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(f, authURL)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	if fail {
		return fmt.Errorf("failing as asked")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b := &oauthtest.Browser{Stay: stay, Delay: delay}
	return b.Open(ctx, authURL)
}
