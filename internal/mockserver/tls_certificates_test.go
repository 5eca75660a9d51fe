package mockserver

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

var tlsCertIDPattern = regexp.MustCompile(`^cert_[0-9A-Za-z]{27}$`)

// testCert is a certificate and its key, in PEM.
type testCert struct {
	certPEM, keyPEM string
	key             crypto.Signer
	leaf            *x509.Certificate
}

// newTestCert makes a certificate for tmpl (filled in where empty), signed
// by issuer (self-signed when nil), with a key of keyType.
func newTestCert(t testing.TB, keyType string, tmpl *x509.Certificate, issuer *testCert) testCert {
	t.Helper()
	var key crypto.Signer
	var err error
	switch keyType {
	case keyTypeRSA:
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	case keyTypeECDSA:
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	default:
		_, key, err = ed25519.GenerateKey(rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	if tmpl == nil {
		tmpl = &x509.Certificate{}
	}
	if tmpl.SerialNumber == nil {
		tmpl.SerialNumber = big.NewInt(0x054ba70d)
	}
	if tmpl.NotBefore.IsZero() {
		tmpl.NotBefore = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		tmpl.NotAfter = time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	parent, signer := tmpl, key
	if issuer != nil {
		parent, signer = issuer.leaf, issuer.key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, key.Public(), signer)
	if err != nil {
		t.Fatal(err)
	}
	leaf, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return testCert{
		certPEM: string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		keyPEM:  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})),
		key:     key,
		leaf:    leaf,
	}
}

func certBody(certPEM, keyPEM, extra string) string {
	b, _ := json.Marshal(map[string]string{"certificate_pem": certPEM, "private_key_pem": keyPEM})
	if extra == "" {
		return string(b)
	}
	return strings.TrimSuffix(string(b), "}") + "," + extra + "}"
}

func createCert(t *testing.T, s http.Handler, c testCert, extra string) tlsCertificateWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/tls_certificates", certBody(c.certPEM, c.keyPEM, extra))
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[tlsCertificateWire](t, w)
}

type certList struct {
	Items       []tlsCertificateWire `json:"tls_certificates"`
	NextPageURI *string              `json:"next_page_uri"`
}

func TestTLSCertificateCreateGetListPatchDelete(t *testing.T) {
	t.Parallel()
	s := New()
	c := newTestCert(t, keyTypeRSA, &x509.Certificate{Subject: pkix.Name{CommonName: "example.com"}}, nil)
	created := createCert(t, s, c, `"description":"frontend"`)
	if !tlsCertIDPattern.MatchString(created.ID) || created.Description != "frontend" || created.CertificatePEM != c.certPEM {
		t.Errorf("created = %+v", created)
	}
	one := "/tls_certificates/" + created.ID
	get := decodeBody[tlsCertificateWire](t, do(t, s, http.MethodGet, one, ""))
	if !sameCert(get, created) {
		t.Errorf("get = %+v, want %+v", get, created)
	}
	page := decodeBody[certList](t, do(t, s, http.MethodGet, "/tls_certificates", ""))
	if len(page.Items) != 1 || !sameCert(page.Items[0], created) {
		t.Errorf("list = %+v", page)
	}
	w := do(t, s, http.MethodPatch, one, `{"metadata":"{\"env\":\"prod\"}","description":""}`)
	wantStatus(t, w, http.StatusOK)
	patched := decodeBody[tlsCertificateWire](t, w)
	if patched.Metadata != `{"env":"prod"}` || patched.Description != "" || patched.SerialNumber != created.SerialNumber {
		t.Errorf("patched = %+v", patched)
	}
	wantError(t, do(t, s, http.MethodPatch, one, `{"certificate_pem":"x"}`), http.StatusBadRequest, errUnknownField.code)
	wantStatus(t, do(t, s, http.MethodDelete, one, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, one, ""), http.StatusNotFound, "")
}

