package apiclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// rdTestClock is a clock the test moves by hand.
type rdTestClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *rdTestClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *rdTestClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newDomainMock starts a mock server whose managed certificates are issued
// a minute after their policy is attached, on a clock the test moves.
func newDomainMock(t *testing.T, opts ...mockserver.Option) (*Client, *mockserver.Server, *rdTestClock) {
	t.Helper()
	clock := &rdTestClock{now: time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)}
	mock := mockserver.New(append([]mockserver.Option{mockserver.WithAPIKeys(mockKey),
		mockserver.WithClock(clock.Now), mockserver.WithCertificateIssueDelay(time.Minute)}, opts...)...)
	srv := httptest.NewServer(specvalidate.Handler(t, mock))
	t.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	return c, mock, clock
}

func wantAPIError(t *testing.T, err error, status int, code string) {
	t.Helper()
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != status || apiErr.ErrorCode != code {
		t.Errorf("err = %v, want %d %s", err, status, code)
	}
}

func TestMockReservedDomainCRUD(t *testing.T) {
	t.Parallel()
	c, mock, _ := newDomainMock(t)
	ctx := context.Background()
	ecID, err := mock.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	if err != nil {
		t.Fatal(err)
	}

	created, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{
		Domain: "App.Example.com", Region: "eu", Description: "web", Metadata: `{"team":"web"}`,
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if !strings.HasPrefix(created.ID, "rd_") || created.URI != c.BaseURL()+"/reserved_domains/"+created.ID ||
		created.Domain != "app.example.com" || created.Region != "" || created.Description != "web" ||
		created.Metadata != `{"team":"web"}` || !strings.HasSuffix(created.CNAMETarget, ".ngrok-cname.com") ||
		created.ACMEChallengeCNAMETarget != "" || created.Certificate != nil ||
		// NOTE: a custom domain gets ngrok's default, automatic certificates.
		created.CertificateManagementPolicy == nil || *created.CertificateManagementPolicy != (ReservedDomainCertPolicy{"letsencrypt", "ecdsa"}) ||
		created.CertificateManagementStatus == nil || created.HTTPEndpointConfiguration != nil {
		t.Errorf("created = %+v", created)
	}
	if _, err := time.Parse(time.RFC3339, created.CreatedAt); err != nil {
		t.Errorf("created_at: %v", err)
	}

	got, err := c.GetReservedDomain(ctx, created.ID)
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if got.ID != created.ID || got.CNAMETarget != created.CNAMETarget || got.Description != created.Description {
		t.Errorf("get = %+v, want %+v", got, created)
	}

	updated, err := c.UpdateReservedDomain(ctx, created.ID, &ReservedDomainUpdate{
		Metadata: new(string), HTTPSEndpointConfigurationID: &ecID,
	})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if updated.Description != "web" || updated.Metadata != "" || updated.HTTPSEndpointConfiguration == nil ||
		updated.HTTPSEndpointConfiguration.ID != ecID || updated.HTTPEndpointConfiguration != nil {
		t.Errorf("updated = %+v", updated)
	}

	if err := c.DeleteReservedDomain(ctx, created.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := c.GetReservedDomain(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want not found", err)
	}
	if err := c.DeleteReservedDomain(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("second delete: %v, want not found", err)
	}
	for _, detach := range []func(context.Context, string) error{
		c.DeleteReservedDomainCertificate, c.DeleteReservedDomainCertificateManagementPolicy,
	} {
		if err := detach(ctx, created.ID); !IsNotFound(err) {
			t.Errorf("detach on a deleted domain: %v, want not found", err)
		}
		if err := detach(ctx, ""); err == nil {
			t.Error("detach with an empty ID must fail before any request")
		}
	}
}

// resolves_to goes out on create and update, comes back (sorted by the
// mock), and one "global" entry un-pins the domain.
func TestMockReservedDomainResolvesTo(t *testing.T) {
	t.Parallel()
	c, _, _ := newDomainMock(t)
	ctx := context.Background()
	values := func(d *ReservedDomain) string {
		var vs []string
		for _, e := range d.ResolvesTo {
			vs = append(vs, e.Value)
		}
		return strings.Join(vs, ",")
	}
	created, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "app.example.com",
		ResolvesTo: []ReservedDomainResolvesToEntry{{Value: "us-cal-1"}, {Value: "eu"}}})
	if err != nil || values(created) != "eu,us-cal-1" {
		t.Fatalf("create: %q, %v", values(created), err)
	}
	kept, err := c.UpdateReservedDomain(ctx, created.ID, &ReservedDomainUpdate{Description: new("pinned")})
	if err != nil || values(kept) != "eu,us-cal-1" {
		t.Errorf("an update without resolves_to: %q, %v", values(kept), err)
	}
	moved, err := c.UpdateReservedDomain(ctx, created.ID, &ReservedDomainUpdate{
		ResolvesTo: []ReservedDomainResolvesToEntry{{Value: "ap"}}})
	if err != nil || values(moved) != "ap" {
		t.Errorf("update: %q, %v", values(moved), err)
	}
	unpinned, err := c.UpdateReservedDomain(ctx, created.ID, &ReservedDomainUpdate{
		ResolvesTo: []ReservedDomainResolvesToEntry{{Value: ResolvesToGlobal}}})
	if err != nil || unpinned.ResolvesTo == nil || len(unpinned.ResolvesTo) != 0 {
		t.Errorf("un-pin: %#v, %v; want an empty, non-nil list", unpinned.ResolvesTo, err)
	}
	_, err = c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "b.example.com",
		ResolvesTo: []ReservedDomainResolvesToEntry{{Value: "mars"}}})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest || apiErr.ErrorCode != "ERR_NGROK_400" {
		t.Errorf("an unknown point of presence: %v", err)
	}
}

