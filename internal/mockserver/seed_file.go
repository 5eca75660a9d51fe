package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// SeedFile describes the objects that exist in an account before any test
// runs: those the API cannot create (the edges, routes and backends of
// HTTPS edges, endpoint configurations, agent and edge endpoints, tunnel
// sessions and tunnels, application users and sessions), some that a
// configuration under test names by a fixed ID (IP policies, TLS
// certificates), and reserved TCP addresses at a known address, which the
// API assigns. ngrok-mock -seed reads one as JSON or YAML; POST /_mock/seed
// takes one as its body. Every object but a reserved address may carry a
// fixed id, so that a configuration under test can name it.
//
//	https_edges:
//	  - id: edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE
//	    hostports: ["app.example.com:443"]
//	    routes:
//	      - id: edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tm
//	        match: /
//	tunnel_group_backends:
//	  - id: bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ
//	    labels: {app: web}
//	agent_endpoints:
//	  - url: https://demo-agent.ngrok.app
//	tunnel_sessions:
//	  - id: ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT
//	    agent_version: 3.18.4
//	tunnels:
//	  - tunnel_session_id: ts_2hHHEdGjzhqHoCeqNd9sYaUbMmT
//	    public_url: https://demo-agent.ngrok.app
type SeedFile struct {
	TLSCertificates        []TLSCertificateSeed        `json:"tls_certificates,omitempty"`
	EndpointConfigurations []EndpointConfigurationSeed `json:"endpoint_configurations,omitempty"`
	TunnelGroupBackends    []TunnelGroupBackendSeed    `json:"tunnel_group_backends,omitempty"`
	HTTPResponseBackends   []HTTPResponseBackendSeed   `json:"http_response_backends,omitempty"`
	StaticBackends         []StaticBackendSeed         `json:"static_backends,omitempty"`
	FailoverBackends       []FailoverBackendSeed       `json:"failover_backends,omitempty"`
	WeightedBackends       []WeightedBackendSeed       `json:"weighted_backends,omitempty"`
	IPPolicies             []IPPolicySeed              `json:"ip_policies,omitempty"`
	HTTPSEdges             []HTTPSEdgeWithRoutesSeed   `json:"https_edges,omitempty"`
	ReservedAddrs          []ReservedAddrSeed          `json:"reserved_addrs,omitempty"`
	TCPEdges               []TCPEdgeSeed               `json:"tcp_edges,omitempty"`
	TLSEdges               []TLSEdgeSeed               `json:"tls_edges,omitempty"`
	AgentEndpoints         []AgentEndpointSeed         `json:"agent_endpoints,omitempty"`
	EdgeEndpoints          []EdgeEndpointSeed          `json:"edge_endpoints,omitempty"`
	TunnelSessions         []TunnelSessionSeed         `json:"tunnel_sessions,omitempty"`
	Tunnels                []TunnelSeed                `json:"tunnels,omitempty"`
	ApplicationUsers       []ApplicationUserSeed       `json:"application_users,omitempty"`
	ApplicationSessions    []ApplicationSessionSeed    `json:"application_sessions,omitempty"`
	// Settings are applied once every object is seeded.
	Settings *Settings `json:"settings,omitempty"`
}

// HTTPSEdgeWithRoutesSeed is an HTTPS edge with the routes to seed on it.
type HTTPSEdgeWithRoutesSeed struct {
	HTTPSEdgeSeed
	Routes []HTTPSEdgeRouteSeed `json:"routes,omitempty"`
}

// UnmarshalJSON keeps the embedded edge's fields strict: encoding/json does
// not apply DisallowUnknownFields through a custom decoder of an embedded
// struct, so the fields are decoded in one pass over an explicit shape.
func (e *HTTPSEdgeWithRoutesSeed) UnmarshalJSON(b []byte) error {
	var v struct {
		ID          string               `json:"id,omitempty"`
		Description string               `json:"description,omitempty"`
		Metadata    string               `json:"metadata,omitempty"`
		Hostports   []string             `json:"hostports,omitempty"`
		Routes      []HTTPSEdgeRouteSeed `json:"routes,omitempty"`
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return err
	}
	*e = HTTPSEdgeWithRoutesSeed{
		HTTPSEdgeSeed: HTTPSEdgeSeed{ID: v.ID, Description: v.Description, Metadata: v.Metadata, Hostports: v.Hostports},
		Routes:        v.Routes,
	}
	return nil
}

