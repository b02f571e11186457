package demo_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestToolsAreDescribedForPeople(t *testing.T) {
	// wantTools is every tool the demo must offer, with whether it is
	// read-only and whether it is destructive.
	wantTools := map[string]struct{ readOnly, destructive bool }{
		"add":             {true, false},
		"stats":           {true, false},
		"echo":            {true, false},
		"list_files":      {true, false},
		"read_file":       {true, false},
		"delete_file":     {false, true},
		"restore_samples": {false, false},
		"slow_task":       {true, false},
		"draw_gradient":   {true, false},
		"weather_report":  {true, false},
		"fail":            {true, false},
		"log_stderr":      {true, false},
		"background_job":  {true, false},
	}
	f := newFixture(t)
	res, err := f.client.ListTools(t.Context(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		schema, _ := json.MarshalIndent(tool.InputSchema, "", "  ")
		t.Logf("%s (%q) inputSchema:\n%s", tool.Name, tool.Title, schema)

		want, ok := wantTools[tool.Name]
		if !ok {
			t.Errorf("tool %q is listed but not tested here; add it to wantTools", tool.Name)
			continue
		}
		if tool.Title == "" || len(tool.Description) < 60 {
			t.Errorf("%s: title %q and description %q are not enough for a person", tool.Name, tool.Title, tool.Description)
		}
		a := tool.Annotations
		if a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil {
			t.Errorf("%s: annotations %+v do not state every hint", tool.Name, a)
			continue
		}
		if a.ReadOnlyHint != want.readOnly || *a.DestructiveHint != want.destructive || *a.OpenWorldHint {
			t.Errorf("%s: readOnly=%v destructive=%v openWorld=%v, want %v %v false",
				tool.Name, a.ReadOnlyHint, *a.DestructiveHint, *a.OpenWorldHint, want.readOnly, want.destructive)
		}
		// Every property of every input schema carries a description.
		props, _ := asMap(t, tool.InputSchema)["properties"].(map[string]any)
		for name, p := range props {
			if d, _ := p.(map[string]any)["description"].(string); d == "" {
				t.Errorf("%s: argument %q has no description", tool.Name, name)
			}
		}
	}
	for name := range wantTools {
		if !slices.Contains(names, name) {
			t.Errorf("tool %q is missing from tools/list", name)
		}
	}
}

// TestSchemasCarryLimits checks the schema keywords a form builder relies
// on, as the client receives them.
func TestSchemasCarryLimits(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		tool, property, keyword string
		want                    any
	}{
		{"add", "a", "type", "integer"},
		{"add", "a", "minimum", -1e12},
		{"add", "b", "maximum", 1e12},
		{"echo", "repeat", "default", 1.0},
		{"echo", "repeat", "minimum", 1.0},
		{"echo", "repeat", "maximum", 10.0},
		{"echo", "uppercase", "type", "boolean"},
		{"slow_task", "steps", "default", 5.0},
		{"slow_task", "steps", "maximum", 100.0},
		{"slow_task", "delay_ms", "default", 500.0},
		{"slow_task", "delay_ms", "minimum", 0.0},
		{"slow_task", "delay_ms", "maximum", 10000.0},
		{"draw_gradient", "colour", "enum", []any{"rainbow", "red", "green", "blue", "grey"}},
		{"draw_gradient", "colour", "default", "rainbow"},
		{"weather_report", "city", "enum", []any{"Amsterdam", "Cairo", "Lima", "Reykjavik", "Tokyo"}},
		{"fail", "kind", "enum", []any{"tool_error", "protocol_error"}},
		{"stats", "numbers", "type", "array"},
		{"stats", "numbers", "minItems", 1.0},
		{"log_stderr", "lines", "maximum", 1000.0},
	}
	for _, tt := range tests {
		props, _ := asMap(t, f.tool(t, tt.tool).InputSchema)["properties"].(map[string]any)
		prop, _ := props[tt.property].(map[string]any)
		got, _ := json.Marshal(prop[tt.keyword])
		want, _ := json.Marshal(tt.want)
		if !bytes.Equal(got, want) {
			t.Errorf("%s.%s %s = %s, want %s", tt.tool, tt.property, tt.keyword, got, want)
		}
	}
	requiredOf := func(tool string) []any {
		r, _ := asMap(t, f.tool(t, tool).InputSchema)["required"].([]any)
		return r
	}
	for tool, want := range map[string][]any{
		"add": {"a", "b"}, "echo": {"message"}, "read_file": {"path"}, "fail": {"kind"},
		"weather_report": {"city"}, "slow_task": nil,
	} {
		if got := requiredOf(tool); !slices.Equal(got, want) {
			t.Errorf("%s required = %v, want %v", tool, got, want)
		}
	}
}

