package mockserver

import (
	"fmt"
	"slices"
	"strings"
)

// Agent (ephemeral) and edge endpoints cannot be created through the API: an
// agent creates the first kind when it starts a tunnel, an edge the second.
// They exist here by seeding, with the helpers below (Seed<Object>(<Object>Seed)
// (id string, err error), like every seed helper of this package), and then
// are listed and read like cloud endpoints but refuse PATCH and DELETE.

// endpointRegions are the regions an agent endpoint may be served from.
var endpointRegions = []string{"au", "eu", "ap", "us", "jp", "in", "sa"}

// AgentEndpointSeed describes an endpoint started by an agent (type
// "ephemeral"). URL is required; every other field is optional.
type AgentEndpointSeed struct {
	// ID is the endpoint's ID: ep_ and 27 base-62 characters. Minted when empty.
	ID string `json:"id,omitempty"`
	// URL is the endpoint's URL, e.g. "https://abc123.ngrok.app" or
	// "tcp://1.tcp.ngrok.io:12345". Unlike a cloud endpoint's, it needs no
	// reserved domain (agents get random ones); domain is set when it has one.
	URL         string `json:"url"`
	Region      string `json:"region,omitempty"` // default "us"
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	// UpstreamURL is where the agent forwards traffic. Default
	// "http://localhost:80" for http and https, "tls://localhost:443" for tls
	// and "tcp://localhost:22" for tcp.
	UpstreamURL string `json:"upstream_url,omitempty"`
	// UpstreamProtocol is how the agent talks to the upstream: "http1"
	// (default for http and https) or "http2"; omitted for tcp and tls.
	UpstreamProtocol string   `json:"upstream_protocol,omitempty"`
	TrafficPolicy    string   `json:"traffic_policy,omitempty"`
	Bindings         []string `json:"bindings,omitempty"` // default as for cloud endpoints
	PoolingEnabled   bool     `json:"pooling_enabled,omitempty"`
	// IDs of the tunnel (tn_), the agent's tunnel session (ts_) and the user
	// who started it (usr_); each minted when empty.
	TunnelID        string `json:"tunnel_id,omitempty"`
	TunnelSessionID string `json:"tunnel_session_id,omitempty"`
	PrincipalID     string `json:"principal_id,omitempty"`
}

// EdgeEndpointSeed describes an endpoint served by an edge (type "edge").
// URL is required; every other field is optional.
type EdgeEndpointSeed struct {
	// ID is the endpoint's ID: ep_ and 27 base-62 characters. Minted when empty.
	ID string `json:"id,omitempty"`
	// URL is the edge's hostport as a URL, e.g. "https://app.example.com".
	URL         string `json:"url"`
	Region      string `json:"region,omitempty"` // default "us"
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	// EdgeID is the serving edge: edghts_ for an http or https URL (it may
	// name an edge seeded with SeedHTTPSEdge), edgtls_ for tls, edgtcp_ for
	// tcp. Minted when empty.
	EdgeID string `json:"edge_id,omitempty"`
}

// SeedAgentEndpoint adds an agent endpoint and returns its ID.
func (s *Server) SeedAgentEndpoint(in AgentEndpointSeed) (string, error) {
	const noun = "agent endpoint"
	e, err := seedEndpointBase(noun, in.ID, in.URL, in.Region, in.Description, in.Metadata)
	if err != nil {
		return "", err
	}
	e.Type = endpointEphemeral
	e.Name = in.Name
	e.PoolingEnabled = in.PoolingEnabled
	e.UpstreamURL, e.UpstreamProtocol = in.UpstreamURL, in.UpstreamProtocol
	if e.UpstreamURL == "" {
		e.UpstreamURL = map[string]string{
			"http": "http://localhost:80", "https": "http://localhost:80", "tls": "tls://localhost:443", "tcp": "tcp://localhost:22",
		}[e.URL.scheme]
	}
	if e.UpstreamProtocol == "" && (e.URL.scheme == "http" || e.URL.scheme == "https") {
		e.UpstreamProtocol = "http1"
	}
	if p := e.UpstreamProtocol; p != "" && p != "http1" && p != "http2" {
		return "", fmt.Errorf("seeding an %s: upstream_protocol must be http1 or http2, not %q", noun, p)
	}
	if in.TrafficPolicy != "" {
		if err := checkTrafficPolicy(in.TrafficPolicy, e.URL.scheme); err != nil {
			return "", fmt.Errorf("seeding an %s: %s", noun, err.msg)
		}
		e.TrafficPolicy = in.TrafficPolicy
	}
	if in.Bindings != nil {
		if err := checkBindings(e.URL, in.Bindings); err != nil {
			return "", fmt.Errorf("seeding an %s: %s", noun, err.msg)
		}
		e.Bindings = slices.Clone(in.Bindings)
	}
	if e.TunnelID, err = s.seedRefID(noun, in.TunnelID, prefixTunnel); err != nil {
		return "", err
	}
	if e.TunnelSessionID, err = s.seedRefID(noun, in.TunnelSessionID, prefixTunnelSession); err != nil {
		return "", err
	}
	if e.PrincipalID, err = s.seedRefID(noun, in.PrincipalID, prefixUser); err != nil {
		return "", err
	}
	return s.storeSeededEndpoint(noun, in.ID, e)
}

