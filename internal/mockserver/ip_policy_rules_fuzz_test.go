package mockserver

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

// FuzzCanonicalCIDR checks the cidr of IP policy rules: a refusal is one of
// the real API's three codes, and only for a string that is not a masked
// prefix; an accepted cidr names the same prefix, in a form that is its own
// canonical form and lower case.
func FuzzCanonicalCIDR(f *testing.F) {
	for _, s := range []string{"10.0.0.0/8", "10.0.0.1/8", "10.0.0.1", "2001:DB8::/32", "2001:0db8::1/128", "::ffff:1.2.3.0/120",
		"fe80::%eth0/64", "010.0.0.0/8", "0.0.0.0/0", "::/0", "1.2.3.4/33", "/8", ""} {
		f.Add(s)
	}
	codes := []string{errIPRuleCIDR.code, errIPRuleHostBits.code, errIPRuleNoMask.code}
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := canonicalCIDR(raw)
		p, perr := netip.ParsePrefix(raw)
		if err != nil {
			if !slices.Contains(codes, err.code) {
				t.Fatalf("%q refused with %s", raw, err.code)
			}
			if perr == nil && p.Masked() == p {
				t.Fatalf("%q is a masked prefix, refused: %v", raw, err)
			}
			return
		}
		if perr != nil || p.Masked() != p {
			t.Fatalf("%q accepted as %q, but is not a masked prefix (%v)", raw, got, perr)
		}
		if back, err := netip.ParsePrefix(got); err != nil || back != p {
			t.Fatalf("%q became %q, another prefix (%v)", raw, got, err)
		}
		if again, err := canonicalCIDR(got); err != nil || again != got {
			t.Fatalf("the canonical %q is not its own canonical form: %q, %v", got, again, err)
		}
		if got != strings.ToLower(got) {
			t.Fatalf("the canonical %q is not lower case", got)
		}
	})
}
