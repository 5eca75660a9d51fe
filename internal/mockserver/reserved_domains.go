package mockserver

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// Reserved domains (README.md, section Reserved domains).
//
// Choices of ours where the real API is silent, recorded here because the
// provider and its tests rely on them:
//   - domain is normalised before anything else: lower-cased, one trailing
//     dot dropped. DNS names are case-insensitive, so "App.Example.COM." and
//     "app.example.com" are the same reservation (and a duplicate: 409). It
//     must then be a hostname: labels of 1..63 letters, digits and hyphens
//     (no hyphen first or last), at least two labels, a top-level label that
//     is not all digits (no IP addresses), at most 253 bytes, and optionally
//     "*." in front for a wildcard. A service domain itself ("ngrok.app",
//     "*.ngrok.app") cannot be reserved.
//   - description is limited to 255 bytes, like every other object of the
//     API (the contract states 4096 bytes for metadata only).
//   - A certificate_id or endpoint configuration ID that names no object of
//     the account is refused with 400 (ERR_NGROK_1965, ERR_NGROK_1600), not
//     404: a 404 answers for the object at the path, and a client that reads
//     404 as "this reserved domain is gone" must not be misled. A wrong
//     prefix is 400 ERR_NGROK_227, as everywhere. An
//     http_endpoint_configuration_id must name an "http" configuration, an
//     https_... an "https" one (ERR_NGROK_428).
//   - In a PATCH, an endpoint configuration ID "" detaches it; certificate_id
//     "" means "not set" and changes nothing, alone or beside a policy: the
//     real API takes it so, and ngrok's own provider sends it on every
//     update (detaching is DELETE .../certificate). On create, "" counts as
//     omitted, like every other option.
//   - PATCH with the policy already attached (same authority and key type)
//     changes nothing, so repeating it never restarts provisioning. A policy
//     with another key type starts a new provisioning job; the certificate
//     issued under the old policy stays in `certificate` until the new one is
//     issued ("the most recently issued automatic one").
//   - Automatic management is a function of the clock (WithClock): a job
//     starts when the policy is attached and completes
//     WithCertificateIssueDelay later. A job a create started shows at once;
//     one a PATCH started shows no status until it completes (the real
//     API's answer and next read are null; how long, ours). Then
//     `certificate` is a Ref to the managed cert_ object and renews_at is 60
//     days after issuance; renewal itself is not simulated. A domain under
//     the reserved TLD .invalid never resolves: once the job completes it
//     shows DNS_ERROR, with retries_at on the next hour after the first
//     failure. INTERNAL_ERROR is never produced. Managed certificates are
//     TLS certificate objects (tls_certificates.go) that belong to their
//     domain: certificate_id cannot name one.
//   - cname_target is set at creation and never changes, hashed from the
//     name and the account (the real API's labels follow from them);
//     acme_challenge_cname_target (wildcard custom domains only) is
//     "_acme-challenge." followed by the cname_target.
//   - resolves_to (region pinning) takes each point of presence at most once,
//     or "global" alone; "global" is stored and answered as the empty list,
//     the spec's "empty for global resolution", and the entries are answered
//     sorted, whatever order they were sent in. In a PATCH an absent or null
//     resolves_to changes nothing and [] un-pins. Every domain may be
//     pinned: when ngrok forbids a change of it (ERR_NGROK_459) is not
//     something the mock knows.
//   - Deleting a domain that a cloud endpoint serves on (exactly, or under a
//     wildcard reservation) is refused with 409 ERR_NGROK_446, the status
//     of a conflict with the current state; so is deleting the domain that
//     alone reserves a hostport of an HTTPS or TLS edge (ERR_NGROK_446's
//     message names edges and cloud endpoints [real]; a hostport that a
//     wildcard reservation covers too does not hold the domain [ours]).
//     Agent and edge endpoints do not hold a domain: their domain Ref moves
//     to a wildcard reservation that still covers their host, or becomes
//     null.

// serviceDomains are the domains whose subdomains the service owns; such
// a reservation needs no DNS records and takes no certificate settings
// [real: docs domains/index.mdx, "ngrok managed domains"].
var serviceDomains = []string{"ngrok.app", "ngrok.dev", "ngrok.pizza", "ngrok-free.app", "ngrok-free.dev", "ngrok-free.pizza", "ngrok.io"}

// Regions the deprecated region field accepts; the value is then ignored.
var domainRegions = []string{"au", "eu", "ap", "us", "jp", "in", "sa"}

// domainPoPs are the points of presence that resolves_to pins a domain to,
// besides resolvesToGlobal [real: ngrok's Points of Presence table].
var domainPoPs = []string{"ap", "au", "eu", "in", "jp", "sa", "us", "us-cal-1"}

// resolvesToGlobal is the resolves_to value for every point of presence,
// the default [real].
const resolvesToGlobal = "global"

