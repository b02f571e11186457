package schema_test

import (
	"encoding/json"
	"fmt"

	"mcpbrowser/mcp/schema"
)

const weatherSchema = `{
	"type": "object",
	"properties": {
		"city": {"type": "string", "title": "City", "minLength": 1},
		"days": {"type": "integer", "minimum": 1, "maximum": 10, "default": 3},
		"units": {"enum": ["metric", "imperial"], "enumNames": ["Celsius", "Fahrenheit"]},
		"alerts": {"type": "boolean"}
	},
	"required": ["city"]
}`

// The window builds a form from a tool's inputSchema, shows one widget per
// field, passes what the person types to the fields, and sends Arguments.
func ExampleNewForm() {
	form, err := schema.NewForm(json.RawMessage(weatherSchema))
	if err != nil {
		panic(err)
	}
	for _, f := range form.Root.Children() {
		line := fmt.Sprintf("%s (%s) required=%v", f.Label, f.Kind, f.Required)
		if hint := f.Hint(); hint != "" {
			line += ", " + hint
		}
		fmt.Println(line)
	}

	// Nothing typed yet: the required city is missing.
	_, problems := form.Arguments()
	fmt.Println(problems)

	days := form.Lookup("days")
	_ = days.SetText("12")
	fmt.Println(days.Problem()) // shown under the field while typing

	_ = days.SetText("5")
	_ = form.Lookup("city").SetText("Lima")
	_ = form.Lookup("units").SetChoice(1) // "Fahrenheit"
	args, _ := form.Arguments()
	fmt.Println(string(args)) // alerts was left empty, so it is not sent

	// Output:
	// City (string) required=true, at least 1 character
	// Days (integer) required=false, whole number from 1 to 10
	// Units (enum) required=false
	// Alerts (boolean) required=false
	// [city: this field is required]
	// must be at most 10
	// {"city":"Lima","days":5,"units":"imperial"}
}

// The command line turns key=value pairs into arguments with the same
// schema: values take the type the schema gives them.
func ExampleParseKeyValues() {
	args, err := schema.ParseKeyValues(json.RawMessage(weatherSchema), []string{"city=Lima", "days=2", "units=Celsius"})
	fmt.Println(string(args), err)

	_, err = schema.ParseKeyValues(json.RawMessage(weatherSchema), []string{"city=Lima", "days=two", "town=x"})
	fmt.Println(err)

	// Output:
	// {"city":"Lima","days":2,"units":"metric"} <nil>
	// cannot use the arguments given: days: must be a whole number, like 3 (got "two"); town: this tool has no "town"; it takes: city, days, units, alerts
}

// The raw JSON view: Value shows the form as JSON, and Load brings edited
// JSON back. What does not fit stays raw JSON, on its field.
func ExampleForm_Load() {
	form, _ := schema.NewForm(json.RawMessage(weatherSchema))
	err := form.Load(json.RawMessage(`{"city":"Cairo","days":"many"}`))
	fmt.Println(err)
	fmt.Println(form.Lookup("days").IsRaw(), form.Lookup("city").Text())
	value, _ := form.Root.Value()
	fmt.Println(string(value))

	// Output:
	// some values do not fit the form and were kept as raw JSON: days: expected a whole number, got the text "many"
	// true Cairo
	// {"city":"Cairo","days":"many"}
}
