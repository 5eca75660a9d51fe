package mockserver

import (
	"net/http"
	"slices"
	"testing"
	"time"
)

func createAgentIngress(t *testing.T, s http.Handler, body string) agentIngressWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/agent_ingresses", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[agentIngressWire](t, w)
}

func TestAgentIngressCreate(t *testing.T) {
	t.Parallel()
	s := New()
	a := createAgentIngress(t, s, `{"domain":"Connect.Example.com.","description":"devices"}`)
	if !wellFormedID(a.ID, prefixAgentIngress) || a.Domain != "connect.example.com" || a.Description != "devices" ||
		!slices.Equal(a.NSTargets, agentIngressNSTargets) || len(a.RegionDomains) != len(domainRegions) ||
		!slices.Contains(a.RegionDomains, "tunnel.us.connect.example.com") || a.CertificateManagementPolicy != nil || a.CertificateManagementStatus != nil {
		t.Errorf("created %+v", a)
	}
	wantError(t, do(t, s, http.MethodPost, "/agent_ingresses", `{"domain":"CONNECT.example.com"}`), http.StatusConflict, errAgentIngressTaken.code)
	wantError(t, do(t, s, http.MethodPost, "/agent_ingresses", `{"domain":"x.ngrok.app"}`), http.StatusBadRequest, errAgentIngressServiceDomain.code)
	wantError(t, do(t, s, http.MethodPost, "/agent_ingresses", `{"domain":"*.example.com"}`), http.StatusBadRequest, errAgentIngressDomain.code)
	wantError(t, do(t, s, http.MethodPost, "/agent_ingresses", `{}`), http.StatusBadRequest, errAgentIngressDomain.code)
	wantError(t, do(t, s, http.MethodPatch, "/agent_ingresses/"+a.ID, `{"domain":"other.example.com"}`), http.StatusBadRequest, errUnknownField.code)
	wantError(t, do(t, s, http.MethodPost, "/agent_ingresses",
		`{"domain":"b.example.com","certificate_management_policy":{"private_key_type":"dsa"}}`), http.StatusBadRequest, errTLSKeyType.code)
}

// The certificate job of a policy runs on the server's clock, as a reserved
// domain's does.
func TestAgentIngressCertificateStatus(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	a := createAgentIngress(t, s, `{"domain":"connect.example.com","certificate_management_policy":{}}`)
	if p := a.CertificateManagementPolicy; p == nil || p.Authority != certAuthorityLetsEncrypt || p.PrivateKeyType != defaultCertKeyType {
		t.Fatalf("policy %+v", p)
	}
	if st := a.CertificateManagementStatus; st == nil || st.ProvisioningJob == nil || st.ProvisioningJob.Msg != msgProvisioning || st.RenewsAt != nil {
		t.Errorf("status while provisioning %+v", st)
	}
	clock.Advance(time.Minute)
	get := func(id string) agentIngressWire {
		w := do(t, s, http.MethodGet, "/agent_ingresses/"+id, "")
		wantStatus(t, w, http.StatusOK)
		return decodeBody[agentIngressWire](t, w)
	}
	if st := get(a.ID).CertificateManagementStatus; st == nil || st.ProvisioningJob != nil || st.RenewsAt == nil {
		t.Errorf("status once issued %+v", st)
	}
	// A PATCH with a policy starts a new job; one without keeps it.
	w := do(t, s, http.MethodPatch, "/agent_ingresses/"+a.ID, `{"certificate_management_policy":{"private_key_type":"ecdsa"}}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[agentIngressWire](t, w); got.CertificateManagementStatus.ProvisioningJob == nil || got.CertificateManagementPolicy.PrivateKeyType != "ecdsa" {
		t.Errorf("after a new policy: %+v", got)
	}
	wantStatus(t, do(t, s, http.MethodPatch, "/agent_ingresses/"+a.ID, `{"description":"d"}`), http.StatusOK)
	if got := get(a.ID); got.CertificateManagementPolicy == nil || got.Description != "d" {
		t.Errorf("a PATCH without a policy dropped it: %+v", got)
	}
	bad := createAgentIngress(t, s, `{"domain":"connect.example.invalid","certificate_management_policy":{}}`)
	clock.Advance(2 * time.Minute)
	if job := get(bad.ID).CertificateManagementStatus.ProvisioningJob; job == nil || job.ErrorCode == nil || *job.ErrorCode != "DNS_ERROR" || job.RetriesAt == nil {
		t.Errorf("an undelegated domain's job %+v", job)
	}
}
