package mockserver

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Agent ingresses (README.md, section Agent ingresses): /agent_ingresses, a
// declared collection (collection.go). An agent ingress is a domain the
// account owns through which its agents connect to ngrok: the owner
// delegates it to ngrok with NS records (ns_targets), and ngrok serves one
// subdomain per region (region_domains). Choices of ours where the real API
// is silent:
//   - domain is checked and normalised as a reserved domain's (lower case,
//     one trailing dot dropped, a valid hostname) but may not be a wildcard;
//     a domain ngrok owns is refused (ERR_NGROK_6705 [real]) and one the
//     account already has is refused with 409 (ERR_NGROK_6706 [real code]).
//     domain cannot change [real: the spec's update body has none].
//   - ns_targets are the four names agentIngressNSTargets, with the
//     trailing dot of the real API's answers; region_domains are
//     "tunnel.<region>.<domain>" [real: the example answer's shape] for
//     each region of domainRegions, sorted.
//   - The certificate management policy and its status follow the reserved
//     domains' rules and clock (WithCertificateIssueDelay): authority
//     letsencrypt, private_key_type rsa (default) or ecdsa; a job starts
//     when a policy is set and completes after the delay; under the reserved
//     TLD .invalid it fails with DNS_ERROR. A PATCH with a policy replaces
//     it and restarts the job; a PATCH without one keeps it; the API has no
//     way to remove a policy (the spec has no such route), so the provider
//     replaces the ingress to drop it.

// agentIngressNSTargets are the NS record values of every agent ingress
// [ours]: under .invalid, which never resolves (RFC 2606).
var agentIngressNSTargets = []string{
	"ns1.agent-ingress.ngrok-mock.invalid.", "ns2.agent-ingress.ngrok-mock.invalid.",
	"ns3.agent-ingress.ngrok-mock.invalid.", "ns4.agent-ingress.ngrok-mock.invalid.",
}

type agentIngress struct {
	ID          string      `json:"id"`
	CreatedAt   time.Time   `json:"created_at"`
	Description string      `json:"description,omitempty"`
	Metadata    string      `json:"metadata,omitempty"`
	Domain      string      `json:"domain"` // normalised
	Policy      *certPolicy `json:"certificate_management_policy,omitempty"`
}

func (a *agentIngress) fields() objectFields {
	return objectFields{&a.ID, &a.CreatedAt, &a.Description, &a.Metadata}
}

type agentIngressWire struct {
	WireHeader
	Domain                      string          `json:"domain"`
	NSTargets                   []string        `json:"ns_targets"`
	RegionDomains               []string        `json:"region_domains"`
	CertificateManagementPolicy *certPolicyWire `json:"certificate_management_policy"`
	CertificateManagementStatus *certStatusWire `json:"certificate_management_status"`
}

type agentIngressCreate struct {
	Description                 string          `json:"description"`
	Metadata                    string          `json:"metadata"`
	Domain                      string          `json:"domain"`
	CertificateManagementPolicy *certPolicyWire `json:"certificate_management_policy"`
}

type agentIngressUpdate struct {
	Description                 *string         `json:"description"`
	Metadata                    *string         `json:"metadata"`
	CertificateManagementPolicy *certPolicyWire `json:"certificate_management_policy"`
}

var agentIngressCollection = declare(collectionDecl[agentIngress, agentIngressWire, agentIngressCreate, agentIngressUpdate]{
	name: collAgentIngresses, noun: "agent ingress", prefix: prefixAgentIngress,
	// NOTE: listed under "ingresses" [real: the spec's AgentIngressList,
	// ngrok-api-go's datatypes.go].
	property: "ingresses",
	filter:   "ngrok.AgentIngress",
	fields:   (*agentIngress).fields,
	text:     textCodes{errAgentIngressDescription, errAgentIngressMetadata},
	wire:     func(a *agentIngress, origin string) agentIngressWire { return a.wire(origin, time.Now()) },
	wireAt:   (*agentIngress).wire,
	create:   createAgentIngressFrom,
	update:   updateAgentIngress,
	unique:   func(a *agentIngress) string { return a.Domain },
	check: func(s *Server, a *agentIngress) *apiError {
		if id, ok := s.agentIngresses.idByKeyLocked(a.Domain); ok && id != a.ID {
			return errAgentIngressTaken.with(a.Domain)
		}
		return nil
	},
})

