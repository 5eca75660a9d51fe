package apiclient

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/ssh"
)

// testSubjectKey is a fresh ed25519 public key as an authorized-keys line.
func testSubjectKey(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(sshPub))) + " alice@laptop"
}

func newSigningCA(t *testing.T, c *Client) *SSHCertificateAuthority {
	t.Helper()
	ca, err := c.CreateSSHCertificateAuthority(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ca
}

// checkSignedBy parses certificate and checks that ca signed it for key.
func checkSignedBy(t *testing.T, certificate, id, caPublicKey, key string, certType uint32) *ssh.Certificate {
	t.Helper()
	pub, comment, _, _, err := ssh.ParseAuthorizedKey([]byte(certificate))
	if err != nil {
		t.Fatalf("certificate %q: %v", certificate, err)
	}
	cert, ok := pub.(*ssh.Certificate)
	if !ok || comment != id || cert.CertType != certType {
		t.Fatalf("certificate = %T, comment %q, type %v", pub, comment, cert)
	}
	caPub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(caPublicKey))
	if err != nil {
		t.Fatal(err)
	}
	subject, _, _, _, err := ssh.ParseAuthorizedKey([]byte(key))
	if err != nil {
		t.Fatal(err)
	}
	if string(cert.SignatureKey.Marshal()) != string(caPub.Marshal()) || string(cert.Key.Marshal()) != string(subject.Marshal()) {
		t.Error("the certificate is not the authority's signature over the key")
	}
	return cert
}

func TestMockSSHHostCertificateCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	ca := newSigningCA(t, c)
	key := testSubjectKey(t)

	created, err := c.CreateSSHHostCertificate(ctx, &SSHHostCertificateCreate{
		SSHCertificateAuthorityID: ca.ID,
		PublicKey:                 key,
		Principals:                []string{"web-1.example.com", "192.0.2.10"},
		ValidAfter:                "2030-01-01T00:00:00Z",
		ValidUntil:                "2030-02-01T00:00:00Z",
		Description:               "web-1",
		Metadata:                  `{"rack":"a1"}`,
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if !strings.HasPrefix(created.ID, "shcrt_") || created.URI != c.BaseURL()+"/ssh_host_certificates/"+created.ID ||
		created.KeyType != "ed25519" || created.PublicKey != key || created.SSHCertificateAuthorityID != ca.ID ||
		!slices.Equal(created.Principals, []string{"web-1.example.com", "192.0.2.10"}) ||
		created.ValidAfter != "2030-01-01T00:00:00Z" || created.ValidUntil != "2030-02-01T00:00:00Z" ||
		created.Description != "web-1" || created.Metadata != `{"rack":"a1"}` || created.CreatedAt == "" {
		t.Errorf("created = %+v", created)
	}
	cert := checkSignedBy(t, created.Certificate, created.ID, ca.PublicKey, key, ssh.HostCert)
	if !slices.Equal(cert.ValidPrincipals, created.Principals) {
		t.Errorf("certificate principals %q", cert.ValidPrincipals)
	}

	got, err := c.GetSSHHostCertificate(ctx, created.ID)
	if err != nil || !reflect.DeepEqual(got, created) {
		t.Errorf("get = %+v, %v\nwant %+v", got, err, created)
	}

	desc := "web-1 (rack a1)"
	updated, err := c.UpdateSSHHostCertificate(ctx, created.ID, &SSHCertificateUpdate{Description: &desc})
	if err != nil {
		t.Fatalf("update: %v", err)
	}
	if updated.Description != desc || updated.Metadata != created.Metadata || updated.Certificate != created.Certificate {
		t.Errorf("update of description only = %+v", updated)
	}
	empty := ""
	cleared, err := c.UpdateSSHHostCertificate(ctx, created.ID, &SSHCertificateUpdate{Metadata: &empty})
	if err != nil || cleared.Metadata != "" || cleared.Description != desc {
		t.Errorf("clearing metadata = %+v, %v", cleared, err)
	}

	if err := c.DeleteSSHHostCertificate(ctx, created.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := c.GetSSHHostCertificate(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want not found", err)
	}
	if err := c.DeleteSSHHostCertificate(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("second delete: %v, want not found", err)
	}
}

func TestMockSSHUserCertificateCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	ca := newSigningCA(t, c)
	key := testSubjectKey(t)

	created, err := c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{
		SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key, Principals: []string{"alice"}},
		CriticalOptions:      map[string]string{"source-address": "10.0.0.0/8"},
		Extensions:           map[string]string{"permit-pty": "", "permit-agent-forwarding": ""},
	})
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	if !strings.HasPrefix(created.ID, "sucrt_") || created.URI != c.BaseURL()+"/ssh_user_certificates/"+created.ID ||
		!maps.Equal(created.CriticalOptions, map[string]string{"source-address": "10.0.0.0/8"}) ||
		!maps.Equal(created.Extensions, map[string]string{"permit-pty": "", "permit-agent-forwarding": ""}) {
		t.Errorf("created = %+v", created)
	}
	cert := checkSignedBy(t, created.Certificate, created.ID, ca.PublicKey, key, ssh.UserCert)
	if !maps.Equal(cert.Extensions, created.Extensions) || !maps.Equal(cert.CriticalOptions, created.CriticalOptions) {
		t.Errorf("certificate permissions %+v", cert.Permissions)
	}

	got, err := c.GetSSHUserCertificate(ctx, created.ID)
	if err != nil || !reflect.DeepEqual(got, created) {
		t.Errorf("get = %+v, %v\nwant %+v", got, err, created)
	}
	meta := `{"ticket":"OPS-7"}`
	updated, err := c.UpdateSSHUserCertificate(ctx, created.ID, &SSHCertificateUpdate{Metadata: &meta})
	if err != nil || updated.Metadata != meta || updated.Certificate != created.Certificate {
		t.Errorf("update = %+v, %v", updated, err)
	}
	if err := c.DeleteSSHUserCertificate(ctx, created.ID); err != nil {
		t.Fatalf("delete: %v", err)
	}
	if _, err := c.GetSSHUserCertificate(ctx, created.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v, want not found", err)
	}
}