// sameCert compares two answers (their slices make == unusable).
func sameCert(a, b tlsCertificateWire) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// The answer's fields are computed from the leaf, in the real API's
// shapes: every field present, lists never null, serial in hex.
func TestTLSCertificateDetails(t *testing.T) {
	t.Parallel()
	s := New()
	ca := newTestCert(t, keyTypeECDSA, &x509.Certificate{
		Subject: pkix.Name{CommonName: "Test CA"}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}, nil)
	leaf := newTestCert(t, keyTypeECDSA, &x509.Certificate{
		SerialNumber: new(big.Int).SetBytes([]byte{0x05, 0x4b, 0xa7, 0x0d, 0xd0}),
		Subject: pkix.Name{CommonName: "app.example.com", Organization: []string{"Example Ltd"},
			OrganizationalUnit: []string{"Web"}, Locality: []string{"Paris"}, Province: []string{"IDF"}, Country: []string{"FR"}},
		DNSNames:           []string{"app.example.com", "*.app.example.com"},
		IPAddresses:        []net.IP{net.ParseIP("192.0.2.10"), net.ParseIP("2001:db8::1")},
		NotBefore:          time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC),
		NotAfter:           time.Date(2026, 5, 4, 3, 2, 1, 0, time.UTC),
		KeyUsage:           x509.KeyUsageDigitalSignature | x509.KeyUsageKeyEncipherment,
		ExtKeyUsage:        []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		UnknownExtKeyUsage: []asn1.ObjectIdentifier{{1, 3, 6, 1, 4, 1, 99999, 1}},
	}, &ca)
	// A chain, leaf first, with CRLF line ends, blank lines and text between
	// the blocks, as bundles have.
	chain := "subject=CN=app.example.com\r\n" + strings.ReplaceAll(leaf.certPEM, "\n", "\r\n") + "\r\n\r\nsubject=CN=Test CA\n" + ca.certPEM + "\n\n"
	got := createCert(t, s, testCert{certPEM: chain, keyPEM: leaf.keyPEM}, "")

	want := TLSCertificateDetails{
		SubjectCommonName:         "app.example.com",
		SubjectAlternativeNames:   tlsSANsWire{DNSNames: []string{"app.example.com", "*.app.example.com"}, IPs: []string{"192.0.2.10", "2001:db8::1"}},
		NotBefore:                 apiTime(time.Date(2026, 2, 3, 4, 5, 6, 0, time.UTC)),
		NotAfter:                  apiTime(time.Date(2026, 5, 4, 3, 2, 1, 0, time.UTC)),
		KeyUsages:                 []string{"digital_signature", "key_encipherment"},
		ExtendedKeyUsages:         []string{"server_auth", "client_auth", "1.3.6.1.4.1.99999.1"},
		PrivateKeyType:            "ecdsa",
		IssuerCommonName:          "Test CA",
		SerialNumber:              "054ba70dd0",
		SubjectOrganization:       "Example Ltd",
		SubjectOrganizationalUnit: "Web",
		SubjectLocality:           "Paris",
		SubjectProvince:           "IDF",
		SubjectCountry:            "FR",
	}
	gotJSON, _ := json.Marshal(got.TLSCertificateDetails)
	wantJSON, _ := json.Marshal(want)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("details =\n%s\nwant\n%s", gotJSON, wantJSON)
	}
	if got.CertificatePEM != leaf.certPEM+ca.certPEM {
		t.Errorf("certificate_pem = %q, want the two blocks re-encoded, leaf first", got.CertificatePEM)
	}

	// A CA certificate without SANs or extended usages: lists empty, not
	// null; issued_at null [real shapes].
	w := do(t, s, http.MethodPost, "/tls_certificates", certBody(ca.certPEM, ca.keyPEM, ""))
	wantStatus(t, w, http.StatusCreated)
	raw := decodeBody[map[string]any](t, w)
	for _, field := range []string{"subject_organization", "subject_country", "issuer_common_name"} {
		if _, ok := raw[field]; !ok {
			t.Errorf("field %s is missing: empty strings are answered", field)
		}
	}
	if v, ok := raw["issued_at"]; !ok || v != nil {
		t.Errorf("issued_at = %v (present %t), want null", v, ok)
	}
	if sans, ok := raw["subject_alternative_names"].(map[string]any); !ok || sans["dns_names"] == nil || sans["ips"] == nil {
		t.Errorf("subject_alternative_names = %v, want empty lists", sans)
	}
	if ku, _ := json.Marshal(raw["key_usages"]); string(ku) != `["cert_sign","crl_sign"]` {
		t.Errorf("key_usages = %s", ku)
	}
	if eku, _ := json.Marshal(raw["extended_key_usages"]); string(eku) != `[]` {
		t.Errorf("extended_key_usages = %s, want []", eku)
	}
}

