// Package view holds the window's display logic that needs no widget: what
// to say, how to summarise, how to read what servers send. It imports no
// Fyne, so its tests are plain table tests that run without cgo or a display.
package view
