package provider

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// isID and idValidator are one rule: the prefix, then base-62 characters.
func TestIDRule(t *testing.T) {
	t.Parallel()
	v := idValidator(reservedDomainIDPrefix, "a reserved domain")
	for id, ok := range map[string]bool{
		"rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam": true,
		"rd_1":                           true,
		"rd_":                            false,
		"rd_a-b":                         false,
		"rd_a/b":                         false,
		" rd_1":                          false,
		"RD_1":                           false,
		"sshca_1":                        false,
		"app.example.com":                false,
		"":                               false,
	} {
		if got := isID(reservedDomainIDPrefix, id); got != ok {
			t.Errorf("isID(%q) = %v, want %v", id, got, ok)
		}
		want := ""
		if !ok {
			want = "must be the ID of a reserved domain, starting with rd_, such as rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		}
		checkValidation(t, id, validateString(v, types.StringValue(id)), want)
	}
	for _, prefix := range []string{reservedDomainIDPrefix, endpointIDPrefix, httpsEdgeIDPrefix, httpsEdgeRouteIDPrefix} {
		if ex := exampleID(prefix); !isID(prefix, ex) {
			t.Errorf("exampleID(%q) = %q is not an ID of its prefix", prefix, ex)
		}
	}
}
