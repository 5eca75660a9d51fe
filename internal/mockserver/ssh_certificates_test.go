package mockserver

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/json"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/ssh"
)

var (
	hostCertIDPattern = regexp.MustCompile(`^shcrt_[0-9A-Za-z]{27}$`)
	userCertIDPattern = regexp.MustCompile(`^sucrt_[0-9A-Za-z]{27}$`)
)

// testClockTime is the fixed "now" of the certificate tests.
var testClockTime = time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)

func fixedClock() time.Time { return testClockTime }

// subjectKey makes a throwaway key to certify: "ed25519", "p256", "p384",
// "p521" or "rsa2048". It returns the authorized-keys line with a comment.
func subjectKey(t *testing.T, kind string) (ssh.PublicKey, string) {
	t.Helper()
	var pub any
	switch kind {
	case "ed25519":
		p, _, err := ed25519.GenerateKey(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		pub = p
	case "p256", "p384", "p521":
		curve := map[string]elliptic.Curve{"p256": elliptic.P256(), "p384": elliptic.P384(), "p521": elliptic.P521()}[kind]
		k, err := ecdsa.GenerateKey(curve, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		pub = k.Public()
	case "rsa2048":
		k, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			t.Fatal(err)
		}
		pub = k.Public()
	default:
		t.Fatalf("unknown key kind %q", kind)
	}
	sshPub, err := ssh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return sshPub, strings.TrimSpace(string(ssh.MarshalAuthorizedKey(sshPub))) + " alice@laptop"
}

// parseCertificate checks the certificate field's shape, "<type> <base64>
// <id>", and parses it.
func parseCertificate(t *testing.T, field, id string) *ssh.Certificate {
	t.Helper()
	parts := strings.Split(field, " ")
	if len(parts) != 3 || !strings.HasSuffix(parts[0], "-cert-v01@openssh.com") || parts[2] != id {
		t.Fatalf("certificate = %.80q..., want \"<type>-cert-v01@openssh.com <base64> %s\"", field, id)
	}
	pub, comment, _, _, err := ssh.ParseAuthorizedKey([]byte(field))
	if err != nil {
		t.Fatalf("parsing certificate: %v", err)
	}
	if comment != id {
		t.Errorf("certificate comment = %q, want the ID %q", comment, id)
	}
	cert, ok := pub.(*ssh.Certificate)
	if !ok {
		t.Fatalf("certificate parses as %T, not a certificate", pub)
	}
	if cert.Type() != parts[0] {
		t.Errorf("certificate type %q, line says %q", cert.Type(), parts[0])
	}
	return cert
}

func parsePublicKey(t *testing.T, line string) ssh.PublicKey {
	t.Helper()
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(line))
	if err != nil {
		t.Fatalf("parsing %q: %v", line, err)
	}
	return pub
}

// connMeta is the little of an SSH connection CertChecker.Authenticate reads.
type connMeta struct {
	user string
	addr net.Addr
}

func (c connMeta) User() string          { return c.user }
func (c connMeta) SessionID() []byte     { return nil }
func (c connMeta) ClientVersion() []byte { return []byte("SSH-2.0-test") }
func (c connMeta) ServerVersion() []byte { return []byte("SSH-2.0-test") }
func (c connMeta) RemoteAddr() net.Addr  { return c.addr }
func (c connMeta) LocalAddr() net.Addr   { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 22} }

// checker trusts exactly ca, at a moment inside the validity of the test
// certificates.
func checker(ca ssh.PublicKey, at time.Time) *ssh.CertChecker {
	trusted := func(auth ssh.PublicKey) bool { return bytes.Equal(auth.Marshal(), ca.Marshal()) }
	return &ssh.CertChecker{
		IsUserAuthority:          trusted,
		IsHostAuthority:          func(auth ssh.PublicKey, _ string) bool { return trusted(auth) },
		Clock:                    func() time.Time { return at },
		SupportedCriticalOptions: []string{optForceCommand},
	}
}

func createHostCert(t *testing.T, s http.Handler, body string) sshHostCertWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ssh_host_certificates", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[sshHostCertWire](t, w)
}

func createUserCert(t *testing.T, s http.Handler, body string) sshUserCertWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ssh_user_certificates", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[sshUserCertWire](t, w)
}

