package apiclient

import (
	"context"
	"iter"
)

const endpoints = "endpoints"

// Endpoint types.
const (
	EndpointTypeCloud     = "cloud"
	EndpointTypeEphemeral = "ephemeral"
	EndpointTypeEdge      = "edge"
)

// Endpoint is an endpoint of any type. Properties that do not apply to an
// endpoint are omitted by the API; the pointer fields are nil then.
// Description and metadata are omitted when empty and read as "". Only a
// cloud endpoint has a uri, and an edge endpoint has no url: "" then. The
// API answers no scheme, host, port, region or upstream protocol of any
// endpoint that ngrok recorded (third_party/ngrok-exchanges), though the
// spec names them.
type Endpoint struct {
	ID               string   `json:"id"`
	URI              string   `json:"uri"`
	Region           *string  `json:"region"`
	CreatedAt        string   `json:"created_at"`
	UpdatedAt        string   `json:"updated_at"`
	PublicURL        string   `json:"public_url"`
	Proto            string   `json:"proto"`
	Scheme           *string  `json:"scheme"`
	Hostport         string   `json:"hostport"`
	Host             *string  `json:"host"`
	Port             *int64   `json:"port"`
	Type             string   `json:"type"` // cloud, ephemeral or edge
	Metadata         string   `json:"metadata"`
	Description      string   `json:"description"`
	Domain           *Ref     `json:"domain"`
	TCPAddr          *Ref     `json:"tcp_addr"`
	Tunnel           *Ref     `json:"tunnel"`
	Edge             *Ref     `json:"edge"`
	UpstreamURL      *string  `json:"upstream_url"`
	UpstreamProtocol *string  `json:"upstream_protocol"` // upstream_proto in the API reference; this is the wire name
	URL              string   `json:"url"`
	Principal        *Ref     `json:"principal"`
	TrafficPolicy    *string  `json:"traffic_policy"`
	Bindings         []string `json:"bindings"`
	TunnelSession    *Ref     `json:"tunnel_session"`
	Name             *string  `json:"name"`
	PoolingEnabled   bool     `json:"pooling_enabled"`
}

// EndpointCreate is the body of a create. Only cloud endpoints can be
// created; Type may be left empty, which the API reads as "cloud".
type EndpointCreate struct {
	URL            string   `json:"url"`
	Type           string   `json:"type,omitempty"`
	TrafficPolicy  string   `json:"traffic_policy"` // JSON or YAML text, stored byte for byte
	Description    string   `json:"description,omitempty"`
	Metadata       string   `json:"metadata,omitempty"`
	Bindings       []string `json:"bindings,omitempty"` // nil: the API's default for the url
	PoolingEnabled bool     `json:"pooling_enabled,omitempty"`
}

// EndpointUpdate is the body of an update: nil leaves a field unchanged, ""
// clears description and metadata. The url's scheme cannot change.
type EndpointUpdate struct {
	URL            *string   `json:"url,omitempty"`
	TrafficPolicy  *string   `json:"traffic_policy,omitempty"`
	Description    *string   `json:"description,omitempty"`
	Metadata       *string   `json:"metadata,omitempty"`
	Bindings       *[]string `json:"bindings,omitempty"`
	PoolingEnabled *bool     `json:"pooling_enabled,omitempty"`
}

// CreateEndpoint creates a cloud endpoint (POST, 201).
func (c *Client) CreateEndpoint(ctx context.Context, in *EndpointCreate) (*Endpoint, error) {
	if in == nil {
		in = &EndpointCreate{}
	}
	ep, err := create[Endpoint](ctx, c, "/"+endpoints, in)
	c.snapshots().endpoints.created(ep)
	return ep, err
}

// GetEndpoint reads one endpoint of any type.
func (c *Client) GetEndpoint(ctx context.Context, id string) (*Endpoint, error) {
	p, err := objectPath(endpoints, "endpoint", id)
	if err != nil {
		return nil, err
	}
	return c.snapshots().endpoints.get(ctx, id, func() (*Endpoint, error) {
		return get[Endpoint](ctx, c, p)
	})
}

// ListEndpoints iterates over the endpoints of every type, newest first.
func (c *Client) ListEndpoints(ctx context.Context, opts *ListOptions) iter.Seq2[*Endpoint, error] {
	return list[Endpoint](ctx, c, "/"+endpoints, endpoints, opts)
}

// UpdateEndpoint changes a cloud endpoint (PATCH).
func (c *Client) UpdateEndpoint(ctx context.Context, id string, in *EndpointUpdate) (*Endpoint, error) {
	p, err := objectPath(endpoints, "endpoint", id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &EndpointUpdate{}
	}
	defer c.snapshots().endpoints.writeStart(id)()
	return update[Endpoint](ctx, c, p, in)
}

// DeleteEndpoint deletes a cloud endpoint (204).
func (c *Client) DeleteEndpoint(ctx context.Context, id string) error {
	p, err := objectPath(endpoints, "endpoint", id)
	if err != nil {
		return err
	}
	defer c.snapshots().endpoints.writeStart(id)()
	return remove(ctx, c, p)
}
