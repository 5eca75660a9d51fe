package apiclient

import (
	"context"
	"testing"
)

// An HTTPS edge and a route are created, changed and deleted through the
// spec-validated mock; an update leaves the route's modules and the edge's
// modules as they are, and the module DELETEs remove the edge's.
func TestMockHTTPSEdgeWrites(t *testing.T) {
	t.Parallel()
	m := newEdgeMock(t)
	m.server.SetEdgesWritable(true)
	ctx := context.Background()
	if _, err := m.client.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "app.example.com"}); err != nil {
		t.Fatal(err)
	}
	v := "1.3"
	e, err := HTTPSEdges.Create(ctx, m.client, &HTTPSEdgeCreate{Description: "app", Hostports: []string{"app.example.com:443"},
		TLSTermination: &HTTPSEdgeTLSTerminationMutate{MinVersion: &v}})
	if err != nil {
		t.Fatal(err)
	}
	if e.TLSTermination == nil || e.TLSTermination.MinVersion == nil || *e.TLSTermination.MinVersion != "1.3" || e.MutualTLS != nil {
		t.Errorf("created %+v", e)
	}
	desc := ""
	e, err = HTTPSEdges.Update(ctx, m.client, e.ID, &HTTPSEdgeUpdate{Description: &desc})
	if err != nil || e.Description != "" || e.TLSTermination == nil || len(e.Hostports) != 1 {
		t.Fatalf("updated %+v, %v", e, err)
	}
	if err := m.client.DeleteHTTPSEdgeTLSTermination(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if err := m.client.DeleteHTTPSEdgeMutualTLS(ctx, e.ID); err != nil {
		t.Fatal(err)
	}
	if e, err = HTTPSEdges.Get(ctx, m.client, e.ID); err != nil || e.TLSTermination != nil {
		t.Errorf("after the module DELETE: %+v, %v", e, err)
	}

	r, err := m.client.CreateHTTPSEdgeRoute(ctx, e.ID, &HTTPSEdgeRouteCreate{EdgeID: e.ID, MatchType: "path_prefix", Match: "/", Description: "all"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.client.ReplaceHTTPSEdgeRouteBackend(ctx, e.ID, r.ID, &HTTPSEdgeRouteBackendReplace{BackendID: m.backend}); err != nil {
		t.Fatal(err)
	}
	match := "/app"
	r, err = m.client.UpdateHTTPSEdgeRoute(ctx, e.ID, r.ID, &HTTPSEdgeRouteUpdate{Match: &match, Description: &desc})
	if err != nil || r.Match != "/app" || r.Description != "" || r.Backend == nil {
		t.Fatalf("updated route %+v, %v", r, err)
	}
	if got, err := m.client.GetHTTPSEdgeRoute(ctx, e.ID, r.ID); err != nil || got.ID != r.ID {
		t.Errorf("read route %+v, %v", got, err)
	}
	if err := m.client.DeleteHTTPSEdgeRoute(ctx, e.ID, r.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := m.client.GetHTTPSEdgeRoute(ctx, e.ID, r.ID); !IsNotFound(err) {
		t.Errorf("read of a deleted route: %v", err)
	}
	if err := HTTPSEdges.Delete(ctx, m.client, e.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := m.client.GetHTTPSEdgeRoute(ctx, e.ID, ""); err == nil {
		t.Error("an empty route ID was sent")
	}
}