func jsonBody(t *testing.T, v map[string]any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Every certificate the mock returns verifies against its authority's public
// key, for every key type of authority and of subject key, host and user.
func TestSSHCertSignedByAuthority(t *testing.T) {
	t.Parallel()
	authorities := map[string]string{
		"ed25519":    `{"private_key_type":"ed25519"}`,
		"ecdsa p256": `{"private_key_type":"ecdsa","elliptic_curve":"p256"}`,
		"ecdsa p384": `{"private_key_type":"ecdsa","elliptic_curve":"p384"}`,
		"ecdsa p521": `{"private_key_type":"ecdsa","elliptic_curve":"p521"}`,
		"rsa 2048":   `{"private_key_type":"rsa","key_size":2048}`,
	}
	subjects := map[string]string{"ed25519": "ed25519", "p256": "ecdsa", "p384": "ecdsa", "p521": "ecdsa", "rsa2048": "rsa"}
	s := New(WithClock(fixedClock))
	inside := testClockTime.Add(time.Hour)

	for caName, caBody := range authorities {
		ca := createCA(t, s, caBody)
		caPub := parsePublicKey(t, ca.PublicKey)
		other := parsePublicKey(t, createCA(t, s, caBody).PublicKey)
		for subjectKind, wantKeyType := range subjects {
			subject, line := subjectKey(t, subjectKind)
			t.Run(caName+" signs "+subjectKind, func(t *testing.T) {
				host := createHostCert(t, s, jsonBody(t, map[string]any{
					"ssh_certificate_authority_id": ca.ID, "public_key": line, "principals": []string{"web-1.example.com", "192.0.2.10"},
				}))
				if !hostCertIDPattern.MatchString(host.ID) || host.KeyType != wantKeyType || host.PublicKey != line {
					t.Errorf("host certificate %s key_type %q public_key %q", host.ID, host.KeyType, host.PublicKey)
				}
				cert := parseCertificate(t, host.Certificate, host.ID)
				checkCertFields(t, cert, ssh.HostCert, host.ID, subject, caPub)
				c := checker(caPub, inside)
				if err := c.CheckHostKey("web-1.example.com:22", &net.TCPAddr{}, cert); err != nil {
					t.Errorf("host certificate does not verify for web-1.example.com: %v", err)
				}
				if err := c.CheckHostKey("web-2.example.com:22", &net.TCPAddr{}, cert); err == nil {
					t.Error("host certificate verifies for a host it does not name")
				}

				user := createUserCert(t, s, jsonBody(t, map[string]any{
					"ssh_certificate_authority_id": ca.ID, "public_key": line, "principals": []string{"alice"},
				}))
				if !userCertIDPattern.MatchString(user.ID) || user.KeyType != wantKeyType {
					t.Errorf("user certificate %s key_type %q", user.ID, user.KeyType)
				}
				cert = parseCertificate(t, user.Certificate, user.ID)
				checkCertFields(t, cert, ssh.UserCert, user.ID, subject, caPub)
				perms, err := c.Authenticate(connMeta{user: "alice", addr: &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1)}}, cert)
				if err != nil {
					t.Fatalf("user certificate does not verify for alice: %v", err)
				}
				if !maps.Equal(perms.Extensions, defaultUserCertExtensions()) || len(perms.CriticalOptions) != 0 {
					t.Errorf("permissions = %+v, want the default extensions and no critical options", perms)
				}

				// Another authority of the same type must not be trusted.
				if _, err := checker(other, inside).Authenticate(connMeta{user: "alice", addr: &net.TCPAddr{}}, cert); err == nil {
					t.Error("user certificate verifies against another authority")
				}
			})
		}
	}
}

func checkCertFields(t *testing.T, cert *ssh.Certificate, certType uint32, id string, subject, caPub ssh.PublicKey) {
	t.Helper()
	if cert.CertType != certType {
		t.Errorf("CertType = %d, want %d", cert.CertType, certType)
	}
	if cert.KeyId != id {
		t.Errorf("KeyId = %q, want the object ID %q", cert.KeyId, id)
	}
	if cert.Serial != 0 {
		t.Errorf("Serial = %d, want 0 as the real API's", cert.Serial)
	}
	if !bytes.Equal(cert.Key.Marshal(), subject.Marshal()) {
		t.Error("the certificate certifies another key than public_key")
	}
	if !bytes.Equal(cert.SignatureKey.Marshal(), caPub.Marshal()) {
		t.Error("SignatureKey is not the authority's public key")
	}
	if caPub.Type() == ssh.KeyAlgoRSA && cert.Signature.Format != ssh.KeyAlgoRSASHA256 && cert.Signature.Format != ssh.KeyAlgoRSASHA512 {
		// NOTE: OpenSSH 8.8+ refuses ssh-rsa (SHA-1) signatures on certificates.
		t.Errorf("RSA signature format = %q, want rsa-sha2-256 or rsa-sha2-512", cert.Signature.Format)
	}
}

