package apiclient

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"
	"time"
)

func testCAPEM(t *testing.T) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "clients"}, IsCA: true, BasicConstraintsValid: true,
		NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2036, 1, 1, 0, 0, 0, 0, time.UTC), KeyUsage: x509.KeyUsageCertSign}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}

func TestMockCertificateAuthorityCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	caPEM := testCAPEM(t)
	ca, err := CertificateAuthorities.Create(ctx, c, &CertificateAuthorityCreate{CAPEM: caPEM, Description: "clients"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ca.ID, "ca_") || ca.CAPEM != caPEM || ca.SubjectCommonName != "clients" || ca.NotAfter != "2036-01-01T00:00:00Z" ||
		len(ca.KeyUsages) != 1 || ca.ExtendedKeyUsages == nil {
		t.Errorf("created %+v", ca)
	}
	if _, err := CertificateAuthorities.Create(ctx, c, &CertificateAuthorityCreate{CAPEM: "x"}); errorCode(err) != "ERR_NGROK_10026" {
		t.Errorf("no PEM: %v", err)
	}
}
