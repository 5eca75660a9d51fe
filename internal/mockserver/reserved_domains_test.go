package mockserver

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	rdIDPattern    = regexp.MustCompile(`^rd_[0-9A-Za-z]{27}$`)
	certIDPattern  = regexp.MustCompile(`^cert_[0-9A-Za-z]{27}$`)
	cnameTargetRE  = regexp.MustCompile(`^[0-9a-z]{17}\.[0-9a-z]{17}\.ngrok-cname\.com$`)
	rdTestStart    = time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
	rdTestStartStr = "2025-09-04T10:11:14Z"
)

// rdClock is a clock that a test moves by hand.
type rdClock struct {
	mu  sync.Mutex
	now time.Time
}

func newRDClock() *rdClock { return &rdClock{now: rdTestStart} }

func (c *rdClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *rdClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newRDServer is a server on a clock the test controls, issuing managed
// certificates a minute after their policy is attached.
func newRDServer() (*Server, *rdClock) {
	clock := newRDClock()
	return New(WithClock(clock.Now), WithCertificateIssueDelay(time.Minute)), clock
}

func createRD(t *testing.T, s http.Handler, body string) reservedDomainWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/reserved_domains", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[reservedDomainWire](t, w)
}

func getRD(t *testing.T, s http.Handler, id string) reservedDomainWire {
	t.Helper()
	w := do(t, s, http.MethodGet, "/reserved_domains/"+id, "")
	wantStatus(t, w, http.StatusOK)
	return decodeBody[reservedDomainWire](t, w)
}

func patchRD(t *testing.T, s http.Handler, id, body string) reservedDomainWire {
	t.Helper()
	w := do(t, s, http.MethodPatch, "/reserved_domains/"+id, body)
	wantStatus(t, w, http.StatusOK)
	return decodeBody[reservedDomainWire](t, w)
}

func seedCert(t *testing.T, s *Server) string {
	t.Helper()
	id, err := s.SeedTLSCertificate(TLSCertificateSeed{Description: "uploaded"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func seedEC(t *testing.T, s *Server, typ string) string {
	t.Helper()
	id, err := s.SeedEndpointConfiguration(EndpointConfigurationSeed{Type: typ})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func jsonString(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestReservedDomainCreateShapes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		domain    string
		wantCNAME bool
		wantACME  bool
	}{
		{"custom domain", "app.example.com", true, false},
		{"service-owned subdomain", "myapp.ngrok.app", false, false},
		{"service-owned on another service domain", "myapp.ngrok-free.dev", false, false},
		{"wildcard custom domain", "*.example.com", true, true},
		{"wildcard service-owned subdomain", "*.myapp.ngrok.io", false, false},
		{"look-alike of a service domain", "myapp.notngrok.app", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			w := do(t, s, http.MethodPost, "http://mock.test/reserved_domains", `{"domain":"`+tt.domain+`"}`)
			wantStatus(t, w, http.StatusCreated)
			d := decodeBody[reservedDomainWire](t, w)
			if !rdIDPattern.MatchString(d.ID) || d.URI != "http://mock.test/reserved_domains/"+d.ID {
				t.Errorf("id %q, uri %q", d.ID, d.URI)
			}
			if d.Domain != tt.domain || wireString(d.CreatedAt) != rdTestStartStr || d.Region != "" {
				t.Errorf("domain %q created_at %q region %q", d.Domain, d.CreatedAt, d.Region)
			}
			if (d.CNAMETarget != nil) != tt.wantCNAME || (d.CNAMETarget != nil && !cnameTargetRE.MatchString(*d.CNAMETarget)) {
				t.Errorf("cname_target = %v, want set: %v", jsonString(t, d.CNAMETarget), tt.wantCNAME)
			}
			if (d.ACMEChallengeCNAMETarget != nil) != tt.wantACME {
				t.Errorf("acme_challenge_cname_target = %v, want set: %v", jsonString(t, d.ACMEChallengeCNAMETarget), tt.wantACME)
			}
			if tt.wantACME && *d.ACMEChallengeCNAMETarget != "_acme-challenge."+*d.CNAMETarget {
				t.Errorf("acme_challenge_cname_target = %q, want _acme-challenge.<cname_target>", *d.ACMEChallengeCNAMETarget)
			}
			got := do(t, s, http.MethodGet, "http://mock.test/reserved_domains/"+d.ID, "")
			wantStatus(t, got, http.StatusOK)
			if got.Body.String() != w.Body.String() {
				t.Errorf("get = %s, want the created %s", got.Body, w.Body)
			}
		})
	}
}

func TestReservedDomainNullsAndOmissions(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	w := do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"myapp.ngrok.app","region":"eu"}`)
	wantStatus(t, w, http.StatusCreated)
	raw := decodeBody[map[string]any](t, w)
	wantKeys := []string{"acme_challenge_cname_target", "certificate", "certificate_management_policy",
		"certificate_management_status", "cname_target", "created_at", "domain", "error_redirect_url",
		"http_endpoint_configuration", "https_endpoint_configuration", "id", "is_dev", "region", "resolves_to", "uri"}
	if got := slices.Sorted(maps.Keys(raw)); !slices.Equal(got, wantKeys) {
		t.Errorf("fields = %v, want %v (description and metadata omitted when empty)", got, wantKeys)
	}
	for _, k := range []string{"acme_challenge_cname_target", "certificate", "certificate_management_policy",
		"certificate_management_status", "cname_target", "error_redirect_url", "http_endpoint_configuration",
		"https_endpoint_configuration"} {
		if raw[k] != nil {
			t.Errorf("%s = %v, want an explicit null", k, raw[k])
		}
	}
	if raw["region"] != "" {
		t.Errorf("region = %v, want \"\" whatever was requested", raw["region"])
	}
	if raw["is_dev"] != false {
		t.Errorf("is_dev = %v, want false: the mock has no dev domain", raw["is_dev"])
	}
	if l, ok := raw["resolves_to"].([]any); !ok || len(l) != 0 {
		t.Errorf("resolves_to = %v, want [] (global resolution), never null", raw["resolves_to"])
	}

	d := createRD(t, s, `{"domain":"b.ngrok.app","description":"d","metadata":"{\"k\":1}"}`)
	if d.Description != "d" || d.Metadata != `{"k":1}` {
		t.Errorf("description %q metadata %q", d.Description, d.Metadata)
	}
}

func TestReservedDomainNormalisation(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	d := createRD(t, s, `{"domain":"App.Example.COM."}`)
	if d.Domain != "app.example.com" {
		t.Errorf("domain = %q, want lower case without trailing dot", d.Domain)
	}
	for _, dup := range []string{"app.example.com", "APP.EXAMPLE.COM", "app.example.com."} {
		w := do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"`+dup+`"}`)
		wantError(t, w, http.StatusConflict, errDomainTaken.code)
	}
	if n := s.domains.reserved.len(); n != 1 {
		t.Errorf("%d domains stored, want 1", n)
	}
	// A deleted reservation frees the name.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+d.ID, ""), http.StatusNoContent)
	createRD(t, s, `{"domain":"app.example.com"}`)
}

func TestReservedDomainCreateValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
		code string
	}{
		{"no domain", `{}`, errInvalidValue.code},
		{"one label", `{"domain":"localhost"}`, errDomainNotFQDN.code},
		{"empty label", `{"domain":"app..example.com"}`, errDomainDots.code},
		{"leading dot", `{"domain":".example.com"}`, errDomainDots.code},
		{"two trailing dots", `{"domain":"example.com.."}`, errDomainDots.code},
		{"underscore", `{"domain":"my_app.example.com"}`, errDomainUnderscore.code},
		{"space", `{"domain":"my app.example.com"}`, errDomainChar.code},
		{"hyphen first", `{"domain":"-app.example.com"}`, errDomainFirstChar.code},
		{"hyphen last", `{"domain":"app-.example.com"}`, errDomainLastChar.code},
		{"label over 63 bytes", `{"domain":"` + strings.Repeat("a", 64) + `.example.com"}`, errDomainLabelLength.code},
		{"name over 253 bytes", `{"domain":"` + strings.Repeat("abcdefghi.", 25) + `example.com"}`, errDomainLength.code},
		{"IP address", `{"domain":"192.0.2.1"}`, errDomainNotFQDN.code},
		{"wildcard inside", `{"domain":"app.*.example.com"}`, errDomainWildcardPart.code},
		{"partial wildcard", `{"domain":"app*.example.com"}`, errDomainWildcardFirst.code},
		{"URL", `{"domain":"https://app.example.com"}`, errDomainChar.code},
		{"service domain itself", `{"domain":"ngrok.app"}`, errInvalidValue.code},
		{"wildcard of a service domain", `{"domain":"*.ngrok-free.app"}`, errDomainWildcardAll.code},
		{"unknown region", `{"domain":"app.example.com","region":"mars"}`, errInvalidRegion.code},
		{"region in upper case", `{"domain":"app.example.com","region":"EU"}`, errInvalidRegion.code},
		{"description over 255 bytes", `{"domain":"app.example.com","description":"` + strings.Repeat("é", 128) + `"}`, errDomainDescription.code},
		{"metadata over 4096 bytes", `{"domain":"app.example.com","metadata":"` + strings.Repeat("m", 4097) + `"}`, errDomainMetadata.code},
		{"certificate and policy", `{"domain":"app.example.com","certificate_id":"cert_2RfSBcv0nsy71XCHWOegjx1OoKh","certificate_management_policy":{}}`, errCertificateAndPolicy.code},
		{"policy on a service-owned domain", `{"domain":"a.ngrok.app","certificate_management_policy":{}}`, errPolicyOnServiceDomain.code},
		{"certificate on a service-owned domain", `{"domain":"a.ngrok.dev","certificate_id":"cert_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, errCertificateOnServiceDomain.code},
		{"unknown authority", `{"domain":"app.example.com","certificate_management_policy":{"authority":"zerossl"}}`, errPolicyAuthority.code},
		{"unknown key type", `{"domain":"app.example.com","certificate_management_policy":{"private_key_type":"ed25519"}}`, errTLSKeyType.code},
		{"unknown policy field", `{"domain":"app.example.com","certificate_management_policy":{"key_type":"rsa"}}`, errUnknownField.code},
		{"certificate ID with the wrong prefix", `{"domain":"app.example.com","certificate_id":"ec_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, errWrongIDPrefix.code},
		{"unknown certificate", `{"domain":"app.example.com","certificate_id":"cert_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, errCertificateUnknown.code},
		{"endpoint configuration on create", `{"domain":"app.example.com","https_endpoint_configuration_id":"ec_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, errUnknownField.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			wantError(t, do(t, s, http.MethodPost, "/reserved_domains", tt.body), http.StatusBadRequest, tt.code)
			if n := s.domains.reserved.len(); n != 0 {
				t.Errorf("a refused create stored %d domains", n)
			}
		})
	}
}

func TestReservedDomainCreateAccepts(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, domain string }{
		{"253 bytes", strings.Repeat("abcdefgh.", 27) + "example.com"[:253-27*9]},
		{"63-byte label", strings.Repeat("a", 63) + ".example.com"},
		{"digits and hyphens", "3-d.example.com"},
		{"under .invalid", "app.example.invalid"},
		{"punycode", "xn--bcher-kva.example"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			if d := createRD(t, s, `{"domain":"`+tt.domain+`"}`); d.Domain != tt.domain {
				t.Errorf("domain = %q, want %q", d.Domain, tt.domain)
			}
		})
	}
	s, _ := newRDServer()
	for _, region := range domainRegions {
		d := createRD(t, s, `{"domain":"`+region+`.example.com","region":"`+region+`"}`)
		if d.Region != "" {
			t.Errorf("region %q returned as %q, want \"\"", region, d.Region)
		}
	}
	cert := seedCert(t, s)
	// Zero values count as omitted: the domain gets the default policy.
	d := createRD(t, s, `{"domain":"zero.example.com","region":"","certificate_id":"","description":"","metadata":""}`)
	if d.Certificate != nil || jsonString(t, d.CertificateManagementPolicy) != `{"authority":"letsencrypt","private_key_type":"ecdsa"}` {
		t.Errorf("zero values: %s, want the default policy", jsonString(t, d))
	}
	if d := createRD(t, s, `{"domain":"up.example.com","certificate_id":"`+cert+`"}`); d.Certificate == nil || d.Certificate.ID != cert ||
		d.Certificate.URI != "http://example.com/tls_certificates/"+cert || d.CertificateManagementStatus != nil {
		t.Errorf("uploaded certificate: %s", jsonString(t, d))
	}
}