// nil extensions mean the API's defaults, an empty map means none: the
// client must keep the two apart on the wire.
func TestMockSSHUserCertificateExtensionsNilVersusEmpty(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	ca := newSigningCA(t, c)
	key := testSubjectKey(t)

	def, err := c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}})
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(def.Extensions, map[string]string{"permit-pty": "", "permit-user-rc": ""}) ||
		def.CriticalOptions == nil || len(def.CriticalOptions) != 0 || def.Principals == nil {
		t.Errorf("defaults = extensions %v, critical_options %v, principals %v", def.Extensions, def.CriticalOptions, def.Principals)
	}
	none, err := c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{
		SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}, Extensions: map[string]string{},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(none.Extensions) != 0 {
		t.Errorf("extensions {} gave %v", none.Extensions)
	}
}

func TestSSHCertificateCreateBodies(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		in   any
		want string
	}{
		{"host, only required fields", SSHHostCertificateCreate{SSHCertificateAuthorityID: "sshca_x", PublicKey: "k"},
			`{"ssh_certificate_authority_id":"sshca_x","public_key":"k"}`},
		{"user, only required fields", SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: "sshca_x", PublicKey: "k"}},
			`{"ssh_certificate_authority_id":"sshca_x","public_key":"k"}`},
		{"user, empty extensions", SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: "sshca_x", PublicKey: "k"},
			CriticalOptions: map[string]string{}, Extensions: map[string]string{}},
			`{"ssh_certificate_authority_id":"sshca_x","public_key":"k","extensions":{}}`},
		{"update, nothing", SSHCertificateUpdate{}, `{}`},
	} {
		b, err := json.Marshal(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, b, tc.want)
		}
	}
}