func TestSSHCertDefaults(t *testing.T) {
	t.Parallel()
	s := New(WithClock(fixedClock))
	ca := createCA(t, s, "")
	_, line := subjectKey(t, "ed25519")
	body := jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": line})

	w := do(t, s, http.MethodPost, "/ssh_host_certificates", body)
	wantStatus(t, w, http.StatusCreated)
	wantFields(t, w.Body.Bytes(), "certificate", "created_at", "id", "key_type", "principals", "public_key",
		"ssh_certificate_authority_id", "uri", "valid_after", "valid_until")
	host := decodeBody[sshHostCertWire](t, w)
	if host.ValidAfter != "2025-09-04T10:11:14Z" || host.ValidUntil != "2026-09-04T10:11:14Z" {
		t.Errorf("host validity %s .. %s, want now .. one year later", host.ValidAfter, host.ValidUntil)
	}
	if host.Principals == nil || len(host.Principals) != 0 || host.CreatedAt != "2025-09-04T10:11:14Z" {
		t.Errorf("host certificate = %+v", host)
	}
	cert := parseCertificate(t, host.Certificate, host.ID)
	if len(cert.ValidPrincipals) != 0 {
		t.Errorf("ValidPrincipals = %q, want none (valid for every host)", cert.ValidPrincipals)
	}
	if cert.ValidAfter != uint64(testClockTime.Unix()) || cert.ValidBefore != uint64(testClockTime.AddDate(1, 0, 0).Unix()) {
		t.Errorf("certificate validity %d..%d", cert.ValidAfter, cert.ValidBefore)
	}
	if len(cert.CriticalOptions) != 0 || len(cert.Extensions) != 0 {
		t.Errorf("a host certificate carries options %v %v", cert.CriticalOptions, cert.Extensions)
	}

	w = do(t, s, http.MethodPost, "/ssh_user_certificates", body)
	wantStatus(t, w, http.StatusCreated)
	wantFields(t, w.Body.Bytes(), "certificate", "created_at", "critical_options", "extensions", "id", "key_type", "principals",
		"public_key", "ssh_certificate_authority_id", "uri", "valid_after", "valid_until")
	if !strings.Contains(w.Body.String(), `"critical_options":{}`) || !strings.Contains(w.Body.String(), `"principals":[]`) {
		t.Errorf("empty collections must be {} and [], not null: %s", w.Body)
	}
	user := decodeBody[sshUserCertWire](t, w)
	if user.ValidAfter != "2025-09-04T10:11:14Z" || user.ValidUntil != "2025-09-05T10:11:14Z" {
		t.Errorf("user validity %s .. %s, want now .. 24 hours later", user.ValidAfter, user.ValidUntil)
	}
	if !maps.Equal(user.Extensions, map[string]string{"permit-pty": "", "permit-user-rc": ""}) {
		t.Errorf("extensions = %v, want permit-pty and permit-user-rc", user.Extensions)
	}
	cert = parseCertificate(t, user.Certificate, user.ID)
	if !maps.Equal(cert.Extensions, user.Extensions) || len(cert.CriticalOptions) != 0 || len(cert.ValidPrincipals) != 0 {
		t.Errorf("certificate permissions %+v, principals %q", cert.Permissions, cert.ValidPrincipals)
	}
	if cert.ValidBefore-cert.ValidAfter != uint64(24*time.Hour/time.Second) {
		t.Errorf("certificate validity %d..%d, want 24 hours", cert.ValidAfter, cert.ValidBefore)
	}
	// With no principals the certificate is good for any user.
	if _, err := checker(parsePublicKey(t, ca.PublicKey), testClockTime).Authenticate(
		connMeta{user: "anyone-at-all", addr: &net.TCPAddr{}}, cert); err != nil {
		t.Errorf("a certificate without principals must be valid for every user: %v", err)
	}
}

func wantFields(t *testing.T, body []byte, want ...string) {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatal(err)
	}
	if got := slices.Sorted(maps.Keys(m)); !slices.Equal(got, want) {
		t.Errorf("fields = %v, want %v", got, want)
	}
}

func TestSSHCertRequestedValues(t *testing.T) {
	t.Parallel()
	s := New(WithClock(fixedClock))
	ca := createCA(t, s, `{"private_key_type":"ecdsa"}`)
	caPub := parsePublicKey(t, ca.PublicKey)
	_, line := subjectKey(t, "ed25519")
	line += "\n" // as file("id_ed25519.pub") reads it

	user := createUserCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID,
		"public_key":                   line,
		"principals":                   []string{"deploy", "alice"},
		// An offset and a fraction: stored in UTC, whole seconds.
		"valid_after":      "2025-09-04T12:00:00.75+02:00",
		"valid_until":      "2025-09-04T18:30:00Z",
		"critical_options": map[string]string{"force-command": "/usr/bin/deploy", "source-address": "10.0.0.0/8,192.0.2.7,2001:db8::/32"},
		"extensions":       map[string]string{"permit-port-forwarding": "", "login@example.com": "alice"},
		"description":      "deploy key",
		"metadata":         `{"ticket":"OPS-1"}`,
	}))
	if user.PublicKey != line {
		t.Errorf("public_key = %q, want it echoed as sent", user.PublicKey)
	}
	if user.ValidAfter != "2025-09-04T10:00:00Z" || user.ValidUntil != "2025-09-04T18:30:00Z" {
		t.Errorf("validity %s .. %s", user.ValidAfter, user.ValidUntil)
	}
	if !slices.Equal(user.Principals, []string{"deploy", "alice"}) || user.Description != "deploy key" || user.Metadata != `{"ticket":"OPS-1"}` {
		t.Errorf("user certificate = %+v", user)
	}
	cert := parseCertificate(t, user.Certificate, user.ID)
	if !slices.Equal(cert.ValidPrincipals, []string{"deploy", "alice"}) ||
		cert.ValidAfter != uint64(time.Date(2025, 9, 4, 10, 0, 0, 0, time.UTC).Unix()) ||
		cert.ValidBefore != uint64(time.Date(2025, 9, 4, 18, 30, 0, 0, time.UTC).Unix()) {
		t.Errorf("certificate principals %q validity %d..%d", cert.ValidPrincipals, cert.ValidAfter, cert.ValidBefore)
	}
	if !maps.Equal(cert.CriticalOptions, user.CriticalOptions) || !maps.Equal(cert.Extensions, user.Extensions) ||
		len(cert.Extensions) != 2 || len(cert.CriticalOptions) != 2 {
		t.Errorf("certificate permissions %+v, response %v %v", cert.Permissions, user.CriticalOptions, user.Extensions)
	}

	c := checker(caPub, time.Date(2025, 9, 4, 12, 0, 0, 0, time.UTC))
	if _, err := c.Authenticate(connMeta{user: "deploy", addr: &net.TCPAddr{IP: net.ParseIP("10.1.2.3")}}, cert); err != nil {
		t.Errorf("deploy from 10.1.2.3: %v", err)
	}
	// NOTE: source-address is enforced by the SSH handshake, not by
	// CertChecker; TestSSHCertLogsIn covers it.
	if _, err := c.Authenticate(connMeta{user: "bob", addr: &net.TCPAddr{IP: net.ParseIP("10.1.2.3")}}, cert); err == nil {
		t.Error("the certificate verifies for a principal it does not name")
	}
	late := checker(caPub, time.Date(2025, 9, 4, 18, 30, 0, 0, time.UTC))
	if _, err := late.Authenticate(connMeta{user: "deploy", addr: &net.TCPAddr{IP: net.ParseIP("10.1.2.3")}}, cert); err == nil {
		t.Error("the certificate is still valid at valid_until")
	}

	// An explicit empty map means no extensions at all.
	bare := createUserCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": line, "extensions": map[string]string{},
	}))
	if len(bare.Extensions) != 0 || len(parseCertificate(t, bare.Certificate, bare.ID).Extensions) != 0 {
		t.Errorf("extensions {} gave %v", bare.Extensions)
	}
	// null is the same as omitted: the defaults.
	null := createUserCert(t, s, `{"ssh_certificate_authority_id":"`+ca.ID+`","public_key":"`+strings.TrimSpace(line)+`","extensions":null,"critical_options":null}`)
	if !maps.Equal(null.Extensions, defaultUserCertExtensions()) || null.CriticalOptions == nil {
		t.Errorf("null options gave %v %v", null.CriticalOptions, null.Extensions)
	}
}

