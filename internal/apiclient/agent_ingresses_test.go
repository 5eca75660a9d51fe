package apiclient

import (
	"context"
	"strings"
	"testing"
)

func TestMockAgentIngressCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	a, err := AgentIngresses.Create(ctx, c, &AgentIngressCreate{Domain: "connect.example.com", Description: "devices",
		CertificateManagementPolicy: &ReservedDomainCertPolicy{PrivateKeyType: "ecdsa"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.ID, "agin_") || a.Domain != "connect.example.com" || len(a.NSTargets) == 0 || len(a.RegionDomains) == 0 ||
		a.CertificateManagementPolicy == nil || a.CertificateManagementPolicy.Authority != "letsencrypt" || a.CertificateManagementStatus == nil {
		t.Errorf("created %+v", a)
	}
	empty := ""
	u, err := AgentIngresses.Update(ctx, c, a.ID, &AgentIngressUpdate{Description: &empty})
	if err != nil || u.Description != "" || u.CertificateManagementPolicy == nil {
		t.Errorf("update = %+v, %v", u, err)
	}
	if _, err := AgentIngresses.Create(ctx, c, &AgentIngressCreate{Domain: "x.ngrok.app"}); errorCode(err) != "ERR_NGROK_6705" {
		t.Errorf("an ngrok domain: %v", err)
	}
	if err := AgentIngresses.Delete(ctx, c, a.ID); err != nil {
		t.Fatal(err)
	}
}
