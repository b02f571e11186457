package schema

import (
	"encoding/json"
	"strings"
	"testing"
)

// default is filled in, examples become hints, title and description are
// the label and help; a property with no title gets a readable name.
func TestLabelsDefaultsExamples(t *testing.T) {
	schema := `{"type":"object","properties":{
		"maxResults":{"type":"integer","default":10,"examples":[5,20],"description":"How many"},
		"query":{"type":"string","title":"Search for","examples":["cats"]},
		"api_key":{"type":"string"},
		"URLPath":{"type":"string"},
		"bad":{"type":"integer","default":"ten"}}}`
	f := mustForm(t, schema)
	mr := mustLookup(t, f, "maxResults")
	if mr.Label != "Max results" || mr.Description != "How many" || string(mr.Default) != "10" || mr.Text() != "10" {
		t.Errorf("maxResults: label %q description %q default %s text %q", mr.Label, mr.Description, mr.Default, mr.Text())
	}
	if mr.Placeholder != "5" || !strings.Contains(mr.Hint(), "e.g. 5, 20") || len(mr.Examples) != 2 {
		t.Errorf("maxResults placeholder %q hint %q", mr.Placeholder, mr.Hint())
	}
	q := mustLookup(t, f, "query")
	if q.Label != "Search for" || q.Placeholder != "cats" {
		t.Errorf("query label %q placeholder %q", q.Label, q.Placeholder)
	}
	for path, want := range map[string]string{"api_key": "Api key", "URLPath": "URL path"} {
		if got := mustLookup(t, f, path).Label; got != want {
			t.Errorf("label of %s = %q, want %q", path, got, want)
		}
	}
	bad := mustLookup(t, f, "bad")
	if bad.IsSet() || !strings.Contains(bad.Note, "default") {
		t.Errorf("a default that does not fit: set %v note %q", bad.IsSet(), bad.Note)
	}
	if got := mustArgs(t, f); got != `{"maxResults":10}` {
		t.Errorf("args %s", got)
	}
	check(t, mr.SetText("3"))
	mr.Reset()
	if mr.Text() != "10" {
		t.Errorf("Reset gave %q", mr.Text())
	}
	mr.Clear()
	if got := mustArgs(t, f); got != `{}` {
		t.Errorf("a cleared default is still sent: %s", got)
	}
	// Load is exact: a missing property with a default stays missing.
	check(t, f.Load(json.RawMessage(`{"query":"x"}`)))
	if got := mustArgs(t, f); got != `{"query":"x"}` {
		t.Errorf("after Load: %s", got)
	}
}

// Numeric limits, in both the draft 4 (boolean exclusive) and later forms.
func TestNumericLimits(t *testing.T) {
	tests := []struct {
		prop, text, problem string
	}{
		{`{"type":"number","minimum":1,"maximum":10}`, "0", "must be at least 1"},
		{`{"type":"number","minimum":1,"maximum":10}`, "1", ""},
		{`{"type":"number","minimum":1,"maximum":10}`, "10.5", "must be at most 10"},
		{`{"type":"number","exclusiveMinimum":0}`, "0", "must be more than 0"},
		{`{"type":"number","exclusiveMaximum":1}`, "1", "must be less than 1"},
		{`{"type":"number","exclusiveMaximum":1}`, "0.999", ""},
		{`{"type":"number","minimum":0,"exclusiveMinimum":true}`, "0", "must be more than 0"},
		{`{"type":"number","maximum":5,"exclusiveMaximum":false}`, "5", ""},
		{`{"type":"integer","multipleOf":5}`, "12", "must be a multiple of 5"},
		{`{"type":"integer","multipleOf":5}`, "-15", ""},
		{`{"type":"number","multipleOf":0.01}`, "19.99", ""},
	}
	for _, tt := range tests {
		f := mustForm(t, `{"type":"object","properties":{"n":`+tt.prop+`}}`)
		n := mustLookup(t, f, "n")
		check(t, n.SetText(tt.text))
		if got := n.Problem(); got != tt.problem {
			t.Errorf("%s with %s: problem %q, want %q", tt.prop, tt.text, got, tt.problem)
		}
		_, errs := f.Arguments()
		if (len(errs) == 0) != (tt.problem == "") {
			t.Errorf("%s with %s: Arguments problems %v", tt.prop, tt.text, errs)
		}
	}
	f := mustForm(t, `{"type":"object","properties":{"n":{"type":"integer","minimum":1,"maximum":10,"multipleOf":2}}}`)
	if h := mustLookup(t, f, "n").Hint(); h != "whole number from 1 to 10, a multiple of 2" {
		t.Errorf("hint %q", h)
	}
}

