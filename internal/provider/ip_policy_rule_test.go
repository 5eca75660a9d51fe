package provider

import (
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestParseRuleCIDR(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"10.0.0.0/8":        "10.0.0.0/8",
		"198.51.100.7/32":   "198.51.100.7/32",
		"0.0.0.0/0":         "0.0.0.0/0",
		"2001:DB8::/32":     "2001:db8::/32",
		"2001:db8:0:0::/64": "2001:db8::/64",
		"::1/128":           "::1/128",
	} {
		p, err := parseRuleCIDR(in)
		if err != nil || p.String() != want {
			t.Errorf("parseRuleCIDR(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for in, wantErr := range map[string]string{
		"10.1.2.3/8":          "did you mean 10.0.0.0/8?",
		"2001:db8::1/32":      "did you mean 2001:db8::/32?",
		"10.0.0.0/33":         "expected an IP range",
		"example.com":         "CIDR notation",
		"198.51.100.7":        "did you mean 198.51.100.7/32?",
		"":                    "without spaces",
		" 10.0.0.0/8":         "without spaces",
		"fe80::1%eth0":        "did you mean fe80::1/128?",
		"::ffff:10.0.0.0/104": "IPv4 notation (10.0.0.0/8)",
	} {
		if _, err := parseRuleCIDR(in); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("parseRuleCIDR(%q) = %v, want an error with %q", in, err, wantErr)
		}
	}
}

func TestEquivalentCIDRs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"10.0.0.0/8", "10.0.0.0/8", true},
		{"198.51.100.7", "198.51.100.7/32", false}, // NOTE: the first is refused
		{"2001:db8:0:0::/64", "2001:db8::/64", true},
		{"2001:DB8::/32", "2001:db8::/32", true},
		{"10.0.0.0/8", "10.0.0.0/16", false},
		{"10.1.2.3/8", "10.0.0.0/8", false}, // NOTE: the first is refused, so never equal
		{"::1/128", "0.0.0.1/32", false},
	} {
		if got := equivalentCIDRs(c.a, c.b); got != c.want {
			t.Errorf("equivalentCIDRs(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

func TestIPPolicyRuleModel(t *testing.T) {
	t.Parallel()
	m, err := ipPolicyRuleModelFromAPI(&apiclient.IPPolicyRule{
		ID: "ipr_1", URI: "u", CreatedAt: "t", Description: "office", Metadata: "{}", CIDR: "10.0.0.0/8",
		IPPolicy: apiclient.Ref{ID: "ipp_1", URI: "p"}, Action: "deny",
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.IPPolicyID.ValueString() != "ipp_1" || m.CIDR.ValueString() != "10.0.0.0/8" || m.Action.ValueString() != "deny" {
		t.Errorf("model %+v", m)
	}
	c := m.toCreate()
	if *c != (apiclient.IPPolicyRuleCreate{Description: "office", Metadata: "{}", CIDR: "10.0.0.0/8", IPPolicyID: "ipp_1", Action: "deny"}) {
		t.Errorf("create %+v", c)
	}
	u := m.toUpdate()
	if *u.Description != "office" || *u.Metadata != "{}" || *u.CIDR != "10.0.0.0/8" {
		t.Errorf("update %+v", u)
	}
}
