package apiclient

import (
	"context"
	"iter"
)

// HTTPS edges with their routes, and tunnel-group backends, as the API reads
// them. ngrok deprecated edges on 31 December 2025: they are read here so
// that an account's edges can be inventoried and moved onto cloud
// endpoints; https_edges.go writes HTTPS edges and their routes, for
// accounts that kept edge write access.

// HTTPSEdge is an HTTPS edge with its routes, oldest first.
type HTTPSEdge struct {
	ID          string           `json:"id"`
	URI         string           `json:"uri"`
	CreatedAt   string           `json:"created_at"`
	Description string           `json:"description"`
	Metadata    string           `json:"metadata"`
	Hostports   []string         `json:"hostports"`
	Routes      []HTTPSEdgeRoute `json:"routes"`

	// The edge's own modules; nil when not set (https_edges.go).
	MutualTLS      *HTTPSEdgeMutualTLS      `json:"mutual_tls,omitempty"`
	TLSTermination *HTTPSEdgeTLSTermination `json:"tls_termination,omitempty"`
}

// HTTPSEdgeRoute is a route of an HTTPS edge with the modules that are set
// (nil when not).
type HTTPSEdgeRoute struct {
	ID          string `json:"id"`
	EdgeID      string `json:"edge_id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	Match       string `json:"match"`
	MatchType   string `json:"match_type"` // exact_path or path_prefix

	Backend        *HTTPSEdgeRouteBackend        `json:"backend,omitempty"`
	IPRestriction  *HTTPSEdgeRouteIPRestriction  `json:"ip_restriction,omitempty"`
	RequestHeaders *HTTPSEdgeRouteRequestHeaders `json:"request_headers,omitempty"`
	OIDC           *HTTPSEdgeRouteOIDC           `json:"oidc,omitempty"`
	HTTPSEdgeRouteReadModules
}

// TunnelGroupBackend sends traffic to the tunnels whose labels match.
type TunnelGroupBackend struct {
	ID          string            `json:"id"`
	URI         string            `json:"uri"`
	CreatedAt   string            `json:"created_at"`
	Description string            `json:"description"`
	Metadata    string            `json:"metadata"`
	Labels      map[string]string `json:"labels"`
	Tunnels     []Ref             `json:"tunnels"`
}

const (
	collHTTPSEdges          = "edges/https"
	collTunnelGroupBackends = "backends/tunnel_group"
)

// GetHTTPSEdge reads an HTTPS edge with its routes and their modules.
func (c *Client) GetHTTPSEdge(ctx context.Context, id string) (*HTTPSEdge, error) {
	p, err := objectPath(collHTTPSEdges, "HTTPS edge", id)
	if err != nil {
		return nil, err
	}
	return get[HTTPSEdge](ctx, c, p)
}

// ListHTTPSEdges iterates over the HTTPS edges, newest first.
func (c *Client) ListHTTPSEdges(ctx context.Context, opts *ListOptions) iter.Seq2[*HTTPSEdge, error] {
	return list[HTTPSEdge](ctx, c, "/"+collHTTPSEdges, "https_edges", opts)
}

// GetTunnelGroupBackend reads a tunnel-group backend.
func (c *Client) GetTunnelGroupBackend(ctx context.Context, id string) (*TunnelGroupBackend, error) {
	p, err := objectPath(collTunnelGroupBackends, "tunnel group backend", id)
	if err != nil {
		return nil, err
	}
	return get[TunnelGroupBackend](ctx, c, p)
}

// ListTunnelGroupBackends iterates over the tunnel-group backends, newest first.
func (c *Client) ListTunnelGroupBackends(ctx context.Context, opts *ListOptions) iter.Seq2[*TunnelGroupBackend, error] {
	return list[TunnelGroupBackend](ctx, c, "/"+collTunnelGroupBackends, "backends", opts)
}
