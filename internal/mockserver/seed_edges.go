package mockserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// HTTPS edges, their routes and tunnel-group backends cannot be created
// through this server: ngrok made edges read-only for most accounts, and the
// API documents only the route modules (edge_route_modules.go). They exist
// by seeding, with these helpers (and from a seed file, which is why every
// helper takes an option struct rather than positional arguments). IP
// policies, which route modules name, are a collection of the API
// (ip_policies.go) that seeds may fill too.

// HTTPSEdgeSeed describes an HTTPS edge to seed. Every field is optional.
type HTTPSEdgeSeed struct {
	// ID is the edge's ID: edghts_ and 27 base-62 characters. Minted when
	// empty; a fixed ID lets a configuration refer to a seeded edge.
	ID          string   `json:"id,omitempty"`
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Hostports   []string `json:"hostports,omitempty"` // e.g. "app.example.com:443"
}

// HTTPSEdgeRouteSeed describes a route of an HTTPS edge to seed. Every field
// is optional.
type HTTPSEdgeRouteSeed struct {
	// ID is the route's ID: edghtsrt_ and 27 base-62 characters; minted when empty.
	ID          string `json:"id,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	Match       string `json:"match,omitempty"`      // default "/"
	MatchType   string `json:"match_type,omitempty"` // exact_path or path_prefix (default)

	// The route's modules, each the body of the module's PUT, checked as a
	// PUT is; a module left out is not set.
	OIDC           *RouteModuleSeed `json:"oidc,omitempty"`
	Backend        *RouteModuleSeed `json:"backend,omitempty"`
	IPRestriction  *RouteModuleSeed `json:"ip_restriction,omitempty"`
	RequestHeaders *RouteModuleSeed `json:"request_headers,omitempty"`
	RouteModuleSeeds
}

// RouteModuleSeed is the body of a route module's PUT, as JSON.
type RouteModuleSeed = json.RawMessage

// TunnelGroupBackendSeed describes a tunnel-group backend to seed. Every field
// is optional.
type TunnelGroupBackendSeed struct {
	// ID is the backend's ID: bkdtg_ and 27 base-62 characters; minted when empty.
	ID          string            `json:"id,omitempty"`
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"` // tunnels with these labels serve the backend
}

// IPPolicySeed describes an IP policy to seed, served by /ip_policies like
// a created one. Every field is optional.
type IPPolicySeed struct {
	// ID is the policy's ID: ipp_ and 27 base-62 characters; minted when empty.
	ID          string `json:"id,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

// Route match types of the real API.
var routeMatchTypes = []string{"exact_path", "path_prefix"}

type httpsEdge struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Hostports   []string  `json:"hostports,omitempty"`

	// The edge's own modules; nil when not set (https_edges.go).
	MutualTLS      *edgeMutualTLS      `json:"mutual_tls,omitempty"`
	TLSTermination *edgeTLSTermination `json:"tls_termination,omitempty"`
}

// httpsEdgeRoute holds the route's modules; a nil module is not set.
type httpsEdgeRoute struct {
	ID          string    `json:"id"`
	EdgeID      string    `json:"edge_id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Match       string    `json:"match"`
	MatchType   string    `json:"match_type"`

	OIDC           *oidcModule           `json:"oidc,omitempty"`
	Backend        *backendModule        `json:"backend,omitempty"`
	IPRestriction  *ipRestrictionModule  `json:"ip_restriction,omitempty"`
	RequestHeaders *requestHeadersModule `json:"request_headers,omitempty"`
	// Seeded are the nine modules the provider does not write, seeded or
	// written (edge_route_modules_seeded.go).
	Seeded routeModulesSeeded `json:"seeded_modules"`

	// LastPut is the last accepted PUT body of each module, by module name,
	// byte for byte (EdgeRouteModule); a DELETE of the module keeps it.
	// NOTE: strings, not json.RawMessage: an accepted PUT may have had an
	// empty body, which is not JSON.
	LastPut map[string]string `json:"last_put,omitempty"`
}

// redactedValue stands in for a credential in the control API's view of
// the state (state.go).
const redactedValue = "(redacted)"

// redact blanks the OIDC client secret, and the recorded OIDC PUT body that
// holds it, in the control API's view of the state. The copy must not share
// the module or the map with the stored route.
func (r *httpsEdgeRoute) redact() {
	if r.OIDC != nil {
		m := *r.OIDC
		m.ClientSecret = redactedValue
		r.OIDC = &m
	}
	if _, ok := r.LastPut[ModuleOIDC]; ok {
		r.LastPut = maps.Clone(r.LastPut)
		r.LastPut[ModuleOIDC] = redactedValue
	}
}

// recordPut remembers body as the last accepted PUT of module. The map is
// copied first: rows are copied by value, so a copy may share it.
func (r *httpsEdgeRoute) recordPut(module string, body []byte) {
	m := maps.Clone(r.LastPut)
	if m == nil {
		m = map[string]string{}
	}
	m[module] = string(body)
	r.LastPut = m
}

// forgetPut forgets the last accepted PUT of module, in a copy of the map.
func (r *httpsEdgeRoute) forgetPut(module string) {
	if _, ok := r.LastPut[module]; ok {
		r.LastPut = maps.Clone(r.LastPut)
		delete(r.LastPut, module)
	}
}

type tunnelGroupBackend struct {
	ID          string            `json:"id"`
	CreatedAt   time.Time         `json:"created_at"`
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Labels      map[string]string `json:"labels,omitempty"`
}

