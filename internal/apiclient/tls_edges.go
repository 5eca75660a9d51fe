package apiclient

import "context"

// TLSEdge is a TLS edge: reserved domains at port 443 whose TLS connections
// go to its backend, terminated at the edge or passed through.
type TLSEdge struct {
	ID          string   `json:"id"`
	URI         string   `json:"uri"`
	CreatedAt   string   `json:"created_at"`
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Hostports   []string `json:"hostports"`

	Backend        *EdgeBackend        `json:"backend"`
	IPRestriction  *EdgeIPRestriction  `json:"ip_restriction"`
	MutualTLS      *EdgeMutualTLS      `json:"mutual_tls"`
	TLSTermination *EdgeTLSTermination `json:"tls_termination"`
	TrafficPolicy  *EdgeTrafficPolicy  `json:"traffic_policy"`
}

// TLSEdgeCreate is the body of a create; a nil module is not set.
type TLSEdgeCreate struct {
	Description    string                   `json:"description,omitempty"`
	Metadata       string                   `json:"metadata,omitempty"`
	Hostports      []string                 `json:"hostports,omitempty"`
	Backend        *EdgeBackendMutate       `json:"backend,omitempty"`
	IPRestriction  *EdgeIPRestrictionMutate `json:"ip_restriction,omitempty"`
	MutualTLS      *EdgeMutualTLSMutate     `json:"mutual_tls,omitempty"`
	TLSTermination *EdgeTLSTermination      `json:"tls_termination,omitempty"`
	TrafficPolicy  *EdgeTrafficPolicyMutate `json:"traffic_policy,omitempty"`
}

// TLSEdgeUpdate is the body of an update: nil leaves a field or module
// unchanged; a module that is set replaces the edge's whole.
type TLSEdgeUpdate struct {
	Description    *string                  `json:"description,omitempty"`
	Metadata       *string                  `json:"metadata,omitempty"`
	Hostports      *[]string                `json:"hostports,omitempty"`
	Backend        *EdgeBackendMutate       `json:"backend,omitempty"`
	IPRestriction  *EdgeIPRestrictionMutate `json:"ip_restriction,omitempty"`
	MutualTLS      *EdgeMutualTLSMutate     `json:"mutual_tls,omitempty"`
	TLSTermination *EdgeTLSTermination      `json:"tls_termination,omitempty"`
	TrafficPolicy  *EdgeTrafficPolicyMutate `json:"traffic_policy,omitempty"`
}

// EdgeMutualTLS is a TLS edge's mutual TLS module: the certificate
// authorities that clients' certificates must chain to.
type EdgeMutualTLS struct {
	Enabled                bool  `json:"enabled"`
	CertificateAuthorities []Ref `json:"certificate_authorities"`
}

// EdgeMutualTLSMutate sets the mutual TLS module; nil Enabled means true.
type EdgeMutualTLSMutate struct {
	Enabled                 *bool    `json:"enabled,omitempty"`
	CertificateAuthorityIDs []string `json:"certificate_authority_ids"`
}

// EdgeTLSTermination is a TLS edge's TLS termination module, as answered
// and as sent: TerminateAt is edge or upstream, MinVersion nil for ngrok's
// default (and always with upstream). nil Enabled means true.
type EdgeTLSTermination struct {
	Enabled     *bool   `json:"enabled,omitempty"`
	TerminateAt string  `json:"terminate_at,omitempty"`
	MinVersion  *string `json:"min_version,omitempty"`
}

// TLSEdges is the collection of TLS edges.
var TLSEdges = newCollection[TLSEdge, TLSEdgeCreate, TLSEdgeUpdate]("edges/tls", "TLS edge",
	func(o *TLSEdge) string { return o.ID }).listedAs("tls_edges")

// DeleteTLSEdgeModule removes a module (EdgeModuleMutualTLS...) of a TLS edge (204).
func DeleteTLSEdgeModule(ctx context.Context, c *Client, id, module string) error {
	return deleteTCPTLSEdgeModule(ctx, c, TLSEdges.Name(), "TLS edge", id, module)
}