// skEd25519Key is a syntactically valid sk-ssh-ed25519@openssh.com key line.
func skEd25519Key(t *testing.T) string {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	wire := ssh.Marshal(struct {
		Name        string
		Key         []byte
		Application string
	}{ssh.KeyAlgoSKED25519, pub, "ssh:"})
	k, err := ssh.ParsePublicKey(wire)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(k)))
}

func TestSSHCertCreateValidation(t *testing.T) {
	t.Parallel()
	s := New(WithClock(fixedClock))
	ca := createCA(t, s, "")
	_, key := subjectKey(t, "ed25519")
	certLine := strings.Fields(createHostCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": key,
	})).Certificate)
	existing := s.hostCerts.len()

	base := func(edits map[string]any) map[string]any {
		body := map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key}
		for k, v := range edits {
			if v == nil {
				delete(body, k)
				continue
			}
			body[k] = v
		}
		return body
	}
	both := []string{"host", "user"}
	tests := []struct {
		name  string
		kinds []string
		body  map[string]any
		code  string
	}{
		{"authority missing", both, base(map[string]any{"ssh_certificate_authority_id": nil}), errInvalidValue.code},
		{"authority with the wrong prefix", both, base(map[string]any{"ssh_certificate_authority_id": "rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"}), errWrongIDPrefix.code},
		{"unknown authority", []string{"host"}, base(map[string]any{"ssh_certificate_authority_id": "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"}), errSSHHostCertUnknownCA.code},
		{"unknown authority", []string{"user"}, base(map[string]any{"ssh_certificate_authority_id": "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"}), errSSHUserCertUnknownCA.code},
		{"public key missing", both, base(map[string]any{"public_key": nil}), errSSHCertNoPublicKey.code},
		{"public key blank", both, base(map[string]any{"public_key": "  \n"}), errSSHCertNoPublicKey.code},
		{"public key garbage", both, base(map[string]any{"public_key": "ssh-ed25519 not-base64!"}), errSSHCertPublicKey.code},
		{"public key truncated", both, base(map[string]any{"public_key": key[:40]}), errSSHCertPublicKey.code},
		{"public key with options", both, base(map[string]any{"public_key": `from="10.0.0.1" ` + key}), errSSHCertPublicKey.code},
		{"two public keys", both, base(map[string]any{"public_key": key + "\n" + key}), errSSHCertPublicKey.code},
		{"a certificate as public key", both, base(map[string]any{"public_key": strings.Join(certLine[:2], " ")}), errSSHCertKeyType.code},
		{"security key", both, base(map[string]any{"public_key": skEd25519Key(t)}), errSSHCertKeyType.code},
		{"empty principal", both, base(map[string]any{"principals": []string{"alice", ""}}), errInvalidValue.code},
		{"principal with a space", both, base(map[string]any{"principals": []string{"alice smith"}}), errInvalidValue.code},
		{"principals not a list", both, base(map[string]any{"principals": "alice"}), errInvalidValue.code},
		{"one principal over the limit", both, base(map[string]any{"principals": principalNames(maxPrincipals + 1)}), errInvalidValue.code},
		// NOTE: the count is checked before each name, so a huge list costs
		// one comparison.
		{"100,000 principals", both, base(map[string]any{"principals": append(principalNames(99_999), "")}), errInvalidValue.code},
		{"valid_after not RFC 3339", both, base(map[string]any{"valid_after": "2025-09-04 10:00:00"}), errInvalidTimestamp.code},
		{"valid_until not RFC 3339", both, base(map[string]any{"valid_until": "tomorrow"}), errInvalidTimestamp.code},
		{"valid_after without zone", both, base(map[string]any{"valid_after": "2025-09-04T10:00:00"}), errInvalidTimestamp.code},
		{"valid_after before 1970", both, base(map[string]any{"valid_after": "1969-12-31T23:59:59Z"}), errInvalidTimestamp.code},
		{"default valid_until after year 9999", []string{"host"}, base(map[string]any{"valid_after": "9999-06-01T00:00:00Z"}), errInvalidTimestamp.code},
		{"valid_until equal to valid_after", both,
			base(map[string]any{"valid_after": "2025-09-04T10:00:00Z", "valid_until": "2025-09-04T10:00:00Z"}), errSSHCertValidity.code},
		{"valid_until equal after truncation", both,
			base(map[string]any{"valid_after": "2025-09-04T10:00:00Z", "valid_until": "2025-09-04T10:00:00.9Z"}), errSSHCertValidity.code},
		{"valid_until before valid_after", both,
			base(map[string]any{"valid_after": "2025-09-04T10:00:00Z", "valid_until": "2025-09-04T12:00:00+04:00"}), errSSHCertValidity.code},
		{"valid_until before the default valid_after", both, base(map[string]any{"valid_until": "2025-09-04T10:11:13Z"}), errSSHCertValidity.code},
		{"description over 255 bytes", []string{"host"}, base(map[string]any{"description": strings.Repeat("é", 128)}), errSSHHostCertDescription.code},
		{"description over 255 bytes", []string{"user"}, base(map[string]any{"description": strings.Repeat("é", 128)}), errSSHUserCertDescription.code},
		{"metadata over 4096 bytes", []string{"host"}, base(map[string]any{"metadata": strings.Repeat("m", 4097)}), errSSHHostCertMetadata.code},
		{"metadata over 4096 bytes", []string{"user"}, base(map[string]any{"metadata": strings.Repeat("m", 4097)}), errSSHUserCertMetadata.code},
		{"host certificate with critical options", []string{"host"}, base(map[string]any{"critical_options": map[string]string{}}), errUnknownField.code},
		{"host certificate with extensions", []string{"host"}, base(map[string]any{"extensions": map[string]string{}}), errUnknownField.code},
		{"unknown critical option", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"verify-required": ""}}), errInvalidValue.code},
		{"empty force-command", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"force-command": " "}}), errInvalidValue.code},
		{"source-address not an address", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"source-address": "10.0.0.0/8,example.com"}}), errInvalidValue.code},
		{"source-address with a space", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"source-address": "10.0.0.1, 10.0.0.2"}}), errInvalidValue.code},
		{"source-address empty", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"source-address": ""}}), errInvalidValue.code},
		{"source-address with an empty item", []string{"user"}, base(map[string]any{"critical_options": map[string]string{"source-address": "10.0.0.1,"}}), errInvalidValue.code},
		{"unknown extension", []string{"user"}, base(map[string]any{"extensions": map[string]string{"permit-everything": ""}}), errInvalidValue.code},
		{"flag extension with a value", []string{"user"}, base(map[string]any{"extensions": map[string]string{"permit-pty": "yes"}}), errInvalidValue.code},
		{"extension value not a string", []string{"user"}, base(map[string]any{"extensions": map[string]any{"permit-pty": true}}), errInvalidValue.code},
	}
	for _, tt := range tests {
		for _, kind := range tt.kinds {
			t.Run(kind+": "+tt.name, func(t *testing.T) {
				t.Parallel()
				w := do(t, s, http.MethodPost, "/ssh_"+kind+"_certificates", jsonBody(t, tt.body))
				wantError(t, w, http.StatusBadRequest, tt.code)
			})
		}
	}
	t.Cleanup(func() {
		if n := s.hostCerts.len(); n != existing {
			t.Errorf("refused creates stored host certificates: %d, want %d", n, existing)
		}
		if n := s.userCerts.len(); n != 0 {
			t.Errorf("refused creates stored %d user certificates", n)
		}
	})
}