// Options of a certificate management policy.
const (
	certAuthorityLetsEncrypt = "letsencrypt"
	defaultCertKeyType       = keyTypeECDSA
)

var certKeyTypes = []string{keyTypeRSA, keyTypeECDSA}

const (
	// defaultCertificateIssueDelay is long enough for a test to see the job
	// in progress and short enough for a demo to wait for the certificate.
	defaultCertificateIssueDelay = 3 * time.Second
	managedCertificateRenewal    = 60 * 24 * time.Hour
	dnsErrorRetryInterval        = time.Hour

	// msgProvisioning is the real API's message while a job runs.
	msgProvisioning = "Managed certificate provisioning in progress."

	cnameTargetDomain = "ngrok-cname.com"
	// unresolvableTLD is reserved (RFC 2606): names under it never resolve.
	unresolvableTLD = ".invalid"
)

// WithCertificateIssueDelay sets how long after a certificate management
// policy is attached its certificate is issued (default 3s). Tests either
// pass 0 (issued at once) or pair a longer delay with WithClock and move the
// clock. Negative values count as 0.
func WithCertificateIssueDelay(d time.Duration) Option {
	return func(s *Server) { s.certIssueDelay = max(d, 0) }
}

// domainState holds reserved domains and the objects they refer to: TLS
// certificates (a declared collection, tls_certificates.go) and endpoint
// configurations (seed only).
type domainState struct {
	reserved        *table[reservedDomain]
	certificates    *table[tlsCertificate]
	endpointConfigs *table[endpointConfiguration]
}

func newDomainState(st *store, ids *idSource, certificates *table[tlsCertificate]) *domainState {
	ds := &domainState{
		reserved:        newTable[reservedDomain](st, ids, collReservedDomains, "reserved domain", prefixReservedDomain),
		certificates:    certificates,
		endpointConfigs: newTable[endpointConfiguration](st, ids, collEndpointConfigurations, "endpoint configuration", prefixEndpointConfiguration),
	}
	// NOTE: a domain's managed certificates go with it, however it goes.
	ds.reserved.removed = func(d *reservedDomain) { ds.replaceManagedLocked(d.ID, "", nil) }
	return ds
}

// replaceManagedLocked drops the managed certificates of the domain id but
// keep, and stores next (when not nil) as the domain's. The store lock must
// be held.
func (ds *domainState) replaceManagedLocked(id, keep string, next *tlsCertificate) {
	for cid, r := range ds.certificates.rows {
		if m := r.val.Managed; m != nil && m.DomainID == id && cid != keep {
			ds.certificates.removeLocked(cid)
		}
	}
	if next != nil {
		next.Managed.DomainID = id
		ds.certificates.putLocked(next.ID, *next)
	}
}

// retireManagedLocked makes the managed certificate cid, when there is one,
// leave the API at the moment its successor is issued. The store lock must
// be held.
func (ds *domainState) retireManagedLocked(id, cid string, at time.Time) {
	r, ok := ds.certificates.rows[cid]
	if !ok || r.val.Managed == nil || r.val.Managed.DomainID != id {
		return
	}
	c := r.val
	m := *c.Managed
	m.RetiresAt = at
	c.Managed = &m
	ds.certificates.putLocked(cid, c)
}

// reservedDomain is a stored reserved domain.
type reservedDomain struct {
	ID            string      `json:"id"`
	CreatedAt     time.Time   `json:"created_at"`
	Description   string      `json:"description,omitempty"`
	Metadata      string      `json:"metadata,omitempty"`
	Domain        string      `json:"domain"`                                // normalised
	CNAMETarget   string      `json:"cname_target,omitempty"`                // "" for service-owned domains
	ACMETarget    string      `json:"acme_challenge_cname_target,omitempty"` // "" unless a wildcard custom domain
	CertificateID string      `json:"certificate_id,omitempty"`              // the uploaded certificate; "" when none
	Policy        *certPolicy `json:"certificate_management_policy,omitempty"`
	// Endpoint configuration IDs; "" when none.
	HTTPEC  string `json:"http_endpoint_configuration_id,omitempty"`
	HTTPSEC string `json:"https_endpoint_configuration_id,omitempty"`
	// ResolvesTo holds the pinned points of presence, sorted; empty for
	// global resolution.
	ResolvesTo []string `json:"resolves_to,omitempty"`
}

// certPolicy is automatic certificate management and the state of its
// current provisioning job.
type certPolicy struct {
	Authority      string    `json:"authority"`
	PrivateKeyType string    `json:"private_key_type"`
	StartedAt      time.Time `json:"started_at"`     // when the job started
	IssuesAt       time.Time `json:"issues_at"`      // when the job completes
	CertID         string    `json:"certificate_id"` // the managed certificate the job issues
	// StatusFrom is when certificate_management_status starts to show the
	// job: zero for a policy a create attached, whose job shows at once;
	// IssuesAt for one a PATCH attached, whose status is null until then.
	StatusFrom time.Time `json:"status_from,omitzero"`
	// PreviousCertID is the managed certificate issued under an earlier
	// policy of this domain, shown until CertID is issued.
	PreviousCertID string `json:"previous_certificate_id,omitempty"`
}

