package apiclient

import (
	"context"
	"fmt"
	"net/url"
)

// TCP edges (/edges/tcp) and, in tls_edges.go, TLS edges (/edges/tls).
// ngrok deprecated edges on 31 December 2025; accounts that kept edge write
// access can still create, change and delete them, others read them. An
// edge's modules are nested in it, nil when not set; a create or update
// sets the modules it names (each replaced whole), and only a module's
// DELETE removes one (DeleteTCPEdgeModule).

// TCPEdge is a TCP edge: reserved addresses (host:port) whose connections
// go to its backend.
type TCPEdge struct {
	ID          string   `json:"id"`
	URI         string   `json:"uri"`
	CreatedAt   string   `json:"created_at"`
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Hostports   []string `json:"hostports"`

	Backend       *EdgeBackend       `json:"backend"`
	IPRestriction *EdgeIPRestriction `json:"ip_restriction"`
	TrafficPolicy *EdgeTrafficPolicy `json:"traffic_policy"`
}

// TCPEdgeCreate is the body of a create; a nil module is not set.
type TCPEdgeCreate struct {
	Description   string                   `json:"description,omitempty"`
	Metadata      string                   `json:"metadata,omitempty"`
	Hostports     []string                 `json:"hostports,omitempty"`
	Backend       *EdgeBackendMutate       `json:"backend,omitempty"`
	IPRestriction *EdgeIPRestrictionMutate `json:"ip_restriction,omitempty"`
	TrafficPolicy *EdgeTrafficPolicyMutate `json:"traffic_policy,omitempty"`
}

// TCPEdgeUpdate is the body of an update: nil leaves a field or module
// unchanged; a module that is set replaces the edge's whole.
type TCPEdgeUpdate struct {
	Description   *string                  `json:"description,omitempty"`
	Metadata      *string                  `json:"metadata,omitempty"`
	Hostports     *[]string                `json:"hostports,omitempty"`
	Backend       *EdgeBackendMutate       `json:"backend,omitempty"`
	IPRestriction *EdgeIPRestrictionMutate `json:"ip_restriction,omitempty"`
	TrafficPolicy *EdgeTrafficPolicyMutate `json:"traffic_policy,omitempty"`
}

// EdgeBackend is a TCP or TLS edge's backend module: where its traffic goes.
type EdgeBackend struct {
	Enabled bool `json:"enabled"`
	Backend Ref  `json:"backend"`
}

// EdgeBackendMutate sets the backend module; nil Enabled means true.
type EdgeBackendMutate struct {
	Enabled   *bool  `json:"enabled,omitempty"`
	BackendID string `json:"backend_id"`
}

// EdgeIPRestriction is a TCP or TLS edge's IP restriction module.
type EdgeIPRestriction struct {
	Enabled    bool  `json:"enabled"`
	IPPolicies []Ref `json:"ip_policies"`
}

// EdgeIPRestrictionMutate sets the IP restriction module; nil Enabled means true.
type EdgeIPRestrictionMutate struct {
	Enabled     *bool    `json:"enabled,omitempty"`
	IPPolicyIDs []string `json:"ip_policy_ids"`
}

// EdgeTrafficPolicy is a TCP or TLS edge's traffic policy module: a policy
// in JSON or YAML, as a cloud endpoint's.
type EdgeTrafficPolicy struct {
	Enabled bool   `json:"enabled"`
	Value   string `json:"value"`
}

// EdgeTrafficPolicyMutate sets the traffic policy module; nil Enabled means true.
type EdgeTrafficPolicyMutate struct {
	Enabled *bool  `json:"enabled,omitempty"`
	Value   string `json:"value"`
}

// Module names of TCP and TLS edges, as path segments.
const (
	EdgeModuleBackend        = moduleBackend
	EdgeModuleIPRestriction  = moduleIPRestriction
	EdgeModuleTrafficPolicy  = "traffic_policy"
	EdgeModuleMutualTLS      = "mutual_tls"
	EdgeModuleTLSTermination = "tls_termination"
)

// TCPEdges is the collection of TCP edges.
var TCPEdges = newCollection[TCPEdge, TCPEdgeCreate, TCPEdgeUpdate]("edges/tcp", "TCP edge",
	func(o *TCPEdge) string { return o.ID }).listedAs("tcp_edges")

// DeleteTCPEdgeModule removes a module (EdgeModuleBackend...) of a TCP edge (204).
func DeleteTCPEdgeModule(ctx context.Context, c *Client, id, module string) error {
	return deleteTCPTLSEdgeModule(ctx, c, TCPEdges.Name(), "TCP edge", id, module)
}

func deleteTCPTLSEdgeModule(ctx context.Context, c *Client, coll, noun, id, module string) error {
	if id == "" {
		return fmt.Errorf("ngrok API: empty %s ID", noun)
	}
	return remove(ctx, c, "/"+coll+"/"+url.PathEscape(id)+"/"+module)
}
