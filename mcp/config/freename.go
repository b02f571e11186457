package config

import (
	"strconv"
	"strings"
)

// The free-name rule: where a name is taken (a server added, imported,
// duplicated or recorded under a name in use), the new one is called
// name-2, name-3 … whichever is free first. Every place that names a new
// server calls FreeName, and IsNumberedFrom recognises what it made.

// FreeName is name when it is not taken, else the first free of name-2,
// name-3 ….
func FreeName(name string, taken func(string) bool) string {
	if !taken(name) {
		return name
	}
	for i := 2; ; i++ {
		if n := name + "-" + strconv.Itoa(i); !taken(n) {
			return n
		}
	}
}

// IsNumberedFrom reports whether name is one FreeName makes from base
// (base-2, base-3 …).
func IsNumberedFrom(name, base string) bool {
	n, ok := strings.CutPrefix(name, base+"-")
	if !ok {
		return false
	}
	i, err := strconv.Atoi(n)
	return err == nil && i >= 2 && strconv.Itoa(i) == n
}