// principalNames returns n distinct valid principals, short enough for
// 100,000 of them to fit in a request body.
func principalNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = strconv.FormatInt(int64(i), 36)
	}
	return names
}

func TestSSHCertAcceptedEdgeValues(t *testing.T) {
	t.Parallel()
	s := New(WithClock(fixedClock))
	ca := createCA(t, s, "")
	_, key := subjectKey(t, "ed25519")
	host := createHostCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": key, "principals": principalNames(maxPrincipals),
	}))
	if got := parseCertificate(t, host.Certificate, host.ID).ValidPrincipals; !slices.Equal(got, principalNames(maxPrincipals)) {
		t.Errorf("a certificate of %d principals holds %d", maxPrincipals, len(got))
	}
	user := createUserCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": key,
		// The whole representable range, and limits that are inclusive.
		"valid_after":      "1970-01-01T00:00:00Z",
		"valid_until":      "9999-12-31T23:59:59Z",
		"critical_options": map[string]string{"source-address": "::1"},
		"extensions":       map[string]string{"permit-agent-forwarding": "", "permit-X11-forwarding": "", "no-touch-required": ""},
		"description":      strings.Repeat("d", 255),
		"metadata":         strings.Repeat("m", 4096),
	}))
	cert := parseCertificate(t, user.Certificate, user.ID)
	if cert.ValidAfter != 0 || cert.ValidBefore != uint64(maxRFC3339.Unix()) || user.ValidUntil != "9999-12-31T23:59:59Z" {
		t.Errorf("validity %d..%d (%s)", cert.ValidAfter, cert.ValidBefore, user.ValidUntil)
	}
}

