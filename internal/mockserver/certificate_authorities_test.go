package mockserver

import (
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// newTestCACert is a self-signed CA certificate named cn.
func newTestCACert(t *testing.T, cn string) testCert {
	t.Helper()
	return newTestCert(t, keyTypeECDSA, &x509.Certificate{
		Subject: pkix.Name{CommonName: cn}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}, nil)
}

func caBody(caPEM string) string {
	b, _ := json.Marshal(map[string]string{"ca_pem": caPEM, "description": "clients"})
	return string(b)
}

func createCertificateAuthority(t *testing.T, s http.Handler, caPEM string) certificateAuthorityWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/certificate_authorities", caBody(caPEM))
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[certificateAuthorityWire](t, w)
}

func TestCertificateAuthorityCreateParsesAndNormalises(t *testing.T) {
	t.Parallel()
	s := New()
	ca := newTestCACert(t, "Intranet Clients")
	messy := "issued for the intranet\r\n" + strings.ReplaceAll(ca.certPEM, "\n", "\r\n") + "trailing text"
	got := createCertificateAuthority(t, s, messy)
	if got.CAPEM != ca.certPEM {
		t.Errorf("ca_pem = %q, want the certificate re-encoded %q", got.CAPEM, ca.certPEM)
	}
	if !wellFormedID(got.ID, prefixCertificateAuthority) || got.SubjectCommonName != "Intranet Clients" ||
		wireString(got.NotBefore) != "2026-01-01T00:00:00Z" || wireString(got.NotAfter) != "2027-01-01T00:00:00Z" ||
		strings.Join(got.KeyUsages, ",") != "cert_sign,crl_sign" || got.ExtendedKeyUsages == nil || got.Description != "clients" {
		t.Errorf("created %+v", got)
	}
	w := do(t, s, http.MethodGet, "/certificate_authorities/"+got.ID, "")
	wantStatus(t, w, http.StatusOK)
	if again := decodeBody[certificateAuthorityWire](t, w); again.SubjectCommonName != got.SubjectCommonName || again.CAPEM != got.CAPEM {
		t.Errorf("GET %+v, want %+v", again, got)
	}
	wantError(t, do(t, s, http.MethodPatch, "/certificate_authorities/"+got.ID, caBody(ca.certPEM)), http.StatusBadRequest, errUnknownField.code)
}

func TestCertificateAuthorityValidation(t *testing.T) {
	t.Parallel()
	s := New()
	leaf := newTestCert(t, keyTypeEd25519, nil, nil)
	ca := newTestCACert(t, "ca")
	for name, tc := range map[string]struct {
		pem, code string
	}{
		"missing":        {"", errCAFormat.code},
		"not PEM":        {"MIIB", errCAFormat.code},
		"a key":          {leaf.keyPEM, errCAFormat.code},
		"not parseable":  {"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", errCAFormat.code},
		"not a CA":       {leaf.certPEM, errCANotCA.code},
		"a CA then leaf": {ca.certPEM + leaf.certPEM, errCANotCA.code},
	} {
		t.Run(name, func(t *testing.T) {
			wantError(t, do(t, s, http.MethodPost, "/certificate_authorities", caBody(tc.pem)), http.StatusBadRequest, tc.code)
		})
	}
}
