package i18n

// The schema model (mcp/schema) says a field's problem as a keyed message
// (schema.FieldError.Problem, whose key is the English template), for the
// form, the result's outputSchema check, the quality report and the command
// line; a message with plural forms takes the form its count asks for.

// FieldProblem is a form field's problem, from the schema model, in the
// chosen language.
func FieldProblem(p Keyed) string { return Say(p) }
