package lint

import (
	"fmt"
	"strings"
)

// A finding's message is written once, here, as an English template whose
// {{.Fields}} the check fills with what it found (names, counts, values
// from the server). Finding.Message is the template filled in, which the
// JSON output shows in English in every language; Finding.Key and
// Finding.Args are the template and its fields, from which internal/lintwords
// (Message) words the same sentence in the person's language, with the
// template as the translation key. A new message goes in this list and,
// with the same {{.Fields}}, in both files of
// internal/i18n/translations/lint.*.json (internal/lintwords checks).
const (
	// Schemas (schema.go).
	msgNoInputSchema       = "no inputSchema at all"
	msgInputNotJSON        = "inputSchema is not valid JSON"
	msgInputBoolean        = "inputSchema is the boolean schema {{.Value}}"
	msgInputBooleanNoType  = `a boolean inputSchema has no "type": "object"`
	msgInputNoType         = `inputSchema has no "type"`
	msgInputOfType         = "inputSchema is of type {{.Type}}"
	msgInputTypes          = `inputSchema's type is {{.Types}}, not "object"`
	msgInputNotObject      = "inputSchema is not a JSON object"
	msgRemoteRef           = "$ref {{.Ref}} points outside the schema (not fetched)"
	msgTypeList            = "type is a list: {{.Types}}"
	msgUntypedProperty     = "the property has no type"
	msgFormat              = "format {{.Format}}"
	msgAdditionalSchema    = "additionalProperties is a schema (a free-form map)"
	msgSubschemaBoolean    = "the schema is the boolean {{.Value}}"
	msgToolNoDescription   = "the tool has no description"
	msgDescRepeatsName     = "the description {{.Description}} only repeats the name"
	msgDescShort           = "the description {{.Description}} has {{.Length}} characters"
	msgDescLong            = "the description has {{.Length}} characters"
	msgArgsCaseClash       = "arguments {{.First}} and {{.Second}} differ only in case"
	msgArgNoDescription    = "argument {{.Argument}} has no description"
	msgArgsNoDescription   = "arguments {{.Arguments}} have no description"
	msgNoHints             = "the tool sets none of the four hints"
	msgNoToolSetsHints     = "none of the {{.Count}} tools sets any of the four hints"
	msgReadOnlyDestructive = "readOnlyHint and destructiveHint are both true"
	msgNameSaysDestroys    = "the name says {{.Word}} but destructiveHint is not set"
	msgDescSaysDestroys    = "the description says {{.Word}} but destructiveHint is not set"
	msgNameChars           = "{{.Name}} does not match ^[a-zA-Z0-9_-]{1,64}$"
	msgPrefixedLength      = "{{.Name}} has {{.Length}} characters"
	msgOneEditApart        = "{{.First}} and {{.Second}} are one edit apart"
	msgOutputNotObject     = `outputSchema's type is not "object"`
	msgStructuredNoSchema  = "a result had structuredContent, but there is no outputSchema"
	msgSchemaNoStructured  = "a result had no structuredContent although an outputSchema is declared"
	msgStructuredNotJSON   = "a result's structuredContent is not valid JSON"
	msgOutputMismatch      = "a result did not match outputSchema: {{.Field}} {{.Problem}}"
	msgPromptNoDescription = "the prompt has no description"
	msgResourceNoDesc      = "the resource has no description"
	msgToolTokens          = "about {{.Tokens}} tokens"
	msgListTokens          = "the tool list is about {{.Tokens}} tokens; the largest: {{.Largest}}"
)

var messageKeys = []string{
	msgNoInputSchema, msgInputNotJSON, msgInputBoolean, msgInputBooleanNoType, msgInputNoType, msgInputOfType,
	msgInputTypes, msgInputNotObject, msgRemoteRef, msgTypeList, msgUntypedProperty, msgFormat, msgAdditionalSchema,
	msgSubschemaBoolean, msgToolNoDescription, msgDescRepeatsName, msgDescShort, msgDescLong, msgArgsCaseClash,
	msgArgNoDescription, msgArgsNoDescription, msgNoHints, msgNoToolSetsHints, msgReadOnlyDestructive,
	msgNameSaysDestroys, msgDescSaysDestroys, msgNameChars, msgPrefixedLength, msgOneEditApart, msgOutputNotObject,
	msgStructuredNoSchema, msgSchemaNoStructured, msgStructuredNotJSON, msgOutputMismatch, msgPromptNoDescription,
	msgResourceNoDesc, msgToolTokens, msgListTokens,
}

var knownMessage = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range messageKeys {
		m[k] = true
	}
	return m
}()

// MessageKeys lists every message template a finding can carry.
func MessageKeys() []string { return append([]string(nil), messageKeys...) }

// Args are the {{.Fields}} of a message template.
type Args = map[string]any

// fill writes a template's fields in: what text/template (and so lang.L)
// makes of {{.Field}} for a string, a number or a bool.
func fill(key string, args Args) string {
	if len(args) == 0 {
		return key
	}
	pairs := make([]string, 0, 2*len(args))
	for k, v := range args {
		pairs = append(pairs, "{{."+k+"}}", fmt.Sprint(v))
	}
	return strings.NewReplacer(pairs...).Replace(key)
}