// A custom domain reserved with neither certificate_id nor a policy gets
// automatic certificates, with a job started at its creation [real: docs
// domains/tls-certificates.mdx; exchange _reserved_domains_list_response.md
// @3196b15]; a subdomain of an ngrok domain gets none [real: the same
// exchange's dev domain].
func TestReservedDomainAutomaticCertificatesByDefault(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	cert := seedCert(t, s)
	wantJob := `{"renews_at":null,"provisioning_job":{"error_code":null,"msg":"Managed certificate provisioning in progress.","started_at":"` + rdTestStartStr + `","retries_at":null}}`
	for _, domain := range []string{"app.example.com", "*.example.com"} {
		d := createRD(t, s, `{"domain":"`+domain+`","description":"Device 0001 Dashboard"}`)
		if got := jsonString(t, d.CertificateManagementPolicy); got != `{"authority":"letsencrypt","private_key_type":"ecdsa"}` {
			t.Errorf("%s: policy = %s, want letsencrypt and ecdsa", domain, got)
		}
		if got := jsonString(t, d.CertificateManagementStatus); got != wantJob || d.Certificate != nil {
			t.Errorf("%s: status = %s, certificate %s; want a job started at creation and no certificate", domain, got, jsonString(t, d.Certificate))
		}
	}
	for _, body := range []string{`{"domain":"myapp.ngrok.app"}`, `{"domain":"up.example.com","certificate_id":"` + cert + `"}`} {
		if d := createRD(t, s, body); d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
			t.Errorf("%s: %s, want no policy", body, jsonString(t, d))
		}
	}
	clock.Advance(time.Minute)
	if d := getRD(t, s, createRD(t, s, `{"domain":"later.example.com"}`).ID); d.CertificateManagementStatus.ProvisioningJob == nil {
		t.Errorf("a domain created later starts its own job: %s", jsonString(t, d))
	}
}

// cname_target's first label follows from the domain name, its second from
// the account [real form: exchanges _reserved_domains_*@3196b15 and their
// history].
func TestReservedDomainCNAMETarget(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	a := createRD(t, s, `{"domain":"a.example.com"}`)
	b := createRD(t, s, `{"domain":"b.example.com"}`)
	firstA, accountA, _ := strings.Cut(*a.CNAMETarget, ".")
	firstB, accountB, _ := strings.Cut(*b.CNAMETarget, ".")
	if firstA == firstB || accountA != accountB {
		t.Errorf("targets %s and %s: want the name's labels to differ and the account's to be shared", *a.CNAMETarget, *b.CNAMETarget)
	}
	// Reserved again, or on another server of the mock (the same account),
	// a name gets the target it had.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+a.ID, ""), http.StatusNoContent)
	if again := createRD(t, s, `{"domain":"A.example.com."}`); *again.CNAMETarget != *a.CNAMETarget {
		t.Errorf("reserved again: %s, want %s", *again.CNAMETarget, *a.CNAMETarget)
	}
	other, _ := newRDServer()
	if d := createRD(t, other, `{"domain":"b.example.com"}`); *d.CNAMETarget != *b.CNAMETarget {
		t.Errorf("on another server: %s, want %s", *d.CNAMETarget, *b.CNAMETarget)
	}
}

func TestReservedDomainPolicyDefaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		body    string
		keyType string
	}{
		{`{}`, "ecdsa"},
		{`{"authority":"letsencrypt"}`, "ecdsa"},
		{`{"private_key_type":"rsa"}`, "rsa"},
		{`{"authority":"","private_key_type":""}`, "ecdsa"},
	}
	for _, tt := range tests {
		t.Run(tt.body, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			d := createRD(t, s, `{"domain":"app.example.com","certificate_management_policy":`+tt.body+`}`)
			if p := d.CertificateManagementPolicy; p == nil || p.Authority != "letsencrypt" || p.PrivateKeyType != tt.keyType {
				t.Errorf("policy = %s, want letsencrypt and %s", jsonString(t, p), tt.keyType)
			}
		})
	}
}

// The automatic management state machine, driven by the clock.
func TestReservedDomainManagedCertificateLifecycle(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	d := createRD(t, s, `{"domain":"app.example.com","certificate_management_policy":{}}`)

	wantProvisioning := `{"renews_at":null,"provisioning_job":{"error_code":null,"msg":"Managed certificate provisioning in progress.","started_at":"` + rdTestStartStr + `","retries_at":null}}`
	if got := jsonString(t, d.CertificateManagementStatus); got != wantProvisioning {
		t.Errorf("status right after create = %s\nwant %s", got, wantProvisioning)
	}
	if d.Certificate != nil {
		t.Errorf("certificate while provisioning = %s, want null", jsonString(t, d.Certificate))
	}

	clock.Advance(59 * time.Second)
	if got := getRD(t, s, d.ID); got.Certificate != nil || jsonString(t, got.CertificateManagementStatus) != wantProvisioning {
		t.Errorf("still provisioning one second before the delay: %s", jsonString(t, got))
	}

	clock.Advance(time.Second)
	issued := getRD(t, s, d.ID)
	if issued.Certificate == nil || !certIDPattern.MatchString(issued.Certificate.ID) ||
		issued.Certificate.URI != "http://example.com/tls_certificates/"+issued.Certificate.ID {
		t.Fatalf("certificate after issuance = %s", jsonString(t, issued.Certificate))
	}
	wantIssued := `{"renews_at":"2025-11-03T10:12:14Z","provisioning_job":null}`
	if got := jsonString(t, issued.CertificateManagementStatus); got != wantIssued {
		t.Errorf("status after issuance = %s, want %s", got, wantIssued)
	}

	clock.Advance(30 * 24 * time.Hour)
	if later := getRD(t, s, d.ID); jsonString(t, later) != jsonString(t, issued) {
		t.Errorf("an issued domain changed later: %s", jsonString(t, later))
	}

	// The list shows the same view.
	w := do(t, s, http.MethodGet, "/reserved_domains", "")
	wantStatus(t, w, http.StatusOK)
	page := decodeBody[struct {
		Items []reservedDomainWire `json:"reserved_domains"`
	}](t, w)
	if len(page.Items) != 1 || jsonString(t, page.Items[0]) != jsonString(t, issued) {
		t.Errorf("list = %s", jsonString(t, page.Items))
	}
}

func TestReservedDomainImmediateIssuance(t *testing.T) {
	t.Parallel()
	s := New(WithCertificateIssueDelay(0))
	d := createRD(t, s, `{"domain":"app.example.com","certificate_management_policy":{}}`)
	if d.Certificate == nil || d.CertificateManagementStatus == nil || d.CertificateManagementStatus.ProvisioningJob != nil ||
		d.CertificateManagementStatus.RenewsAt == nil {
		t.Errorf("with no delay the create response shows the issued certificate: %s", jsonString(t, d))
	}
}

