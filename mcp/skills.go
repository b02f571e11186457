package mcp

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"mcpbrowser/mcp/say"
	"reflect"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.yaml.in/yaml/v4"
)

// The skills extension (SEP-2640) lets a server offer skills: a SKILL.md
// with YAML front matter, plus supporting files, each a resource. skills/list
// says, for every file, its digest and size, and for the skill its front
// matter. The spec's rules the app follows:
//
//	"Hosts MUST NOT retrieve a skill's files ahead of need, not on
//	connection, not on listing, and not at approval."
//	"When a host retrieves a file listed in a skill's resources, it MUST
//	verify the content against that entry's digest, and MUST NOT use
//	unverified content."
//	"hosts MUST parse its YAML frontmatter and compare it field-by-field
//	against the entry's frontmatter, and MUST NOT load the skill on any
//	discrepancy."
//
// So Skills only lists, and LoadSkill reads SKILL.md first, verifies it, and
// reads the other files only when it passed.

// SkillsExtension is the extension's name in capabilities.
const SkillsExtension = "io.modelcontextprotocol/skills"

// A Skill is one entry of skills/list.
type Skill struct {
	URI         string         `json:"uri"`
	Frontmatter map[string]any `json:"frontmatter,omitempty"`
	Resources   []SkillFile    `json:"resources,omitempty"`
}

// Name is the skill's front-matter name, or its URI.
func (sk Skill) Name() string {
	if n, ok := sk.Frontmatter["name"].(string); ok && n != "" {
		return n
	}
	return sk.URI
}

// A SkillFile is one file of a skill, with what its content must match.
type SkillFile struct {
	URI    string `json:"uri"`
	Digest string `json:"digest,omitempty"` // "sha256:<hex>"
	Size   *int64 `json:"size,omitempty"`
}

type skillsListParams struct {
	sdk.ParamsBase
	Cursor string `json:"cursor,omitempty"`
}

type skillsListResult struct {
	sdk.ResultBase
	Skills     []Skill `json:"skills"`
	NextCursor string  `json:"nextCursor,omitempty"`
}

// Skills lists the server's skills (all pages). It reads no file.
func (s *Session) Skills(ctx context.Context) ([]Skill, error) {
	cs := s.clientSession()
	if cs == nil {
		return nil, errNotConnected
	}
	s.mu.Lock()
	client := s.sdkClient
	s.mu.Unlock()
	if err := sdk.AddSendingCustomMethod[*skillsListParams, *skillsListResult](client, "skills/list"); err != nil {
		return nil, err
	}
	var all []Skill
	params := &skillsListParams{}
	for range 1000 {
		res, err := sdk.CallCustomMethod[*skillsListParams, *skillsListResult](ctx, cs, "skills/list", params)
		if err != nil {
			return nil, AsRequestError("skills/list", err)
		}
		all = append(all, res.Skills...)
		if res.NextCursor == "" {
			return all, nil
		}
		params = &skillsListParams{Cursor: res.NextCursor}
	}
	return all, nil
}

// A LoadedSkill is a skill whose every file was read and verified.
type LoadedSkill struct {
	Skill Skill
	// Files are the contents by URI, SKILL.md first.
	Files []SkillContent
}

// SkillContent is one verified file.
type SkillContent struct {
	URI  string `json:"uri"`
	Text string `json:"text"`
}

// A SkillError is a file that failed verification, in plain words.
type SkillError struct {
	URI    string
	Reason string
	// Why is Reason as the error it was, keyed when the core said it so.
	Why error
}

func (e *SkillError) Error() string { return e.said().String() }

// MessageKey and MessageArgs say the refusal by key, for the front ends.
func (e *SkillError) MessageKey() string { return e.said().Key }

// MessageArgs are the fields of MessageKey.
func (e *SkillError) MessageArgs() map[string]any { return e.said().Args }

func (e *SkillError) said() say.Msg {
	var reason any = e.Reason
	if e.Why != nil && e.Why.Error() == e.Reason {
		reason = e.Why
	}
	return say.New("refused {{.URI}}: {{.Reason}}; the skill was not loaded", say.Args{"URI": e.URI, "Reason": reason})
}