func TestTLSCertificateKeyTypesAndEncodings(t *testing.T) {
	t.Parallel()
	for _, keyType := range []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519} {
		t.Run(keyType, func(t *testing.T) {
			t.Parallel()
			c := newTestCert(t, keyType, nil, nil)
			keys := map[string]string{"pkcs8": c.keyPEM}
			switch k := c.key.(type) {
			case *rsa.PrivateKey:
				keys["pkcs1"] = string(pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k)}))
			case *ecdsa.PrivateKey:
				der, err := x509.MarshalECPrivateKey(k)
				if err != nil {
					t.Fatal(err)
				}
				params := pem.EncodeToMemory(&pem.Block{Type: "EC PARAMETERS", Bytes: []byte{0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07}})
				keys["sec1 after EC PARAMETERS"] = string(params) + string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}))
			}
			for name, keyPEM := range keys {
				s := New()
				got := createCert(t, s, testCert{certPEM: c.certPEM, keyPEM: keyPEM}, "")
				if got.PrivateKeyType != keyType {
					t.Errorf("%s: private_key_type = %q, want %q", name, got.PrivateKeyType, keyType)
				}
			}
		})
	}
}

func TestTLSCertificateCreateValidation(t *testing.T) {
	t.Parallel()
	c := newTestCert(t, keyTypeECDSA, nil, nil)
	other := newTestCert(t, keyTypeECDSA, nil, nil)
	block, _ := pem.Decode([]byte(c.keyPEM))
	encrypted := string(pem.EncodeToMemory(&pem.Block{Type: "ENCRYPTED PRIVATE KEY", Bytes: block.Bytes}))
	legacyEncrypted := string(pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY",
		Headers: map[string]string{"Proc-Type": "4,ENCRYPTED", "DEK-Info": "AES-128-CBC,00"}, Bytes: []byte{1}}))
	withHeader := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Headers: map[string]string{"Comment": "x"}, Bytes: c.leaf.Raw}))
	x25519, err := ecdh.X25519().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	x25519DER, err := x509.MarshalPKCS8PrivateKey(x25519)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, body, code string
	}{
		{"no certificate_pem", certBody("", c.keyPEM, ""), errTLSCertMissing.code},
		{"certificate_pem of blanks", certBody(" \n ", c.keyPEM, ""), errTLSCertMissing.code},
		{"certificate_pem without PEM", certBody("MIIB...", c.keyPEM, ""), errTLSCertNoPEM.code},
		{"a certificate block that does not parse", certBody(string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("junk")})), c.keyPEM, ""), errTLSCertFormat.code},
		{"a private key in the chain", certBody(c.certPEM+c.keyPEM, c.keyPEM, ""), errTLSCertPEMType.code},
		{"a certificate block with headers", certBody(withHeader, c.keyPEM, ""), errTLSPEMHeaders.code},
		{"no private_key_pem", certBody(c.certPEM, "", ""), errTLSKeyMissing.code},
		{"private_key_pem without PEM", certBody(c.certPEM, "key", ""), errTLSKeyMissing.code},
		{"a certificate as the key", certBody(c.certPEM, c.certPEM, ""), errTLSKeyIsCertificate.code},
		{"an encrypted PKCS #8 key", certBody(c.certPEM, encrypted, ""), errTLSKeyEncrypted.code},
		{"a legacy encrypted key", certBody(c.certPEM, legacyEncrypted, ""), errTLSKeyEncrypted.code},
		{"a key that does not parse", certBody(c.certPEM, string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("junk")})), ""), errTLSKeyFormat.code},
		{"a block that is no key", certBody(c.certPEM, string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: []byte("junk")})), ""), errTLSKeyFormat.code},
		{"an X25519 key", certBody(c.certPEM, string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: x25519DER})), ""), errTLSKeyType.code},
		{"the key of another certificate", certBody(c.certPEM, other.keyPEM, ""), errTLSKeyMismatch.code},
		{"the key of the second certificate of the chain", certBody(c.certPEM+other.certPEM, other.keyPEM, ""), errTLSKeyMismatch.code},
		{"description over 255 bytes", certBody(c.certPEM, c.keyPEM, `"description":"`+strings.Repeat("d", 256)+`"`), errTLSCertDescription.code},
		{"a field the spec does not have", certBody(c.certPEM, c.keyPEM, `"private_key_type":"ecdsa"`), errUnknownField.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			w := do(t, s, http.MethodPost, "/tls_certificates", tt.body)
			wantError(t, w, http.StatusBadRequest, tt.code)
			for _, line := range strings.Split(strings.TrimSpace(c.keyPEM+other.keyPEM), "\n") {
				if !strings.HasPrefix(line, "-----") && strings.Contains(w.Body.String(), line) {
					t.Errorf("the error quotes key material: %s", w.Body)
				}
			}
			if n := s.domains.certificates.len(); n != 0 {
				t.Errorf("a refused create stored %d certificates", n)
			}
		})
	}
}

