package provider

import (
	"context"
	"fmt"
	"strings"
	"syscall"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// An interrupted create says which object the API made and what the next
// apply does with it; when the replay could not tell, it says to look for it.
func TestInterruptedCreateDetail(t *testing.T) {
	t.Parallel()
	made := fmt.Errorf("wrapped: %w", &apiclient.CreateInterruptedError{Method: "POST", Path: "/reserved_domains",
		Err: context.Canceled, ID: "rd_1"})
	unknown := &apiclient.CreateInterruptedError{Method: "POST", Path: "/reserved_domains", Err: context.Canceled,
		ReplayErr: &apiclient.APIError{StatusCode: 503, Method: "POST", Path: "/reserved_domains"}}
	for _, tc := range []struct {
		err            error
		want, unwanted []string
	}{
		{made, []string{"context canceled", "rd_1", "tainted", "terraform untaint"}, []string{"could not learn"}},
		{unknown, []string{"context canceled", "could not learn", "503", "terraform import"}, []string{"tainted"}},
	} {
		d := apiErrorDetail(tc.err)
		for _, w := range tc.want {
			if !strings.Contains(d, w) {
				t.Errorf("detail does not mention %q:\n%s", w, d)
			}
		}
		for _, u := range tc.unwanted {
			if strings.Contains(d, u) {
				t.Errorf("detail mentions %q:\n%s", u, d)
			}
		}
	}
}

// A first request that could not connect names the URL and the setting, and
// says that nothing was created.
func TestUnreachableDetail(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("wrapped: %w", &apiclient.UnreachableError{Method: "POST", Path: "/reserved_domains",
		BaseURL: "http://127.0.0.1:9", Err: syscall.ECONNREFUSED})
	d := apiErrorDetail(err)
	for _, w := range []string{"http://127.0.0.1:9", "connection refused", "api_base_url", envAPIBaseURL, "nothing was created"} {
		if !strings.Contains(d, w) {
			t.Errorf("detail does not mention %q:\n%s", w, d)
		}
	}
	if strings.Contains(d, "may have") {
		t.Errorf("detail suggests the API may have acted:\n%s", d)
	}
}