func TestMockReservedDomainCertificateSwitching(t *testing.T) {
	t.Parallel()
	c, mock, clock := newDomainMock(t)
	ctx := context.Background()
	certID, err := mock.SeedTLSCertificate(mockserver.TLSCertificateSeed{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "app.example.com", CertificateID: certID})
	if err != nil {
		t.Fatal(err)
	}
	if d.Certificate == nil || d.Certificate.ID != certID {
		t.Fatalf("certificate = %+v", d.Certificate)
	}

	// A policy replaces the uploaded certificate; its defaults are filled in.
	d, err = c.UpdateReservedDomain(ctx, d.ID, &ReservedDomainUpdate{CertificateManagementPolicy: &ReservedDomainCertPolicy{}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Certificate != nil || d.CertificateManagementPolicy == nil || *d.CertificateManagementPolicy != (ReservedDomainCertPolicy{"letsencrypt", "ecdsa"}) {
		t.Errorf("after attaching a policy: %+v", d)
	}
	// NOTE: the status is null after the PATCH until the job ends, as on
	// the real API.
	if d.CertificateManagementStatus != nil {
		t.Errorf("status right after attaching a policy = %+v, want null", d.CertificateManagementStatus)
	}

	// Detaching the certificate under a policy is refused.
	wantAPIError(t, c.DeleteReservedDomainCertificate(ctx, d.ID), 400, "ERR_NGROK_436")

	clock.Advance(time.Minute)
	d, err = c.GetReservedDomain(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Certificate == nil || !strings.HasPrefix(d.Certificate.ID, "cert_") || d.Certificate.ID == certID ||
		d.CertificateManagementStatus.ProvisioningJob != nil || d.CertificateManagementStatus.RenewsAt != "2025-11-03T10:12:14Z" {
		t.Errorf("after issuance: %+v, status %+v", d.Certificate, d.CertificateManagementStatus)
	}

	if err := c.DeleteReservedDomainCertificateManagementPolicy(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	d, err = c.GetReservedDomain(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Certificate != nil || d.CertificateManagementPolicy != nil || d.CertificateManagementStatus != nil {
		t.Errorf("after detaching the policy: %+v", d)
	}

	// Both in one body is refused.
	_, err = c.UpdateReservedDomain(ctx, d.ID, &ReservedDomainUpdate{CertificateID: &certID, CertificateManagementPolicy: &ReservedDomainCertPolicy{}})
	wantAPIError(t, err, 400, "ERR_NGROK_434")

	if _, err := c.UpdateReservedDomain(ctx, d.ID, &ReservedDomainUpdate{CertificateID: &certID}); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteReservedDomainCertificate(ctx, d.ID); err != nil {
		t.Fatal(err)
	}
	if d, err = c.GetReservedDomain(ctx, d.ID); err != nil || d.Certificate != nil {
		t.Errorf("after detaching the certificate: %+v, %v", d, err)
	}
}

func TestMockReservedDomainDNSError(t *testing.T) {
	t.Parallel()
	c, _, clock := newDomainMock(t)
	ctx := context.Background()
	d, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{
		Domain: "*.example.invalid", CertificateManagementPolicy: &ReservedDomainCertPolicy{PrivateKeyType: "rsa"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(d.ACMEChallengeCNAMETarget, "_acme-challenge.") {
		t.Errorf("acme_challenge_cname_target = %q", d.ACMEChallengeCNAMETarget)
	}
	clock.Advance(time.Minute)
	d, err = c.GetReservedDomain(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	job := d.CertificateManagementStatus.ProvisioningJob
	if job == nil || job.ErrorCode != CertJobDNSError || job.Msg == "" || job.RetriesAt != "2025-09-04T11:12:14Z" {
		t.Errorf("job = %+v", job)
	}
}

func TestMockReservedDomainErrors(t *testing.T) {
	t.Parallel()
	c, _, _ := newDomainMock(t)
	ctx := context.Background()
	if _, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "app.example.com"}); err != nil {
		t.Fatal(err)
	}
	_, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "APP.example.com."})
	wantAPIError(t, err, 409, "ERR_NGROK_413")
	if !IsConflict(err) {
		t.Errorf("IsConflict(%v) = false", err)
	}
	_, err = c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "a.ngrok.app", CertificateManagementPolicy: &ReservedDomainCertPolicy{}})
	wantAPIError(t, err, 400, "ERR_NGROK_439")
	_, err = c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "b.example.com", CertificateID: "cert_2RfSBcv0nsy71XCHWOegjx1OoKh"})
	wantAPIError(t, err, 400, "ERR_NGROK_1965")
	_, err = c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: "b.example.com", Region: "mars"})
	wantAPIError(t, err, 400, "ERR_NGROK_400")
	if _, err := c.GetReservedDomain(ctx, ""); err == nil {
		t.Error("get with an empty ID must fail before any request")
	}
}

func TestMockReservedDomainList(t *testing.T) {
	t.Parallel()
	c, _, _ := newDomainMock(t, mockserver.WithPageSize(2))
	ctx := context.Background()
	var ids []string
	for _, name := range []string{"a.example.com", "b.ngrok.app", "c.example.com", "d.example.com", "e.ngrok.app"} {
		d, err := c.CreateReservedDomain(ctx, &ReservedDomainCreate{Domain: name})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.ID)
	}
	slices.Reverse(ids)
	var all []string
	for d, err := range c.ListReservedDomains(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, d.ID)
	}
	if !slices.Equal(all, ids) {
		t.Errorf("list = %v, want %v", all, ids)
	}
	var owned []string
	for d, err := range c.ListReservedDomains(ctx, &ListOptions{Filter: `obj.cname_target == null`}) {
		if err != nil {
			t.Fatal(err)
		}
		owned = append(owned, d.Domain)
	}
	if !slices.Equal(owned, []string{"e.ngrok.app", "b.ngrok.app"}) {
		t.Errorf("filtered list = %v", owned)
	}
}
