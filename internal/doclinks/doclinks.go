// Package doclinks checks the links of the repository's Markdown (README.md
// and docs/): every relative link names a file in the repository, and every
// #fragment a heading of the file it points into. Links to web sites
// (http, https) are not followed. It has no other use than its test, which
// scripts/test.sh runs with every other test.
package doclinks

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"
)

// linkRE matches an inline link or image: [text](target) or [text](target "title").
var linkRE = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// Links returns the link targets of a Markdown text, leaving out fenced code
// blocks and `code spans`.
func Links(markdown string) []string {
	var links []string
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range linkRE.FindAllStringSubmatch(withoutCodeSpans(line), -1) {
			links = append(links, m[1])
		}
	}
	return links
}

func withoutCodeSpans(line string) string {
	parts := strings.Split(line, "`")
	for i := 1; i < len(parts); i += 2 {
		parts[i] = ""
	}
	return strings.Join(parts, "")
}

// Anchors returns the fragment names of a Markdown text's headings, as
// GitHub makes them ("## The command line" → "the-command-line").
func Anchors(markdown string) map[string]bool {
	anchors := map[string]bool{}
	fenced := false
	for _, line := range strings.Split(markdown, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		anchors[slug(strings.TrimLeft(line, "#"))] = true
	}
	return anchors
}

func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Check returns a plain sentence for each link of the Markdown file at path
// (inside the repository at root) that does not resolve.
func Check(root, path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var problems []string
	for _, link := range Links(string(data)) {
		if p := checkLink(root, path, string(data), link); p != "" {
			problems = append(problems, fmt.Sprintf("%s: link %q %s", rel(root, path), link, p))
		}
	}
	return problems, nil
}

func checkLink(root, from, text, link string) string {
	if strings.HasPrefix(link, "http://") || strings.HasPrefix(link, "https://") {
		return ""
	}
	if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") || filepath.IsAbs(link) || strings.HasPrefix(link, "/") {
		return "points outside the repository"
	}
	target, fragment, _ := strings.Cut(link, "#")
	file := from
	if target != "" {
		file = filepath.Join(filepath.Dir(from), filepath.FromSlash(target))
		if r := rel(root, file); r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return "points outside the repository"
		}
		if _, err := os.Stat(file); err != nil {
			return "names a file that does not exist"
		}
	}
	if fragment == "" {
		return ""
	}
	if file != from {
		data, err := os.ReadFile(file)
		if err != nil {
			return "has a #fragment but names no readable file"
		}
		text = string(data)
	}
	if !Anchors(text)[fragment] {
		return "names a heading that does not exist"
	}
	return ""
}

func rel(root, path string) string {
	r, err := filepath.Rel(root, path)
	if err != nil {
		return path
	}
	return r
}