func TestReservedDomainDNSError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		domain  string
		wantMsg string
	}{
		{"app.example.invalid", "CNAME record for app.example.invalid pointing to "},
		{"*.example.invalid", "CNAME record for _acme-challenge.example.invalid pointing to _acme-challenge."},
	}
	for _, tt := range tests {
		t.Run(tt.domain, func(t *testing.T) {
			t.Parallel()
			s, clock := newRDServer()
			d := createRD(t, s, `{"domain":"`+tt.domain+`","certificate_management_policy":{"private_key_type":"rsa"}}`)
			if job := d.CertificateManagementStatus.ProvisioningJob; job == nil || job.ErrorCode != nil || job.Msg != msgProvisioning {
				t.Errorf("job before the delay = %s, want in progress", jsonString(t, job))
			}

			clock.Advance(time.Minute)
			failed := getRD(t, s, d.ID)
			job := failed.CertificateManagementStatus.ProvisioningJob
			if failed.Certificate != nil || failed.CertificateManagementStatus.RenewsAt != nil || job == nil {
				t.Fatalf("after the delay = %s, want no certificate and a failed job", jsonString(t, failed))
			}
			if deref(job.ErrorCode) != "DNS_ERROR" || wireString(job.StartedAt) != rdTestStartStr ||
				wireString(deref(job.RetriesAt)) != "2025-09-04T11:12:14Z" || !strings.Contains(job.Msg, tt.wantMsg) {
				t.Errorf("job = %s", jsonString(t, job))
			}

			// retries_at moves on to the next retry; the error stays.
			clock.Advance(90 * time.Minute)
			job = getRD(t, s, d.ID).CertificateManagementStatus.ProvisioningJob
			if deref(job.ErrorCode) != "DNS_ERROR" || wireString(deref(job.RetriesAt)) != "2025-09-04T12:12:14Z" {
				t.Errorf("job 90 minutes later = %s", jsonString(t, job))
			}
		})
	}
}

func TestReservedDomainPatchSwitchesCertificateSettings(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	cert := seedCert(t, s)
	other := seedCert(t, s)
	d := createRD(t, s, `{"domain":"app.example.com"}`)
	id := d.ID

	// the default policy → uploaded certificate
	d = patchRD(t, s, id, `{"certificate_id":"`+cert+`"}`)
	if d.Certificate == nil || d.Certificate.ID != cert || d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
		t.Fatalf("attach certificate: %s", jsonString(t, d))
	}
	// uploaded → another uploaded
	if d = patchRD(t, s, id, `{"certificate_id":"`+other+`"}`); d.Certificate.ID != other {
		t.Errorf("replace certificate: %s", jsonString(t, d.Certificate))
	}

	// uploaded → policy: the certificate is null until the managed one is
	// issued, and the status null until the job ends, in the answer and in
	// reads [real: exchanges _reserved_domains_update_response.md and
	// _get_response.md@3196b15].
	d = patchRD(t, s, id, `{"certificate_management_policy":{"authority":"letsencrypt"}}`)
	if d.Certificate != nil || d.CertificateManagementPolicy == nil || d.CertificateManagementPolicy.PrivateKeyType != "ecdsa" ||
		d.CertificateManagementStatus != nil {
		t.Fatalf("policy replacing a certificate: %s", jsonString(t, d))
	}
	clock.Advance(59 * time.Second)
	if got := getRD(t, s, id); jsonString(t, got) != jsonString(t, d) {
		t.Errorf("a second before the job ends: %s, want the PATCH's answer", jsonString(t, got))
	}
	clock.Advance(time.Second)
	managed := getRD(t, s, id).Certificate
	if managed == nil || managed.ID == cert || managed.ID == other {
		t.Fatalf("managed certificate = %s", jsonString(t, managed))
	}

	// The same policy again changes nothing: no new job.
	if again := patchRD(t, s, id, `{"certificate_management_policy":{"authority":"letsencrypt","private_key_type":"ecdsa"}}`); again.Certificate.ID != managed.ID ||
		again.CertificateManagementStatus.ProvisioningJob != nil {
		t.Errorf("repeating the policy restarted provisioning: %s", jsonString(t, again))
	}

	// Another key type: a new job; the certificate issued before stays until the new one is issued.
	d = patchRD(t, s, id, `{"certificate_management_policy":{"private_key_type":"rsa"}}`)
	if d.Certificate == nil || d.Certificate.ID != managed.ID || d.CertificateManagementStatus != nil ||
		d.CertificateManagementPolicy.PrivateKeyType != "rsa" {
		t.Fatalf("key type change: %s", jsonString(t, d))
	}
	clock.Advance(time.Minute)
	if renewed := getRD(t, s, id).Certificate; renewed == nil || renewed.ID == managed.ID {
		t.Errorf("after the new job: certificate %s, want a new one", jsonString(t, renewed))
	}

	// policy → uploaded: policy and status become null.
	d = patchRD(t, s, id, `{"certificate_id":"`+cert+`"}`)
	if d.Certificate == nil || d.Certificate.ID != cert || d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
		t.Errorf("certificate replacing a policy: %s", jsonString(t, d))
	}
}

func TestReservedDomainPatchFields(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	httpEC, httpsEC := seedEC(t, s, "http"), seedEC(t, s, "https")
	created := createRD(t, s, `{"domain":"app.example.com","description":"d","metadata":"m"}`)
	id := created.ID

	d := patchRD(t, s, id, `{"description":"new","http_endpoint_configuration_id":"`+httpEC+`","https_endpoint_configuration_id":"`+httpsEC+`"}`)
	if d.Description != "new" || d.Metadata != "m" ||
		jsonString(t, d.HTTPEndpointConfiguration) != `{"id":"`+httpEC+`","uri":"http://example.com/endpoint_configurations/`+httpEC+`"}` ||
		d.HTTPSEndpointConfiguration == nil || d.HTTPSEndpointConfiguration.ID != httpsEC {
		t.Errorf("patch = %s", jsonString(t, d))
	}
	if d.Domain != created.Domain || d.CreatedAt != created.CreatedAt || *d.CNAMETarget != *created.CNAMETarget {
		t.Errorf("patch changed an immutable field: %s", jsonString(t, d))
	}
	// Absent fields stay; "" clears.
	d = patchRD(t, s, id, `{"metadata":"","http_endpoint_configuration_id":""}`)
	if d.Description != "new" || d.Metadata != "" || d.HTTPEndpointConfiguration != nil || d.HTTPSEndpointConfiguration == nil {
		t.Errorf("clearing = %s", jsonString(t, d))
	}
	if got := getRD(t, s, id); jsonString(t, got) != jsonString(t, d) {
		t.Errorf("get after patch = %s, want %s", jsonString(t, got), jsonString(t, d))
	}
}

