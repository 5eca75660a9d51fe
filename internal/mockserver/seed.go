package mockserver

import (
	"fmt"
	"slices"
	"time"
)

// Uploaded TLS certificates and endpoint configurations are referenced by
// reserved domains (certificate_id, http_endpoint_configuration_id,
// https_endpoint_configuration_id). Endpoint configurations are out of this
// server's scope: it serves no route for them, and they exist by seeding.
// TLS certificates are a collection of the API (tls_certificates.go) that
// seeds may fill too. The helpers below follow the pattern of every seed
// helper of this package:
// Seed<Object>(<Object>Seed) (id string, err error), an option struct whose
// fields are all optional (and carry json tags for a future seed file), and
// an optional fixed ID so that a configuration can name a seeded object.

// Types of endpoint configuration: the reserved domain field an endpoint
// configuration may be attached to depends on it.
const (
	endpointConfigurationHTTP  = "http"
	endpointConfigurationHTTPS = "https"
)

var endpointConfigurationTypes = []string{endpointConfigurationHTTP, endpointConfigurationHTTPS}

// TLSCertificateSeed describes an uploaded TLS certificate to seed. Every
// field is optional. The seeded certificate is a self-signed one the mock
// makes (seededCertificate), whose key it drops as it drops an uploaded
// one's: nothing in this server terminates TLS.
type TLSCertificateSeed struct {
	// ID is the certificate's ID: cert_ and 27 base-62 characters. Minted
	// when empty.
	ID          string `json:"id,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

// EndpointConfigurationSeed describes an endpoint configuration to seed.
// Every field is optional.
type EndpointConfigurationSeed struct {
	// ID is the configuration's ID: ec_ and 27 base-62 characters. Minted
	// when empty.
	ID          string `json:"id,omitempty"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	// Type is "http" or "https" (default): a reserved domain accepts an
	// "http" configuration as http_endpoint_configuration_id and an "https"
	// one as https_endpoint_configuration_id.
	Type string `json:"type,omitempty"`
}

type endpointConfiguration struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Type        string    `json:"type"`
}

// SeedTLSCertificate adds an uploaded TLS certificate and returns its ID.
func (s *Server) SeedTLSCertificate(in TLSCertificateSeed) (string, error) {
	if err := checkSeedText("TLS certificate", in.Description, in.Metadata); err != nil {
		return "", err
	}
	created := s.timestamp()
	var genErr error
	c, err := seedInsert(s.domains.certificates, in.ID, func(id string) tlsCertificate {
		c := tlsCertificate{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata}
		c.CertificatePEM, c.Details, genErr = seededCertificate(id, created)
		return c
	})
	if err == nil && genErr != nil {
		// NOTE: unreachable (an Ed25519 certificate of fixed fields); the
		// object is removed again rather than left without a certificate.
		_ = s.domains.certificates.remove(c.ID)
		return "", fmt.Errorf("seeding a TLS certificate: %w", genErr)
	}
	return c.ID, err
}

// SeedEndpointConfiguration adds an endpoint configuration and returns its ID.
func (s *Server) SeedEndpointConfiguration(in EndpointConfigurationSeed) (string, error) {
	if err := checkSeedText("endpoint configuration", in.Description, in.Metadata); err != nil {
		return "", err
	}
	typ := in.Type
	if typ == "" {
		typ = endpointConfigurationHTTPS
	}
	if !slices.Contains(endpointConfigurationTypes, typ) {
		return "", fmt.Errorf("seeding an endpoint configuration: type %q is not \"http\" or \"https\"", in.Type)
	}
	created := s.timestamp()
	ec, err := seedInsert(s.domains.endpointConfigs, in.ID, func(id string) endpointConfiguration {
		return endpointConfiguration{ID: id, CreatedAt: created, Description: in.Description, Metadata: in.Metadata, Type: typ}
	})
	return ec.ID, err
}