func TestAdd(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		name    string
		args    map[string]any
		wantSum float64
		wantErr string // in the isError text; empty means success
	}{
		{"small", map[string]any{"a": 2, "b": 3}, 5, ""},
		{"negative", map[string]any{"a": -4, "b": 10}, 6, ""},
		{"largest", map[string]any{"a": 1e12, "b": 1e12}, 2e12, ""},
		{"decimal refused", map[string]any{"a": 2.5, "b": 1}, 0, "integer"},
		{"missing b", map[string]any{"a": 1}, 0, "b"},
		{"too large", map[string]any{"a": 1e13, "b": 1}, 0, "maximum"},
		{"text refused", map[string]any{"a": "two", "b": 1}, 0, "integer"},
	}
	outputSchema := f.tool(t, "add").OutputSchema
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := f.call(t, "add", tt.args)
			if tt.wantErr != "" {
				if !res.IsError || !strings.Contains(textOf(res), tt.wantErr) {
					t.Fatalf("got isError=%v %q, want an error mentioning %q", res.IsError, textOf(res), tt.wantErr)
				}
				return
			}
			if res.IsError {
				t.Fatalf("unexpected error: %s", textOf(res))
			}
			if got := asMap(t, res.StructuredContent)["sum"]; got != tt.wantSum {
				t.Errorf("sum = %v, want %v", got, tt.wantSum)
			}
			if err := validate(t, outputSchema, res.StructuredContent); err != nil {
				t.Errorf("structured result does not match the output schema: %v", err)
			}
			if !strings.Contains(textOf(res), "=") {
				t.Errorf("text %q does not show the sum", textOf(res))
			}
		})
	}
}

func TestEcho(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"message": "hi"}, "hi"},
		{map[string]any{"message": "hi", "repeat": 3}, "hi\nhi\nhi"},
		{map[string]any{"message": "hi there", "uppercase": true, "repeat": 2}, "HI THERE\nHI THERE"},
		{map[string]any{"message": ""}, ""},
	}
	for _, tt := range tests {
		res := f.call(t, "echo", tt.args)
		if res.IsError || textOf(res) != tt.want {
			t.Errorf("echo(%v) = %q (isError %v), want %q", tt.args, textOf(res), res.IsError, tt.want)
		}
	}
	for _, args := range []map[string]any{{"message": "x", "repeat": 0}, {"message": "x", "repeat": 11}, {}} {
		if res := f.call(t, "echo", args); !res.IsError {
			t.Errorf("echo(%v) succeeded with %q; want a refusal", args, textOf(res))
		}
	}
}

func TestStats(t *testing.T) {
	f := newFixture(t)
	outputSchema := f.tool(t, "stats").OutputSchema
	tests := []struct {
		numbers []any
		want    map[string]float64
	}{
		{[]any{3, 1.5, 4}, map[string]float64{"count": 3, "sum": 8.5, "min": 1.5, "max": 4, "median": 3}},
		{[]any{-1, 1}, map[string]float64{"count": 2, "mean": 0, "median": 0}},
		{[]any{7}, map[string]float64{"count": 1, "mean": 7, "min": 7, "max": 7}},
	}
	for _, tt := range tests {
		res := f.call(t, "stats", map[string]any{"numbers": tt.numbers})
		if res.IsError {
			t.Fatalf("stats(%v): %s", tt.numbers, textOf(res))
		}
		got := asMap(t, res.StructuredContent)
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("stats(%v).%s = %v, want %v", tt.numbers, k, got[k], v)
			}
		}
		if err := validate(t, outputSchema, res.StructuredContent); err != nil {
			t.Errorf("stats(%v): structured result does not match the output schema: %v", tt.numbers, err)
		}
	}
	if res := f.call(t, "stats", map[string]any{"numbers": []any{}}); !res.IsError {
		t.Errorf("stats of no numbers succeeded: %s", textOf(res))
	}
}

