package apiclient

import (
	"context"
	"strings"
	"testing"
)

// Against the mock, whose wire structs are its own: the declared collection
// creates, reads, lists with a filter, updates (clearing with "") and
// deletes an IP policy.
func TestMockIPPolicyCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()

	p, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{Description: "office", Metadata: `{"team":"net"}`})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(p.ID, "ipp_") || p.URI != c.BaseURL()+"/ip_policies/"+p.ID || p.CreatedAt == "" || p.Description != "office" {
		t.Errorf("created %+v", p)
	}
	if _, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{Description: "vpn"}); err != nil {
		t.Fatal(err)
	}
	got, err := IPPolicies.Get(ctx, c, p.ID)
	if err != nil || *got != *p {
		t.Errorf("get = %+v, %v; want %+v", got, err, p)
	}
	var listed []string
	for o, err := range IPPolicies.List(ctx, c, &ListOptions{Filter: `obj.description == "office"`}) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, o.ID)
	}
	if len(listed) != 1 || listed[0] != p.ID {
		t.Errorf("filtered list = %v", listed)
	}
	empty := ""
	u, err := IPPolicies.Update(ctx, c, p.ID, &IPPolicyUpdate{Metadata: &empty})
	if err != nil || u.Metadata != "" || u.Description != "office" {
		t.Errorf("update = %+v, %v", u, err)
	}
	if err := IPPolicies.Delete(ctx, c, p.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := IPPolicies.Get(ctx, c, p.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
	if err := IPPolicies.Delete(ctx, c, p.ID); !IsNotFound(err) {
		t.Errorf("second delete: %v", err)
	}
}
