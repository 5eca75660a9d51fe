package provider

import (
	"net/http"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
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

// Every code with a hint means what the hint explains: ngrok's error
// reference documents it with a message that says so (a phrase of it
// here), so that no hint is keyed on a code ngrok gives another meaning.
func TestAPIErrorCodeHintsMatchNgrokReference(t *testing.T) {
	t.Parallel()
	meaning := map[string]string{
		errCodeEndpointNotCloud:      "we only support creation of cloud endpoints",
		errCodeDomainInUse:           "could not be deleted because it is still referenced by an edge or cloud endpoint",
		errCodeIPPolicyInUse:         "because it is referenced by one or more IP Restrictions",
		errCodeOnlyRuleOfDashboard:   "Cannot delete only rule ({RULEID}) in use by dashboard IP Restriction",
		errCodeSSHCAHasCertificates:  "because an SSH certificate signed by it exists",
		errCodeManagedCertificate:    "could not be deleted because it has an attached Managed Certificate Policy",
		errCodeEdgesReadOnly:         "Your account has read-only access to Edges",
		errCodeEdgesUnavailable:      "Edges are deprecated and no longer available",
		errCodeEndpointConfigs:       "Endpoint Configurations are deprecated",
		errCodeEndpointDomainMissing: "does not have any domains or addresses reserved that match the provided URL",
		errCodeEndpointURLTaken:      "already has a cloud endpoint on this URL",
		errCodeUnknownOwner:          "No credential owner could be determined",
	}
	for code := range apiErrorCodeHints {
		phrase, ok := meaning[code]
		if !ok {
			t.Errorf("%s has a hint but no phrase of ngrok's meaning here", code)
			continue
		}
		msg, ok := ngrokerrors.Message(code)
		if !ok {
			t.Errorf("%s is not in ngrok's error reference (third_party/ngrok-errors)", code)
			continue
		}
		if !strings.Contains(msg, phrase) {
			t.Errorf("%s: ngrok's message %q does not say %q", code, msg, phrase)
		}
	}
	for code := range meaning {
		if _, ok := apiErrorCodeHints[code]; !ok {
			t.Errorf("%s has a meaning here but no hint", code)
		}
	}
}