func TestWeatherReportMatchesOutputSchema(t *testing.T) {
	f := newFixture(t)
	outputSchema := f.tool(t, "weather_report").OutputSchema
	for _, city := range []string{"Amsterdam", "Cairo", "Lima", "Reykjavik", "Tokyo"} {
		for _, units := range []string{"celsius", "fahrenheit"} {
			res := f.call(t, "weather_report", map[string]any{"city": city, "units": units})
			if res.IsError {
				t.Fatalf("%s: %s", city, textOf(res))
			}
			if err := validate(t, outputSchema, res.StructuredContent); err != nil {
				t.Errorf("%s in %s: %v", city, units, err)
			}
			if got := asMap(t, res.StructuredContent); got["city"] != city || got["units"] != units {
				t.Errorf("report %v is not for %s in %s", got, city, units)
			}
		}
	}
	// The same question always gets the same answer.
	c := asMap(t, f.call(t, "weather_report", map[string]any{"city": "Reykjavik"}).StructuredContent)
	fahr := asMap(t, f.call(t, "weather_report", map[string]any{"city": "Reykjavik", "units": "fahrenheit"}).StructuredContent)
	if c["temperature"] != -2.0 || fahr["temperature"] != 28.4 || c["units"] != "celsius" {
		t.Errorf("Reykjavik: %v °C, %v °F (units default %v), want -2, 28.4, celsius", c["temperature"], fahr["temperature"], c["units"])
	}
	if res := f.call(t, "weather_report", map[string]any{"city": "Atlantis"}); !res.IsError {
		t.Errorf("a city outside the enum was accepted: %s", textOf(res))
	}
}

func TestDrawGradientReturnsPNG(t *testing.T) {
	f := newFixture(t)
	tests := []struct {
		args          map[string]any
		width, height int
	}{
		{map[string]any{}, 256, 128},
		{map[string]any{"width": 1, "height": 1}, 1, 1},
		{map[string]any{"width": 40, "height": 20, "colour": "blue"}, 40, 20},
		{map[string]any{"width": 1024, "height": 3, "colour": "grey"}, 1024, 3},
	}
	for _, tt := range tests {
		res := f.call(t, "draw_gradient", tt.args)
		if res.IsError {
			t.Fatalf("draw_gradient(%v): %s", tt.args, textOf(res))
		}
		var img *sdk.ImageContent
		for _, c := range res.Content {
			if ic, ok := c.(*sdk.ImageContent); ok {
				img = ic
			}
		}
		if img == nil || img.MIMEType != "image/png" {
			t.Fatalf("draw_gradient(%v) gave no PNG image: %+v", tt.args, res.Content)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(img.Data))
		if err != nil {
			t.Fatalf("draw_gradient(%v): not a valid PNG: %v", tt.args, err)
		}
		if cfg.Width != tt.width || cfg.Height != tt.height {
			t.Errorf("draw_gradient(%v) is %d×%d, want %d×%d", tt.args, cfg.Width, cfg.Height, tt.width, tt.height)
		}
		if _, err := png.Decode(bytes.NewReader(img.Data)); err != nil {
			t.Errorf("draw_gradient(%v): PNG does not decode: %v", tt.args, err)
		}
	}
	for _, args := range []map[string]any{{"width": 0}, {"height": 1025}, {"colour": "purple"}} {
		if res := f.call(t, "draw_gradient", args); !res.IsError {
			t.Errorf("draw_gradient(%v) was accepted", args)
		}
	}
}

// TestFailGivesBothErrorLayers is the point of the fail tool: a tool error
// is a result, a protocol error is not.
func TestFailGivesBothErrorLayers(t *testing.T) {
	f := newFixture(t)

	res, err := f.client.CallTool(t.Context(), &sdk.CallToolParams{Name: "fail", Arguments: map[string]any{"kind": "tool_error"}})
	if err != nil {
		t.Fatalf("tool_error gave a protocol error: %v", err)
	}
	if !res.IsError || !strings.Contains(textOf(res), "tool error") {
		t.Errorf("tool_error: isError=%v text %q", res.IsError, textOf(res))
	}

	res, err = f.client.CallTool(t.Context(), &sdk.CallToolParams{Name: "fail", Arguments: map[string]any{"kind": "protocol_error"}})
	var wireErr *jsonrpc.Error
	if !errors.As(err, &wireErr) {
		t.Fatalf("protocol_error gave result %+v, error %v; want a *jsonrpc.Error", res, err)
	}
	if wireErr.Code != jsonrpc.CodeInvalidParams || wireErr.Message == "" {
		t.Errorf("protocol_error: code %d message %q", wireErr.Code, wireErr.Message)
	}
	var data map[string]string
	if err := json.Unmarshal(wireErr.Data, &data); err != nil || data["reason"] == "" {
		t.Errorf("protocol_error data %s lacks a reason (%v)", wireErr.Data, err)
	}
}

func TestLogStderrWritesLines(t *testing.T) {
	f := newFixture(t)
	res := f.call(t, "log_stderr", map[string]any{"lines": 3})
	if res.IsError {
		t.Fatal(textOf(res))
	}
	want := "log_stderr: line 1 of 3\nlog_stderr: line 2 of 3\nlog_stderr: line 3 of 3\n"
	if got := f.events.stderrText(); got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	if strings.Contains(textOf(res), "line 1") {
		t.Errorf("the lines leaked into the result: %q", textOf(res))
	}
}
