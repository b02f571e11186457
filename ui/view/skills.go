package view

import (
	"fmt"
	"slices"
	"strings"

	"mcpbrowser/mcp"
)

// SkillDescription is the front matter's description, if any.
func SkillDescription(sk mcp.Skill) string {
	d, _ := sk.Frontmatter["description"].(string)
	return d
}

// SkillListing is what skills/list says of a skill: its front matter (other
// than name and description, shown above) and each file with its size and
// digest.
func SkillListing(sk mcp.Skill) string {
	var b strings.Builder
	var keys []string
	for k := range sk.Frontmatter {
		if k != "name" && k != "description" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(&b, "%s: %v\n", k, sk.Frontmatter[k])
	}
	for _, f := range sk.Resources {
		size := "?"
		if f.Size != nil {
			size = Size(int(*f.Size))
		}
		fmt.Fprintf(&b, "%s · %s · %s\n", f.URI, size, OrUnknown(ShortDigest(f.Digest)))
	}
	return strings.TrimRight(b.String(), "\n")
}

// ShortDigest keeps "sha256:" and the first 16 hex digits.
func ShortDigest(d string) string {
	if algo, hex, ok := strings.Cut(d, ":"); ok && len(hex) > 16 {
		return algo + ":" + hex[:16] + "…"
	}
	return d
}