func TestSSHCertGet(t *testing.T) {
	t.Parallel()
	s := New()
	ca := createCA(t, s, "")
	_, key := subjectKey(t, "p256")
	body := jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key, "description": "d"})
	host := createHostCert(t, s, body)
	user := createUserCert(t, s, body)

	w := do(t, s, http.MethodGet, "/ssh_host_certificates/"+host.ID, "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[sshHostCertWire](t, w); fmt.Sprint(got) != fmt.Sprint(host) {
		t.Errorf("get = %+v\nwant the created %+v", got, host)
	}
	w = do(t, s, http.MethodGet, "/ssh_user_certificates/"+user.ID, "")
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[sshUserCertWire](t, w); fmt.Sprint(got) != fmt.Sprint(user) {
		t.Errorf("get = %+v\nwant the created %+v", got, user)
	}
	if want := "http://example.com/ssh_user_certificates/" + user.ID; user.URI != want {
		t.Errorf("uri = %q, want %q", user.URI, want)
	}

	// Each collection holds only its own kind.
	wantError(t, do(t, s, http.MethodGet, "/ssh_host_certificates/"+user.ID, ""), http.StatusBadRequest, errWrongIDPrefix.code)
	wantError(t, do(t, s, http.MethodGet, "/ssh_user_certificates/"+host.ID, ""), http.StatusBadRequest, errWrongIDPrefix.code)
	wantError(t, do(t, s, http.MethodGet, "/ssh_user_certificates/sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", ""), http.StatusNotFound, "")
}

func TestSSHCertPatch(t *testing.T) {
	t.Parallel()
	for kind, text := range map[string]textCodes{
		"host": {errSSHHostCertDescription, errSSHHostCertMetadata},
		"user": {errSSHUserCertDescription, errSSHUserCertMetadata},
	} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s := New()
			ca := createCA(t, s, "")
			_, key := subjectKey(t, "ed25519")
			target := "/ssh_" + kind + "_certificates"
			w := do(t, s, http.MethodPost, target, jsonBody(t, map[string]any{
				"ssh_certificate_authority_id": ca.ID, "public_key": key, "description": "d", "metadata": "m",
			}))
			wantStatus(t, w, http.StatusCreated)
			created := decodeBody[map[string]any](t, w)
			id, ok := created["id"].(string)
			if !ok {
				t.Fatalf("created: %v", created)
			}
			target += "/" + id

			w = do(t, s, http.MethodPatch, target, `{"description":"new"}`)
			wantStatus(t, w, http.StatusOK)
			got := decodeBody[map[string]any](t, w)
			if got["description"] != "new" || got["metadata"] != "m" {
				t.Errorf("after patch: description %v metadata %v", got["description"], got["metadata"])
			}
			for k, v := range created {
				if k != "description" && fmt.Sprint(got[k]) != fmt.Sprint(v) {
					t.Errorf("patch changed %s from %v to %v", k, v, got[k])
				}
			}
			w = do(t, s, http.MethodPatch, target, `{"description":"","metadata":""}`)
			wantStatus(t, w, http.StatusOK)
			if strings.Contains(w.Body.String(), `"description"`) || strings.Contains(w.Body.String(), `"metadata"`) {
				t.Errorf("cleared fields are still present: %s", w.Body)
			}

			for _, body := range []string{
				`{"principals":["root"]}`,
				`{"valid_until":"2030-01-01T00:00:00Z"}`,
				`{"public_key":"` + key + `"}`,
				`{"ssh_certificate_authority_id":"` + ca.ID + `"}`,
				`{"extensions":{}}`,
				`{"certificate":"x"}`,
			} {
				wantError(t, do(t, s, http.MethodPatch, target, body), http.StatusBadRequest, errUnknownField.code)
			}
			wantError(t, do(t, s, http.MethodPatch, target, `{"description":"`+strings.Repeat("d", 256)+`"}`),
				http.StatusBadRequest, text.description.code)
			wantError(t, do(t, s, http.MethodPatch, target, `{"metadata":"`+strings.Repeat("m", 4097)+`"}`),
				http.StatusBadRequest, text.metadata.code)
		})
	}
}

