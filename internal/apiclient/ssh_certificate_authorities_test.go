package apiclient

// Integration tests against the real mock server: its wire structs are its
// own, so a wrong JSON tag or header here fails instead of agreeing with itself.

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

const mockKey = "mock-test-key-4f2a"

// newMockClient starts a mock server (page size pageSize, 0 for its default)
// and returns a client on it and a counter of the GET requests it received.
func newMockClient(t *testing.T, pageSize int) (*Client, *atomic.Int32) {
	t.Helper()
	opts := []mockserver.Option{mockserver.WithAPIKeys(mockKey)}
	if pageSize > 0 {
		opts = append(opts, mockserver.WithPageSize(pageSize))
	}
	validated := specvalidate.Handler(t, mockserver.New(opts...))
	var gets atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet {
			gets.Add(1)
		}
		validated.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	c, err := New(WithBaseURL(srv.URL), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	return c, &gets
}

func TestMockSSHCertificateAuthorityCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()

	created, err := c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{
		Description: "ops CA", Metadata: `{"team":"ops"}`, PrivateKeyType: "ed25519",
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if !strings.HasPrefix(created.ID, "sshca_") || len(created.ID) != len("sshca_")+27 {
		t.Errorf("id = %q", created.ID)
	}
	if created.URI != c.BaseURL()+"/ssh_certificate_authorities/"+created.ID {
		t.Errorf("uri = %q", created.URI)
	}
	if _, err := time.Parse(time.RFC3339, created.CreatedAt); err != nil {
		t.Errorf("created_at = %q: %v", created.CreatedAt, err)
	}
	if created.Description != "ops CA" || created.Metadata != `{"team":"ops"}` || created.KeyType != "ed25519" ||
		!strings.HasPrefix(created.PublicKey, "ssh-ed25519 ") {
		t.Errorf("created = %+v", created)
	}

	got, err := c.GetSSHCertificateAuthority(ctx, created.ID)
	if err != nil {
		t.Fatalf("get: %v", err)
	}
	if *got != *created {
		t.Errorf("get = %+v\nwant %+v", got, created)
	}

	desc := "renamed"
	updated, err := c.UpdateSSHCertificateAuthority(ctx, created.ID, &SSHCertificateAuthorityUpdate{Description: &desc})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if updated.Description != "renamed" || updated.Metadata != created.Metadata || updated.PublicKey != created.PublicKey {
		t.Errorf("update of description only = %+v", updated)
	}
	empty := ""
	cleared, err := c.UpdateSSHCertificateAuthority(ctx, created.ID, &SSHCertificateAuthorityUpdate{Metadata: &empty})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if cleared.Description != "renamed" || cleared.Metadata != "" {
		t.Errorf("clearing metadata = %+v", cleared)
	}

	if err := c.DeleteSSHCertificateAuthority(ctx, created.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	_, err = c.GetSSHCertificateAuthority(ctx, created.ID)
	if !IsNotFound(err) {
		t.Fatalf("get after delete: %v, want not found", err)
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) && !strings.HasPrefix(apiErr.OperationID, "op_") {
		t.Errorf("404 without operation ID: %+v", apiErr)
	}
	if err := c.DeleteSSHCertificateAuthority(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("second delete: %v, want not found", err)
	}
}

func TestMockSSHCertificateAuthorityKeyTypes(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	for _, tc := range []struct {
		in      SSHCertificateAuthorityCreate
		keyType string
		prefix  string
	}{
		{SSHCertificateAuthorityCreate{}, "ed25519", "ssh-ed25519 "},
		{SSHCertificateAuthorityCreate{PrivateKeyType: "ecdsa", EllipticCurve: "p384"}, "ecdsa", "ecdsa-sha2-nistp384 "},
		{SSHCertificateAuthorityCreate{PrivateKeyType: "rsa", KeySize: 2048}, "rsa", "ssh-rsa "},
	} {
		ca, err := c.CreateSSHCertificateAuthority(ctx, &tc.in)
		if err != nil {
			t.Errorf("create %+v: %v", tc.in, err)
			continue
		}
		if ca.KeyType != tc.keyType || !strings.HasPrefix(ca.PublicKey, tc.prefix) {
			t.Errorf("create %+v: key_type %q, public_key %.40q", tc.in, ca.KeyType, ca.PublicKey)
		}
	}
}

func TestMockSSHCertificateAuthorityValidationError(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	_, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{PrivateKeyType: "dsa"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("err = %T %v, want *APIError", err, err)
	}
	if apiErr.StatusCode != http.StatusBadRequest || apiErr.ErrorCode != "ERR_NGROK_1936" || apiErr.Msg == "" ||
		!strings.HasPrefix(apiErr.OperationID, "op_") || apiErr.Method != http.MethodPost || apiErr.Path != "/ssh_certificate_authorities" {
		t.Errorf("err = %+v", apiErr)
	}
	if !strings.Contains(err.Error(), "400 ERR_NGROK_1936") || !strings.Contains(err.Error(), "(operation op_") {
		t.Errorf("Error() = %q", err.Error())
	}
}

func TestMockWrongAPIKey(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	c.key = &secret{value: "not-the-key"}
	_, err := c.GetSSHCertificateAuthority(context.Background(), "sshca_32ELEiXmgYnMmAx2rX3qJXK6Gxy")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusForbidden ||
		(apiErr.ErrorCode != "ERR_NGROK_202" && apiErr.ErrorCode != "ERR_NGROK_203") {
		t.Errorf("err = %v, want 403 ERR_NGROK_202/203", err)
	}
	if strings.Contains(err.Error(), "not-the-key") {
		t.Errorf("error leaks the key: %v", err)
	}
}

func TestMockIdempotentCreateReplays(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	c.newIdemKey = func() string { return "fixed-key-for-test" }
	ctx := context.Background()
	in := &SSHCertificateAuthorityCreate{Description: "once"}
	first, err := c.CreateSSHCertificateAuthority(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	again, err := c.CreateSSHCertificateAuthority(ctx, in)
	if err != nil {
		t.Fatal(err)
	}
	if *again != *first {
		t.Errorf("replay = %+v, want the first response %+v", again, first)
	}
	_, err = c.CreateSSHCertificateAuthority(ctx, &SSHCertificateAuthorityCreate{Description: "other"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.ErrorCode != "ERR_NGROK_27617" {
		t.Errorf("same key, other body: %v, want ERR_NGROK_27617", err)
	}
}

// createN creates n authorities with the given descriptions (cycled) and
// returns their IDs in creation order.
func createN(t *testing.T, c *Client, descriptions ...string) []string {
	t.Helper()
	var ids []string
	for _, d := range descriptions {
		ca, err := c.CreateSSHCertificateAuthority(context.Background(), &SSHCertificateAuthorityCreate{Description: d})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, ca.ID)
	}
	return ids
}

func TestMockListPaginates(t *testing.T) {
	t.Parallel()
	c, gets := newMockClient(t, 2)
	ids := createN(t, c, "a", "b", "c", "d", "e")
	slices.Reverse(ids) // newest first

	var got []string
	for ca, err := range c.ListSSHCertificateAuthorities(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, ca.ID)
	}
	if !slices.Equal(got, ids) {
		t.Errorf("list = %v\nwant   %v", got, ids)
	}
	if n := gets.Load(); n != 3 {
		t.Errorf("%d page requests, want 3", n)
	}
}

func TestMockListLimit(t *testing.T) {
	t.Parallel()
	c, gets := newMockClient(t, 0)
	ids := createN(t, c, "a", "b", "c", "d", "e")
	slices.Reverse(ids)
	got, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Limit: 2}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, ids) || gets.Load() != 3 {
		t.Errorf("list = %v after %d pages, want %v after 3", got, gets.Load(), ids)
	}

	_, err = collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Limit: 101}))
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.ErrorCode != "ERR_NGROK_233" {
		t.Errorf("limit 101: %v, want ERR_NGROK_233", err)
	}
}

func TestMockListFilter(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 1) // one per page: the filter must hold on every page
	ids := createN(t, c, "x", "y", "x", "z", "x")
	want := []string{ids[4], ids[2], ids[0]}
	got, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Filter: `obj.description == "x"`}))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("filtered list = %v, want %v", got, want)
	}
	none, err := collect(c.ListSSHCertificateAuthorities(context.Background(), &ListOptions{Filter: `obj.description == "nothing"`}))
	if err != nil || len(none) != 0 {
		t.Errorf("empty filter result: %v, %v", none, err)
	}
}
