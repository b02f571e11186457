package lint

// The rule set. Each Why is one line: why it matters, then how to fix it.
var rules = []Rule{
	// Schema portability: what some clients (or the model APIs behind them) refuse.
	{"schema-boolean", "Schema written as true/false", Warning, "schema", "A schema written as true/false is valid JSON Schema but several clients' converters reject it; write {} or {\"not\": {}} instead."},
	{"schema-remote-ref", "$ref to a URL", Error, "schema", "A $ref to a URL is never fetched by clients, so the argument's shape is unknown to the model; inline the definition or use a local #/$defs/ reference."},
	{"schema-type-union", "List of types", Warning, "schema", "A list of types (\"type\": [\"string\", \"number\"]) is rejected or flattened by some model APIs; use one type, or anyOf with one type per branch."},
	{"schema-untyped-property", "Property without a type", Warning, "schema", "A property without a type leaves the model guessing and some clients drop it; give it a type (or enum/const)."},
	{"schema-additional-properties", "Free-form map", Info, "schema", "additionalProperties as a schema (a free-form map) cannot be expressed by some model APIs' function declarations; prefer named properties or an array of key/value objects."},
	{"schema-not-object", "inputSchema is not an object", Error, "schema", "The spec requires a tool's inputSchema to be an object schema; clients refuse other top-level types — wrap the value in a property."},
	{"schema-missing-type", "inputSchema without \"type\": \"object\"", Error, "schema", "inputSchema has no \"type\": \"object\"; the spec requires it and strict clients reject the tool — add it."},
	{"schema-format", "Uncommon format", Info, "schema", "This format is not among those model APIs commonly accept (date-time, date, time, duration, email, hostname, ipv4, ipv6, uuid, uri); describe it in words or drop it."},
	{"schema-invalid", "Broken schema", Error, "schema", "The schema is not valid JSON or not a JSON object; no client can build arguments from it — fix the JSON."},

	// Descriptions: what the model reads to choose the tool and fill it in.
	{"desc-missing", "Tool without a description", Warning, "descriptions", "Without a description the model chooses the tool by its name alone; say what it does, when to use it and what it returns."},
	{"desc-arg-missing", "Argument without a description", Info, "descriptions", "An argument without a description is filled in by guesswork from its name; add a description with an example value."},
	{"desc-too-short", "Description too short", Info, "descriptions", "A description this short rarely says enough to choose the tool correctly; say what it does and what it returns in a sentence or two."},
	{"desc-too-long", "Description too long", Warning, "descriptions", "Every client sends each description to the model on every turn, and some truncate long ones; keep it under ~1,000 characters and move detail to argument descriptions."},
	{"desc-repeats-name", "Description only repeats the name", Warning, "descriptions", "A description that only repeats the name tells the model nothing new; say what the tool does and when to use it."},
	{"args-case-clash", "Argument names differing only in case", Error, "descriptions", "Argument names that differ only in case are confused by models and collapse in case-insensitive clients; rename one of them."},

	// Annotations: what a client uses to decide whether to ask before running.
	{"annot-none", "No hints set", Info, "annotations", "Without readOnlyHint/destructiveHint/idempotentHint/openWorldHint a client must assume the worst (destructive, open-world) and ask every time; set the hints that apply."},
	{"annot-destructive-unmarked", "Destructive but not marked so", Warning, "annotations", "The name or description says it deletes, removes, drops or overwrites, but destructiveHint is not set; set destructiveHint: true (and readOnlyHint: false) so clients ask first."},
	{"annot-readonly-destructive", "Read-only and destructive at once", Error, "annotations", "readOnlyHint and destructiveHint are both true, which contradict each other; a read-only tool cannot destroy anything — drop one."},

	// Names.
	{"name-chars", "Name with characters models refuse", Error, "names", "Model APIs accept tool names matching ^[a-zA-Z0-9_-]{1,64}$ only, and clients drop or rename others; use letters, digits, _ and -, at most 64."},
	{"name-similar", "Names easy to mix up", Warning, "names", "Names one edit apart are easy for a model to mix up; make the difference obvious (e.g. get_user vs list_users)."},
	{"name-prefixed-too-long", "Name too long for agents", Warning, "names", "Agents call the tool mcp__SERVER__TOOL, and model APIs cap names at 64 characters, so this tool is dropped or truncated there; shorten the tool (or server) name."},

	// Output: what calls seen in this session returned.
	{"output-mismatch", "Result does not match outputSchema", Error, "output", "A result did not match the declared outputSchema (or had no structuredContent); clients that validate reject such results — fix the result or the schema."},
	{"output-without-schema", "Structured result without outputSchema", Info, "output", "A result carried structuredContent but the tool declares no outputSchema, so clients cannot rely on its shape; declare an outputSchema."},
	{"output-schema-not-object", "outputSchema is not an object", Error, "output", "The spec requires outputSchema to be an object schema; clients refuse others — wrap the value in a property."},

	// Prompts and resources.
	{"prompt-desc-missing", "Prompt without a description", Info, "descriptions", "A prompt without a description is listed by name only; say what it produces."},
	{"prompt-arg-desc-missing", "Prompt argument without a description", Info, "descriptions", "A prompt argument without a description leaves the person guessing; add one with an example."},
	{"resource-desc-missing", "Resource without a description", Info, "descriptions", "A resource without a description is hard to pick from a long list; say what it holds."},

	// Cost: what the tool list costs in the model's context, on every turn.
	{"cost-tool", "Costly tool", Info, "cost", "This tool's entry takes many tokens of every request's context (estimate: bytes/4); shorten descriptions and schemas."},
	{"cost-total", "Costly tool list", Warning, "cost", "The whole tool list takes a large share of a model's context on every turn (estimate: bytes/4); split the server or trim descriptions and schemas."},
}

// Rules is the whole rule set, in report order.
func Rules() []Rule { return append([]Rule(nil), rules...) }

// Lookup finds a rule by id.
func Lookup(id string) (Rule, bool) {
	for _, r := range rules {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}
