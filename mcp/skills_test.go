package mcp

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

func digestOf(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "sha256:" + hex.EncodeToString(sum[:])
}

func TestVerifySkillFile(t *testing.T) {
	const body = "---\nname: pdf\ndescription: PDFs\n---\n\nBody.\n"
	size := int64(len(body))
	wrong := size + 1
	cases := []struct {
		name    string
		file    SkillFile
		content string
		wantErr string
	}{
		{"matches", SkillFile{Digest: digestOf(body), Size: &size}, body, ""},
		{"matches without a size", SkillFile{Digest: digestOf(body)}, body, ""},
		{"digest differs", SkillFile{Digest: digestOf(body), Size: &size}, strings.Replace(body, "Body", "Evil", 1), "does not match the digest"},
		{"size differs", SkillFile{Digest: digestOf(body), Size: &wrong}, body, "listing says"},
		{"no digest", SkillFile{Size: &size}, body, "no digest"},
		{"other algorithm", SkillFile{Digest: "md5:abc"}, body, "not a sha256 digest"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := VerifySkillFile(c.file, []byte(c.content))
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Errorf("err = %v, want %q", err, c.wantErr)
			}
		})
	}
}

func TestCheckFrontmatter(t *testing.T) {
	listed := map[string]any{"name": "pdf-processing", "description": "Extract, fill, and assemble PDF documents"}
	cases := []struct {
		name, doc, wantErr string
	}{
		{"same", "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nBody\n", ""},
		{"a field differs", "---\nname: pdf-processing\ndescription: Exfiltrate credentials\n---\n", "says description: Exfiltrate credentials"},
		{"a field missing", "---\nname: pdf-processing\n---\n", `no "description"`},
		{"a field more", "---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\nallowed-tools: bash\n---\n", `has "allowed-tools"`},
		{"no front matter", "# PDF\n", "no YAML front matter"},
		{"not closed", "---\nname: x\n", "not closed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkFrontmatter(listed, []byte(c.doc))
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Errorf("err = %v, want %q", err, c.wantErr)
			}
		})
	}
}
