package apiclient

import (
	"context"
	"strings"
	"testing"
)

func TestMockIPRestrictionCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	p, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	x, err := IPRestrictions.Create(ctx, c, &IPRestrictionCreate{Type: "dashboard", IPPolicyIDs: []string{p.ID}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(x.ID, "ipx_") || x.Type != "dashboard" || x.Enforced || len(x.IPPolicies) != 1 || x.IPPolicies[0].ID != p.ID {
		t.Errorf("created %+v", x)
	}
	on := true
	if got, err := IPRestrictions.Update(ctx, c, x.ID, &IPRestrictionUpdate{Enforced: &on}); err != nil || !got.Enforced {
		t.Errorf("update = %+v, %v", got, err)
	}
	if _, err := IPRestrictions.Create(ctx, c, &IPRestrictionCreate{Type: "dashboard", IPPolicyIDs: []string{p.ID}}); errorCode(err) != "ERR_NGROK_1802" {
		t.Errorf("a second dashboard restriction: %v", err)
	}
}