// TestReservedDomainRequestsOfNgrokProvider replays the bodies ngrok's own
// provider (ngrok/terraform-provider-ngrok v0.8.x, resource ngrok_domain)
// sends, which its acceptance test sends to the live API with success.
//
// Where the bodies come from:
//   - ngrok/terraform-provider-ngrok internal/provider/resource_domain.go
//     (commit 853fa53a39e8): Create fills ngrok.ReservedDomainCreate with
//     Domain, Description and Metadata (plan.X.ValueString(), "" when
//     unset) and CertificateID = stringPtrFromFramework(plan.CertificateID),
//     nil while unknown. Update fills ngrok.ReservedDomainUpdate with
//     stringPtrFromFramework of description, metadata and certificate_id,
//     and the policy from the plan. certificate_id is Optional+Computed with
//     UseStateForUnknown (and, beside a policy, a modifier that keeps the
//     state's value), and the state holds "" while the domain shows no
//     certificate, so every update carries "certificate_id":"".
//   - internal/provider/helpers.go (commit 755295f1c317): stringPtrFromFramework
//     returns nil for null or unknown and a pointer to the value otherwise,
//     "" included.
//   - ngrok/ngrok-api-go datatypes.go: ReservedDomainUpdate's fields are
//     pointers tagged omitempty, so a pointer to "" is sent; the create's
//     strings are tagged omitempty, so "" is left out.
//     reserved_domains/client.go: Update clears ID and sends the struct as
//     the body.
//   - internal/provider/resource_domain_test.go: TestAccResourceReservedDomain_basic
//     creates "<random>.ngrok.io" with description "test domain", then
//     updates description and metadata.
//
// Not replayed: once a managed certificate is issued, the state's
// certificate_id is that certificate's ID, so v0.8.x then sends it beside
// the policy; the mock refuses that with ERR_NGROK_434, as it refuses any
// certificate_id beside a policy (the real API's answer is not known).
func TestReservedDomainRequestsOfNgrokProvider(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()

	// The provider's acceptance test, on a service-owned domain.
	d := createRD(t, s, `{"domain":"tfacc0a1b2c3d4.ngrok.io","description":"test domain"}`)
	d = patchRD(t, s, d.ID, `{"description":"updated description","metadata":"{\"env\":\"staging\"}","certificate_id":""}`)
	if d.Description != "updated description" || d.Metadata != `{"env":"staging"}` ||
		d.Certificate != nil || d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
		t.Errorf("description update: %s", jsonString(t, d))
	}

	// A custom domain, then a policy added, then a description update while
	// the policy's certificate is being provisioned.
	d = createRD(t, s, `{"domain":"api.example.com","description":"API"}`)
	id := d.ID
	const policy = `"certificate_management_policy":{"authority":"letsencrypt","private_key_type":"ecdsa"}`
	d = patchRD(t, s, id, `{"description":"API","metadata":"","certificate_id":"",`+policy+`}`)
	if d.Description != "API" || d.Certificate != nil ||
		jsonString(t, d.CertificateManagementPolicy) != `{"authority":"letsencrypt","private_key_type":"ecdsa"}` ||
		d.CertificateManagementStatus == nil || d.CertificateManagementStatus.ProvisioningJob == nil ||
		wireString(d.CertificateManagementStatus.ProvisioningJob.StartedAt) != rdTestStartStr {
		t.Fatalf("policy added: %s", jsonString(t, d))
	}
	clock.Advance(30 * time.Second)
	d = patchRD(t, s, id, `{"description":"API, managed certificate","metadata":"","certificate_id":"",`+policy+`}`)
	if d.Description != "API, managed certificate" || d.Certificate != nil ||
		d.CertificateManagementStatus == nil || d.CertificateManagementStatus.ProvisioningJob == nil ||
		wireString(d.CertificateManagementStatus.ProvisioningJob.StartedAt) != rdTestStartStr {
		t.Errorf("description update with the policy attached restarted or lost the job: %s", jsonString(t, d))
	}
	// The job started by the first policy issues on its own schedule.
	clock.Advance(30 * time.Second)
	if got := getRD(t, s, id); got.Certificate == nil || !certIDPattern.MatchString(got.Certificate.ID) ||
		got.CertificateManagementStatus == nil || got.CertificateManagementStatus.ProvisioningJob != nil {
		t.Errorf("a minute after the policy was added: %s", jsonString(t, got))
	}

	// "" beside an uploaded certificate leaves it attached.
	cert := seedCert(t, s)
	d = createRD(t, s, `{"domain":"www.shop.example.com","description":"Shop","certificate_id":"`+cert+`"}`)
	d = patchRD(t, s, d.ID, `{"description":"Shop front","metadata":"","certificate_id":""}`)
	if d.Description != "Shop front" || d.Certificate == nil || d.Certificate.ID != cert {
		t.Errorf("certificate_id \"\" detached the uploaded certificate: %s", jsonString(t, d))
	}
}

func TestReservedDomainPatchValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		domain string
		body   func(cert, httpEC, httpsEC string) string
		code   string
	}{
		{"domain is not updatable", "app.example.com", func(_, _, _ string) string { return `{"domain":"b.example.com"}` }, errUnknownField.code},
		{"region is not updatable", "app.example.com", func(_, _, _ string) string { return `{"region":"eu"}` }, errUnknownField.code},
		{"certificate and policy", "app.example.com", func(c, _, _ string) string {
			return `{"certificate_id":"` + c + `","certificate_management_policy":{}}`
		}, errCertificateAndPolicy.code},
		{"unknown certificate", "app.example.com", func(_, _, _ string) string {
			return `{"certificate_id":"cert_2RfSBcv0nsy71XCHWOegjx1OoKh"}`
		}, errCertificateUnknown.code},
		{"certificate ID with the wrong prefix", "app.example.com", func(_, _, _ string) string {
			return `{"certificate_id":"rd_2RfSBcv0nsy71XCHWOegjx1OoKh"}`
		}, errWrongIDPrefix.code},
		{"policy on a service-owned domain", "a.ngrok.app", func(_, _, _ string) string { return `{"certificate_management_policy":{}}` }, errPolicyOnServiceDomain.code},
		{"certificate on a service-owned domain", "a.ngrok.app", func(c, _, _ string) string { return `{"certificate_id":"` + c + `"}` }, errCertificateOnServiceDomain.code},
		{"unknown key type", "app.example.com", func(_, _, _ string) string {
			return `{"certificate_management_policy":{"private_key_type":"dsa"}}`
		}, errTLSKeyType.code},
		{"unknown endpoint configuration", "app.example.com", func(_, _, _ string) string {
			return `{"https_endpoint_configuration_id":"ec_2RfSBcv0nsy71XCHWOegjx1OoKh"}`
		}, errEndpointConfigUnknown.code},
		{"endpoint configuration with the wrong prefix", "app.example.com", func(c, _, _ string) string {
			return `{"http_endpoint_configuration_id":"` + c + `"}`
		}, errWrongIDPrefix.code},
		{"https configuration as http", "app.example.com", func(_, _, https string) string {
			return `{"http_endpoint_configuration_id":"` + https + `"}`
		}, errEndpointConfigType.code},
		{"http configuration as https", "app.example.com", func(_, http, _ string) string {
			return `{"https_endpoint_configuration_id":"` + http + `"}`
		}, errEndpointConfigType.code},
		{"description over 255 bytes", "app.example.com", func(_, _, _ string) string {
			return `{"description":"` + strings.Repeat("d", 256) + `"}`
		}, errDomainDescription.code},
		{"metadata over 4096 bytes", "app.example.com", func(_, _, _ string) string {
			return `{"metadata":"` + strings.Repeat("m", 4097) + `"}`
		}, errDomainMetadata.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			cert, httpEC, httpsEC := seedCert(t, s), seedEC(t, s, "http"), seedEC(t, s, "https")
			created := createRD(t, s, `{"domain":"`+tt.domain+`","description":"d"}`)
			w := do(t, s, http.MethodPatch, "/reserved_domains/"+created.ID, tt.body(cert, httpEC, httpsEC))
			wantError(t, w, http.StatusBadRequest, tt.code)
			if got := getRD(t, s, created.ID); jsonString(t, got) != jsonString(t, created) {
				t.Errorf("a refused patch changed the domain to %s", jsonString(t, got))
			}
		})
	}
}

func TestReservedDomainDetach(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	cert := seedCert(t, s)
	withCert := createRD(t, s, `{"domain":"cert.example.com","certificate_id":"`+cert+`"}`)
	withPolicy := createRD(t, s, `{"domain":"policy.example.com","certificate_management_policy":{}}`)
	bare := createRD(t, s, `{"domain":"bare.example.com"}`)
	service := createRD(t, s, `{"domain":"bare.ngrok.app"}`)
	clock.Advance(time.Minute)
	// A custom domain opts out of its default policy by detaching it.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+bare.ID+"/certificate_management_policy", ""), http.StatusNoContent)
	if bare = getRD(t, s, bare.ID); bare.Certificate != nil || bare.CertificateManagementPolicy != nil || bare.CertificateManagementStatus != nil {
		t.Errorf("after opting out: %s", jsonString(t, bare))
	}

	// Detaching the certificate of a policy is refused: detach the policy.
	wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/"+withPolicy.ID+"/certificate", ""),
		http.StatusBadRequest, errDetachCertificateUnderPolicy.code)
	if getRD(t, s, withPolicy.ID).Certificate == nil {
		t.Error("the refused detach removed the managed certificate")
	}

	w := do(t, s, http.MethodDelete, "/reserved_domains/"+withCert.ID+"/certificate", "")
	wantStatus(t, w, http.StatusNoContent)
	if w.Body.Len() != 0 {
		t.Errorf("detach answered a body: %s", w.Body)
	}
	if d := getRD(t, s, withCert.ID); d.Certificate != nil {
		t.Errorf("certificate after detach = %s", jsonString(t, d.Certificate))
	}

	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+withPolicy.ID+"/certificate_management_policy", ""), http.StatusNoContent)
	if d := getRD(t, s, withPolicy.ID); d.Certificate != nil || d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
		t.Errorf("after detaching the policy: %s", jsonString(t, d))
	}
	// Now that the policy is gone, the certificate detach is allowed (and a no-op).
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+withPolicy.ID+"/certificate", ""), http.StatusNoContent)

	// Detaching nothing is a 204 that changes nothing.
	for _, d := range []reservedDomainWire{bare, service} {
		for _, part := range []string{"certificate", "certificate_management_policy"} {
			wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+d.ID+"/"+part, ""), http.StatusNoContent)
		}
		if got := getRD(t, s, d.ID); jsonString(t, got) != jsonString(t, d) {
			t.Errorf("detaching nothing changed %s", jsonString(t, got))
		}
	}

	for _, part := range []string{"certificate", "certificate_management_policy"} {
		wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/rd_2RfSBcv0nsy71XCHWOegjx1OoKh/"+part, ""), http.StatusNotFound, "")
		wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/sshca_2RfSBcv0nsy71XCHWOegjx1OoKh/"+part, ""), http.StatusBadRequest, errWrongIDPrefix.code)
		wantRouteNotFound(t, do(t, s, http.MethodGet, "/reserved_domains/"+bare.ID+"/"+part, ""), "/reserved_domains/"+bare.ID+"/"+part)
	}
}

func TestReservedDomainDelete(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	d := createRD(t, s, `{"domain":"app.example.com","certificate_management_policy":{}}`)
	target := "/reserved_domains/" + d.ID
	w := do(t, s, http.MethodDelete, target, "")
	wantStatus(t, w, http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, target, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, target, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodPatch, target, `{}`), http.StatusNotFound, "")
}

func TestReservedDomainListFilter(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	cert := seedCert(t, s)
	a := createRD(t, s, `{"domain":"a.example.com","certificate_management_policy":{}}`)
	b := createRD(t, s, `{"domain":"b.ngrok.app"}`)
	c := createRD(t, s, `{"domain":"c.example.com","certificate_id":"`+cert+`"}`)
	tests := []struct {
		filter string
		want   []string
	}{
		{"", []string{c.ID, b.ID, a.ID}},
		{`obj.domain == "b.ngrok.app"`, []string{b.ID}},
		{`obj.cname_target == null`, []string{b.ID}},
		{`obj.certificate.id == "` + cert + `"`, []string{c.ID}},
		{`obj.domain.endsWith(".example.com")`, []string{c.ID, a.ID}},
	}
	for _, tt := range tests {
		target := "/reserved_domains"
		if tt.filter != "" {
			target += "?filter=" + strings.ReplaceAll(strings.ReplaceAll(tt.filter, " ", "%20"), `"`, "%22")
		}
		w := do(t, s, http.MethodGet, target, "")
		wantStatus(t, w, http.StatusOK)
		page := decodeBody[struct {
			Items []reservedDomainWire `json:"reserved_domains"`
			URI   string               `json:"uri"`
		}](t, w)
		var got []string
		for _, d := range page.Items {
			got = append(got, d.ID)
		}
		if !slices.Equal(got, tt.want) || page.URI != "http://example.com/reserved_domains" {
			t.Errorf("filter %q: %v (uri %q), want %v", tt.filter, got, page.URI, tt.want)
		}
	}
}

