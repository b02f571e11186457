package openapi

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestToolNames(t *testing.T) {
	tests := []struct {
		name                      string
		method, path, operationID string
		taken                     []string
		want                      string
	}{
		{"operationId as it is", "GET", "/pets", "listPets", nil, "listPets"},
		{"operationId sanitised", "POST", "/shapes", "draw shape.v2", nil, "draw_shape_v2"},
		{"no operationId", "GET", "/pets/{petId}/photo", "", nil, "get_pets_petId_photo"},
		{"root path", "GET", "/", "", nil, "get"},
		{"punctuation in the path", "PUT", "/a.b/{c}-d/~e", "", nil, "put_a_b_c-d_e"},
		{"operationId with no usable character", "GET", "/x", "работа", nil, "get_x"},
		{"clash", "GET", "/things", "", []string{"get_things"}, "get_things_2"},
		{"second clash", "GET", "/things", "", []string{"get_things", "get_things_2"}, "get_things_3"},
		{"cut to 64", "GET", "/r", strings.Repeat("a", 70), nil, strings.Repeat("a", 64)},
		{"clash after the cut keeps 64", "GET", "/r", strings.Repeat("a", 70) + "x", []string{strings.Repeat("a", 64)}, strings.Repeat("a", 62) + "_2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			taken := map[string]bool{}
			for _, n := range tt.taken {
				taken[n] = true
			}
			got := uniqueToolName(baseToolName(tt.method, tt.path, tt.operationID), taken)
			if got != tt.want {
				t.Errorf("name = %q, want %q", got, tt.want)
			}
			if len(got) > maxToolName {
				t.Errorf("name %q is %d characters long", got, len(got))
			}
		})
	}
}

func TestToolsOfPetstore(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	var names []string
	for _, tool := range s.Tools() {
		names = append(names, tool.Name)
	}
	want := []string{
		"listPets", "createPet", "getPet", "put_pets_petId", "deletePet", "get_pets_petId_photo",
		"draw_shape", "get_things", "get_things_2",
		"retrieveTheQuarterlyFinancialReportForTheGivenRegionAndFiscalYea",
		"retrieveTheQuarterlyFinancialReportForTheGivenRegionAndFiscalY_2",
		"getTree", "search", "fail", "login", "addNote", "checkNotes", "upload",
	}
	if !reflect.DeepEqual(names, want) {
		t.Errorf("tool names, in document order:\n got %q\nwant %q", names, want)
	}

	name, version, description := s.Info()
	if name != "Petstore" || version != "1.2.0" || description != "A small API for the tests of package openapi." {
		t.Errorf("Info() = %q, %q, %q", name, version, description)
	}
	if w := s.Warnings(); len(w) != 0 {
		t.Errorf("warnings for a valid document: %v", w)
	}
}

