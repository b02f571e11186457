package cli

import (
	"errors"
	"slices"
	"testing"
)

func TestToolAndPairs(t *testing.T) {
	noTool := errors.New("no tool")
	tests := []struct {
		rest      []string
		tool      string
		pairs     []string
		wantErr   error  // a given error
		wantUsage string // or a usage error saying this
	}{
		{rest: []string{"echo"}, tool: "echo", pairs: []string{}},
		{rest: []string{"echo", "a=1", "b="}, tool: "echo", pairs: []string{"a=1", "b="}},
		{rest: nil, wantErr: noTool},
		{rest: []string{"echo", "a=1", "Paris"}, wantUsage: `"Paris" is not key=value`},
	}
	for _, tt := range tests {
		tool, pairs, err := toolAndPairs(tt.rest, noTool)
		switch {
		case tt.wantErr != nil:
			if err != tt.wantErr {
				t.Errorf("%q: error %v, want %v", tt.rest, err, tt.wantErr)
			}
		case tt.wantUsage != "":
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != ExitUsage || err.Error() != tt.wantUsage {
				t.Errorf("%q: error %v, want the usage error %q", tt.rest, err, tt.wantUsage)
			}
		case err != nil || tool != tt.tool || !slices.Equal(pairs, tt.pairs):
			t.Errorf("%q: %q %q %v; want %q %q", tt.rest, tool, pairs, err, tt.tool, tt.pairs)
		}
	}
}
