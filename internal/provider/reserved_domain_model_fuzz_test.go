package provider

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// FuzzReservedDomainName checks the reading of a domain name, which is
// also an import ID (terraform import ngrok_reserved_domain.x
// app.example.com): the provider accepts exactly the names the mock (the
// API's stand-in) accepts, and normalises them to the same name; its
// normal form is accepted and normal; spellings compare equal exactly when
// they normalise alike, symmetrically. Seeds: the examples' domains and
// import IDs.
func FuzzReservedDomainName(f *testing.F) {
	seeds := append(exampleAttributeValues(f, "domain"), exampleImportIDs(f)...)
	seeds = append(seeds, "App.Example.COM.", "*.tenants.example.com", "ngrok.app", "myapp.NGROK.app", "a.*.example.com",
		"1.2.3.4", "-a.example.com", "a..example.com", "", ".", "*.", "é.example.com")
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		err := checkDomainName(a)
		mock, mockErr := mockserver.NormalizeReservedDomain(a)
		if (err == nil) != (mockErr == nil) {
			t.Fatalf("%q: the provider says %v, the mock says %v", a, err, mockErr)
		}
		norm := normalizeDomainName(a)
		if err == nil {
			if norm != mock {
				t.Fatalf("%q: the provider normalises to %q, the mock to %q", a, norm, mock)
			}
			if err := checkDomainName(norm); err != nil || normalizeDomainName(norm) != norm {
				t.Fatalf("%q normalises to %q, which is not a normal, valid name (%v)", a, norm, err)
			}
			if strings.HasPrefix(a, reservedDomainIDPrefix) {
				t.Fatalf("%q is both a domain name and an ID", a)
			}
		}
		if utf8.ValidString(a) && err != nil && !utf8.ValidString(err.Error()) {
			t.Fatalf("%q: the error is not UTF-8: %q", a, err)
		}
		ab, ba := equivalentDomainNames(a, b), equivalentDomainNames(b, a)
		if ab != ba || ab != (norm == normalizeDomainName(b)) {
			t.Fatalf("equivalentDomainNames(%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
	})
}
