package provider

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestEquivalentPEM(t *testing.T) {
	t.Parallel()
	cert, _ := testTLSCertificate(t, "app.example.com")
	other, _ := testTLSCertificate(t, "app.example.com")
	crlf := strings.ReplaceAll(cert, "\n", "\r\n")
	noTrailing := strings.TrimRight(cert, "\n")
	padded := "\n\n  " + cert + "\n\n"
	// NOTE: one long line of base64 is the same block, wrapped otherwise.
	lines := strings.Split(strings.TrimSpace(cert), "\n")
	unwrapped := lines[0] + "\n" + strings.Join(lines[1:len(lines)-1], "") + "\n" + lines[len(lines)-1] + "\n"
	for _, same := range []string{cert, crlf, noTrailing, padded, unwrapped} {
		if !equivalentPEM(cert, same) || !equivalentPEM(same, cert) {
			t.Errorf("not equivalent: %q", same)
		}
	}
	for _, same := range []string{crlf, padded, unwrapped} {
		if canonicalPEM(same) != cert {
			t.Errorf("canonicalPEM(%q) = %q", same, canonicalPEM(same))
		}
	}
	for _, differs := range []string{other, cert + other, "", "not pem", strings.Replace(cert, "CERTIFICATE", "X509 CERTIFICATE", 2)} {
		if equivalentPEM(cert, differs) {
			t.Errorf("equivalent: %q", differs)
		}
	}
}

func TestParseCertificateChain(t *testing.T) {
	t.Parallel()
	cert, key := testTLSCertificate(t, "app.example.com", "www.example.com")
	inter, _ := testTLSCertificate(t, "Intermediate")
	leaf, err := parseCertificateChain(cert + inter)
	if err != nil || leaf.Subject.CommonName != "app.example.com" {
		t.Fatalf("leaf %v, %v", leaf, err)
	}
	for in, wantErr := range map[string]string{
		"":                "no PEM certificate",
		"hello":           "outside PEM blocks",
		cert + "trailing": "outside PEM blocks",
		key:               `is "PRIVATE KEY", expected CERTIFICATE`,
		"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n": "certificate 1 cannot be read",
	} {
		if _, err := parseCertificateChain(in); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("parseCertificateChain(%.30q) = %v, want %q", in, err, wantErr)
		}
	}
}

func TestParsePrivateKeyPEM(t *testing.T) {
	t.Parallel()
	_, key := testTLSCertificate(t, "app.example.com")
	if _, err := parsePrivateKeyPEM(key); err != nil {
		t.Fatal(err)
	}
	cert, _ := testTLSCertificate(t, "x")
	for in, wantErr := range map[string]string{
		"secret-text": "not PEM",
		key + key:     "more than one PEM block",
		cert:          `"CERTIFICATE" is not a private key`,
		"-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n": "cannot be read",
	} {
		_, err := parsePrivateKeyPEM(in)
		if err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("parsePrivateKeyPEM(%.20q) = %v, want %q", in, err, wantErr)
			continue
		}
		if strings.Contains(err.Error(), "secret-text") || strings.Contains(err.Error(), "AAAA") {
			t.Errorf("error quotes the key: %v", err)
		}
	}
}

// TestValidateTLSCertificateKey: a key that is not the leaf's is refused at
// plan time, without quoting the key; unknown values wait for apply.
func TestValidateTLSCertificateKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cert, key := testTLSCertificate(t, "app.example.com")
	_, otherKey := testTLSCertificate(t, "app.example.com")
	rs := tlsCertificateType.resourceSchema()
	typ := rs.Type().TerraformType(ctx).(tftypes.Object)
	config := func(certPEM, keyWO any) tfsdk.Config {
		vals := map[string]tftypes.Value{}
		for name, at := range typ.AttributeTypes {
			vals[name] = tftypes.NewValue(at, nil)
		}
		vals["certificate_pem"] = tftypes.NewValue(tftypes.String, certPEM)
		vals["private_key_pem_wo"] = tftypes.NewValue(tftypes.String, keyWO)
		return tfsdk.Config{Schema: rs, Raw: tftypes.NewValue(typ, vals)}
	}
	for name, c := range map[string]struct {
		cfg     tfsdk.Config
		wantErr string
	}{
		"matching":         {config(cert, key), ""},
		"other key":        {config(cert, otherKey), "Private Key Does Not Match the Certificate"},
		"not a key":        {config(cert, "secret-text"), "Invalid Private Key"},
		"unknown key":      {config(cert, tftypes.UnknownValue), ""},
		"unknown cert":     {config(tftypes.UnknownValue, otherKey), ""},
		"unreadable chain": {config("nope", otherKey), "Invalid Certificate Chain"},
	} {
		resp := &resource.ValidateConfigResponse{}
		validateTLSCertificateKey(ctx, resource.ValidateConfigRequest{Config: c.cfg}, resp)
		got := ""
		for _, d := range resp.Diagnostics.Errors() {
			got += d.Summary() + ": " + d.Detail()
		}
		if (c.wantErr == "") != (got == "") || !strings.Contains(got, c.wantErr) {
			t.Errorf("%s: %q, want %q", name, got, c.wantErr)
		}
		if strings.Contains(got, "secret-text") || strings.Contains(got, strings.Split(otherKey, "\n")[1]) {
			t.Errorf("%s: the diagnostic quotes the key", name)
		}
	}
}

