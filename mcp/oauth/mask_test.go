package oauth

import (
	"errors"
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
