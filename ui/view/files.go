package view

import (
	"strings"

	"mcpbrowser/internal/i18n"
)

// ExtensionFor suggests a file extension for a MIME type.
func ExtensionFor(mimeType string) string {
	mt, _, _ := strings.Cut(mimeType, ";")
	switch strings.TrimSpace(strings.ToLower(mt)) {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	case "image/svg+xml":
		return ".svg"
	case "audio/wav", "audio/x-wav", "audio/wave":
		return ".wav"
	case "audio/mpeg", "audio/mp3":
		return ".mp3"
	case "audio/ogg":
		return ".ogg"
	case "application/pdf":
		return ".pdf"
	case "application/json":
		return ".json"
	case "text/plain":
		return ".txt"
	case "text/html":
		return ".html"
	case "text/csv":
		return ".csv"
	}
	return ".bin"
}

func OrUnknown(s string) string {
	if s == "" {
		return i18n.L("unknown type")
	}
	return s
}