func toolByName(t *testing.T, s *Server, name string) *sdk.Tool {
	t.Helper()
	for _, tool := range s.Tools() {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no tool %q", name)
	return nil
}

func TestToolDescriptionsAndAnnotations(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		tool        string
		description string
		readOnly    bool
		destructive *bool // nil: not said (MCP's default, true)
		idempotent  bool
	}{
		{"listPets", "List pets\n\nPets, filtered by tag and status.", true, nil, false},
		{"createPet", "Add a pet", false, nil, false},
		{"put_pets_petId", "Replace a pet (this operation has no operationId).", false, nil, true},
		{"deletePet", "Deprecated.\n\nDELETE /pets/{petId}", false, ptr(true), true},
		{"get_pets_petId_photo", "GET /pets/{petId}/photo", true, nil, false},
		{"checkNotes", "HEAD /notes", true, nil, false},
		{"upload", "Upload a file\n\n(The request body, of type application/octet-stream, cannot be sent from here.)", false, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			tool := toolByName(t, s, tt.tool)
			if tool.Description != tt.description {
				t.Errorf("description = %q, want %q", tool.Description, tt.description)
			}
			a := tool.Annotations
			if a == nil {
				t.Fatal("no annotations")
			}
			if a.OpenWorldHint == nil || !*a.OpenWorldHint {
				t.Error("openWorldHint is not true")
			}
			if a.ReadOnlyHint != tt.readOnly || a.IdempotentHint != tt.idempotent || !reflect.DeepEqual(a.DestructiveHint, tt.destructive) {
				t.Errorf("annotations = readOnly %v destructive %v idempotent %v, want %v %v %v",
					a.ReadOnlyHint, a.DestructiveHint, a.IdempotentHint, tt.readOnly, tt.destructive, tt.idempotent)
			}
			meta, _ := tool.Meta[MetaKey].(map[string]any)
			if meta["spec"] != "testdata/petstore.yaml" || meta["method"] == "" {
				t.Errorf("_meta[%q] = %v", MetaKey, meta)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestInputSchemas checks the schemas as JSON, the way a client sees them.
func TestInputSchemas(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		tool string
		want string
	}{
		{"listPets", `{"type":"object","required":["X-Request-Id"],"properties":{
			"limit":{"type":"integer","maximum":100,"default":20,"description":"How many pets to return at most."},
			"tags":{"type":"array","items":{"type":"string"},"description":"Only pets with all these tags."},
			"status":{"type":"array","items":{"type":"string","enum":["available","sold"]}},
			"X-Request-Id":{"type":"string"}}}`},
		// readOnly id is not part of a request; the body is required.
		{"createPet", `{"type":"object","required":["body"],"properties":{
			"body":{"type":"object","description":"The pet to add.","required":["name"],"properties":{
				"name":{"type":"string","examples":["Rex"]},
				"tag":{"type":["string","null"]},
				"secret":{"type":"string","writeOnly":true}}}}}`},
		// A path-level parameter, and an optional body.
		{"put_pets_petId", `{"type":"object","required":["petId"],"properties":{
			"petId":{"type":"string","description":"The pet's id."},
			"body":{"type":"object","required":["name"],"properties":{
				"name":{"type":"string","examples":["Rex"]},
				"tag":{"type":["string","null"]},
				"secret":{"type":"string","writeOnly":true}}}}}`},
		// nullable and a boolean exclusiveMinimum, in JSON Schema 2020-12.
		{"get_pets_petId_photo", `{"type":"object","required":["petId"],"properties":{
			"petId":{"type":"integer"},
			"size":{"type":["integer","null"],"exclusiveMinimum":1}}}`},
		// oneOf of two $refs, both inlined; the discriminator is dropped.
		{"draw_shape", `{"type":"object","properties":{"body":{"oneOf":[
			{"type":"object","required":["kind","radius"],"properties":{"kind":{"type":"string","enum":["circle"]},"radius":{"type":"number"}}},
			{"type":"object","required":["kind","side"],"properties":{"kind":{"type":"string","enum":["square"]},"side":{"type":"number"}}}]}}}`},
		{"search", `{"type":"object","properties":{
			"filter":{"type":"object","properties":{"color":{"type":"string"},"size":{"type":"integer"}}},
			"ids":{"type":"array","items":{"type":"integer"}},
			"session":{"type":"string"}}}`},
		{"get_things", `{"type":"object","properties":{}}`},
		{"login", `{"type":"object","required":["body"],"properties":{"body":{"type":"object","properties":{
			"user":{"type":"string"},"scopes":{"type":"array","items":{"type":"string"}}}}}}`},
		{"addNote", `{"type":"object","properties":{"body":{"type":"string"}}}`},
		{"upload", `{"type":"object","properties":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			got := schemaOf(t, toolByName(t, s, tt.tool).InputSchema)
			var want map[string]any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				gotJSON, _ := json.Marshal(got)
				t.Errorf("inputSchema =\n%s\nwant\n%s", gotJSON, tt.want)
			}
		})
	}
}

func TestSchemasKeepDocumentOrder(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		tool   string
		output bool
		order  []string // keys that must appear in this order
	}{
		{"listPets", false, []string{`"limit"`, `"tags"`, `"status"`, `"X-Request-Id"`}},
		{"put_pets_petId", false, []string{`"petId"`, `"body"`, `"name"`, `"tag"`, `"secret"`}},
		{"getPet", true, []string{`"id"`, `"name"`, `"tag"`}},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			tool := toolByName(t, s, tt.tool)
			schema := tool.InputSchema
			if tt.output {
				schema = tool.OutputSchema
			}
			data, err := json.Marshal(schema)
			if err != nil {
				t.Fatal(err)
			}
			at := -1
			for _, key := range tt.order {
				i := strings.Index(string(data), key)
				if i <= at {
					t.Fatalf("%s is not after the keys before it in %s", key, data)
				}
				at = i
			}
		})
	}
}

func TestOutputSchemas(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	tests := []struct {
		tool string
		want string // "" for no outputSchema
	}{
		// writeOnly secret is not part of a response.
		{"getPet", `{"type":"object","required":["id","name"],"properties":{
			"id":{"type":"integer","format":"int64","readOnly":true},
			"name":{"type":"string","examples":["Rex"]},
			"tag":{"type":["string","null"]}}}`},
		{"listPets", `{"type":"object","properties":{
			"items":{"type":"array","items":{"type":"object","required":["id","name"],"properties":{
				"id":{"type":"integer","format":"int64","readOnly":true},
				"name":{"type":"string","examples":["Rex"]},
				"tag":{"type":["string","null"]}}}},
			"next":{"type":"string"}}}`},
		// A recursive schema: inlined once, then referred to under $defs.
		{"getTree", `{"type":"object","properties":{
			"name":{"type":"string"},
			"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},
			"$defs":{"Node":{"type":"object","properties":{
				"name":{"type":"string"},
				"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}}}}}`},
		{"draw_shape", ""},           // an array is not an object schema
		{"search", ""},               // text/plain
		{"get_pets_petId_photo", ""}, // binary
		{"deletePet", ""},            // no content
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			tool := toolByName(t, s, tt.tool)
			if tt.want == "" {
				if tool.OutputSchema != nil {
					t.Fatalf("outputSchema = %s, want none", tool.OutputSchema)
				}
				return
			}
			got := schemaOf(t, tool.OutputSchema)
			var want map[string]any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				gotJSON, _ := json.Marshal(got)
				t.Errorf("outputSchema =\n%s\nwant\n%s", gotJSON, tt.want)
			}
		})
	}
}

// TestNoRefsLeft: every $ref is inlined, except the one a recursive schema
// needs.
func TestNoRefsLeft(t *testing.T) {
	api := newTestAPI(t)
	s := loadPetstore(t, api, nil)
	for _, tool := range s.Tools() {
		for _, schema := range []any{tool.InputSchema, tool.OutputSchema} {
			data, _ := json.Marshal(schema)
			if strings.Contains(string(data), `"$ref"`) && tool.Name != "getTree" {
				t.Errorf("%s has a $ref left: %s", tool.Name, data)
			}
		}
	}
}

// TestWideSharedSchemas: a document whose schemas refer to one another
// many times over would grow exponentially if every $ref were copied in
// place; past a budget, named schemas go under $defs instead.
func TestWideSharedSchemas(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("openapi: 3.0.3\ninfo: {title: wide, version: '1'}\nservers: [{url: 'https://x.example.invalid'}]\n")
	doc.WriteString("paths:\n  /x:\n    get:\n      operationId: getX\n      responses:\n        '200':\n          description: ok\n")
	doc.WriteString("          content: {application/json: {schema: {$ref: '#/components/schemas/S0'}}}\ncomponents:\n  schemas:\n")
	const levels = 30
	for i := range levels {
		if i == levels-1 {
			doc.WriteString("    S" + itoa(i) + ": {type: object, properties: {v: {type: string}}}\n")
			continue
		}
		next := "{$ref: '#/components/schemas/S" + itoa(i+1) + "'}"
		doc.WriteString("    S" + itoa(i) + ": {type: object, properties: {a: " + next + ", b: " + next + "}}\n")
	}
	path := t.TempDir() + "/wide.yaml"
	writeFile(t, path, doc.String())
	s, err := Load(t.Context(), Options{Specs: []string{path}})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(toolByName(t, s, "getX").OutputSchema)
	if len(data) > 1<<20 {
		t.Fatalf("outputSchema is %d bytes", len(data))
	}
	if !strings.Contains(string(data), `"$defs"`) {
		t.Errorf("outputSchema has no $defs: %.300s…", data)
	}
}
