package apiclient

import (
	"context"
	"iter"
)

const reservedDomains = "reserved_domains"

// Values of ReservedDomainCertJob.ErrorCode.
const (
	CertJobInternalError = "INTERNAL_ERROR" // temporary; the service retries
	CertJobDNSError      = "DNS_ERROR"      // permanent until the user corrects DNS
)

// ReservedDomain is a hostname held by the account. Nullable strings of the
// API decode to "" when null.
type ReservedDomain struct {
	ID          string `json:"id"`
	URI         string `json:"uri"`
	CreatedAt   string `json:"created_at"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	Domain      string `json:"domain"`
	// Region is deprecated: the API accepts it on create and returns "".
	Region string `json:"region"`
	// CNAMETarget is the DNS CNAME target of a custom domain; "" for a
	// subdomain of a domain the service owns.
	CNAMETarget string `json:"cname_target"`
	// ACMEChallengeCNAMETarget is the CNAME target of
	// _acme-challenge.<domain>, set only for wildcard custom domains.
	ACMEChallengeCNAMETarget string `json:"acme_challenge_cname_target"`
	// Certificate is the uploaded certificate, or the most recently issued
	// managed one; nil when none.
	Certificate                 *Ref                      `json:"certificate"`
	CertificateManagementPolicy *ReservedDomainCertPolicy `json:"certificate_management_policy"`
	CertificateManagementStatus *ReservedDomainCertStatus `json:"certificate_management_status"`
	HTTPEndpointConfiguration   *Ref                      `json:"http_endpoint_configuration"`
	HTTPSEndpointConfiguration  *Ref                      `json:"https_endpoint_configuration"`
	// ResolvesTo lists the points of presence the domain is pinned to
	// (region pinning); empty for global resolution.
	ResolvesTo []ReservedDomainResolvesToEntry `json:"resolves_to"`
}

// ResolvesToGlobal is the ResolvesTo value for every point of presence: a
// domain that is not pinned.
const ResolvesToGlobal = "global"

// ReservedDomainResolvesToEntry is one entry of ResolvesTo: a point of
// presence's code (such as "eu" or "us-cal-1") or ResolvesToGlobal.
type ReservedDomainResolvesToEntry struct {
	Value string `json:"value"`
}

// ReservedDomainCertPolicy is automatic certificate management. On a
// request an empty field takes the API's default (letsencrypt, ecdsa).
type ReservedDomainCertPolicy struct {
	Authority      string `json:"authority,omitempty"`        // letsencrypt
	PrivateKeyType string `json:"private_key_type,omitempty"` // rsa or ecdsa
}

// ReservedDomainCertStatus is the status of automatic management.
type ReservedDomainCertStatus struct {
	RenewsAt        string                 `json:"renews_at"`        // "" while none is issued
	ProvisioningJob *ReservedDomainCertJob `json:"provisioning_job"` // nil when nothing is being provisioned
}

// ReservedDomainCertJob is a certificate provisioning job.
type ReservedDomainCertJob struct {
	ErrorCode string `json:"error_code"` // "", CertJobInternalError or CertJobDNSError
	Msg       string `json:"msg"`
	StartedAt string `json:"started_at"`
	RetriesAt string `json:"retries_at"`
}

// ReservedDomainCreate is the body of a create. CertificateID and
// CertificateManagementPolicy are mutually exclusive.
type ReservedDomainCreate struct {
	Domain                      string                    `json:"domain"`
	Region                      string                    `json:"region,omitempty"` // deprecated
	Description                 string                    `json:"description,omitempty"`
	Metadata                    string                    `json:"metadata,omitempty"`
	CertificateID               string                    `json:"certificate_id,omitempty"`
	CertificateManagementPolicy *ReservedDomainCertPolicy `json:"certificate_management_policy,omitempty"`
	// ResolvesTo pins the domain to points of presence; empty resolves
	// globally.
	ResolvesTo []ReservedDomainResolvesToEntry `json:"resolves_to,omitempty"`
}

// ReservedDomainUpdate is the body of an update: nil leaves a field
// unchanged. "" clears the description, the metadata and an endpoint
// configuration; a certificate or policy is detached with
// DeleteReservedDomainCertificate or
// DeleteReservedDomainCertificateManagementPolicy instead. Setting one of
// CertificateID and CertificateManagementPolicy replaces the other.
// ResolvesTo, when not empty, replaces the points of presence; one entry
// ResolvesToGlobal un-pins the domain.
type ReservedDomainUpdate struct {
	Description                  *string                         `json:"description,omitempty"`
	Metadata                     *string                         `json:"metadata,omitempty"`
	CertificateID                *string                         `json:"certificate_id,omitempty"`
	CertificateManagementPolicy  *ReservedDomainCertPolicy       `json:"certificate_management_policy,omitempty"`
	HTTPEndpointConfigurationID  *string                         `json:"http_endpoint_configuration_id,omitempty"`
	HTTPSEndpointConfigurationID *string                         `json:"https_endpoint_configuration_id,omitempty"`
	ResolvesTo                   []ReservedDomainResolvesToEntry `json:"resolves_to,omitempty"`
}

// CreateReservedDomain reserves a domain (POST, 201).
func (c *Client) CreateReservedDomain(ctx context.Context, in *ReservedDomainCreate) (*ReservedDomain, error) {
	if in == nil {
		in = &ReservedDomainCreate{}
	}
	d, err := create[ReservedDomain](ctx, c, "/"+reservedDomains, in)
	c.snapshots().reservedDomains.created(d)
	return d, err
}

// GetReservedDomain reads one reserved domain.
func (c *Client) GetReservedDomain(ctx context.Context, id string) (*ReservedDomain, error) {
	p, err := objectPath(reservedDomains, "reserved domain", id)
	if err != nil {
		return nil, err
	}
	return c.snapshots().reservedDomains.get(ctx, id, func() (*ReservedDomain, error) {
		return get[ReservedDomain](ctx, c, p)
	})
}

// ListReservedDomains iterates over the reserved domains, newest first.
func (c *Client) ListReservedDomains(ctx context.Context, opts *ListOptions) iter.Seq2[*ReservedDomain, error] {
	return list[ReservedDomain](ctx, c, "/"+reservedDomains, reservedDomains, opts)
}

// UpdateReservedDomain changes a reserved domain (PATCH).
func (c *Client) UpdateReservedDomain(ctx context.Context, id string, in *ReservedDomainUpdate) (*ReservedDomain, error) {
	p, err := objectPath(reservedDomains, "reserved domain", id)
	if err != nil {
		return nil, err
	}
	if in == nil {
		in = &ReservedDomainUpdate{}
	}
	defer c.snapshots().reservedDomains.writeStart(id)()
	return update[ReservedDomain](ctx, c, p, in)
}

// DeleteReservedDomain releases a reserved domain (204).
func (c *Client) DeleteReservedDomain(ctx context.Context, id string) error {
	p, err := objectPath(reservedDomains, "reserved domain", id)
	if err != nil {
		return err
	}
	defer c.snapshots().reservedDomains.writeStart(id)()
	return remove(ctx, c, p)
}

// DeleteReservedDomainCertificate detaches the uploaded certificate (204,
// also when none is attached). The API refuses it while a certificate
// management policy is attached.
func (c *Client) DeleteReservedDomainCertificate(ctx context.Context, id string) error {
	p, err := objectPath(reservedDomains, "reserved domain", id)
	if err != nil {
		return err
	}
	defer c.snapshots().reservedDomains.writeStart(id)()
	return remove(ctx, c, p+"/certificate")
}

// DeleteReservedDomainCertificateManagementPolicy detaches the certificate
// management policy, and with it the managed certificate (204, also when
// none is attached).
func (c *Client) DeleteReservedDomainCertificateManagementPolicy(ctx context.Context, id string) error {
	p, err := objectPath(reservedDomains, "reserved domain", id)
	if err != nil {
		return err
	}
	defer c.snapshots().reservedDomains.writeStart(id)()
	return remove(ctx, c, p+"/certificate_management_policy")
}