func TestReservedDomainConcurrentCreatesOfOneName(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	const n = 8
	codes := make(chan int, n)
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			codes <- do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"race.example.com"}`).Code
		})
	}
	wg.Wait()
	close(codes)
	created := 0
	for c := range codes {
		if c == http.StatusCreated {
			created++
		} else if c != http.StatusConflict {
			t.Errorf("status %d, want 201 or 409", c)
		}
	}
	if created != 1 || s.domains.reserved.len() != 1 {
		t.Errorf("%d creates succeeded, %d stored; want exactly one", created, s.domains.reserved.len())
	}
}

func TestReservedDomainMatchForHost(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	exact := createRD(t, s, `{"domain":"app.example.com"}`)
	wild := createRD(t, s, `{"domain":"*.example.com"}`)
	tests := []struct {
		host string
		want string
	}{
		{"app.example.com", exact.ID},
		{"api.example.com", wild.ID},
		{"a.b.example.com", ""},
		{"example.com", ""},
		{"other.test", ""},
	}
	for _, tt := range tests {
		s.store.mu.Lock()
		got, ok := s.matchReservedDomainLocked(tt.host)
		s.store.mu.Unlock()
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("match(%q) = %q, %v; want %q", tt.host, got, ok, tt.want)
		}
	}
}

func TestSeeds(t *testing.T) {
	t.Parallel()
	s := New()
	cert, err := s.SeedTLSCertificate(TLSCertificateSeed{})
	if err != nil || !certIDPattern.MatchString(cert) {
		t.Errorf("SeedTLSCertificate = %q, %v", cert, err)
	}
	const fixed = "cert_2RfSBcv0nsy71XCHWOegjx1OoKh"
	if got, err := s.SeedTLSCertificate(TLSCertificateSeed{ID: fixed, Description: "mine"}); got != fixed || err != nil {
		t.Errorf("fixed ID: %q, %v", got, err)
	}
	if _, err := s.SeedTLSCertificate(TLSCertificateSeed{ID: fixed}); err == nil {
		t.Error("a taken ID must be refused")
	}
	if _, err := s.SeedTLSCertificate(TLSCertificateSeed{ID: "ec_2RfSBcv0nsy71XCHWOegjx1OoKh"}); err == nil {
		t.Error("an ID with the wrong prefix must be refused")
	}
	if _, err := s.SeedTLSCertificate(TLSCertificateSeed{Metadata: strings.Repeat("m", 4097)}); err == nil {
		t.Error("metadata over 4096 bytes must be refused")
	}
	ec, err := s.SeedEndpointConfiguration(EndpointConfigurationSeed{})
	if err != nil || !strings.HasPrefix(ec, "ec_") {
		t.Errorf("SeedEndpointConfiguration = %q, %v", ec, err)
	}
	if stored, _ := s.domains.endpointConfigs.get(ec); stored.Type != "https" {
		t.Errorf("default type = %q, want https", stored.Type)
	}
	if _, err := s.SeedEndpointConfiguration(EndpointConfigurationSeed{Type: "tcp"}); err == nil {
		t.Error("an unknown type must be refused")
	}
}

func TestReservedDomainStateRoundTrip(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	cert := seedCert(t, s)
	ec := seedEC(t, s, "http")
	a := createRD(t, s, `{"domain":"*.example.com","description":"d","metadata":"m","certificate_management_policy":{"private_key_type":"rsa"}}`)
	clock.Advance(time.Minute)
	patchRD(t, s, a.ID, `{"certificate_management_policy":{},"http_endpoint_configuration_id":"`+ec+`"}`)
	b := createRD(t, s, `{"domain":"b.example.com","certificate_id":"`+cert+`","resolves_to":[{"value":"us-cal-1"},{"value":"eu"}]}`)

	restored := reload(t, s, WithClock(clock.Now))
	for _, id := range []string{a.ID, b.ID} {
		if got, want := jsonString(t, getRD(t, restored, id)), jsonString(t, getRD(t, s, id)); got != want {
			t.Errorf("restored %s\nwant     %s", got, want)
		}
	}
	// The restored job completes on the same schedule.
	clock.Advance(time.Minute)
	if got, want := jsonString(t, getRD(t, restored, a.ID)), jsonString(t, getRD(t, s, a.ID)); got != want {
		t.Errorf("restored after the delay %s\nwant                     %s", got, want)
	}
	// The seeded certificate and endpoint configuration are restored too,
	// with the configuration's type.
	c := createRD(t, restored, `{"domain":"c.example.com"}`)
	patchRD(t, restored, c.ID, `{"certificate_id":"`+cert+`","http_endpoint_configuration_id":"`+ec+`"}`)
	wantError(t, do(t, restored, http.MethodPatch, "/reserved_domains/"+c.ID, `{"https_endpoint_configuration_id":"`+ec+`"}`),
		http.StatusBadRequest, errEndpointConfigType.code)
	for id, table := range map[string]func(string) bool{
		cert: func(id string) bool { _, err := restored.domains.certificates.get(id); return err == nil },
		ec: func(id string) bool {
			v, err := restored.domains.endpointConfigs.get(id)
			return err == nil && v.Type == "http"
		},
	} {
		if !table(id) {
			t.Errorf("%s was not restored as it was", id)
		}
	}
}

func TestReservedDomainDeleteRefusedWhileACloudEndpointUsesIt(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	used := createRD(t, s, `{"domain":"app.example.com"}`)
	wild := createRD(t, s, `{"domain":"*.example.net"}`)
	free := createRD(t, s, `{"domain":"free.example.com"}`)
	var endpoints []string
	for _, url := range []string{"https://app.example.com", "https://api.example.net"} {
		w := do(t, s, http.MethodPost, "/endpoints", `{"url":"`+url+`","traffic_policy":"{}"}`)
		wantStatus(t, w, http.StatusCreated)
		endpoints = append(endpoints, decodeBody[struct {
			ID string `json:"id"`
		}](t, w).ID)
	}

	for _, d := range []reservedDomainWire{used, wild} {
		wantError(t, do(t, s, http.MethodDelete, "/reserved_domains/"+d.ID, ""), http.StatusConflict, errDomainInUse.code)
		getRD(t, s, d.ID) // still there
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+free.ID, ""), http.StatusNoContent)

	// Once the endpoints are gone, so may the domains be.
	for i, d := range []reservedDomainWire{used, wild} {
		wantStatus(t, do(t, s, http.MethodDelete, "/endpoints/"+endpoints[i], ""), http.StatusNoContent)
		wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+d.ID, ""), http.StatusNoContent)
	}
}

// resolvesTo returns the values of a domain's resolves_to, in order.
func resolvesTo(d reservedDomainWire) []string {
	out := []string{}
	for _, e := range d.ResolvesTo {
		out = append(out, e.Value)
	}
	return out
}

func TestReservedDomainResolvesTo(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	check := func(what string, d reservedDomainWire, want ...string) {
		t.Helper()
		if got := resolvesTo(d); !slices.Equal(got, append([]string{}, want...)) {
			t.Errorf("%s: resolves_to = %q, want %q", what, got, want)
		}
		if got := resolvesTo(getRD(t, s, d.ID)); !slices.Equal(got, append([]string{}, want...)) {
			t.Errorf("%s: read back, resolves_to = %q, want %q", what, got, want)
		}
	}
	d := createRD(t, s, `{"domain":"app.example.com","resolves_to":[{"value":"us-cal-1"},{"value":"eu"},{"value":"ap"}]}`)
	check("created, answered sorted", d, "ap", "eu", "us-cal-1")
	check("another field patched", patchRD(t, s, d.ID, `{"description":"pinned"}`), "ap", "eu", "us-cal-1")
	check("null in a patch", patchRD(t, s, d.ID, `{"description":"null","resolves_to":null}`), "ap", "eu", "us-cal-1")
	check("updated", patchRD(t, s, d.ID, `{"resolves_to":[{"value":"us"}]}`), "us")
	check("un-pinned with []", patchRD(t, s, d.ID, `{"resolves_to":[]}`))
	check("pinned again", patchRD(t, s, d.ID, `{"resolves_to":[{"value":"jp"},{"value":"in"}]}`), "in", "jp")
	check("un-pinned with global", patchRD(t, s, d.ID, `{"resolves_to":[{"value":"global"}]}`))
	check("created global", createRD(t, s, `{"domain":"b.ngrok.app","resolves_to":[{"value":"global"}]}`))
	check("created with []", createRD(t, s, `{"domain":"c.ngrok.app","resolves_to":[]}`))
	check("service-owned pinned", createRD(t, s, `{"domain":"d.ngrok.app","resolves_to":[{"value":"sa"},{"value":"au"}]}`), "au", "sa")
}

func TestReservedDomainResolvesToValidation(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ resolvesTo, code string }{
		"unknown point of presence": {`[{"value":"mars"}]`, errInvalidRegion.code},
		"upper case":                {`[{"value":"EU"}]`, errInvalidRegion.code},
		"empty value":               {`[{"value":""}]`, errInvalidRegion.code},
		"entry without value":       {`[{}]`, errInvalidRegion.code},
		"listed twice":              {`[{"value":"eu"},{"value":"us"},{"value":"eu"}]`, errInvalidRegion.code},
		"global beside another":     {`[{"value":"global"},{"value":"eu"}]`, errInvalidRegion.code},
		"global twice":              {`[{"value":"global"},{"value":"global"}]`, errInvalidRegion.code},
		"a string, not a list":      {`"eu"`, errInvalidValue.code},
		"a list of strings":         {`["eu"]`, errInvalidValue.code},
		"unknown field in an entry": {`[{"region":"eu"}]`, errUnknownField.code},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, _ := newRDServer()
			w := do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"app.example.com","resolves_to":`+tc.resolvesTo+`}`)
			wantError(t, w, http.StatusBadRequest, tc.code)
			d := createRD(t, s, `{"domain":"app.example.com","resolves_to":[{"value":"eu"}]}`)
			w = do(t, s, http.MethodPatch, "/reserved_domains/"+d.ID, `{"description":"x","resolves_to":`+tc.resolvesTo+`}`)
			wantError(t, w, http.StatusBadRequest, tc.code)
			if got := getRD(t, s, d.ID); jsonString(t, got) != jsonString(t, d) {
				t.Errorf("a refused patch changed the domain to %s", jsonString(t, got))
			}
		})
	}
}