func createAgentIngressFrom(s *Server, in *agentIngressCreate) (agentIngress, *apiError) {
	// NOTE: a name a reservation refuses, or a wildcard, is no domain of an
	// agent ingress: ERR_NGROK_6704, not the reservation's codes.
	name, err := normalizeDomain(in.Domain)
	if err != nil || strings.HasPrefix(name, "*.") {
		return agentIngress{}, errAgentIngressDomain.with(in.Domain)
	}
	if isServiceOwned(name) {
		return agentIngress{}, errAgentIngressServiceDomain.with(name)
	}
	a := agentIngress{Description: in.Description, Metadata: in.Metadata, Domain: name}
	if in.CertificateManagementPolicy != nil {
		if a.Policy, err = s.newCertPolicy(in.CertificateManagementPolicy, s.timestamp()); err != nil {
			return agentIngress{}, err
		}
	}
	return a, nil
}

func updateAgentIngress(s *Server, in *agentIngressUpdate, a *agentIngress) *apiError {
	if in.CertificateManagementPolicy != nil {
		p, err := s.newCertPolicy(in.CertificateManagementPolicy, s.timestamp())
		if err != nil {
			return err
		}
		a.Policy = p
	}
	assign(&a.Description, in.Description)
	assign(&a.Metadata, in.Metadata)
	return nil
}

func (a *agentIngress) wire(origin string, now time.Time) agentIngressWire {
	w := agentIngressWire{
		WireHeader:    a.fields().header(origin, collAgentIngresses),
		Domain:        a.Domain,
		NSTargets:     slices.Clone(agentIngressNSTargets),
		RegionDomains: make([]string, 0, len(domainRegions)),
	}
	// NOTE: the real API answers an agent ingress's uri as a path, without
	// the origin (_agent_ingresses_get_response.md@3196b15).
	w.URI = "/" + collAgentIngresses + "/" + a.ID
	for _, r := range slices.Sorted(slices.Values(domainRegions)) {
		w.RegionDomains = append(w.RegionDomains, "tunnel."+r+"."+a.Domain)
	}
	p := a.Policy
	if p == nil {
		return w
	}
	w.CertificateManagementPolicy = &certPolicyWire{Authority: p.Authority, PrivateKeyType: p.PrivateKeyType}
	switch {
	case p.issued(a.Domain, now):
		w.CertificateManagementStatus = &certStatusWire{RenewsAt: wireTimePtr(p.IssuesAt.Add(managedCertificateRenewal))}
	case now.Before(p.IssuesAt):
		w.CertificateManagementStatus = &certStatusWire{ProvisioningJob: &certJobWire{Msg: msgProvisioning, StartedAt: wireTime(p.StartedAt)}}
	default:
		nextRetry := p.IssuesAt.Add(now.Sub(p.IssuesAt).Truncate(dnsErrorRetryInterval) + dnsErrorRetryInterval)
		w.CertificateManagementStatus = &certStatusWire{ProvisioningJob: &certJobWire{
			ErrorCode: optionalString("DNS_ERROR"),
			Msg: fmt.Sprintf("Could not issue a certificate for %s: the domain is not delegated to ngrok. "+
				"Create NS records for %s pointing to %s; provisioning is retried at retries_at.",
				a.Domain, a.Domain, strings.Join(agentIngressNSTargets, ", ")),
			StartedAt: wireTime(p.StartedAt),
			RetriesAt: wireTimePtr(nextRetry),
		}}
	}
	return w
}
