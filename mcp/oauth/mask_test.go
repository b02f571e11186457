package oauth

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestMaskedErrorUnwraps(t *testing.T) {
	cause := errors.New("bad secret hunter22")
	err := maskError(cause, []string{"hunter22"})
	if strings.Contains(err.Error(), "hunter22") || !errors.Is(err, cause) {
		t.Errorf("masked error %q (Is cause: %v)", err, errors.Is(err, cause))
	}
}

func TestSignInFailure(t *testing.T) {
	signIn := maskError(fmt.Errorf("signing in to http://x/mcp: %w", errors.New("refused with hunter22")), []string{"hunter22"})
	tests := []struct {
		name   string
		err    error
		want   string
		wantOK bool
	}{
		{"as returned", signIn, "signing in to http://x/mcp: refused with ****", true},
		// The SDK's transport wraps with several %w at once.
		{"wrapped by the transport", fmt.Errorf("calling %q: %w", "initialize",
			fmt.Errorf("sending: %w: %w", errors.New("rejected by transport"), signIn)), "signing in to http://x/mcp: refused with ****", true},
		{"not a sign-in", errors.New("x509: certificate signed by unknown authority"), "", false},
		{"nil", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, ok := SignInFailure(tt.err)
			if msg != tt.want || ok != tt.wantOK {
				t.Errorf("SignInFailure = %q, %v; want %q, %v", msg, ok, tt.want, tt.wantOK)
			}
		})
	}
}
