package view

import "strings"

// errorMarks are what the first line of a crash usually starts with or
// holds, across the languages servers are written in.
var errorMarks = []string{"error:", "error ", "exception", "traceback", "panic:", "fatal", "cannot find module", "command not found", "no such file", "enoent", "eacces", "permission denied"}

// FirstErrorLine is the first of lines that looks like an error, when it
// is not among the last n lines (those are shown anyway), else "". A crash
// often says what went wrong once and then prints a long stack trace: the
// one line that explains it scrolls out of the last lines.
func FirstErrorLine(lines []string, n int) string {
	for i, l := range lines {
		low := strings.ToLower(l)
		for _, m := range errorMarks {
			if strings.Contains(low, m) {
				if i >= len(lines)-n {
					return ""
				}
				return strings.TrimSpace(l)
			}
		}
	}
	return ""
}