// ParseSeedFile reads a seed file in JSON or YAML. Unknown keys are errors,
// so that a typo does not silently seed less than intended.
func ParseSeedFile(data []byte) (*SeedFile, error) {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return &SeedFile{}, nil
	}
	if trimmed[0] != '{' {
		var node yaml.Node
		if err := yaml.Unmarshal(trimmed, &node); err != nil {
			return nil, fmt.Errorf("seed file is neither JSON nor YAML: %w", err)
		}
		// NOTE: YAML 1.1 reads a plain 2025-01-01 as a timestamp, which would
		// reach a description or metadata as 2025-01-01T00:00:00Z: it is
		// text, as the same value in JSON is.
		timestampsAsStrings(&node)
		var doc any
		if err := node.Decode(&doc); err != nil {
			return nil, fmt.Errorf("seed file is neither JSON nor YAML: %w", err)
		}
		doc, err := yamlToJSONShape(doc)
		if err != nil {
			return nil, fmt.Errorf("seed file: %w", err)
		}
		if _, ok := doc.(map[string]any); !ok {
			return nil, errors.New("seed file must be a mapping of object kinds to lists")
		}
		j, err := json.Marshal(doc)
		if err != nil {
			return nil, fmt.Errorf("seed file: %w", err)
		}
		trimmed = j
	}
	var f SeedFile
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("seed file: %w", err)
	}
	return &f, nil
}

// timestampsAsStrings retags the plain scalars that YAML 1.1 reads as
// timestamps as strings.
func timestampsAsStrings(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!timestamp" {
		n.Tag = "!!str"
	}
	for _, c := range n.Content {
		timestampsAsStrings(c)
	}
}

// SeedCounts says how many objects of each kind a seed created.
type SeedCounts map[string]int

// Seed creates every object of f, in an order that lets later objects refer
// to earlier ones (edge endpoints to seeded edges), or none of them: at the
// first object it cannot create it removes those it created and says which
// object it could not.
func (s *Server) Seed(f *SeedFile) (SeedCounts, error) {
	var (
		counts SeedCounts
		err    error
	)
	// NOTE: one change, so that no commit (of a request served meanwhile)
	// writes a seed half done to the state file.
	s.inChange(func() { counts, err = s.seedAll(f) })
	if err != nil {
		return SeedCounts{}, errors.Join(err, s.SaveState())
	}
	if f.Settings != nil {
		f.Settings.Apply(s)
	}
	return counts, s.SaveState()
}

