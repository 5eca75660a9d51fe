package apiclient

import (
	"context"
	"errors"
	"testing"
)

// Against the mock: a rule belongs to its policy (a Ref on the wire), its
// CIDR changes in place, and a list filtered on obj.ip_policy.id holds the
// rules of one policy.
func TestMockIPPolicyRuleCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	a, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := IPPolicyRules.Create(ctx, c, &IPPolicyRuleCreate{IPPolicyID: a.ID, CIDR: "2001:DB8::/32", Action: "deny"})
	if err != nil {
		t.Fatal(err)
	}
	if r.IPPolicy.ID != a.ID || r.IPPolicy.URI != a.URI || r.Action != "deny" || r.CIDR != "2001:db8::/32" {
		t.Errorf("created %+v", r)
	}
	if _, err := IPPolicyRules.Create(ctx, c, &IPPolicyRuleCreate{IPPolicyID: b.ID, CIDR: "10.0.0.0/8", Action: "allow"}); err != nil {
		t.Fatal(err)
	}
	cidr := "2001:db8:1::/48"
	u, err := IPPolicyRules.Update(ctx, c, r.ID, &IPPolicyRuleUpdate{CIDR: &cidr})
	if err != nil || u.CIDR != cidr || u.ID != r.ID || u.Action != "deny" {
		t.Errorf("update = %+v, %v", u, err)
	}
	var ofA []string
	for o, err := range IPPolicyRules.List(ctx, c, &ListOptions{Filter: `obj.ip_policy.id == "` + a.ID + `"`}) {
		if err != nil {
			t.Fatal(err)
		}
		ofA = append(ofA, o.ID)
	}
	if len(ofA) != 1 || ofA[0] != r.ID {
		t.Errorf("rules of %s: %v", a.ID, ofA)
	}
	_, err = IPPolicyRules.Create(ctx, c, &IPPolicyRuleCreate{IPPolicyID: a.ID, CIDR: "10.1.2.3/8", Action: "allow"})
	if e, ok := errors.AsType[*APIError](err); !ok || e.ErrorCode != "ERR_NGROK_1409" {
		t.Errorf("host bits: %v", err)
	}
	if err := IPPolicyRules.Delete(ctx, c, r.ID); err != nil {
		t.Fatal(err)
	}
}