// TestReservedDomainResolvesToIsNotFiltered: resolves_to is not a field the
// reserved domains' filter takes [real: docs api/api-filtering.mdx], nor
// are comprehensions and index access in its subset.
func TestReservedDomainResolvesToIsNotFiltered(t *testing.T) {
	t.Parallel()
	s, _ := newRDServer()
	createRD(t, s, `{"domain":"a.example.com","resolves_to":[{"value":"eu"},{"value":"us"}]}`)
	for _, filter := range []string{
		`obj.resolves_to.exists(r, r.value == "eu")`,
		`size(obj.resolves_to) == 0`,
		`obj.resolves_to[0].value == "us"`,
	} {
		wantError(t, do(t, s, http.MethodGet, "/reserved_domains?filter="+url.QueryEscape(filter), ""),
			http.StatusBadRequest, errInvalidFilter.code)
	}
}

// With endpoint configurations deprecated, naming one on a domain answers
// ERR_NGROK_1608; the same update is accepted once the setting is off.
func TestReservedDomainEndpointConfigurationsDeprecated(t *testing.T) {
	t.Parallel()
	s := New()
	ec := seedEC(t, s, "https")
	s.SetEndpointConfigurationsDeprecated(true)
	w := do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"plain.example.com"}`)
	wantStatus(t, w, http.StatusCreated)
	id := decodeBody[struct {
		ID string `json:"id"`
	}](t, w).ID
	wantError(t, do(t, s, http.MethodPatch, "/reserved_domains/"+id,
		`{"https_endpoint_configuration_id":"`+ec+`"}`), http.StatusBadRequest, "ERR_NGROK_1608")
	s.SetEndpointConfigurationsDeprecated(false)
	wantStatus(t, do(t, s, http.MethodPatch, "/reserved_domains/"+id, `{"https_endpoint_configuration_id":"`+ec+`"}`), http.StatusOK)
}
