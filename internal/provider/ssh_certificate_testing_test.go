package provider

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"golang.org/x/crypto/ssh"
)

// Test helpers shared by the SSH certificate tests.

const (
	testSSHCAResource   = "ngrok_ssh_certificate_authority.test"
	testHostCertificate = "ngrok_ssh_host_certificate.test"
	testUserCertificate = "ngrok_ssh_user_certificate.test"
)

// testCertClockStart is the mock's "now" in the certificate tests, so that
// defaulted validity periods can be asserted exactly.
var testCertClockStart = time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)

// testClock is a mock server clock that a test can move forward.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func newTestClock() *testClock { return &testClock{now: testCertClockStart} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// testSSHPublicKey is a fresh public key of the given kind (see
// generateTestSigner) as an authorized-keys line without comment.
func testSSHPublicKey(t *testing.T, kind string) string {
	t.Helper()
	signer, err := generateTestSigner(kind)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))
}

// testAccSSHCertificateConfig is an authority and one certificate of kind
// ("host" or "user") signed by it, with the given extra attributes.
func testAccSSHCertificateConfig(kind string, attrs ...string) string {
	return fmt.Sprintf(`resource "ngrok_ssh_certificate_authority" "test" {}

resource "ngrok_ssh_%s_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.test.id
  %s
}
`, kind, strings.Join(attrs, "\n  "))
}

// stateValuesCheck adapts a function to statecheck.StateCheck; it is given
// every resource's attribute values by address, and the outputs' values.
type stateValuesCheck func(resources map[string]map[string]any, outputs map[string]any) error

func (f stateValuesCheck) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		resp.Error = fmt.Errorf("no state")
		return
	}
	resources := map[string]map[string]any{}
	for _, r := range req.State.Values.RootModule.Resources {
		resources[r.Address] = r.AttributeValues
	}
	outputs := map[string]any{}
	for name, o := range req.State.Values.Outputs {
		outputs[name] = o.Value
	}
	resp.Error = f(resources, outputs)
}

// attrString reads a string attribute of a resource in state.
func attrString(resources map[string]map[string]any, address, name string) (string, error) {
	r, ok := resources[address]
	if !ok {
		return "", fmt.Errorf("%s not in state", address)
	}
	s, ok := r[name].(string)
	if !ok {
		return "", fmt.Errorf("%s.%s is %T, not a string", address, name, r[name])
	}
	return s, nil
}

// parseTestCertificate parses a certificate attribute and checks that
// caPublicKey signed it: the way an OpenSSH server or client would decide
// to trust it, with ssh.CertChecker.
func parseTestCertificate(certificate, caPublicKey string) (*ssh.Certificate, error) {
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(certificate))
	if err != nil {
		return nil, fmt.Errorf("certificate %.60q...: %w", certificate, err)
	}
	cert, ok := pub.(*ssh.Certificate)
	if !ok {
		return nil, fmt.Errorf("certificate parses as %T", pub)
	}
	ca, _, _, _, err := ssh.ParseAuthorizedKey([]byte(caPublicKey))
	if err != nil {
		return nil, fmt.Errorf("authority public_key: %w", err)
	}
	trusted := func(auth ssh.PublicKey) bool { return bytes.Equal(auth.Marshal(), ca.Marshal()) }
	checker := &ssh.CertChecker{
		IsUserAuthority: trusted,
		IsHostAuthority: func(auth ssh.PublicKey, _ string) bool { return trusted(auth) },
		// NOTE: inside the validity, whenever the test runs: the mock's
		// clock, not the machine's, decided it.
		Clock:                    func() time.Time { return time.Unix(int64(cert.ValidAfter), 0) },
		SupportedCriticalOptions: []string{"force-command"},
	}
	principal := "any-principal"
	if len(cert.ValidPrincipals) > 0 {
		principal = cert.ValidPrincipals[0]
	}
	switch cert.CertType {
	case ssh.HostCert:
		err = checker.CheckHostKey(net.JoinHostPort(principal, "22"), &net.TCPAddr{}, cert)
	case ssh.UserCert:
		_, err = checker.Authenticate(testConnMeta{user: principal}, cert)
	default:
		err = fmt.Errorf("unknown certificate type %d", cert.CertType)
	}
	if err != nil {
		return nil, fmt.Errorf("the certificate does not verify against the authority: %w", err)
	}
	return cert, nil
}

// testConnMeta is the little of an SSH connection CertChecker.Authenticate reads.
type testConnMeta struct{ user string }

func (c testConnMeta) User() string          { return c.user }
func (c testConnMeta) SessionID() []byte     { return nil }
func (c testConnMeta) ClientVersion() []byte { return []byte("SSH-2.0-test") }
func (c testConnMeta) ServerVersion() []byte { return []byte("SSH-2.0-test") }
func (c testConnMeta) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 50000}
}
func (c testConnMeta) LocalAddr() net.Addr { return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 2), Port: 22} }

// expectCertificateSignedByCA parses the certificate attribute of address
// in state, verifies it against the test authority's public_key, checks that
// it certifies the public_key attribute, and hands it to check.
func expectCertificateSignedByCA(address string, check func(cert *ssh.Certificate, attrs map[string]any) error) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		certificate, err := attrString(resources, address, "certificate")
		if err != nil {
			return err
		}
		caKey, err := attrString(resources, testSSHCAResource, "public_key")
		if err != nil {
			return err
		}
		cert, err := parseTestCertificate(certificate, caKey)
		if err != nil {
			return err
		}
		publicKey, err := attrString(resources, address, "public_key")
		if err != nil {
			return err
		}
		subject, _, _, _, err := ssh.ParseAuthorizedKey([]byte(publicKey))
		if err != nil {
			return err
		}
		if !bytes.Equal(subject.Marshal(), cert.Key.Marshal()) {
			return fmt.Errorf("the certificate certifies another key than public_key")
		}
		id, _ := resources[address]["id"].(string)
		if cert.KeyId != id || !strings.HasSuffix(certificate, " "+id) {
			return fmt.Errorf("key ID %q and certificate comment should be the ID %q", cert.KeyId, id)
		}
		if check == nil {
			return nil
		}
		return check(cert, resources[address])
	})
}
