package oauth

import (
	"errors"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	tests := []struct {
		name, contentType, in string
		hidden, kept          []string
	}{
		{"token request", "application/x-www-form-urlencoded",
			"grant_type=authorization_code&code=CODE123&code_verifier=VERIFIER1&client_id=app&client_secret=SECRET1&resource=https%3A%2F%2Fa",
			[]string{"CODE123", "VERIFIER1", "SECRET1"}, []string{"grant_type=authorization_code", "client_id=app", "resource="}},
		{"refresh request", "application/x-www-form-urlencoded; charset=utf-8",
			"grant_type=refresh_token&refresh_token=RT123456", []string{"RT123456"}, []string{"refresh_token"}},
		{"token response", "application/json",
			`{"access_token":"AT123456","token_type":"Bearer","expires_in":3600,"refresh_token":"RT123456","scope":"a b"}`,
			[]string{"AT123456", "RT123456"}, []string{`"token_type":"Bearer"`, `"expires_in":3600`, `"scope":"a b"`}},
		{"registration response", "application/json",
			`{"client_id":"dyn-1","client_secret":"CS123456","registration_access_token":"RAT12345"}`,
			[]string{"CS123456", "RAT12345"}, []string{`"client_id":"dyn-1"`}},
		{"other JSON left alone", "application/json", `{"jsonrpc":"2.0","id":1}`, nil, []string{`{"jsonrpc":"2.0","id":1}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := string(RedactBody(tt.contentType, []byte(tt.in)))
			for _, h := range tt.hidden {
				if strings.Contains(out, h) {
					t.Errorf("%q still shows %q", out, h)
				}
			}
			for _, k := range tt.kept {
				if !strings.Contains(out, k) {
					t.Errorf("%q lost %q", out, k)
				}
			}
		})
	}
	if got := RedactHeader("authorization", "Bearer AT123456"); got != "Bearer "+masked {
		t.Errorf("RedactHeader = %q", got)
	}
	if got := RedactHeader("Accept", "application/json"); got != "application/json" {
		t.Errorf("RedactHeader changed Accept: %q", got)
	}
	if got := RedactURL("http://127.0.0.1:5555/callback?code=CODE123&state=s1"); strings.Contains(got, "CODE123") || !strings.Contains(got, "state=s1") {
		t.Errorf("RedactURL = %q", got)
	}
}

func TestMaskedErrorUnwraps(t *testing.T) {
	cause := errors.New("bad secret hunter22")
	err := maskError(cause, []string{"hunter22"})
	if strings.Contains(err.Error(), "hunter22") || !errors.Is(err, cause) {
		t.Errorf("masked error %q (Is cause: %v)", err, errors.Is(err, cause))
	}
}
