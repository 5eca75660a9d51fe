package provider

import (
	"strings"
	"testing"
)

// FuzzParseRuleCIDR checks the reading of a rule's CIDR: a CIDR it accepts
// is a masked prefix that reads back as itself from its canonical form,
// and equivalentCIDRs is reflexive, symmetric and true exactly for two
// accepted spellings of one prefix; a refusal that suggests a CIDR
// suggests one it accepts. Seeds: the examples' CIDRs and the unit tests'.
func FuzzParseRuleCIDR(f *testing.F) {
	seeds := append(exampleAttributeValues(f, "cidr"), "10.0.0.0/8", "10.1.2.3/8", "198.51.100.7", "2001:DB8::/32",
		"2001:db8:0:0::/64", "fe80::1%eth0", "::ffff:10.0.0.0/104", "0.0.0.0/0", "::/0", " 10.0.0.0/8", "10.0.0.0/33", "")
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		pa, errA := parseRuleCIDR(a)
		if errA == nil {
			if pa != pa.Masked() || !pa.IsValid() {
				t.Fatalf("accepted %q as %v, not a masked prefix", a, pa)
			}
			if again, err := parseRuleCIDR(pa.String()); err != nil || again != pa {
				t.Fatalf("%q reads as %v, whose canonical form %q reads as %v, %v", a, pa, pa.String(), again, err)
			}
			if !equivalentCIDRs(a, a) {
				t.Fatalf("%q is not equivalent to itself", a)
			}
		} else if _, suggestion, ok := strings.Cut(errA.Error(), "did you mean "); ok {
			s := strings.TrimSuffix(suggestion, "?")
			if _, err := parseRuleCIDR(s); err != nil {
				t.Fatalf("%q suggests %q, which is refused: %v", a, s, err)
			}
		}
		pb, errB := parseRuleCIDR(b)
		ab := equivalentCIDRs(a, b)
		if ab != equivalentCIDRs(b, a) {
			t.Fatalf("not symmetric: %q, %q", a, b)
		}
		if want := a == b || errA == nil && errB == nil && pa == pb; ab != want {
			t.Fatalf("equivalentCIDRs(%q, %q) = %v, prefixes %v (%v) and %v (%v)", a, b, ab, pa, errA, pb, errB)
		}
	})
}
