package apiclient

import (
	"context"
	"net/url"
)

// Writes of HTTPS edges and their routes, which ngrok serves to accounts
// that kept edge write access (others get ERR_NGROK_7008 or 7196). A route
// is addressed by its edge: /edges/https/{edge_id}/routes/{id}.

// HTTPSEdgeMutualTLS is an edge's mutual TLS module: clients present a
// certificate signed by one of the certificate authorities.
type HTTPSEdgeMutualTLS struct {
	Enabled                bool  `json:"enabled"`
	CertificateAuthorities []Ref `json:"certificate_authorities"`
}

// HTTPSEdgeTLSTermination is an edge's TLS termination module; an HTTPS
// edge always terminates at the edge.
type HTTPSEdgeTLSTermination struct {
	Enabled     bool    `json:"enabled"`
	TerminateAt string  `json:"terminate_at"`
	MinVersion  *string `json:"min_version"`
}

// HTTPSEdgeMutualTLSMutate is the mutual TLS module of a create or update.
type HTTPSEdgeMutualTLSMutate struct {
	Enabled                 *bool    `json:"enabled,omitempty"`
	CertificateAuthorityIDs []string `json:"certificate_authority_ids"`
}

// HTTPSEdgeTLSTerminationMutate is the TLS termination module of a create or
// update; MinVersion nil is the API's default.
type HTTPSEdgeTLSTerminationMutate struct {
	Enabled    *bool   `json:"enabled,omitempty"`
	MinVersion *string `json:"min_version,omitempty"`
}

// HTTPSEdgeCreate is the body of an edge's create.
type HTTPSEdgeCreate struct {
	Description    string                         `json:"description,omitempty"`
	Metadata       string                         `json:"metadata,omitempty"`
	Hostports      []string                       `json:"hostports"`
	MutualTLS      *HTTPSEdgeMutualTLSMutate      `json:"mutual_tls,omitempty"`
	TLSTermination *HTTPSEdgeTLSTerminationMutate `json:"tls_termination,omitempty"`
}

// HTTPSEdgeUpdate is the body of an edge's update: nil leaves a field
// unchanged. A module present replaces the edge's; none is removed by an
// update (DeleteHTTPSEdgeMutualTLS, DeleteHTTPSEdgeTLSTermination).
type HTTPSEdgeUpdate struct {
	Description    *string                        `json:"description,omitempty"`
	Metadata       *string                        `json:"metadata,omitempty"`
	Hostports      *[]string                      `json:"hostports,omitempty"`
	MutualTLS      *HTTPSEdgeMutualTLSMutate      `json:"mutual_tls,omitempty"`
	TLSTermination *HTTPSEdgeTLSTerminationMutate `json:"tls_termination,omitempty"`
}

// HTTPSEdges is the collection of HTTPS edges.
var HTTPSEdges = newCollection[HTTPSEdge, HTTPSEdgeCreate, HTTPSEdgeUpdate](collHTTPSEdges, "HTTPS edge",
	func(o *HTTPSEdge) string { return o.ID }).listedAs("https_edges")

// DeleteHTTPSEdgeMutualTLS removes an edge's mutual TLS module (204).
func (c *Client) DeleteHTTPSEdgeMutualTLS(ctx context.Context, edgeID string) error {
	return c.deleteEdgeModule(ctx, edgeID, "mutual_tls")
}

// DeleteHTTPSEdgeTLSTermination removes an edge's TLS termination module (204).
func (c *Client) DeleteHTTPSEdgeTLSTermination(ctx context.Context, edgeID string) error {
	return c.deleteEdgeModule(ctx, edgeID, "tls_termination")
}

func (c *Client) deleteEdgeModule(ctx context.Context, edgeID, module string) error {
	p, err := objectPath(collHTTPSEdges, "HTTPS edge", edgeID)
	if err != nil {
		return err
	}
	return remove(ctx, c, p+"/"+module)
}

// HTTPSEdgeRouteCreate is the body of a route's create. Its modules are
// managed by the module calls (edge_route_modules.go), so none is sent here.
type HTTPSEdgeRouteCreate struct {
	EdgeID      string `json:"edge_id"`
	MatchType   string `json:"match_type"`
	Match       string `json:"match"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

// HTTPSEdgeRouteUpdate is the body of a route's update: nil leaves a field
// unchanged, "" clears a description or metadata. It carries no module, so
// that an update leaves the route's modules as they are.
type HTTPSEdgeRouteUpdate struct {
	EdgeID      string  `json:"edge_id,omitempty"`
	ID          string  `json:"id,omitempty"`
	MatchType   *string `json:"match_type,omitempty"`
	Match       *string `json:"match,omitempty"`
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

func httpsEdgeRoutePath(edgeID, routeID string) (string, error) {
	p, err := objectPath(collHTTPSEdges, "HTTPS edge", edgeID)
	if err != nil {
		return "", err
	}
	if routeID == "" {
		return p + "/routes", nil
	}
	return p + "/routes/" + url.PathEscape(routeID), nil
}

// CreateHTTPSEdgeRoute adds a route to an edge (201).
func (c *Client) CreateHTTPSEdgeRoute(ctx context.Context, edgeID string, in *HTTPSEdgeRouteCreate) (*HTTPSEdgeRoute, error) {
	p, err := httpsEdgeRoutePath(edgeID, "")
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &HTTPSEdgeRouteCreate{}
	}
	return create[HTTPSEdgeRoute](ctx, c, p, in)
}

// GetHTTPSEdgeRoute reads a route of an edge; a 404 when either is gone or
// the route is another edge's.
func (c *Client) GetHTTPSEdgeRoute(ctx context.Context, edgeID, routeID string) (*HTTPSEdgeRoute, error) {
	if routeID == "" {
		return nil, emptyRouteID()
	}
	p, err := httpsEdgeRoutePath(edgeID, routeID)
	if err != nil {
		return nil, err
	}
	return get[HTTPSEdgeRoute](ctx, c, p)
}

// UpdateHTTPSEdgeRoute changes a route (PATCH); its modules stay.
func (c *Client) UpdateHTTPSEdgeRoute(ctx context.Context, edgeID, routeID string, in *HTTPSEdgeRouteUpdate) (*HTTPSEdgeRoute, error) {
	if routeID == "" {
		return nil, emptyRouteID()
	}
	p, err := httpsEdgeRoutePath(edgeID, routeID)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &HTTPSEdgeRouteUpdate{}
	}
	return update[HTTPSEdgeRoute](ctx, c, p, in)
}

// DeleteHTTPSEdgeRoute deletes a route (204).
func (c *Client) DeleteHTTPSEdgeRoute(ctx context.Context, edgeID, routeID string) error {
	if routeID == "" {
		return emptyRouteID()
	}
	p, err := httpsEdgeRoutePath(edgeID, routeID)
	if err != nil {
		return err
	}
	return remove(ctx, c, p)
}

func emptyRouteID() error {
	_, err := objectPath("", "HTTPS edge route", "")
	return err
}
