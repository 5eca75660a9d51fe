package apiclient

// AgentIngress is a domain of the account's through which its agents
// connect to ngrok, delegated to ngrok by NS records.
type AgentIngress struct {
	ID            string   `json:"id"`
	URI           string   `json:"uri"`
	CreatedAt     string   `json:"created_at"`
	Description   string   `json:"description"`
	Metadata      string   `json:"metadata"`
	Domain        string   `json:"domain"`
	NSTargets     []string `json:"ns_targets"`
	RegionDomains []string `json:"region_domains"`
	// CertificateManagementPolicy is nil when ngrok does not manage the
	// certificate; CertificateManagementStatus likewise.
	CertificateManagementPolicy *ReservedDomainCertPolicy `json:"certificate_management_policy"`
	CertificateManagementStatus *ReservedDomainCertStatus `json:"certificate_management_status"`
}

// AgentIngressCreate is the body of a create.
type AgentIngressCreate struct {
	Description                 string                    `json:"description,omitempty"`
	Metadata                    string                    `json:"metadata,omitempty"`
	Domain                      string                    `json:"domain"`
	CertificateManagementPolicy *ReservedDomainCertPolicy `json:"certificate_management_policy,omitempty"`
}

// AgentIngressUpdate is the body of an update: nil leaves a field
// unchanged; a policy replaces the current one (the API cannot remove it).
type AgentIngressUpdate struct {
	Description                 *string                   `json:"description,omitempty"`
	Metadata                    *string                   `json:"metadata,omitempty"`
	CertificateManagementPolicy *ReservedDomainCertPolicy `json:"certificate_management_policy,omitempty"`
}

// AgentIngresses is the collection of agent ingresses, listed under
// "ingresses".
var AgentIngresses = newCollection[AgentIngress, AgentIngressCreate, AgentIngressUpdate]("agent_ingresses", "agent ingress",
	func(o *AgentIngress) string { return o.ID }).listedAs("ingresses")