// issued reports whether the job has issued p.certID by now.
func (p *certPolicy) issued(domain string, now time.Time) bool {
	return !now.Before(p.IssuesAt) && !strings.HasSuffix(domain, unresolvableTLD)
}

type reservedDomainWire struct {
	ID          string  `json:"id"`
	URI         string  `json:"uri"`
	CreatedAt   apiTime `json:"created_at"`
	Description string  `json:"description,omitempty"`
	Metadata    string  `json:"metadata,omitempty"`
	Domain      string  `json:"domain"`
	// IsDev is true only on the account's free dev domain, which ngrok
	// assigns at sign-up and the mock does not have [real: exchange
	// _reserved_domains_list_response.md@3196b15].
	IsDev                       bool            `json:"is_dev"`
	Region                      string          `json:"region"`
	CNAMETarget                 *string         `json:"cname_target"`
	Certificate                 *refWire        `json:"certificate"`
	CertificateManagementPolicy *certPolicyWire `json:"certificate_management_policy"`
	CertificateManagementStatus *certStatusWire `json:"certificate_management_status"`
	ACMEChallengeCNAMETarget    *string         `json:"acme_challenge_cname_target"`
	HTTPEndpointConfiguration   *refWire        `json:"http_endpoint_configuration"`
	HTTPSEndpointConfiguration  *refWire        `json:"https_endpoint_configuration"`
	// ErrorRedirectURL is always null: its type and meaning are not shown.
	ErrorRedirectURL *string `json:"error_redirect_url"`
	// ResolvesTo is never null: empty for global resolution.
	ResolvesTo []resolvesToEntryWire `json:"resolves_to"`
}

// resolvesToEntryWire is one entry of resolves_to, in answers and bodies.
type resolvesToEntryWire struct {
	Value string `json:"value"`
}

// certPolicyWire is both the response shape of a policy and the body shape
// of one in a request: an omitted option takes its default.
type certPolicyWire struct {
	Authority      string `json:"authority"`
	PrivateKeyType string `json:"private_key_type"`
}

type certStatusWire struct {
	RenewsAt        *apiTime     `json:"renews_at"`
	ProvisioningJob *certJobWire `json:"provisioning_job"`
}

type certJobWire struct {
	ErrorCode *string  `json:"error_code"`
	Msg       string   `json:"msg"`
	StartedAt apiTime  `json:"started_at"`
	RetriesAt *apiTime `json:"retries_at"`
}

// reservedDomainCreate is the create body.
type reservedDomainCreate struct {
	Domain                      string          `json:"domain"`
	Region                      string          `json:"region"`
	Description                 string          `json:"description"`
	Metadata                    string          `json:"metadata"`
	CertificateID               string          `json:"certificate_id"`
	CertificateManagementPolicy *certPolicyWire `json:"certificate_management_policy"`
	// ResolvesTo: null, [] or [{"value": "global"}] resolve globally.
	ResolvesTo []resolvesToEntryWire `json:"resolves_to"`
}

// reservedDomainUpdate is the PATCH body: an absent (or null) field is left
// alone. domain and region are not updatable, so they are unknown fields.
type reservedDomainUpdate struct {
	Description                  *string         `json:"description"`
	Metadata                     *string         `json:"metadata"`
	CertificateID                *string         `json:"certificate_id"`
	CertificateManagementPolicy  *certPolicyWire `json:"certificate_management_policy"`
	HTTPEndpointConfigurationID  *string         `json:"http_endpoint_configuration_id"`
	HTTPSEndpointConfigurationID *string         `json:"https_endpoint_configuration_id"`
	// ResolvesTo: absent or null leaves it alone, [] un-pins.
	ResolvesTo *[]resolvesToEntryWire `json:"resolves_to"`
}

