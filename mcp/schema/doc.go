// Package schema turns a JSON Schema, usually an MCP tool's inputSchema, into
// an editable form model, and the form's values back into an arguments object.
//
// The package knows nothing about widgets: the window renders a Form with one
// widget per Field Kind, and the command line fills the same model from
// key=value pairs (ParseKeyValues). Both get the same checks and the same
// plain-words messages.
//
// The model is built to be honest about what it does not understand: a schema
// part that is invalid or uses something unsupported becomes a RawJSON field
// with a Note, never a crash and never a silently dropped property. Recursive
// schemas are expanded lazily (array items when added, optional recursive
// objects when expanded), so a form is always finite.
//
// Numbers are kept as the text the person typed or the schema wrote, and are
// compared exactly (math/big), so large integers are never rounded through
// float64.
package schema