// LoadSkill reads the skill's SKILL.md, verifies its size, digest and front
// matter against the listing, and only then reads and verifies the other
// files. Nothing unverified is returned.
func (s *Session) LoadSkill(ctx context.Context, sk Skill) (*LoadedSkill, error) {
	main := SkillFile{URI: sk.URI}
	var rest []SkillFile
	for _, f := range sk.Resources {
		if f.URI == sk.URI {
			main = f
		} else {
			rest = append(rest, f)
		}
	}
	body, err := s.readVerified(ctx, main)
	if err != nil {
		return nil, err
	}
	if err := checkFrontmatter(sk.Frontmatter, body); err != nil {
		return nil, &SkillError{URI: sk.URI, Reason: err.Error(), Why: err}
	}
	out := &LoadedSkill{Skill: sk, Files: []SkillContent{{URI: sk.URI, Text: string(body)}}}
	for _, f := range rest {
		b, err := s.readVerified(ctx, f)
		if err != nil {
			return nil, err
		}
		out.Files = append(out.Files, SkillContent{URI: f.URI, Text: string(b)})
	}
	return out, nil
}

func (s *Session) readVerified(ctx context.Context, f SkillFile) ([]byte, error) {
	cs := s.clientSession()
	if cs == nil {
		return nil, errNotConnected
	}
	res, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: f.URI})
	if err != nil {
		return nil, AsRequestError("resources/read", err)
	}
	var body []byte
	for _, c := range res.Contents {
		if c.Text != "" {
			body = append(body, c.Text...)
		} else {
			body = append(body, c.Blob...)
		}
	}
	if err := VerifySkillFile(f, body); err != nil {
		return nil, &SkillError{URI: f.URI, Reason: err.Error(), Why: err}
	}
	return body, nil
}

// VerifySkillFile checks content against the listing's size and digest.
func VerifySkillFile(f SkillFile, content []byte) error {
	if f.Size != nil && int64(len(content)) != *f.Size {
		return say.Error("it is {{.Got}} bytes, but the server's listing says {{.Want}}", say.Args{"Got": len(content), "Want": *f.Size})
	}
	if f.Digest == "" {
		return say.Error("the server's listing gives no digest to check it against", nil)
	}
	algo, want, ok := strings.Cut(f.Digest, ":")
	if !ok || !strings.EqualFold(algo, "sha256") {
		return say.Error("the listing's digest {{.Digest}} is not a sha256 digest this app can check", say.Args{"Digest": strconv.Quote(f.Digest)})
	}
	sum := sha256.Sum256(content)
	if got := hex.EncodeToString(sum[:]); !strings.EqualFold(got, want) {
		return say.Error("its content does not match the digest in the server's listing (sha256 {{.Got}}, listed {{.Want}})", say.Args{"Got": got[:12] + "…", "Want": short(want) + "…"})
	}
	return nil
}

func short(s string) string {
	if len(s) > 12 {
		return s[:12]
	}
	return s
}

// checkFrontmatter compares SKILL.md's YAML front matter with the listing's,
// field by field.
func checkFrontmatter(listed map[string]any, doc []byte) error {
	fm, err := parseFrontmatter(doc)
	if err != nil {
		return err
	}
	for k, want := range listed {
		got, ok := fm[k]
		if !ok {
			return say.Error("its front matter has no {{.Key}}, but the server's listing does", say.Args{"Key": strconv.Quote(k)})
		}
		if !sameValue(got, want) {
			return say.Error("its front matter says {{.Key}}: {{.Got}}, but the server's listing says {{.Want}}", say.Args{"Key": k, "Got": fmt.Sprint(got), "Want": fmt.Sprint(want)})
		}
	}
	for k := range fm {
		if _, ok := listed[k]; !ok {
			return fmt.Errorf("its front matter has %q, which the server's listing does not", k)
		}
	}
	return nil
}

func parseFrontmatter(doc []byte) (map[string]any, error) {
	doc = bytes.TrimPrefix(doc, []byte("\ufeff"))
	rest, ok := bytes.CutPrefix(doc, []byte("---\n"))
	if !ok {
		rest, ok = bytes.CutPrefix(doc, []byte("---\r\n"))
	}
	if !ok {
		return nil, errors.New("it has no YAML front matter (it must start with ---)")
	}
	end := bytes.Index(rest, []byte("\n---"))
	if end < 0 {
		return nil, errors.New("its YAML front matter is not closed with ---")
	}
	fm := map[string]any{}
	if err := yaml.Unmarshal(rest[:end], &fm); err != nil {
		return nil, fmt.Errorf("its YAML front matter cannot be read: %v", err)
	}
	return fm, nil
}

// sameValue compares a YAML value with a JSON one (numbers may differ in type).
func sameValue(a, b any) bool {
	if reflect.DeepEqual(a, b) {
		return true
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}
