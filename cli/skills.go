package cli

import (
	"context"
	"errors"

	"mcpbrowser/mcp"
)

// cmdSkills lists a server's skills (skills/list, SEP-2640); it reads no file.
func cmdSkills(ctx context.Context, inv *invocation, env Env) error {
	sc, _, s, stop, err := connectFor(ctx, inv, env, 0, false, "skills TARGET")
	if err != nil {
		return err
	}
	defer stop()
	skills, err := s.Skills(ctx)
	if err != nil {
		return failed(env, sc.Name, true, err)
	}
	return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "skills": nonNil(skills)})
}

// cmdSkill loads one skill: its SKILL.md and files, each verified against
// the listing's size, digest and front matter before anything is printed.
func cmdSkill(ctx context.Context, inv *invocation, env Env) error {
	sc, rest, s, stop, err := connectFor(ctx, inv, env, 1, false, "skill TARGET NAME")
	if err != nil {
		return err
	}
	defer stop()
	skills, err := s.Skills(ctx)
	if err != nil {
		return failed(env, sc.Name, true, err)
	}
	for _, sk := range skills {
		if sk.Name() != rest[0] && sk.URI != rest[0] {
			continue
		}
		loaded, err := s.LoadSkill(ctx, sk)
		var se *mcp.SkillError
		if errors.As(err, &se) {
			return &exitError{ExitRPCError, tr("{{.Field}}: {{.Problem}}", M{"Field": sc.Name, "Problem": explainCore(se)})}
		}
		if err != nil {
			return failed(env, sc.Name, true, err)
		}
		return writeJSON(env.Stdout, map[string]any{"server": sc.Name, "skill": loaded.Skill, "files": loaded.Files, "verified": true})
	}
	return usageT("{{.Server}} has no skill named {{.Skill}} (see mcpbrowser skills)", M{"Server": sc.Name, "Skill": q(rest[0])})
}
