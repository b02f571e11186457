package mcp

import (
	"encoding/json"
	"errors"
	"mcpbrowser/mcp/say"
	"reflect"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	segjson "github.com/segmentio/encoding/json"

	"mcpbrowser/mcp/transport"
)

// LayerInvalidReply is a call the server answered with a reply the app
// cannot read (a result of the wrong shape, nested too deep): that call
// fails, the session goes on.
const LayerInvalidReply ErrorLayer = "invalid reply"

// invalidReply says, in plain words, why a reply to method could not be
// read, when err is that kind of failure: "the server's reply to tools/call
// was not valid: content must be a list". Such a failure is either the SDK's
// (it could not decode the result into its type) or the app's own (the stdout
// filter answered in the server's place a reply the SDK could not have read
// at all, such as one nested too deep).
func invalidReply(method string, err error) (say.Msg, bool) {
	why, ok := replyDecodeProblem(err)
	if rpc := (*jsonrpc.Error)(nil); errors.As(err, &rpc) {
		// An error reply: the server's own words, unless the app made it.
		why, ok = rpc.Message, transport.IsMadeInvalidReply(rpc)
	}
	if !ok {
		return say.Msg{}, false
	}
	return say.New("the server's reply to {{.Method}} was not valid: {{.Why}}", say.Args{"Method": method, "Why": why}), true
}

func replyDecodeProblem(err error) (string, bool) {
	var te *json.UnmarshalTypeError
	var ste *segjson.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return fieldMust(te.Field, te.Type), true
	case errors.As(err, &ste):
		return fieldMust(ste.Field, ste.Type), true
	case errors.As(err, &se):
		return "it is not valid JSON (" + se.Error() + ")", true
	case err != nil && strings.Contains(err.Error(), "exceeded max depth"):
		return "it is nested deeper than the 1000 levels the app can read", true
	case err != nil && strings.Contains(err.Error(), "cannot unmarshal"):
		return "a field has the wrong type", true
	}
	return "", false
}

// fieldMust is "content must be a list" for the innermost JSON field named.
func fieldMust(field string, t reflect.Type) string {
	if i := strings.LastIndexByte(field, '.'); i >= 0 {
		field = field[i+1:]
	}
	if field == "" {
		field = "the result"
	}
	kind := "of another type"
	if t != nil {
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			kind = "a list"
		case reflect.Struct, reflect.Map, reflect.Pointer, reflect.Interface:
			kind = "an object"
		case reflect.String:
			kind = "a string"
		case reflect.Bool:
			kind = "true or false"
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
			reflect.Float32, reflect.Float64:
			kind = "a number"
		}
	}
	return field + " must be " + kind
}