// wire is the domain as the API shows it at time now: the certificate and
// the status follow from the policy's job and the clock.
func (d *reservedDomain) wire(origin string, now time.Time) reservedDomainWire {
	w := reservedDomainWire{
		ID:                         d.ID,
		URI:                        objectURI(origin, collReservedDomains, d.ID),
		CreatedAt:                  wireTime(d.CreatedAt),
		Description:                d.Description,
		Metadata:                   d.Metadata,
		Domain:                     d.Domain,
		Region:                     "",
		CNAMETarget:                optionalString(d.CNAMETarget),
		Certificate:                optionalRef(origin, collTLSCertificates, d.CertificateID),
		ACMEChallengeCNAMETarget:   optionalString(d.ACMETarget),
		HTTPEndpointConfiguration:  optionalRef(origin, collEndpointConfigurations, d.HTTPEC),
		HTTPSEndpointConfiguration: optionalRef(origin, collEndpointConfigurations, d.HTTPSEC),
		ResolvesTo:                 make([]resolvesToEntryWire, len(d.ResolvesTo)),
	}
	for i, v := range d.ResolvesTo {
		w.ResolvesTo[i].Value = v
	}
	p := d.Policy
	if p == nil {
		return w
	}
	w.CertificateManagementPolicy = &certPolicyWire{Authority: p.Authority, PrivateKeyType: p.PrivateKeyType}
	switch {
	case now.Before(p.StatusFrom):
		// NOTE: a policy a PATCH attached shows no status until its job
		// ends [real: the PATCH's answer and the next GET, exchanges
		// _reserved_domains_update_response.md and _get_response.md@3196b15;
		// until the job ends, ours].
		w.Certificate = optionalRef(origin, collTLSCertificates, p.PreviousCertID)
	case p.issued(d.Domain, now):
		w.Certificate = optionalRef(origin, collTLSCertificates, p.CertID)
		w.CertificateManagementStatus = &certStatusWire{RenewsAt: wireTimePtr(p.IssuesAt.Add(managedCertificateRenewal))}
	case now.Before(p.IssuesAt):
		w.Certificate = optionalRef(origin, collTLSCertificates, p.PreviousCertID)
		w.CertificateManagementStatus = &certStatusWire{ProvisioningJob: &certJobWire{
			Msg:       msgProvisioning,
			StartedAt: wireTime(p.StartedAt),
		}}
	default:
		// NOTE: the job failed at issuesAt and fails again every interval.
		nextRetry := p.IssuesAt.Add(now.Sub(p.IssuesAt).Truncate(dnsErrorRetryInterval) + dnsErrorRetryInterval)
		w.Certificate = optionalRef(origin, collTLSCertificates, p.PreviousCertID)
		w.CertificateManagementStatus = &certStatusWire{ProvisioningJob: &certJobWire{
			ErrorCode: optionalString("DNS_ERROR"),
			Msg:       d.dnsErrorMessage(),
			StartedAt: wireTime(p.StartedAt),
			RetriesAt: wireTimePtr(nextRetry),
		}}
	}
	return w
}

func (d *reservedDomain) dnsErrorMessage() string {
	if base, wildcard := strings.CutPrefix(d.Domain, "*."); wildcard {
		return fmt.Sprintf("Could not issue a certificate for %s: the DNS record _acme-challenge.%s does not resolve. "+
			"Create a CNAME record for _acme-challenge.%s pointing to %s; provisioning is retried at retries_at.",
			d.Domain, base, base, d.ACMETarget)
	}
	return fmt.Sprintf("Could not issue a certificate for %s: the domain does not resolve. "+
		"Create a CNAME record for %s pointing to %s; provisioning is retried at retries_at.",
		d.Domain, d.Domain, d.CNAMETarget)
}

func (s *Server) reservedDomainRoutes() []route {
	const (
		list   = "/" + collReservedDomains
		one    = list + "/{id}"
		cert   = one + "/certificate"
		policy = one + "/certificate_management_policy"
	)
	id := map[string]idKind{"id": s.domains.reserved.kind()}
	return []route{
		{method: http.MethodPost, path: list, body: bodyOf[reservedDomainCreate], handle: s.createReservedDomain},
		{method: http.MethodGet, path: list, query: filteredListQuery, handle: s.listReservedDomains},
		{method: http.MethodGet, path: one, ids: id, handle: s.getReservedDomain},
		{method: http.MethodPatch, path: one, ids: id, body: bodyOf[reservedDomainUpdate], handle: s.updateReservedDomain},
		{method: http.MethodDelete, path: one, ids: id, handle: s.deleteReservedDomain},
		{method: http.MethodDelete, path: cert, ids: id, handle: s.detachReservedDomainCertificate},
		{method: http.MethodDelete, path: policy, ids: id, handle: s.detachReservedDomainPolicy},
	}
}