func TestMockSSHCertificateErrors(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	ca := newSigningCA(t, c)
	key := testSubjectKey(t)

	wantAPIError := func(what string, err error, status int, code string) {
		t.Helper()
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.StatusCode != status || apiErr.ErrorCode != code || !strings.HasPrefix(apiErr.OperationID, "op_") {
			t.Errorf("%s: %v, want %d %s", what, err, status, code)
		}
	}
	_, err := c.CreateSSHHostCertificate(ctx, &SSHHostCertificateCreate{SSHCertificateAuthorityID: "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", PublicKey: key})
	wantAPIError("unknown authority", err, http.StatusBadRequest, "ERR_NGROK_1949")
	_, err = c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key,
		ValidAfter: "2030-01-02T00:00:00Z", ValidUntil: "2030-01-01T00:00:00Z"}})
	wantAPIError("negative validity", err, http.StatusBadRequest, "ERR_NGROK_1943")
	_, err = c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: "ssh-ed25519 nope"}})
	wantAPIError("bad key", err, http.StatusBadRequest, "ERR_NGROK_1934")

	// The authority cannot be deleted while a certificate it signed
	// exists; once that is deleted it can, and signs no more.
	cert, err := c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}})
	if err != nil {
		t.Fatal(err)
	}
	wantAPIError("authority with a certificate", c.DeleteSSHCertificateAuthority(ctx, ca.ID), http.StatusConflict, "ERR_NGROK_1964")
	if err := c.DeleteSSHUserCertificate(ctx, cert.ID); err != nil {
		t.Fatal(err)
	}
	if err := c.DeleteSSHCertificateAuthority(ctx, ca.ID); err != nil {
		t.Fatalf("deleting the authority: %v", err)
	}
	_, err = c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}})
	wantAPIError("deleted authority", err, http.StatusBadRequest, "ERR_NGROK_1951")

	if _, err := c.GetSSHHostCertificate(ctx, ""); err == nil {
		t.Error("an empty ID must be refused before any request")
	}
}

func TestMockSSHCertificateLists(t *testing.T) {
	t.Parallel()
	c, gets := newMockClient(t, 2)
	ctx := context.Background()
	ca := newSigningCA(t, c)
	key := testSubjectKey(t)
	var hostIDs, userIDs []string
	for range 3 {
		h, err := c.CreateSSHHostCertificate(ctx, &SSHHostCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key})
		if err != nil {
			t.Fatal(err)
		}
		hostIDs = append(hostIDs, h.ID)
		u, err := c.CreateSSHUserCertificate(ctx, &SSHUserCertificateCreate{SSHCertificateCreate: SSHCertificateCreate{SSHCertificateAuthorityID: ca.ID, PublicKey: key}})
		if err != nil {
			t.Fatal(err)
		}
		userIDs = append(userIDs, u.ID)
	}
	slices.Reverse(hostIDs)
	slices.Reverse(userIDs)

	gets.Store(0)
	var got []string
	var err error
	for h, e := range c.ListSSHHostCertificates(ctx, nil) {
		if e != nil {
			err = e
			break
		}
		got = append(got, h.ID)
	}
	if err != nil || !slices.Equal(got, hostIDs) || gets.Load() != 2 {
		t.Errorf("host list = %v after %d pages, %v; want %v after 2", got, gets.Load(), err, hostIDs)
	}
	var users []string
	for u, err := range c.ListSSHUserCertificates(ctx, &ListOptions{Limit: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		if u.Certificate == "" || u.Extensions == nil {
			t.Errorf("listed user certificate lacks fields: %+v", u)
		}
		users = append(users, u.ID)
	}
	if !slices.Equal(users, userIDs) {
		t.Errorf("user list = %v, want %v", users, userIDs)
	}

	gets.Store(0)
	for _, err := range c.ListSSHUserCertificates(ctx, &ListOptions{Filter: "true"}) {
		if err == nil || !strings.Contains(err.Error(), "cannot be filtered") {
			t.Errorf("filtered list: %v", err)
		}
	}
	for _, err := range c.ListSSHHostCertificates(ctx, &ListOptions{Filter: "true"}) {
		if err == nil {
			t.Error("a filtered host list must fail")
		}
	}
	if n := gets.Load(); n != 0 {
		t.Errorf("a refused filter still sent %d requests", n)
	}
}
