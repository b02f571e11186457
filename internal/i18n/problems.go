package i18n

// The schema model (mcp/schema) says a field's problem as a keyed message
// (schema.FieldError.Problem, whose key is the English template), for the
// form, the result's outputSchema check, the quality report and the command
// line; a message with plural forms takes the form its count asks for.

// FieldProblem is a form field's problem, from the schema model, in the
// chosen language.
func FieldProblem(p Keyed) string { return Say(p) }

// FieldProblems is the schema model's list of problems given as text. The
// schema model's errors now carry their keyed messages (schema.KeyValueError
// is one, and Explain words it), so text passes through as it is.
//
// Deprecated: kept for the core's sentence table until it goes; pass the
// error to Explain.
func FieldProblems(s string) string { return s }
