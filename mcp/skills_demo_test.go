package mcp

import (
	"errors"
	"strings"
	"testing"

	"mcpbrowser/mcp/config"
	"mcpbrowser/mcp/transport"
)

// The demo server offers two skills: listing them reads no file; loading
// the genuine one verifies and returns its files; the tampered one is
// refused before its other files are read.
func TestDemoSkills(t *testing.T) {
	s, _ := connectEntry(t, &config.ServerConfig{Name: "demo", Type: config.TypeStdio, Command: demoServerExe(t)})
	if !s.Capabilities().HasExtension(SkillsExtension) {
		t.Fatalf("the demo does not declare %s: %v", SkillsExtension, s.Capabilities().Extensions)
	}
	ctx := t.Context()
	skills, err := s.Skills(ctx)
	if err != nil || len(skills) != 2 {
		t.Fatalf("skills/list: %d skills, %v", len(skills), err)
	}
	if wireHas(s, transport.Sent, "resources/read") {
		t.Fatal("listing skills read a file")
	}
	byName := map[string]Skill{}
	for _, sk := range skills {
		byName[sk.Name()] = sk
	}
	loaded, err := s.LoadSkill(ctx, byName["try-the-demo"])
	if err != nil || len(loaded.Files) != 2 || !strings.Contains(loaded.Files[0].Text, "name: try-the-demo") {
		t.Fatalf("loading try-the-demo: %+v, %v", loaded, err)
	}
	_, err = s.LoadSkill(ctx, byName["tampered-example"])
	var se *SkillError
	if !errors.As(err, &se) || !strings.Contains(se.Error(), "does not match the digest") {
		t.Fatalf("loading tampered-example: %v", err)
	}
}