// seedAll is Seed within one change.
func (s *Server) seedAll(f *SeedFile) (counts SeedCounts, err error) {
	counts = SeedCounts{}
	// created holds how to remove each object made so far, for a seed that
	// fails part way.
	var created []func()
	defer func() {
		if err != nil {
			for _, remove := range slices.Backward(created) {
				remove()
			}
		}
	}()
	made := func(remove func()) { created = append(created, remove) }
	seedAll := func(kind string, n int, one func(i int) error) error {
		for i := range n {
			if err := one(i); err != nil {
				return fmt.Errorf("%s[%d]: %w", kind, i, err)
			}
			counts[kind]++
		}
		return nil
	}
	steps := []func() error{
		func() error {
			return seedAll("tls_certificates", len(f.TLSCertificates), func(i int) error {
				id, err := s.SeedTLSCertificate(f.TLSCertificates[i])
				if err == nil {
					made(removal(s.domains.certificates, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("endpoint_configurations", len(f.EndpointConfigurations), func(i int) error {
				id, err := s.SeedEndpointConfiguration(f.EndpointConfigurations[i])
				if err == nil {
					made(removal(s.domains.endpointConfigs, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("tunnel_group_backends", len(f.TunnelGroupBackends), func(i int) error {
				id, err := s.SeedTunnelGroupBackend(f.TunnelGroupBackends[i])
				if err == nil {
					made(removal(s.edges.backends, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("http_response_backends", len(f.HTTPResponseBackends), func(i int) error {
				id, err := s.SeedHTTPResponseBackend(f.HTTPResponseBackends[i])
				if err == nil {
					made(removal(s.backends.httpResponse, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("static_backends", len(f.StaticBackends), func(i int) error {
				id, err := s.SeedStaticBackend(f.StaticBackends[i])
				if err == nil {
					made(removal(s.backends.static, id))
				}
				return err
			})
		},
		// NOTE: after the backends they may name.
		func() error {
			return seedAll("failover_backends", len(f.FailoverBackends), func(i int) error {
				id, err := s.SeedFailoverBackend(f.FailoverBackends[i])
				if err == nil {
					made(removal(s.backends.failover, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("weighted_backends", len(f.WeightedBackends), func(i int) error {
				id, err := s.SeedWeightedBackend(f.WeightedBackends[i])
				if err == nil {
					made(removal(s.backends.weighted, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("ip_policies", len(f.IPPolicies), func(i int) error {
				id, err := s.SeedIPPolicy(f.IPPolicies[i])
				if err == nil {
					made(removal(s.edges.ipPolicies, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("https_edges", len(f.HTTPSEdges), func(i int) error {
				edge := f.HTTPSEdges[i]
				id, err := s.SeedHTTPSEdge(edge.HTTPSEdgeSeed)
				if err != nil {
					return err
				}
				made(removal(s.edges.edges, id))
				for j, route := range edge.Routes {
					rid, err := s.SeedHTTPSEdgeRoute(id, route)
					if err != nil {
						return fmt.Errorf("routes[%d]: %w", j, err)
					}
					made(removal(s.edges.routes, rid))
					counts["https_edge_routes"]++
				}
				return nil
			})
		},
		func() error {
			return seedAll("reserved_addrs", len(f.ReservedAddrs), func(i int) error {
				id, err := s.SeedReservedAddr(f.ReservedAddrs[i].Addr, f.ReservedAddrs[i].Region)
				if err == nil {
					made(removal(s.reservedAddrs, id))
				}
				return err
			})
		},
		func() error {
			return seedAll(tableTCPEdges, len(f.TCPEdges), func(i int) error {
				id, err := s.SeedTCPEdge(f.TCPEdges[i])
				if err == nil {
					made(removal(s.tcpEdges, id))
				}
				return err
			})
		},
		func() error {
			return seedAll(tableTLSEdges, len(f.TLSEdges), func(i int) error {
				id, err := s.SeedTLSEdge(f.TLSEdges[i])
				if err == nil {
					made(removal(s.tlsEdges, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("agent_endpoints", len(f.AgentEndpoints), func(i int) error {
				id, err := s.SeedAgentEndpoint(f.AgentEndpoints[i])
				if err == nil {
					made(removal(s.endpoints, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("edge_endpoints", len(f.EdgeEndpoints), func(i int) error {
				id, err := s.SeedEdgeEndpoint(f.EdgeEndpoints[i])
				if err == nil {
					made(removal(s.endpoints, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("tunnel_sessions", len(f.TunnelSessions), func(i int) error {
				id, err := s.SeedTunnelSession(f.TunnelSessions[i])
				if err == nil {
					made(removal(s.tunnelSessions, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("tunnels", len(f.Tunnels), func(i int) error {
				id, err := s.SeedTunnel(f.Tunnels[i])
				if err == nil {
					made(removal(s.tunnels, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("application_users", len(f.ApplicationUsers), func(i int) error {
				id, err := s.SeedApplicationUser(f.ApplicationUsers[i])
				if err == nil {
					made(removal(s.appUsers, id))
				}
				return err
			})
		},
		func() error {
			return seedAll("application_sessions", len(f.ApplicationSessions), func(i int) error {
				id, err := s.SeedApplicationSession(f.ApplicationSessions[i])
				if err == nil {
					made(removal(s.appSessions, id))
				}
				return err
			})
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return counts, nil
}

// removal removes the object id from t, for a seed that is undone.
func removal[T any](t *table[T], id string) func() {
	return func() { _ = t.remove(id) }
}