func TestTLSCertificateModel(t *testing.T) {
	t.Parallel()
	issued := "2026-01-01T00:00:00Z"
	m, err := tlsCertificateModelFromAPI(&apiclient.TLSCertificate{
		ID: "cert_1", CertificatePEM: "pem", SubjectCommonName: "app.example.com",
		SubjectAlternativeNames: apiclient.TLSCertificateSANs{DNSNames: []string{"app.example.com"}},
		IssuedAt:                &issued, KeyUsages: []string{"digital_signature"}, PrivateKeyType: "ecdsa",
	})
	if err != nil {
		t.Fatal(err)
	}
	if m.IssuedAt.ValueString() != issued || len(m.KeyUsages.Elements()) != 1 || len(m.ExtendedKeyUsages.Elements()) != 0 ||
		!m.PrivateKeyPEM.IsNull() || !m.PrivateKeyPEMWO.IsNull() || !m.PrivateKeyPEMWOVersion.IsNull() {
		t.Errorf("model %+v", m)
	}
	sans := m.SubjectAlternativeNames.Attributes()
	if sans["dns_names"].String() != `["app.example.com"]` || sans["ips"].String() != "[]" {
		t.Errorf("sans %v", sans)
	}
	if m2, _ := tlsCertificateModelFromAPI(&apiclient.TLSCertificate{ID: "cert_2"}); !m2.IssuedAt.IsNull() {
		t.Errorf("issued_at of an uploaded certificate = %v", m2.IssuedAt)
	}

	m.Description = types.StringValue("d")
	m.PrivateKeyPEM = types.StringValue("sensitive")
	if c := m.toCreate(); c.PrivateKeyPEM != "sensitive" || c.CertificatePEM != "pem" || c.Description != "d" {
		t.Errorf("create %+v", c)
	}
	m.PrivateKeyPEMWO = types.StringValue("write-only")
	if c := m.toCreate(); c.PrivateKeyPEM != "write-only" {
		t.Errorf("create with both keys sends %q", c.PrivateKeyPEM)
	}
	if u := m.toUpdate(); *u.Description != "d" || *u.Metadata != "" {
		t.Errorf("update %+v", u)
	}
}

func TestNormalizeTLSCertificateState(t *testing.T) {
	t.Parallel()
	v07 := stateAttrs{}
	if err := json.Unmarshal([]byte(`{"id":"cert_1","certificate_pem":"pem","private_key_pem":"key","description":null,
		"subject_alternative_names":[{"dns_names":["a.example.com"],"ips":[]}]}`), &v07); err != nil {
		t.Fatal(err)
	}
	if err := normalizeTLSCertificateState(v07); err != nil {
		t.Fatal(err)
	}
	if sans, ok := v07["subject_alternative_names"].(map[string]any); !ok || len(sans["dns_names"].([]any)) != 1 {
		t.Errorf("sans %v", v07["subject_alternative_names"])
	}
	if v07["description"] != "" || v07["metadata"] != "" || v07["private_key_pem"] != "key" {
		t.Errorf("state %v", v07)
	}
	v08 := stateAttrs{"id": "cert_1", "issued_at": "", "uri": "", "subject_alternative_names": map[string]any{"dns_names": []any{}}}
	if err := normalizeTLSCertificateState(v08); err != nil || v08["issued_at"] != nil || v08["uri"] != nil {
		t.Errorf("state %v, %v", v08, err)
	}
}
