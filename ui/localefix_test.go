package ui

// Fyne's lang package logs "Error parsing user locale C" while it
// initialises under LANG=C.UTF-8 (most CI machines); the window's binary
// imports localefix first, and so do the tests.
import _ "mcpbrowser/internal/localefix"