// SeedEdgeEndpoint adds an edge endpoint and returns its ID.
func (s *Server) SeedEdgeEndpoint(in EdgeEndpointSeed) (string, error) {
	const noun = "edge endpoint"
	e, err := seedEndpointBase(noun, in.ID, in.URL, in.Region, in.Description, in.Metadata)
	if err != nil {
		return "", err
	}
	e.Type = endpointEdge
	prefix := map[string]string{"http": prefixEdgeHTTPS, "https": prefixEdgeHTTPS, "tls": prefixEdgeTLS, "tcp": prefixEdgeTCP}[e.URL.scheme]
	if e.EdgeID, err = s.seedRefID(noun, in.EdgeID, prefix); err != nil {
		return "", err
	}
	return s.storeSeededEndpoint(noun, in.ID, e)
}

// seedEndpointBase validates what every seeded endpoint has.
func seedEndpointBase(noun, id, rawURL, region, description, metadata string) (endpoint, error) {
	if id != "" {
		if err := checkSeedID(id, prefixEndpoint); err != nil {
			return endpoint{}, fmt.Errorf("seeding an %s: %w", noun, err)
		}
	}
	if rawURL == "" {
		return endpoint{}, fmt.Errorf("seeding an %s: the url is required", noun)
	}
	u, aerr := parseEndpointURL(rawURL)
	if aerr != nil {
		return endpoint{}, fmt.Errorf("seeding an %s: %s", noun, aerr.msg)
	}
	if region == "" {
		region = "us"
	}
	if !slices.Contains(endpointRegions, region) {
		return endpoint{}, fmt.Errorf("seeding an %s: region must be one of %s, not %q", noun, strings.Join(endpointRegions, ", "), region)
	}
	if err := checkSeedText(noun, description, metadata); err != nil {
		return endpoint{}, err
	}
	return endpoint{URL: u, Region: region, Description: description, Metadata: metadata, Bindings: defaultBindings(u)}, nil
}

// seedRefID checks the ID of a referenced object, or mints one.
func (s *Server) seedRefID(noun, id, prefix string) (string, error) {
	if id == "" {
		minted, err := s.ids.newID(prefix)
		if err != nil {
			return "", fmt.Errorf("seeding an %s: %w", noun, err)
		}
		return minted, nil
	}
	if err := checkSeedID(id, prefix); err != nil {
		return "", fmt.Errorf("seeding an %s: %w", noun, err)
	}
	return id, nil
}

// storeSeededEndpoint stores e under id (minted when empty), setting its
// timestamps and its reserved domain.
func (s *Server) storeSeededEndpoint(noun, id string, e endpoint) (string, error) {
	now := s.timestamp()
	e.CreatedAt, e.UpdatedAt = now, now
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	e.DomainID, _ = s.matchReservedDomainLocked(e.URL.host)
	e.TCPAddrID = s.reservedAddrOfLocked(e.URL)
	build := func(id string) endpoint {
		e.ID = id
		return e
	}
	if id == "" {
		v, err := s.endpoints.insertLocked(build)
		if err != nil {
			return "", fmt.Errorf("seeding an %s: %s", noun, err.msg)
		}
		return v.ID, nil
	}
	if _, live := s.endpoints.rows[id]; live {
		return "", fmt.Errorf("seeding an %s: the ID %q is already taken", noun, id)
	}
	s.ids.observe(id)
	s.endpoints.putLocked(id, build(id))
	return id, nil
}
