package provider

import (
	"context"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/path"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// FuzzEndpointURL checks the provider's reading of endpoint URLs against
// itself and against the mock's, which stands for the API: the provider
// accepts exactly the URLs the mock accepts and normalises each to the same
// text; normalising is idempotent; equality is reflexive and symmetric and
// holds between a URL and its normal form; the plan-time validation agrees,
// in diagnostics Terraform can carry.
func FuzzEndpointURL(f *testing.F) {
	seeds := append(exampleAttributeValues(f, "url"),
		"https://App.Example.com:443/", "HTTPS://app.example.com:8443", "http://api.internal:80", "tls://db.example.com:443",
		"tcp://1.tcp.ngrok.io:12345", "https://*.example.com", "http://web.default-namespace", "https://[::1]",
		"https://app.example.com.", "http://%zz", "https://u:p@app.example.com", "tcp://db.internal", "https://app.example.com:",
		"https://app.example.com:0080", "https://%41pp.example.com", "https://app.example.com/?", "https:app.example.com",
	)
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		u, err := parseEndpointURL(a)
		mock, mockErr := mockserver.NormalizeEndpointURL(a)
		if (err == nil) != (mockErr == nil) {
			t.Fatalf("%q: the provider says %v, the mock says %v", a, err, mockErr)
		}
		if err == nil {
			if u.String() != mock {
				t.Fatalf("%q: the provider normalises to %q, the mock to %q", a, u.String(), mock)
			}
			again, err := parseEndpointURL(u.String())
			if err != nil || again != u {
				t.Fatalf("not idempotent: %q -> %q -> %q (%v)", a, u.String(), again.String(), err)
			}
			if !equivalentEndpointURLs(a, u.String()) {
				t.Fatalf("%q is not equivalent to its normal form %q", a, u.String())
			}
			if u.port < 1 || u.port > 65535 || u.host == "" {
				t.Fatalf("%q: parsed to %#v", a, u)
			}
		}
		if !equivalentEndpointURLs(a, a) {
			t.Fatalf("%q is not equivalent to itself", a)
		}
		if ab, ba := equivalentEndpointURLs(a, b), equivalentEndpointURLs(b, a); ab != ba {
			t.Fatalf("equivalence is not symmetric: (%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		resp := &xattr.ValidateAttributeResponse{}
		newEndpointURLValue(a).ValidateAttribute(context.Background(), xattr.ValidateAttributeRequest{Path: path.Root("url")}, resp)
		if resp.Diagnostics.HasError() != (err != nil) {
			t.Fatalf("validation of %q: error %v, but parsing says %v", a, resp.Diagnostics.HasError(), err)
		}
		if utf8.ValidString(a) {
			checkDiagnosticsUTF8(t, a, resp.Diagnostics)
		}
	})
}
