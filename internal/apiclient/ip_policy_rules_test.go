package apiclient

import (
	"context"
	"errors"
	"fmt"
	"sync"
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

// TestIPPolicyRulesRefreshFromLists: the refresh of 1,000 rules of one
// policy (ngrok/ngrok's issue 35: "deployment of many IP policy rules seems
// infeasible with Terraform", the plan alone exceeding 120 requests a
// minute) costs one GET and 10 pages of 100 of the list narrowed to the
// policy, read by ten Gets at a time as Terraform's refresh sends them, in
// an order spread over the list's pages; even behind 1,000 newer rules of
// another policy, which the whole list would show first.
func TestIPPolicyRulesRefreshFromLists(t *testing.T) {
	t.Parallel()
	const n, readers = 1000, 10
	m := newSnapMock(t)
	ctx := context.Background()
	policy, rules := createRules(t, m.setup, n, 10)
	createRules(t, m.setup, n, 11)
	m.server.ClearJournal()
	filter := `obj.ip_policy.id == "` + policy.ID + `"`

	c := m.client(t)
	// NOTE: 379 is prime to 1,000: position k reads rule 379k mod 1,000, so
	// that the first Gets wait on different pages, neither all on the first
	// (the list's newest) nor all on the last.
	next := make(chan *IPPolicyRule, n)
	for k := range n {
		next <- rules[k*379%n]
	}
	close(next)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for want := range next {
				got, err := IPPolicyRules.GetIn(ctx, c, want.ID, filter)
				if err != nil {
					errs <- err
					continue
				}
				if *got != *want {
					errs <- fmt.Errorf("got %+v, want %+v", got, want)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	const routeList, routeGet = "GET /ip_policy_rules", "GET /ip_policy_rules/{id}"
	got := m.requests()
	total := 0
	for _, c := range got {
		total += c
	}
	if got[routeList] != n/MaxPageLimit || got[routeGet] != 1 || total != n/MaxPageLimit+1 {
		t.Errorf("requests = %v, want %d pages of %s and 1 %s", got, n/MaxPageLimit, routeList, routeGet)
	}
}

// createRules creates a policy with n rules, each a /24 of firstOctet.0.0.0/8.
func createRules(t *testing.T, c *Client, n, firstOctet int) (*IPPolicy, []*IPPolicyRule) {
	t.Helper()
	ctx := context.Background()
	policy, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{Description: fmt.Sprintf("%d rules", n)})
	if err != nil {
		t.Fatal(err)
	}
	rules := make([]*IPPolicyRule, n)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	sem := make(chan struct{}, 16)
	for i := range rules {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r, err := IPPolicyRules.Create(ctx, c, &IPPolicyRuleCreate{
				IPPolicyID: policy.ID, CIDR: fmt.Sprintf("%d.%d.%d.0/24", firstOctet, i/256, i%256), Action: "allow"})
			if err != nil {
				errs <- err
				return
			}
			rules[i] = r
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	return policy, rules
}
