package provider

import (
	"strings"
	"testing"
)

// FuzzEquivalentPEM checks the comparison of PEM chains: reflexive,
// symmetric, and true for a chain and its canonical layout, with CRLF line
// endings, or with spaces around its lines; canonicalPEM is idempotent.
// The key and chain parsers never panic, and their errors never quote the
// text they were given. Seeds: a certificate and key made for the test.
func FuzzEquivalentPEM(f *testing.F) {
	cert, key := testTLSCertificate(f, "fuzz.example.com")
	for _, s := range []string{cert, key, cert + cert, strings.ReplaceAll(cert, "\n", "\r\n"), "  " + cert, "-----BEGIN X-----\n-----END X-----\n", "", "x"} {
		f.Add(s, cert)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !equivalentPEM(a, a) {
			t.Fatalf("%q is not equivalent to itself", a)
		}
		if equivalentPEM(a, b) != equivalentPEM(b, a) {
			t.Fatalf("not symmetric: %q, %q", a, b)
		}
		if pemBlocks(a) != nil {
			c := canonicalPEM(a)
			if !equivalentPEM(a, c) || canonicalPEM(c) != c {
				t.Fatalf("canonicalPEM(%q) = %q: not equivalent, or not idempotent", a, c)
			}
			for _, variant := range []string{strings.ReplaceAll(c, "\n", "\r\n"), strings.ReplaceAll(c, "\n", " \n  ")} {
				if !equivalentPEM(a, variant) {
					t.Fatalf("%q is not equivalent to its variant %q", a, variant)
				}
			}
		}
		for _, err := range []error{errOf(parsePrivateKeyPEM(a)), errOf(parseCertificateChain(a))} {
			if err != nil && len(a) >= 8 && strings.Contains(err.Error(), a) {
				t.Fatalf("the error quotes the input: %v", err)
			}
		}
	})
}

func errOf[T any](_ T, err error) error { return err }
