package apiclient

import (
	"context"
	"testing"
)

// The client reads an edge with its routes and the modules set on them, the
// edges' list, and tunnel-group backends, through the spec-validated mock.
func TestMockHTTPSEdgesRead(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	ctx := context.Background()
	if _, err := m.client.ReplaceHTTPSEdgeRouteBackend(ctx, m.edge, m.route, &HTTPSEdgeRouteBackendReplace{BackendID: m.backend}); err != nil {
		t.Fatal(err)
	}
	e, err := m.client.GetHTTPSEdge(ctx, m.edge)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Routes) != 1 || e.Routes[0].ID != m.route || e.Routes[0].Backend == nil ||
		e.Routes[0].Backend.Backend.ID != m.backend || e.Routes[0].OIDC != nil {
		t.Errorf("edge %+v", e)
	}
	var ids []string
	for e, err := range m.client.ListHTTPSEdges(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, e.ID)
	}
	if len(ids) != 1 || ids[0] != m.edge {
		t.Errorf("list %v, want [%s]", ids, m.edge)
	}
	var backends []string
	for b, err := range m.client.ListTunnelGroupBackends(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		backends = append(backends, b.ID)
	}
	if len(backends) != 1 || backends[0] != m.backend {
		t.Errorf("backends %v, want [%s]", backends, m.backend)
	}
	b, err := m.client.GetTunnelGroupBackend(ctx, m.backend)
	if err != nil || b.ID != m.backend {
		t.Errorf("backend %+v, %v", b, err)
	}
	if _, err := m.client.GetHTTPSEdge(ctx, ""); err == nil {
		t.Error("an empty ID was sent")
	}
}
