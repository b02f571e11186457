package view

import "strings"

// SplitArgs splits a command-line fragment into arguments the way a shell
// would for the simple cases people paste from a README: spaces separate,
// single or double quotes keep spaces inside one argument, a backslash
// escapes the next character outside single quotes.
func SplitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	inArg := false
	var quote rune
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			cur.WriteRune(r)
			escaped = false
		case r == '\\' && quote != '\'':
			escaped, inArg = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inArg = r, true
		case r == ' ' || r == '\t' || r == '\n':
			if inArg {
				out = append(out, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if inArg {
		out = append(out, cur.String())
	}
	return out
}

// OffersSplit reports whether an argument row holds what looks like several
// arguments: it splits into more than one.
func OffersSplit(s string) bool { return len(SplitArgs(s)) > 1 }