func (s *Server) createReservedDomain(rq *request) (any, int, *apiError) {
	in, err := bodyAs[reservedDomainCreate](rq)
	if err != nil {
		return nil, 0, err
	}
	name, err := normalizeDomain(in.Domain)
	if err != nil {
		return nil, 0, err
	}
	if err := checkRegion(in.Region, errInvalidRegion); err != nil {
		return nil, 0, err
	}
	if err := checkFreeText(in.Description, in.Metadata, domainText); err != nil {
		return nil, 0, err
	}
	resolvesTo, err := normalizeResolvesTo(in.ResolvesTo)
	if err != nil {
		return nil, 0, err
	}
	if in.CertificateID != "" && in.CertificateManagementPolicy != nil {
		return nil, 0, certificateAndPolicyError()
	}
	serviceOwned := isServiceOwned(name)
	if err := checkCertificateSettings(serviceOwned, in.CertificateID != "", in.CertificateManagementPolicy != nil); err != nil {
		return nil, 0, err
	}
	if in.CertificateID != "" {
		if err := checkIDPrefix(in.CertificateID, s.domains.certificates.kind()); err != nil {
			return nil, 0, err
		}
	}
	var policy *certPolicy
	created := s.timestamp()
	requested := in.CertificateManagementPolicy
	if requested == nil && in.CertificateID == "" && !serviceOwned {
		// NOTE: automatic certificates are the default of a custom domain
		// [real: docs domains/tls-certificates.mdx, "Automatic TLS
		// certificates (default)"; exchange _reserved_domains_list_response.md
		// @3196b15, a job started when its domain was created].
		requested = &certPolicyWire{}
	}
	if requested != nil {
		if policy, err = s.newCertPolicy(requested, created); err != nil {
			return nil, 0, err
		}
	}
	managed, err := s.managedCertificateFor(name, policy)
	if err != nil {
		return nil, 0, err
	}
	d := reservedDomain{
		CreatedAt:     created,
		Description:   in.Description,
		Metadata:      in.Metadata,
		Domain:        name,
		CertificateID: in.CertificateID,
		Policy:        policy,
		ResolvesTo:    resolvesTo,
	}
	if !serviceOwned {
		d.CNAMETarget = cnameTarget(name)
		if strings.HasPrefix(name, "*.") {
			d.ACMETarget = "_acme-challenge." + d.CNAMETarget
		}
	}

	tbl := s.domains.reserved
	check := func() *apiError {
		for _, r := range tbl.rows {
			if r.val.Domain == name {
				return errDomainTaken.with(name)
			}
		}
		if in.CertificateID != "" {
			return s.checkUploadedCertificateLocked(in.CertificateID)
		}
		return nil
	}
	d, err = tbl.insertChecked(check, func(id string) reservedDomain {
		d.ID = id
		s.domains.replaceManagedLocked(id, "", managed)
		return d
	})
	if err != nil {
		return nil, 0, err
	}
	return d.wire(rq.origin(), s.now()), http.StatusCreated, nil
}

func (s *Server) listReservedDomains(rq *request) (any, int, *apiError) {
	now := s.now()
	return listObjects(s, rq, s.domains.reserved, func(d *reservedDomain, origin string) reservedDomainWire {
		return d.wire(origin, now)
	})
}

func (s *Server) getReservedDomain(rq *request) (any, int, *apiError) {
	d, err := s.domains.reserved.get(rq.r.PathValue("id"))
	if err != nil {
		return nil, 0, err
	}
	return d.wire(rq.origin(), s.now()), http.StatusOK, nil
}

