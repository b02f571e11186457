// Package localefix works around Fyne's locale lookup under the C.UTF-8
// locale (the default of many containers and CI machines): go-locale turns
// "C.UTF-8" into the language tag "C", which does not parse, and Fyne logs
// three lines of "Error parsing user locale C" at start — into every CLI
// command's stderr and every demo server's log. Setting LANGUAGE=en, which
// gettext ignores for the C locale, gives the lookup a tag that parses.
//
// It must run before Fyne's lang package initialises, so it imports nothing
// but syscall: Go initialises packages in import-path order once their
// dependencies are ready, and this one is ready long before Fyne's.
// main imports it first; TestLocaleFixRunsBeforeFyne checks that it works.
package localefix

import "syscall"

func init() {
	if v, _ := syscall.Getenv("LANGUAGE"); v != "" {
		return
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v, _ := syscall.Getenv(name)
		if v == "" {
			continue
		}
		if len(v) > 2 && v[:2] == "C." || len(v) > 6 && v[:6] == "POSIX." {
			syscall.Setenv("LANGUAGE", "en")
		}
		return
	}
}