// String limits and formats: checked, with matching input hints.
func TestStringLimitsAndFormats(t *testing.T) {
	tests := []struct {
		prop, text, problem, placeholder string
	}{
		{`{"type":"string","minLength":2}`, "é", "must be at least 2 characters long", ""},
		{`{"type":"string","minLength":2}`, "éé", "", ""},
		{`{"type":"string","minLength":1}`, "", "", ""}, // empty is "not given" for an optional field
		{`{"type":"string","maxLength":3}`, "abcd", "must be at most 3 characters long (it has 4)", ""},
		{`{"type":"string","pattern":"^[a-z]+$"}`, "abc1", "does not have the expected form (it must match the pattern ^[a-z]+$)", ""},
		{`{"type":"string","pattern":"^[a-z]+$"}`, "abc", "", ""},
		{`{"type":"string","format":"date"}`, "2024-02-30", "must be a date like 2024-05-31", "YYYY-MM-DD"},
		{`{"type":"string","format":"date"}`, "2024-02-29", "", "YYYY-MM-DD"},
		{`{"type":"string","format":"date-time"}`, "2024-05-31 14:30", "must be a date and time with a zone, like 2024-05-31T14:30:00Z", "YYYY-MM-DDThh:mm:ssZ"},
		{`{"type":"string","format":"date-time"}`, "2024-05-31T14:30:00.5+02:00", "", "YYYY-MM-DDThh:mm:ssZ"},
		{`{"type":"string","format":"time"}`, "25:00:00Z", "must be a time with a zone, like 14:30:00Z or 14:30:00+02:00", "hh:mm:ssZ"},
		{`{"type":"string","format":"time"}`, "14:30:00Z", "", "hh:mm:ssZ"},
		{`{"type":"string","format":"email"}`, "not-an-email", "must be an email address like name@example.com", "name@example.com"},
		{`{"type":"string","format":"email"}`, "ann@example.com", "", "name@example.com"},
		{`{"type":"string","format":"uri"}`, "example.com", "must be a full address with a scheme, like https://example.com/page", "https://example.com/path"},
		{`{"type":"string","format":"uri"}`, "https://example.com/a?b=c", "", "https://example.com/path"},
		{`{"type":"string","format":"uuid"}`, "123", "must be a UUID like 123e4567-e89b-12d3-a456-426614174000", "123e4567-e89b-12d3-a456-426614174000"},
		{`{"type":"string","format":"uuid"}`, "123E4567-e89b-12d3-a456-426614174000", "", "123e4567-e89b-12d3-a456-426614174000"},
		{`{"type":"string","format":"color"}`, "anything", "", ""}, // unknown formats are shown, not checked
	}
	for _, tt := range tests {
		f := mustForm(t, `{"type":"object","properties":{"s":`+tt.prop+`}}`)
		s := mustLookup(t, f, "s")
		check(t, s.SetText(tt.text))
		if got := s.Problem(); got != tt.problem {
			t.Errorf("%s with %q: problem %q, want %q", tt.prop, tt.text, got, tt.problem)
		}
		if s.Placeholder != tt.placeholder {
			t.Errorf("%s: placeholder %q, want %q", tt.prop, s.Placeholder, tt.placeholder)
		}
	}
	f := mustForm(t, `{"type":"object","properties":{"s":{"type":"string","format":"date","minLength":10,"maxLength":10}}}`)
	if h := mustLookup(t, f, "s").Hint(); h != "date (YYYY-MM-DD), from 10 to 10 characters" {
		t.Errorf("hint %q", h)
	}
}

// readOnly, writeOnly and deprecated are shown as such.
func TestFlags(t *testing.T) {
	f := mustForm(t, `{"type":"object","properties":{
		"id":{"type":"string","readOnly":true},
		"secret":{"type":"string","writeOnly":true},
		"old":{"type":"string","deprecated":true}}}`)
	id, secret, old := mustLookup(t, f, "id"), mustLookup(t, f, "secret"), mustLookup(t, f, "old")
	if !id.ReadOnly || !secret.WriteOnly || !old.Deprecated || id.WriteOnly || old.ReadOnly {
		t.Errorf("flags: id %v secret %v old %v", id.ReadOnly, secret.WriteOnly, old.Deprecated)
	}
	if !strings.Contains(id.Hint(), "read-only") || !strings.Contains(old.Hint(), "deprecated") || !strings.Contains(secret.Hint(), "write-only") {
		t.Errorf("hints: %q %q %q", id.Hint(), secret.Hint(), old.Hint())
	}
}