func (s *Server) updateReservedDomain(rq *request) (any, int, *apiError) {
	in, err := bodyAs[reservedDomainUpdate](rq)
	if err != nil {
		return nil, 0, err
	}
	// NOTE: before certificate_id "" is read as not set: "" is a value given.
	empty := givesNoField(in)
	if err := checkFreeText(deref(in.Description), deref(in.Metadata), domainText); err != nil {
		return nil, 0, err
	}
	var resolvesTo *[]string
	if in.ResolvesTo != nil {
		pops, err := normalizeResolvesTo(*in.ResolvesTo)
		if err != nil {
			return nil, 0, err
		}
		resolvesTo = &pops
	}
	// NOTE: certificate_id "" is "not set", not a detach (see the choices above).
	if deref(in.CertificateID) == "" {
		in.CertificateID = nil
	}
	if in.CertificateID != nil && in.CertificateManagementPolicy != nil {
		return nil, 0, certificateAndPolicyError()
	}
	if in.CertificateID != nil {
		if err := checkIDPrefix(*in.CertificateID, s.domains.certificates.kind()); err != nil {
			return nil, 0, err
		}
	}
	for _, id := range []*string{in.HTTPEndpointConfigurationID, in.HTTPSEndpointConfigurationID} {
		if deref(id) == "" {
			continue // "" detaches
		}
		if err := checkIDPrefix(*id, s.domains.endpointConfigs.kind()); err != nil {
			return nil, 0, err
		}
	}
	now := s.timestamp()
	var (
		next    *certPolicy
		managed *tlsCertificate
	)
	if in.CertificateManagementPolicy != nil {
		// NOTE: the certificate ID and the certificate are made outside the
		// store lock; they are dropped if the policy turns out to be
		// unchanged. The domain's name never changes, so it is read first.
		var err *apiError
		if next, err = s.newCertPolicy(in.CertificateManagementPolicy, now); err != nil {
			return nil, 0, err
		}
		next.StatusFrom = next.IssuesAt
		cur, err := s.domains.reserved.get(rq.r.PathValue("id"))
		if err != nil {
			return nil, 0, err
		}
		if !isServiceOwned(cur.Domain) {
			if managed, err = s.managedCertificateFor(cur.Domain, next); err != nil {
				return nil, 0, err
			}
		}
	}

	d, err := s.domains.reserved.update(rq.r.PathValue("id"), func(d *reservedDomain) *apiError {
		if empty {
			return errDomainEmptyUpdate.with()
		}
		if err := checkCertificateSettings(isServiceOwned(d.Domain), in.CertificateID != nil, next != nil); err != nil {
			return err
		}
		if id := deref(in.CertificateID); id != "" {
			if err := s.checkUploadedCertificateLocked(id); err != nil {
				return err
			}
		}
		if err := s.checkEndpointConfigurationLocked(in.HTTPEndpointConfigurationID, endpointConfigurationHTTP); err != nil {
			return err
		}
		if err := s.checkEndpointConfigurationLocked(in.HTTPSEndpointConfigurationID, endpointConfigurationHTTPS); err != nil {
			return err
		}

		assign(&d.Description, in.Description)
		assign(&d.Metadata, in.Metadata)
		assign(&d.HTTPEC, in.HTTPEndpointConfigurationID)
		assign(&d.HTTPSEC, in.HTTPSEndpointConfigurationID)
		assign(&d.ResolvesTo, resolvesTo)
		switch {
		case in.CertificateID != nil:
			// NOTE: an uploaded certificate replaces the policy [ours].
			d.CertificateID = *in.CertificateID
			d.Policy = nil
			s.domains.replaceManagedLocked(d.ID, "", nil)
		case next != nil:
			old := d.Policy
			if old != nil && old.Authority == next.Authority && old.PrivateKeyType == next.PrivateKeyType {
				break
			}
			if old != nil {
				next.PreviousCertID = old.PreviousCertID
				if old.issued(d.Domain, now) {
					next.PreviousCertID = old.CertID
				}
			}
			// NOTE: a policy replaces the uploaded certificate; certificate
			// is null until the managed one is issued [real].
			d.CertificateID = ""
			d.Policy = next
			s.domains.retireManagedLocked(d.ID, next.PreviousCertID, next.IssuesAt)
			s.domains.replaceManagedLocked(d.ID, next.PreviousCertID, managed)
		}
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return d.wire(rq.origin(), s.now()), http.StatusOK, nil
}

func (s *Server) deleteReservedDomain(rq *request) (any, int, *apiError) {
	id := rq.r.PathValue("id")
	err := s.domains.reserved.removeChecked(id, func() *apiError {
		r, err := s.domains.reserved.rowLocked(id)
		if err != nil {
			return err
		}
		if s.domainInUse(id) || s.edgeOnDomainLocked(id) != "" {
			return errDomainInUse.with(r.val.Domain)
		}
		s.releaseDomainLocked(id)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

// domainInUse reports whether a cloud endpoint serves on the reserved
// domain id. Agent and edge endpoints do not hold a domain: they go away
// with their agent or edge. It is called with the store lock held, so it
// reads the endpoints' rows directly.
func (s *Server) domainInUse(id string) bool {
	for _, r := range s.endpoints.rows {
		if r.val.Type == endpointCloud && r.val.DomainID == id {
			return true
		}
	}
	return false
}

// edgeOnDomainLocked is the ID of an HTTPS or TLS edge with a hostport that
// the reserved domain id alone reserves (the least ID, when several do), or
// "": deleting the domain would leave that hostport unreserved. A hostport
// that another reservation (a wildcard one) covers too does not hold the
// domain. The store lock must be held.
func (s *Server) edgeOnDomainLocked(id string) string {
	holds := func(hostports []string) bool {
		for _, hp := range hostports {
			host, _, err := net.SplitHostPort(hp)
			if err != nil {
				continue
			}
			if best, ok := s.matchReservedDomainLocked(host); !ok || best != id {
				continue
			}
			if _, other := s.matchReservedDomainExceptLocked(host, id); !other {
				return true
			}
		}
		return false
	}
	least := ""
	note := func(eid string, hostports []string) {
		if (least == "" || eid < least) && holds(hostports) {
			least = eid
		}
	}
	for eid, r := range s.edges.edges.rows {
		note(eid, r.val.Hostports)
	}
	for eid, r := range s.tlsEdges.rows {
		note(eid, r.val.Hostports)
	}
	return least
}

// releaseDomainLocked moves the agent and edge endpoints on the reserved
// domain id, which is being deleted, to the reservation that covers their
// host without it (a wildcard one), or to none, so that no endpoint names a
// deleted domain. The store lock must be held.
func (s *Server) releaseDomainLocked(id string) {
	for _, r := range s.endpoints.rows {
		if r.val.DomainID == id {
			e := r.val
			e.DomainID, _ = s.matchReservedDomainExceptLocked(e.URL.host, id)
			s.endpoints.putLocked(r.id, e)
		}
	}
}

func (s *Server) detachReservedDomainCertificate(rq *request) (any, int, *apiError) {
	_, err := s.domains.reserved.update(rq.r.PathValue("id"), func(d *reservedDomain) *apiError {
		if d.Policy != nil {
			return errDetachCertificateUnderPolicy.with()
		}
		d.CertificateID = ""
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

func (s *Server) detachReservedDomainPolicy(rq *request) (any, int, *apiError) {
	_, err := s.domains.reserved.update(rq.r.PathValue("id"), func(d *reservedDomain) *apiError {
		// NOTE: the managed certificate goes with the policy [ours].
		d.Policy = nil
		s.domains.replaceManagedLocked(d.ID, "", nil)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nil, http.StatusNoContent, nil
}

// newCertPolicy validates a requested policy, fills in its defaults and
// starts its provisioning job at start.
func (s *Server) newCertPolicy(in *certPolicyWire, start time.Time) (*certPolicy, *apiError) {
	p := &certPolicy{Authority: in.Authority, PrivateKeyType: in.PrivateKeyType}
	if p.Authority == "" {
		p.Authority = certAuthorityLetsEncrypt
	}
	if p.Authority != certAuthorityLetsEncrypt {
		return nil, errPolicyAuthority.with()
	}
	if p.PrivateKeyType == "" {
		p.PrivateKeyType = defaultCertKeyType
	}
	if !slices.Contains(certKeyTypes, p.PrivateKeyType) {
		return nil, errTLSKeyType.with(in.PrivateKeyType, strings.Join(certKeyTypes, ", "))
	}
	certID, err := s.ids.newID(prefixTLSCertificate)
	if err != nil {
		return nil, internalError("%v", err)
	}
	p.CertID = certID
	p.StartedAt = start
	p.IssuesAt = start.Add(s.certIssueDelay)
	return p, nil
}

// cnameTarget is the CNAME target of the custom domain name, in the real
// API's form: a label of the domain name, a label of the account, under
// ngrok-cname.com [real: exchanges _reserved_domains_*@3196b15 and their
// history back to 2023: myapp.mydomain.com's first label is
// 2udamkamcl8pjmrff in every recording, the domains of one recording share
// their second label]. The recorded labels are numbers of 85 bits or so in
// base 36; the mock's are 17 characters, hashed from the name and from the
// account's one user [ours], so that a name reserved again in the account
// gets the target it had.
func cnameTarget(name string) string {
	return cnameLabel("domain "+name) + "." + cnameLabel("account "+mockUserID) + "." + cnameTargetDomain
}

// cnameLabel is a label of 17 base-36 characters hashed from s.
func cnameLabel(s string) string {
	sum := sha256.Sum256([]byte("ngrok-mock cname_target " + s))
	low := new(big.Int).Exp(big.NewInt(36), big.NewInt(16), nil) // the least 17-character number
	span := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 85), low)
	n := new(big.Int).Mod(new(big.Int).SetBytes(sum[:]), span)
	return n.Add(n, low).Text(36)
}

// managedCertificateFor makes the certificate that p's job issues for the
// domain name, or nil when none will be: no policy, or a domain under
// .invalid, which never resolves. It runs outside the store lock: making a
// key takes time.
func (s *Server) managedCertificateFor(name string, p *certPolicy) (*tlsCertificate, *apiError) {
	if p == nil || strings.HasSuffix(name, unresolvableTLD) {
		return nil, nil
	}
	c, err := newManagedCertificate(name, p.PrivateKeyType, p.IssuesAt)
	if err != nil {
		return nil, internalError("making a managed certificate: %v", err)
	}
	c.ID = p.CertID
	return &c, nil
}

// checkUploadedCertificateLocked refuses a certificate_id that names no
// uploaded certificate of the account: managed certificates belong to
// their domain [ours]. The store lock must be held.
func (s *Server) checkUploadedCertificateLocked(id string) *apiError {
	r, ok := s.domains.certificates.rows[id]
	if !ok || r.val.hidden(s.now()) {
		return errCertificateUnknown.with(id)
	}
	if r.val.Managed != nil {
		return errInvalidValue.with("certificate_id")
	}
	return nil
}

// checkEndpointConfigurationLocked checks an endpoint configuration ID of a
// PATCH ("" detaches) against the table; the caller holds the store lock.
func (s *Server) checkEndpointConfigurationLocked(id *string, typ string) *apiError {
	if id == nil || *id == "" {
		return nil
	}
	if s.edges.endpointConfigsDeprecated {
		return errEndpointConfigsDeprecated.with()
	}
	r, ok := s.domains.endpointConfigs.rows[*id]
	if !ok {
		return errEndpointConfigUnknown.with()
	}
	if r.val.Type != typ {
		return errEndpointConfigType.with(*id, r.val.Type, typ)
	}
	return nil
}

// NormalizeReservedDomain is the server's reading of a domain to reserve:
// the name it stores, or why a reservation refuses it. The provider's tests
// check that the provider reads every name the same.
func NormalizeReservedDomain(raw string) (string, error) {
	name, err := normalizeDomain(raw)
	if err != nil {
		return "", errors.New(err.msg)
	}
	return name, nil
}

// normalizeDomain lower-cases a requested domain, drops one trailing dot
// and checks that the result is a hostname the account may reserve.
func normalizeDomain(raw string) (string, *apiError) {
	if raw == "" {
		return "", errInvalidValue.with("domain")
	}
	name := strings.TrimSuffix(strings.ToLower(raw), ".")
	if len(name) > 253 {
		return "", errDomainLength.with(raw)
	}
	host := strings.TrimPrefix(name, "*.")
	labels := strings.Split(host, ".")
	if len(labels) < 2 {
		return "", errDomainNotFQDN.with(raw)
	}
	for i, label := range labels {
		switch {
		case label == "":
			return "", errDomainDots.with(raw)
		case len(label) > 63:
			return "", errDomainLabelLength.with(raw)
		case strings.HasPrefix(label, "-"):
			return "", errDomainFirstChar.with(label, raw)
		case strings.HasSuffix(label, "-"):
			return "", errDomainLastChar.with(label, raw)
		case strings.Contains(label, "_"):
			return "", errDomainUnderscore.with(raw)
		case strings.Contains(label, "*"):
			// NOTE: "*.*.example.com" reads as the wildcard of "*.example.com",
			// whose first label is not the first part of the name.
			if i == 0 && host == name {
				return "", errDomainWildcardFirst.with(raw)
			}
			return "", errDomainWildcardPart.with(raw)
		}
		if c := strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-"); c != "" {
			r, _ := utf8.DecodeRuneInString(c)
			return "", errDomainChar.with(string(r), raw)
		}
	}
	if strings.Trim(labels[len(labels)-1], "0123456789") == "" {
		// NOTE: an IP address is no name to reserve [ours: 448's message].
		return "", errDomainNotFQDN.with(raw)
	}
	if slices.Contains(serviceDomains, host) {
		if host != name {
			return "", errDomainWildcardAll.with(host, raw)
		}
		return "", errInvalidValue.with("domain")
	}
	return name, nil
}

// normalizeResolvesTo checks the entries of a requested resolves_to and
// returns the points of presence to store, sorted; nil for global
// resolution (no entries, or "global" alone).
func normalizeResolvesTo(entries []resolvesToEntryWire) ([]string, *apiError) {
	var pops []string
	global := false
	valid := strings.Join(domainPoPs, ", ") + " or " + resolvesToGlobal + " alone"
	for _, e := range entries {
		switch {
		case e.Value == resolvesToGlobal:
			global = true
		case !slices.Contains(domainPoPs, e.Value), slices.Contains(pops, e.Value):
			return nil, errInvalidRegion.with(e.Value, valid)
		default:
			pops = append(pops, e.Value)
		}
	}
	if global && (len(pops) > 0 || len(entries) > 1) {
		return nil, errInvalidRegion.with(resolvesToGlobal, valid)
	}
	slices.Sort(pops)
	return pops, nil
}

func isServiceOwned(name string) bool {
	return slices.ContainsFunc(serviceDomains, func(base string) bool { return strings.HasSuffix(name, "."+base) })
}

// checkRegion checks the region of a reserved domain or address, refused
// with kind: each collection has its code.
func checkRegion(region string, kind *errorKind) *apiError {
	if region == "" || slices.Contains(domainRegions, region) {
		return nil
	}
	return kind.with(region, strings.Join(domainRegions, ", "))
}

// domainText are the description and metadata codes of reserved domains.
var domainText = textCodes{errDomainDescription, errDomainMetadata}

// checkCertificateSettings refuses certificate settings on a service-owned
// domain: the service holds its certificate.
func checkCertificateSettings(serviceOwned, certificate, policy bool) *apiError {
	switch {
	case !serviceOwned:
		return nil
	case policy:
		return errPolicyOnServiceDomain.with()
	case certificate:
		return errCertificateOnServiceDomain.with()
	}
	return nil
}

func certificateAndPolicyError() *apiError {
	return errCertificateAndPolicy.with()
}

// matchReservedDomainLocked finds the reserved domain that covers host: an
// exact reservation, else a wildcard reservation (*.example.com) of the
// host's parent domain, which covers exactly one more label. host must be
// lower case without trailing dot. The store lock must be held.
func (s *Server) matchReservedDomainLocked(host string) (id string, ok bool) {
	return s.matchReservedDomainExceptLocked(host, "")
}

// matchReservedDomainExceptLocked is matchReservedDomainLocked as if the
// reserved domain except did not exist.
func (s *Server) matchReservedDomainExceptLocked(host, except string) (id string, ok bool) {
	wildcard := ""
	if _, parent, found := strings.Cut(host, "."); found {
		wildcard = "*." + parent
	}
	for _, r := range s.domains.reserved.rows {
		if r.id == except {
			continue
		}
		switch r.val.Domain {
		case host:
			return r.id, true
		case wildcard:
			id, ok = r.id, true
		}
	}
	return id, ok
}