func TestSSHCertListAndDelete(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(2))
	ca := createCA(t, s, "")
	_, key := subjectKey(t, "ed25519")
	body := jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key})
	var ids []string
	for range 3 {
		ids = append(ids, createUserCert(t, s, body).ID)
	}
	createHostCert(t, s, body) // in the other collection

	type page struct {
		Items []sshUserCertWire `json:"ssh_user_certificates"`
		URI   string            `json:"uri"`
		Next  *string           `json:"next_page_uri"`
	}
	w := do(t, s, http.MethodGet, "/ssh_user_certificates", "")
	wantStatus(t, w, http.StatusOK)
	first := decodeBody[page](t, w)
	if len(first.Items) != 2 || first.Items[0].ID != ids[2] || first.Items[1].ID != ids[1] || first.Next == nil {
		t.Fatalf("first page = %+v", first)
	}
	if first.Items[0].Certificate == "" || first.Items[0].Extensions == nil {
		t.Errorf("listed certificates lack fields: %+v", first.Items[0])
	}
	next := strings.TrimPrefix(*first.Next, "http://example.com")
	second := decodeBody[page](t, do(t, s, http.MethodGet, next, ""))
	if len(second.Items) != 1 || second.Items[0].ID != ids[0] || second.Next != nil {
		t.Errorf("second page = %+v", second)
	}
	wantError(t, do(t, s, http.MethodGet, "/ssh_user_certificates?filter=true", ""), http.StatusBadRequest, errUnknownQueryParameter.code)
	wantError(t, do(t, s, http.MethodGet, "/ssh_host_certificates?before_id="+ids[0], ""), http.StatusBadRequest, errWrongIDPrefix.code)

	target := "/ssh_user_certificates/" + ids[1]
	wantStatus(t, do(t, s, http.MethodDelete, target, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, target, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, target, ""), http.StatusNotFound, "")
	// A deleted certificate still works as a cursor.
	rest := decodeBody[page](t, do(t, s, http.MethodGet, "/ssh_user_certificates?before_id="+ids[1], ""))
	if len(rest.Items) != 1 || rest.Items[0].ID != ids[0] {
		t.Errorf("page before the deleted one = %+v", rest)
	}
}

// An authority cannot be deleted while a certificate it signed exists
// [real: errors/err_ngrok_1964.mdx]; once they are gone it can, and then
// signs nothing more.
func TestSSHCADeleteRefusedWhileItsCertificatesExist(t *testing.T) {
	t.Parallel()
	s := New()
	ca := createCA(t, s, "")
	other := createCA(t, s, "")
	_, key := subjectKey(t, "ed25519")
	body := jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key})
	host := createHostCert(t, s, body)
	user := createUserCert(t, s, body)

	for _, remaining := range []struct{ path, id string }{{"/ssh_host_certificates/", host.ID}, {"/ssh_user_certificates/", user.ID}} {
		w := do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+ca.ID, "")
		wantError(t, w, http.StatusConflict, errSSHCAHasCertificates.code)
		if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "Can't delete SSH CA "+ca.ID+" because an SSH certificate signed by it exists.") {
			t.Errorf("message %q, want ngrok's with the authority's ID", msg)
		}
		wantStatus(t, do(t, s, http.MethodGet, "/ssh_certificate_authorities/"+ca.ID, ""), http.StatusOK)
		wantStatus(t, do(t, s, http.MethodDelete, remaining.path+remaining.id, ""), http.StatusNoContent)
	}
	// Another authority's certificates do not hold it.
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+other.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+ca.ID, ""), http.StatusNoContent)

	// It signs nothing more.
	wantError(t, do(t, s, http.MethodPost, "/ssh_user_certificates", body), http.StatusBadRequest, errSSHUserCertUnknownCA.code)
	wantError(t, do(t, s, http.MethodPost, "/ssh_host_certificates", body), http.StatusBadRequest, errSSHHostCertUnknownCA.code)
}

// A create racing the delete of its authority is one of two orders: the
// certificate is stored and the delete refused, or the authority is deleted
// and the create refused as naming no authority; run with -race, this also
// checks the locking of putNew.
func TestSSHCertCreateRacesAuthorityDelete(t *testing.T) {
	t.Parallel()
	s := New()
	_, key := subjectKey(t, "ed25519")
	for range 20 {
		ca := createCA(t, s, "")
		body := jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key})
		var create *httptest.ResponseRecorder
		var deleted int
		var wg sync.WaitGroup
		wg.Go(func() { create = do(t, s, http.MethodPost, "/ssh_user_certificates", body) })
		wg.Go(func() { deleted = do(t, s, http.MethodDelete, "/ssh_certificate_authorities/"+ca.ID, "").Code })
		wg.Wait()
		switch {
		case create.Code == http.StatusCreated && deleted == http.StatusConflict:
			if _, err := s.userCerts.get(decodeBody[sshUserCertWire](t, create).ID); err != nil {
				t.Fatalf("a created certificate is not stored: %v", err)
			}
		case create.Code == http.StatusBadRequest && deleted == http.StatusNoContent:
			wantError(t, create, http.StatusBadRequest, errSSHUserCertUnknownCA.code)
		default:
			t.Fatalf("create %d %s, delete %d: neither order", create.Code, create.Body, deleted)
		}
	}
}