// The private key is checked and dropped: no answer, no view of the state
// and no state file holds it.
func TestTLSCertificatePrivateKeyIsNeverKept(t *testing.T) {
	t.Parallel()
	for _, keyType := range []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519} {
		t.Run(keyType, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "state")
			s := openState(t, path)
			c := newTestCert(t, keyType, nil, nil)
			created := do(t, s, http.MethodPost, "/tls_certificates", certBody(c.certPEM, c.keyPEM, ""))
			wantStatus(t, created, http.StatusCreated)
			id := decodeBody[tlsCertificateWire](t, created).ID
			state, err := s.MarshalState()
			if err != nil {
				t.Fatal(err)
			}
			s = restart(t, s, path)
			if got := decodeBody[tlsCertificateWire](t, do(t, s, http.MethodGet, "/tls_certificates/"+id, "")); !sameCert(got, decodeBody[tlsCertificateWire](t, created)) {
				t.Errorf("after a restart the certificate is %+v", got)
			}
			seen := map[string]string{
				"create": created.Body.String(),
				"get":    do(t, s, http.MethodGet, "/tls_certificates/"+id, "").Body.String(),
				"list":   do(t, s, http.MethodGet, "/tls_certificates", "").Body.String(),
				"patch":  do(t, s, http.MethodPatch, "/tls_certificates/"+id, `{"description":"x"}`).Body.String(),
				"state":  string(state),
			}
			closeServer(t, s)
			file, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			seen["state file"] = string(file)
			secrets := privateEncodings(t, c.key)
			der, _ := pem.Decode([]byte(c.keyPEM))
			secrets = append(secrets, strings.Split(strings.TrimSpace(c.keyPEM), "\n")[1], string(der.Bytes[len(der.Bytes)-32:]))
			for where, text := range seen {
				if strings.Contains(text, "PRIVATE KEY") {
					t.Errorf("%s mentions a private key", where)
				}
				for _, secret := range secrets {
					if strings.Contains(text, secret) {
						t.Errorf("%s holds private key material %q", where, secret)
					}
				}
			}
		})
	}
}

