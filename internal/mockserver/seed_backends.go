package mockserver

import (
	"fmt"
	"maps"
	"slices"
)

// Seeds of the backends other than tunnel groups (seed_edges.go has that
// one): the API can create them where edges are writable, but an account
// whose edges are read-only only ever has the ones it made before, which a
// test seeds. Each is checked as its create would be, writes refused or not.

// HTTPResponseBackendSeed describes an HTTP response backend to seed. Every
// field is optional.
type HTTPResponseBackendSeed struct {
	// ID is the backend's ID: bkdhr_ and 27 base-62 characters; minted when empty.
	ID          string            `json:"id,omitempty"`
	Description string            `json:"description,omitempty"`
	Metadata    string            `json:"metadata,omitempty"`
	Body        string            `json:"body,omitempty"`
	Headers     map[string]string `json:"headers,omitempty"`
	StatusCode  int               `json:"status_code,omitempty"` // default 200
}

// FailoverBackendSeed describes a failover backend to seed; its backends
// must be seeded first.
type FailoverBackendSeed struct {
	// ID is the backend's ID: bkdfo_ and 27 base-62 characters; minted when empty.
	ID          string   `json:"id,omitempty"`
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	Backends    []string `json:"backends,omitempty"`
}

// WeightedBackendSeed describes a weighted backend to seed; its backends
// must be seeded first.
type WeightedBackendSeed struct {
	// ID is the backend's ID: bkdwd_ and 27 base-62 characters; minted when empty.
	ID          string           `json:"id,omitempty"`
	Description string           `json:"description,omitempty"`
	Metadata    string           `json:"metadata,omitempty"`
	Backends    map[string]int64 `json:"backends,omitempty"`
}

// StaticBackendSeed describes a static backend to seed.
type StaticBackendSeed struct {
	// ID is the backend's ID: bkdsc_ and 27 base-62 characters; minted when empty.
	ID          string `json:"id,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	Address     string `json:"address"` // host:port, required
	TLSEnabled  bool   `json:"tls_enabled,omitempty"`
}

// SeedHTTPResponseBackend adds an HTTP response backend and returns its ID.
func (s *Server) SeedHTTPResponseBackend(in HTTPResponseBackendSeed) (string, error) {
	if err := checkSeedText("HTTP response backend", in.Description, in.Metadata); err != nil {
		return "", err
	}
	b := httpResponseBackend{Description: in.Description, Metadata: in.Metadata, StatusCode: 200}
	var status *int
	if in.StatusCode != 0 {
		status = &in.StatusCode
	}
	if err := applyHTTPResponse(&b, &in.Body, in.Headers, status); err != nil {
		return "", fmt.Errorf("seeding an HTTP response backend: %s", err.msg)
	}
	created := s.timestamp()
	v, err := seedInsert(s.backends.httpResponse, in.ID, func(id string) httpResponseBackend {
		v := b
		v.ID, v.CreatedAt = id, created
		return v
	})
	return v.ID, err
}

// SeedStaticBackend adds a static backend and returns its ID.
func (s *Server) SeedStaticBackend(in StaticBackendSeed) (string, error) {
	if err := checkSeedText("static backend", in.Description, in.Metadata); err != nil {
		return "", err
	}
	if err := checkHostPort(in.Address); err != nil {
		return "", fmt.Errorf("seeding a static backend: %s", err.msg)
	}
	created := s.timestamp()
	v, err := seedInsert(s.backends.static, in.ID, func(id string) staticBackend {
		return staticBackend{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata,
			Address: in.Address, TLSEnabled: in.TLSEnabled}
	})
	return v.ID, err
}

// SeedFailoverBackend adds a failover backend and returns its ID.
func (s *Server) SeedFailoverBackend(in FailoverBackendSeed) (string, error) {
	if err := checkSeedText("failover backend", in.Description, in.Metadata); err != nil {
		return "", err
	}
	if err := s.checkSeedChildren(in.Backends, errFailoverBackendRefused, "failover backend"); err != nil {
		return "", err
	}
	created := s.timestamp()
	v, err := seedInsert(s.backends.failover, in.ID, func(id string) failoverBackend {
		return failoverBackend{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata,
			Backends: slices.Clone(in.Backends)}
	})
	return v.ID, err
}

// SeedWeightedBackend adds a weighted backend and returns its ID.
func (s *Server) SeedWeightedBackend(in WeightedBackendSeed) (string, error) {
	if err := checkSeedText("weighted backend", in.Description, in.Metadata); err != nil {
		return "", err
	}
	if err := checkWeights(in.Backends); err != nil {
		return "", fmt.Errorf("seeding a weighted backend: %s", err.msg)
	}
	if err := s.checkSeedChildren(slices.Sorted(maps.Keys(in.Backends)), errWeightedBackendRefused, "weighted backend"); err != nil {
		return "", err
	}
	created := s.timestamp()
	v, err := seedInsert(s.backends.weighted, in.ID, func(id string) weightedBackend {
		return weightedBackend{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata,
			Backends: maps.Clone(in.Backends)}
	})
	return v.ID, err
}

// checkSeedChildren checks the backends a seeded failover or weighted
// backend names, as a create would.
func (s *Server) checkSeedChildren(children []string, refusal *errorKind, noun string) error {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	if err := s.checkChildrenLocked(children, "", refusal); err != nil {
		return fmt.Errorf("seeding a %s: %s", noun, err.msg)
	}
	return nil
}
