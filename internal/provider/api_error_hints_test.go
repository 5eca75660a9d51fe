package provider

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// A code with a hint gets that hint, whatever its status, instead of the
// status's generic one.
func TestAPIErrorCodeHints(t *testing.T) {
	t.Parallel()
	explained := []string{errCodeEndpointNotCloud, errCodeDomainInUse, errCodeEdgesReadOnly, errCodeEdgesUnavailable,
		errCodeEndpointConfigs, errCodeEndpointDomainMissing, errCodeEndpointURLTaken, errCodeUnknownOwner, errCodeIPPolicyInUse,
		errCodeOnlyRuleOfDashboard, errCodeSSHCAHasCertificates, errCodeManagedCertificate}
	if len(apiErrorCodeHints) != len(explained) {
		t.Errorf("%d codes have a hint, want the %d the provider explains", len(apiErrorCodeHints), len(explained))
	}
	for _, code := range explained {
		if _, ok := apiErrorCodeHints[code]; !ok {
			t.Errorf("%s has no hint", code)
		}
	}
	for code, hint := range apiErrorCodeHints {
		if !strings.HasPrefix(code, "ERR_NGROK_") || hint == "" {
			t.Errorf("%q: hint %q", code, hint)
		}
		for _, status := range []int{http.StatusBadRequest, http.StatusForbidden, http.StatusConflict} {
			e := &apiclient.APIError{StatusCode: status, ErrorCode: code, Msg: "refused", OperationID: "op_x"}
			detail := apiErrorDetail(e)
			generic := apiErrorHint(&apiclient.APIError{StatusCode: status})
			if !strings.Contains(detail, code) || !strings.HasSuffix(detail, hint) || strings.Contains(detail, generic) {
				t.Errorf("%s with status %d: detail\n%s\nwant it to end with the code's hint and not carry %q", code, status, detail, generic)
			}
		}
	}
}
