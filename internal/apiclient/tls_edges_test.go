package apiclient

import (
	"context"
	"strings"
	"testing"
)

// A TLS edge's own modules, mutual TLS and TLS termination, go and come
// back in ngrok's spec's shapes; edges that are not writable refuse a create.
func TestMockTLSEdgeCRUD(t *testing.T) {
	t.Parallel()
	c, mock := newEndpointMock(t)
	ctx := context.Background()
	if _, err := TLSEdges.Create(ctx, c, &TLSEdgeCreate{}); errorCode(err) != "ERR_NGROK_7008" {
		t.Fatalf("create on an account without edges: %v", err)
	}
	mock.SetEdgesWritable(true)
	if _, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "tls.example.com"}); err != nil {
		t.Fatal(err)
	}
	ca, err := CertificateAuthorities.Create(ctx, c, &CertificateAuthorityCreate{CAPEM: testCAPEM(t)})
	if err != nil {
		t.Fatal(err)
	}
	v := "1.2"
	e, err := TLSEdges.Create(ctx, c, &TLSEdgeCreate{Hostports: []string{"tls.example.com:443"},
		MutualTLS:      &EdgeMutualTLSMutate{CertificateAuthorityIDs: []string{ca.ID}},
		TLSTermination: &EdgeTLSTermination{TerminateAt: "edge", MinVersion: &v}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(e.ID, "edgtls_") || e.MutualTLS == nil || len(e.MutualTLS.CertificateAuthorities) != 1 ||
		e.TLSTermination == nil || e.TLSTermination.MinVersion == nil || *e.TLSTermination.MinVersion != "1.2" || e.TrafficPolicy != nil {
		t.Errorf("created %+v", e)
	}
	if err := DeleteTLSEdgeModule(ctx, c, e.ID, EdgeModuleMutualTLS); err != nil {
		t.Fatal(err)
	}
	got, err := TLSEdges.Get(ctx, c, e.ID)
	if err != nil || got.MutualTLS != nil || got.TLSTermination == nil {
		t.Errorf("after deleting mutual_tls: %+v, %v", got, err)
	}
}