// SeedHTTPSEdge adds an HTTPS edge and returns its ID.
func (s *Server) SeedHTTPSEdge(in HTTPSEdgeSeed) (string, error) {
	if err := checkSeedText("HTTPS edge", in.Description, in.Metadata); err != nil {
		return "", err
	}
	created := s.timestamp()
	e, err := seedInsert(s.edges.edges, in.ID, func(id string) httpsEdge {
		return httpsEdge{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata,
			Hostports: slices.Clone(in.Hostports)}
	})
	return e.ID, err
}

// SeedHTTPSEdgeRoute adds a route, without modules, to the HTTPS edge edgeID
// and returns the route's ID.
func (s *Server) SeedHTTPSEdgeRoute(edgeID string, in HTTPSEdgeRouteSeed) (string, error) {
	if _, err := s.edges.edges.get(edgeID); err != nil {
		return "", fmt.Errorf("seeding a route: there is no HTTPS edge %q", edgeID)
	}
	if err := checkSeedText("HTTPS edge route", in.Description, in.Metadata); err != nil {
		return "", err
	}
	match, matchType := in.Match, in.MatchType
	if match == "" {
		match = "/"
	}
	if matchType == "" {
		matchType = "path_prefix"
	}
	if !slices.Contains(routeMatchTypes, matchType) {
		return "", fmt.Errorf("seeding a route: match_type %q is not one of %s", matchType, strings.Join(routeMatchTypes, ", "))
	}
	route := httpsEdgeRoute{EdgeID: edgeID, Description: in.Description, Metadata: in.Metadata,
		Match: match, MatchType: matchType}
	if err := s.seedModules(&route, in); err != nil {
		return "", fmt.Errorf("seeding a route: %w", err)
	}
	created := s.timestamp()
	r, err := seedInsert(s.edges.routes, in.ID, func(id string) httpsEdgeRoute {
		v := route
		v.ID, v.CreatedAt = id, created
		return v
	})
	return r.ID, err
}

// seedModules checks the modules of a seeded route as their PUTs would be,
// and sets them on r.
func (s *Server) seedModules(r *httpsEdgeRoute, in HTTPSEdgeRouteSeed) error {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	return errors.Join(
		seedModule(s.edges, ModuleOIDC, in.OIDC, buildOIDC, &r.OIDC),
		seedModule(s.edges, ModuleBackend, in.Backend, buildBackend, &r.Backend),
		seedModule(s.edges, ModuleIPRestriction, in.IPRestriction, buildIPRestriction, &r.IPRestriction),
		seedModule(s.edges, ModuleRequestHeaders, in.RequestHeaders, buildRequestHeaders, &r.RequestHeaders),
		r.Seeded.seed(s.edges, in.RouteModuleSeeds),
	)
}

func seedModule[B, M any](es *edgeState, name string, raw *RouteModuleSeed, build func(*edgeState, *B) (M, *apiError), slot **M) error {
	if raw == nil {
		return nil
	}
	var body B
	dec := json.NewDecoder(bytes.NewReader(*raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	m, err := build(es, &body)
	if err != nil {
		return fmt.Errorf("%s: %s", name, err.msg)
	}
	*slot = &m
	return nil
}

// SeedTunnelGroupBackend adds a tunnel-group backend and returns its ID.
func (s *Server) SeedTunnelGroupBackend(in TunnelGroupBackendSeed) (string, error) {
	if err := checkSeedText("tunnel group backend", in.Description, in.Metadata); err != nil {
		return "", err
	}
	created := s.timestamp()
	b, err := seedInsert(s.edges.backends, in.ID, func(id string) tunnelGroupBackend {
		return tunnelGroupBackend{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata,
			Labels: maps.Clone(in.Labels)}
	})
	return b.ID, err
}

// SeedIPPolicy adds an IP policy and returns its ID.
func (s *Server) SeedIPPolicy(in IPPolicySeed) (string, error) {
	if err := checkSeedText("IP policy", in.Description, in.Metadata); err != nil {
		return "", err
	}
	created := s.timestamp()
	p, err := seedInsert(s.edges.ipPolicies, in.ID, func(id string) ipPolicy {
		return ipPolicy{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata}
	})
	return p.ID, err
}

// seedInsert stores an object under the given ID, or under a minted one
// when id is empty.
func seedInsert[T any](t *table[T], id string, build func(id string) T) (T, error) {
	var zero T
	if id == "" {
		v, err := t.insert(build)
		if err != nil {
			return zero, fmt.Errorf("seeding a %s: %s", t.noun, err.msg)
		}
		return v, nil
	}
	if err := checkSeedID(id, t.prefix); err != nil {
		return zero, fmt.Errorf("seeding a %s: %w", t.noun, err)
	}
	v, ok := t.putSeeded(id, build)
	if !ok {
		return zero, fmt.Errorf("seeding a %s: the ID %q is already taken", t.noun, id)
	}
	return v, nil
}

// checkSeedID accepts only IDs of the shape the real API mints, so that a
// seeded object is indistinguishable from a real one.
func checkSeedID(id, prefix string) error {
	if !wellFormedID(id, prefix) {
		return fmt.Errorf("the ID %q must be %q followed by %d base-62 characters", id, prefix, idLen)
	}
	return nil
}

func checkSeedText(noun, description, metadata string) error {
	if err := checkFreeText(description, metadata, edgeText); err != nil {
		return fmt.Errorf("seeding a %s: %s", noun, err.msg)
	}
	return nil
}
