package apiclient

import (
	"context"
	"strings"
	"testing"
)

// Against the mock of an account that kept edge write access, validated by
// ngrok's spec: a TCP edge with its modules is created, read, listed,
// updated (a module replaced, the others left alone), loses a module
// through the module's DELETE, and is deleted.
func TestMockTCPEdgeCRUD(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t)
	mock.SetEdgesWritable(true)
	ctx := context.Background()
	addr := "1.tcp.ngrok.io:20001"
	if _, err := mock.SeedReservedAddr(addr, ""); err != nil {
		t.Fatal(err)
	}
	policy, err := IPPolicies.Create(ctx, c, &IPPolicyCreate{})
	if err != nil {
		t.Fatal(err)
	}
	e, err := TCPEdges.Create(ctx, c, &TCPEdgeCreate{Description: "db", Hostports: []string{addr},
		TrafficPolicy: &EdgeTrafficPolicyMutate{Value: `{"on_tcp_connect":[{"actions":[{"type":"deny"}]}]}`}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.ID, "edgtcp_") || e.URI != c.BaseURL()+"/edges/tcp/"+e.ID || e.Backend != nil ||
		e.TrafficPolicy == nil || !e.TrafficPolicy.Enabled {
		t.Errorf("created %+v", e)
	}
	disabled := false
	u, err := TCPEdges.Update(ctx, c, e.ID, &TCPEdgeUpdate{
		IPRestriction: &EdgeIPRestrictionMutate{Enabled: &disabled, IPPolicyIDs: []string{policy.ID}}})
	if err != nil {
		t.Fatal(err)
	}
	if u.Description != "db" || u.TrafficPolicy == nil || u.IPRestriction == nil || u.IPRestriction.Enabled ||
		len(u.IPRestriction.IPPolicies) != 1 || u.IPRestriction.IPPolicies[0].ID != policy.ID {
		t.Errorf("updated %+v", u)
	}
	if err := DeleteTCPEdgeModule(ctx, c, e.ID, EdgeModuleTrafficPolicy); err != nil {
		t.Fatal(err)
	}
	var listed []*TCPEdge
	for o, err := range TCPEdges.List(ctx, c, nil) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, o)
	}
	if len(listed) != 1 || listed[0].TrafficPolicy != nil || listed[0].IPRestriction == nil {
		t.Errorf("listed %+v", listed)
	}
	if err := TCPEdges.Delete(ctx, c, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := TCPEdges.Get(ctx, c, e.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
}
