package apiclient

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"math/big"
	"testing"
	"time"
)

// testCertificate is a self-signed certificate for host and its key, PEM.
func testCertificate(t *testing.T, host string) (certPEM, keyPEM string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(42), Subject: pkix.Name{CommonName: host}, DNSNames: []string{host},
		NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pk}))
}

// Against the mock: the fields parsed from the leaf decode, the key is
// never returned, and a key of another certificate is refused.
func TestMockTLSCertificateCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	cert, key := testCertificate(t, "app.example.com")
	created, err := TLSCertificates.Create(ctx, c, &TLSCertificateCreate{CertificatePEM: cert, PrivateKeyPEM: key, Description: "app"})
	if err != nil {
		t.Fatal(err)
	}
	if created.SubjectCommonName != "app.example.com" || created.PrivateKeyType != "ecdsa" || created.IssuedAt != nil ||
		len(created.SubjectAlternativeNames.DNSNames) != 1 || created.NotBefore != "2026-01-01T00:00:00Z" || created.SerialNumber == "" {
		t.Errorf("created %+v", created)
	}
	d := "renamed"
	if u, err := TLSCertificates.Update(ctx, c, created.ID, &TLSCertificateUpdate{Description: &d}); err != nil || u.Description != d {
		t.Errorf("update = %+v, %v", u, err)
	}
	_, otherKey := testCertificate(t, "app.example.com")
	_, err = TLSCertificates.Create(ctx, c, &TLSCertificateCreate{CertificatePEM: cert, PrivateKeyPEM: otherKey})
	if e, ok := errors.AsType[*APIError](err); !ok || e.ErrorCode != "ERR_NGROK_1923" {
		t.Errorf("mismatched key: %v", err)
	}
	if err := TLSCertificates.Delete(ctx, c, created.ID); err != nil {
		t.Fatal(err)
	}
}