// Reserved domains name uploaded certificates; deleting one detaches it.
func TestTLSCertificateOfAReservedDomain(t *testing.T) {
	t.Parallel()
	s := New()
	c := newTestCert(t, keyTypeECDSA, &x509.Certificate{DNSNames: []string{"app.example.com"}}, nil)
	cert := createCert(t, s, c, "")
	w := do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"app.example.com","certificate_id":"`+cert.ID+`"}`)
	wantStatus(t, w, http.StatusCreated)
	domain := decodeBody[reservedDomainWire](t, w)
	if domain.Certificate == nil || domain.Certificate.ID != cert.ID || domain.Certificate.URI != cert.URI {
		t.Fatalf("the domain's certificate = %+v, want a reference to %s", domain.Certificate, cert.URI)
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/tls_certificates/"+cert.ID, ""), http.StatusNoContent)
	after := decodeBody[reservedDomainWire](t, do(t, s, http.MethodGet, "/reserved_domains/"+domain.ID, ""))
	if after.Certificate != nil {
		t.Errorf("the domain still names the deleted certificate: %+v", after.Certificate)
	}
	w = do(t, s, http.MethodPatch, "/reserved_domains/"+domain.ID, `{"certificate_id":"`+cert.ID+`"}`)
	wantError(t, w, http.StatusBadRequest, errCertificateUnknown.code)
}

func TestTLSCertificateSeededIsServed(t *testing.T) {
	t.Parallel()
	clock := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(WithClock(func() time.Time { return clock }))
	id, err := s.SeedTLSCertificate(TLSCertificateSeed{ID: "cert_2hHHEl1zm3hSxNaEJ3yQzTmJ2Ka", Description: "seeded"})
	if err != nil {
		t.Fatal(err)
	}
	got := decodeBody[tlsCertificateWire](t, do(t, s, http.MethodGet, "/tls_certificates/"+id, ""))
	if got.Description != "seeded" || got.SubjectCommonName != seedCertificateName || got.PrivateKeyType != keyTypeEd25519 ||
		time.Time(got.NotBefore) != clock || time.Time(got.NotAfter) != clock.AddDate(1, 0, 0) {
		t.Errorf("seeded certificate = %+v", got)
	}
	block, _ := pem.Decode([]byte(got.CertificatePEM))
	if block == nil {
		t.Fatalf("certificate_pem %q holds no PEM", got.CertificatePEM)
	}
	if _, err := x509.ParseCertificate(block.Bytes); err != nil {
		t.Errorf("the seeded certificate does not parse: %v", err)
	}
	// Seeded alike, two servers hold the same certificate.
	twin := New(WithClock(func() time.Time { return clock }))
	if _, err := twin.SeedTLSCertificate(TLSCertificateSeed{ID: id, Description: "seeded"}); err != nil {
		t.Fatal(err)
	}
	if again := decodeBody[tlsCertificateWire](t, do(t, twin, http.MethodGet, "/tls_certificates/"+id, "")); !sameCert(again, got) {
		t.Errorf("a server seeded alike holds %+v, not %+v", again, got)
	}
}

func TestTLSCertificateListFilter(t *testing.T) {
	t.Parallel()
	s := New()
	rsaCert := createCert(t, s, newTestCert(t, keyTypeRSA, &x509.Certificate{DNSNames: []string{"a.example.com"},
		Subject: pkix.Name{CommonName: "a.example.com"}}, nil), "")
	createCert(t, s, newTestCert(t, keyTypeECDSA, &x509.Certificate{DNSNames: []string{"b.example.com"}}, nil), "")
	for _, filter := range []string{
		`obj.subject_common_name == "a.example.com"`,
		`obj.id == "` + rsaCert.ID + `"`,
		`obj.not_after > timestamp("2026-06-01T00:00:00Z") && obj.subject_common_name.startsWith("a.") && obj.serial_number == "` + rsaCert.SerialNumber + `"`,
		`obj.not_before < timestamp(time.now).add("1m") && obj.subject_common_name in ["a.example.com"]`,
	} {
		page := decodeBody[certList](t, do(t, s, http.MethodGet, "/tls_certificates?filter="+url.QueryEscape(filter), ""))
		if ids := idsOf(page.Items); !slices.Equal(ids, []string{rsaCert.ID}) {
			t.Errorf("filter %s = %v, want [%s]", filter, ids, rsaCert.ID)
		}
	}
}

func idsOf(certs []tlsCertificateWire) []string {
	ids := make([]string, len(certs))
	for i, c := range certs {
		ids[i] = c.ID
	}
	return ids
}

func TestTLSCertificateIdempotentCreate(t *testing.T) {
	t.Parallel()
	s := New()
	c := newTestCert(t, keyTypeEd25519, nil, nil)
	key := withHeader(headerIdempotency, "cert-1")
	first := do(t, s, http.MethodPost, "/tls_certificates", certBody(c.certPEM, c.keyPEM, ""), key)
	wantStatus(t, first, http.StatusCreated)
	again := do(t, s, http.MethodPost, "/tls_certificates", certBody(c.certPEM, c.keyPEM, ""), key)
	if again.Code != http.StatusCreated || again.Body.String() != first.Body.String() {
		t.Errorf("replay = %d, want the first answer", again.Code)
	}
	if n := s.domains.certificates.len(); n != 1 {
		t.Errorf("%d certificates, want 1", n)
	}
}

// listCertIDs lists the TLS certificates the API shows.
func listCertIDs(t *testing.T, s http.Handler) []string {
	t.Helper()
	w := do(t, s, http.MethodGet, "/tls_certificates", "")
	wantStatus(t, w, http.StatusOK)
	var ids []string
	for _, c := range decodeBody[certList](t, w).Items {
		ids = append(ids, c.ID)
	}
	return ids
}

// A certificate that ngrok issues for a domain's policy is a TLS
// certificate object, read at the domain's certificate uri, listed, and not
// deletable (ERR_NGROK_1966 [real: errors/err_ngrok_1966.mdx]); it exists
// from its issuance until its policy, its domain or a later certificate
// replaces it.
func TestTLSCertificateManagedIsAnObject(t *testing.T) {
	t.Parallel()
	s, clock := newRDServer()
	d := createRD(t, s, `{"domain":"app.example.com"}`)
	if ids := listCertIDs(t, s); len(ids) != 0 {
		t.Errorf("before issuance the list holds %v", ids)
	}
	clock.Advance(time.Minute)
	ref := getRD(t, s, d.ID).Certificate
	if ref == nil {
		t.Fatal("no certificate issued")
	}
	w := do(t, s, http.MethodGet, "/tls_certificates/"+ref.ID, "")
	wantStatus(t, w, http.StatusOK)
	c := decodeBody[tlsCertificateWire](t, w)
	if c.URI != ref.URI || c.SubjectCommonName != "app.example.com" || !slices.Equal(c.SubjectAlternativeNames.DNSNames, []string{"app.example.com"}) ||
		c.PrivateKeyType != keyTypeECDSA || c.IssuedAt == nil || wireString(*c.IssuedAt) != "2025-09-04T10:12:14Z" ||
		wireString(c.NotBefore) != "2025-09-04T10:12:14Z" || wireString(c.CreatedAt) != "2025-09-04T10:12:14Z" {
		t.Errorf("managed certificate = %s", jsonString(t, c))
	}
	if block, _ := pem.Decode([]byte(c.CertificatePEM)); block == nil {
		t.Errorf("certificate_pem %q holds no PEM", c.CertificatePEM)
	}
	if ids := listCertIDs(t, s); !slices.Equal(ids, []string{ref.ID}) {
		t.Errorf("list = %v, want [%s]", ids, ref.ID)
	}
	wantError(t, do(t, s, http.MethodDelete, "/tls_certificates/"+ref.ID, ""), http.StatusConflict, errManagedCertificateDelete.code)
	wantStatus(t, do(t, s, http.MethodPatch, "/tls_certificates/"+ref.ID, `{"description":"managed"}`), http.StatusOK)
	// It belongs to its domain: another domain cannot name it.
	wantError(t, do(t, s, http.MethodPost, "/reserved_domains", `{"domain":"b.example.com","certificate_id":"`+ref.ID+`"}`),
		http.StatusBadRequest, errInvalidValue.code)

	// Another key type: the old certificate stays until the new one is issued.
	patchRD(t, s, d.ID, `{"certificate_management_policy":{"private_key_type":"rsa"}}`)
	if ids := listCertIDs(t, s); !slices.Equal(ids, []string{ref.ID}) {
		t.Errorf("while the new job runs the list = %v, want [%s]", ids, ref.ID)
	}
	clock.Advance(time.Minute)
	renewed := getRD(t, s, d.ID).Certificate
	wantError(t, do(t, s, http.MethodGet, "/tls_certificates/"+ref.ID, ""), http.StatusNotFound, "")
	if ids := listCertIDs(t, s); !slices.Equal(ids, []string{renewed.ID}) {
		t.Errorf("after the new one the list = %v, want [%s]", ids, renewed.ID)
	}
	if c := decodeBody[tlsCertificateWire](t, do(t, s, http.MethodGet, "/tls_certificates/"+renewed.ID, "")); c.PrivateKeyType != keyTypeRSA {
		t.Errorf("the new certificate's key type = %q, want rsa", c.PrivateKeyType)
	}

	// It goes with its policy, and with its domain.
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+d.ID+"/certificate_management_policy", ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/tls_certificates/"+renewed.ID, ""), http.StatusNotFound, "")
	other := createRD(t, s, `{"domain":"other.example.com"}`)
	clock.Advance(time.Minute)
	gone := getRD(t, s, other.ID).Certificate
	wantStatus(t, do(t, s, http.MethodDelete, "/reserved_domains/"+other.ID, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/tls_certificates/"+gone.ID, ""), http.StatusNotFound, "")
	if n := s.domains.certificates.len(); n != 0 {
		t.Errorf("%d certificates stored after their domains went", n)
	}
}