// The certificates work in a real SSH handshake (x/crypto/ssh on loopback):
// the client trusts the host certificate through the host authority, the
// server accepts the user certificate through the user authority, and
// source-address is enforced.
func TestSSHCertLogsIn(t *testing.T) {
	t.Parallel()
	s := New()
	hostCA := createCA(t, s, `{"private_key_type":"ecdsa","elliptic_curve":"p384"}`)
	userCA := createCA(t, s, "")
	hostKey := newSigner(t)
	userKey := newSigner(t)
	authorized := func(k ssh.Signer) string { return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(k.PublicKey()))) }

	host := createHostCert(t, s, jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": hostCA.ID, "public_key": authorized(hostKey), "principals": []string{"127.0.0.1"},
	}))
	hostSigner, err := ssh.NewCertSigner(parseCertificate(t, host.Certificate, host.ID), hostKey)
	if err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		sourceAddress string
		ok            bool
	}{
		{"127.0.0.0/8,::1", true},
		{"10.0.0.0/8", false},
	} {
		t.Run(tc.sourceAddress, func(t *testing.T) {
			t.Parallel()
			user := createUserCert(t, s, jsonBody(t, map[string]any{
				"ssh_certificate_authority_id": userCA.ID, "public_key": authorized(userKey), "principals": []string{"alice"},
				"critical_options": map[string]string{"source-address": tc.sourceAddress},
			}))
			userSigner, err := ssh.NewCertSigner(parseCertificate(t, user.Certificate, user.ID), userKey)
			if err != nil {
				t.Fatal(err)
			}
			err = sshLogin(t, hostSigner, parsePublicKey(t, userCA.PublicKey), parsePublicKey(t, hostCA.PublicKey), "alice", userSigner)
			if tc.ok && err != nil {
				t.Errorf("login from 127.0.0.1: %v", err)
			}
			if !tc.ok && err == nil {
				t.Error("login from 127.0.0.1 succeeded although source-address excludes it")
			}
		})
	}
}

func newSigner(t *testing.T) ssh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := ssh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return signer
}

// sshLogin runs one SSH handshake on loopback: a server with hostSigner that
// trusts userCA, and a client that logs in as user with userSigner and
// trusts hostCA for the host 127.0.0.1.
func sshLogin(t *testing.T, hostSigner ssh.Signer, userCA, hostCA ssh.PublicKey, user string, userSigner ssh.Signer) error {
	t.Helper()
	now := time.Now()
	serverChecker := checker(userCA, now)
	serverConfig := &ssh.ServerConfig{
		PublicKeyCallback: func(conn ssh.ConnMetadata, key ssh.PublicKey) (*ssh.Permissions, error) {
			return serverChecker.Authenticate(conn, key)
		},
	}
	serverConfig.AddHostKey(hostSigner)

	ln, err := (&net.ListenConfig{}).Listen(t.Context(), "tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	serverDone := make(chan struct{})
	go func() {
		defer close(serverDone)
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		defer func() { _ = conn.Close() }()
		sc, chans, reqs, err := ssh.NewServerConn(conn, serverConfig)
		if err != nil {
			return
		}
		go ssh.DiscardRequests(reqs)
		go func() {
			for ch := range chans {
				_ = ch.Reject(ssh.Prohibited, "test server")
			}
		}()
		_ = sc.Wait()
	}()

	client, err := ssh.Dial("tcp", ln.Addr().String(), &ssh.ClientConfig{
		User:            user,
		Auth:            []ssh.AuthMethod{ssh.PublicKeys(userSigner)},
		HostKeyCallback: checker(hostCA, now).CheckHostKey,
		Timeout:         10 * time.Second,
	})
	if err == nil {
		err = client.Close()
	}
	_ = ln.Close()
	<-serverDone
	return err
}

// Certificates survive a restart over a state file byte for byte, and the
// restored authority goes on signing.
func TestSSHCertStateFileRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	ca := createCA(t, s, "")
	_, key := subjectKey(t, "ed25519")
	host := do(t, s, http.MethodPost, "/ssh_host_certificates", jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": key, "principals": []string{"web-1"},
	}))
	wantStatus(t, host, http.StatusCreated)
	user := do(t, s, http.MethodPost, "/ssh_user_certificates", jsonBody(t, map[string]any{
		"ssh_certificate_authority_id": ca.ID, "public_key": key, "extensions": map[string]string{},
		"critical_options": map[string]string{"force-command": "uptime"}, "description": "d",
	}))
	wantStatus(t, user, http.StatusCreated)

	s2 := restart(t, s, path)
	for _, tc := range []struct {
		target  string
		created []byte
	}{
		{"/ssh_host_certificates/" + decodeBody[sshHostCertWire](t, host).ID, host.Body.Bytes()},
		{"/ssh_user_certificates/" + decodeBody[sshUserCertWire](t, user).ID, user.Body.Bytes()},
	} {
		w := do(t, s2, http.MethodGet, tc.target, "")
		wantStatus(t, w, http.StatusOK)
		if !bytes.Equal(w.Body.Bytes(), tc.created) {
			t.Errorf("%s after restart:\n%s\nwant\n%s", tc.target, w.Body, tc.created)
		}
	}
	again := createUserCert(t, s2, jsonBody(t, map[string]any{"ssh_certificate_authority_id": ca.ID, "public_key": key}))
	if _, err := checker(parsePublicKey(t, ca.PublicKey), time.Now()).Authenticate(
		connMeta{user: "x", addr: &net.TCPAddr{}}, parseCertificate(t, again.Certificate, again.ID)); err != nil {
		t.Errorf("a certificate signed after the restart does not verify: %v", err)
	}
}
