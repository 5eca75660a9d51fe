package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

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
		"hello":           "no PEM certificate",
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
	typ, ok := rs.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		t.Fatal("the schema is not an object")
	}
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
	if sans, ok := v07["subject_alternative_names"].(map[string]any); !ok || fmt.Sprint(sans["dns_names"]) != "[a.example.com]" {
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

const testTLSResource = "ngrok_tls_certificate.test"

var tlsCertificateIDPattern = regexp.MustCompile(`^cert_[0-9A-Za-z]+$`)

func testAccTLSCertificateConfig(attrs ...string) string {
	return "resource \"ngrok_tls_certificate\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// tlsAttrs are the attributes of a certificate uploaded with a write-only
// key of the given version, and extra ones.
func tlsAttrs(cert, key string, version int, extra ...string) []string {
	return append([]string{fmt.Sprintf("certificate_pem = %q", cert), fmt.Sprintf("private_key_pem_wo = %q", key),
		fmt.Sprintf("private_key_pem_wo_version = %d", version)}, extra...)
}

// keyNotInState fails when a line of a private key appears anywhere in the state.
func keyNotInState(secret string) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		b, err := json.Marshal(resources)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), secret) {
			return fmt.Errorf("the state holds the private key")
		}
		return nil
	})
}

func TestAccTLSCertificate_basic(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	cert, key := testTLSCertificate(t, "app.example.com", "www.example.com")
	keyLine := strings.Split(key, "\n")[1]
	sameID := statecheck.CompareValue(compare.ValuesSame())
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, mock.description("app"))...)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTLSResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("id"), knownvalue.StringRegexp(tlsCertificateIDPattern)),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("certificate_pem"), knownvalue.StringExact(cert)),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("subject_common_name"), knownvalue.StringExact("app.example.com")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("subject_organization"), knownvalue.StringExact("Example Org")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("subject_country"), knownvalue.StringExact("NL")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("subject_alternative_names"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"dns_names": knownvalue.ListExact([]knownvalue.Check{knownvalue.StringExact("app.example.com"), knownvalue.StringExact("www.example.com")}),
						"ips":       knownvalue.ListExact([]knownvalue.Check{}),
					})),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("not_before"), knownvalue.StringExact("2026-01-01T00:00:00Z")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("not_after"), knownvalue.StringExact("2036-01-01T00:00:00Z")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_type"), knownvalue.StringExact("ecdsa")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("issued_at"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("serial_number"), knownvalue.NotNull()),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem_wo_version"), knownvalue.Int64Exact(1)),
					keyNotInState(keyLine),
				},
			},
			{
				// The same chain with CRLF line endings, unwrapped, without
				// its trailing newline, is no change.
				Config:   mock.config(testAccTLSCertificateConfig(tlsAttrs(strings.TrimSpace(strings.ReplaceAll(cert, "\n", "\r\n")), key, 1, mock.description("app"))...)),
				PlanOnly: true,
			},
			{
				Config: mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, mock.description("app, renewed"), `metadata = "{}"`)...)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testTLSResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("description"), knownvalue.StringExact(mock.acc.Name("app, renewed"))),
				},
			},
			{
				ResourceName:      testTLSResource,
				ImportState:       true,
				ImportStateVerify: true,
				// NOTE: the API never returns the key, so an import cannot
				// know the version of the configuration's.
				ImportStateVerifyIgnore: []string{"private_key_pem_wo_version"},
			},
		},
	})
}

// A new certificate, or a new key version, replaces the object: the API
// cannot change either.
func TestAccTLSCertificate_replace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "app.example.com")
	cert2, key2 := testTLSCertificate(t, "app.example.com")
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	replaced := tfresource.ConfigPlanChecks{
		PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionDestroyBeforeCreate)},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config:            mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1)...)),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testTLSResource, tfjsonpath.New("id"))},
			},
			{
				Config:            mock.config(testAccTLSCertificateConfig(tlsAttrs(cert2, key2, 2)...)),
				ConfigPlanChecks:  replaced,
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testTLSResource, tfjsonpath.New("id"))},
			},
			{
				// The same certificate and key uploaded again, by version.
				Config:            mock.config(testAccTLSCertificateConfig(tlsAttrs(cert2, key2, 3)...)),
				ConfigPlanChecks:  replaced,
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testTLSResource, tfjsonpath.New("id"))},
			},
		},
	})
}

// A configuration moved from ngrok/ngrok keeps its key in private_key_pem,
// sensitive, in the state; a new key there replaces the object.
func TestAccTLSCertificate_sensitiveKey(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "legacy.example.com")
	cert2, key2 := testTLSCertificate(t, "legacy.example.com")
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccTLSCertificateConfig(fmt.Sprintf("certificate_pem = %q", cert), fmt.Sprintf("private_key_pem = %q", key))),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testTLSResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem"), knownvalue.StringExact(key)),
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem_wo_version"), knownvalue.Null()),
				},
			},
			{
				Config: mock.config(testAccTLSCertificateConfig(fmt.Sprintf("certificate_pem = %q", cert2), fmt.Sprintf("private_key_pem = %q", key2))),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testTLSResource, tfjsonpath.New("id"))},
			},
			{
				// Moving the same key to private_key_pem_wo keeps the object
				// and drops the key from the state.
				Config: mock.config(testAccTLSCertificateConfig(tlsAttrs(cert2, key2, 1)...)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem"), knownvalue.Null()),
					keyNotInState(strings.Split(key2, "\n")[1]),
				},
			},
		},
	})
}

// An import cannot read the key: the apply that imports records the
// configuration's key version in place, never replacing the object.
func TestAccTLSCertificate_import(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "imported.example.com")
	c, err := apiclient.TLSCertificates.Create(context.Background(), mock.client, &apiclient.TLSCertificateCreate{
		CertificatePEM: cert, PrivateKeyPEM: key, Description: "uploaded in the dashboard",
	})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(importBlock(testTLSResource, c.ID) +
				testAccTLSCertificateConfig(tlsAttrs(strings.ReplaceAll(cert, "\n", "\r\n"), key, 1, `description = "uploaded in the dashboard"`)...)),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("id"), knownvalue.StringExact(c.ID)),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("id"), knownvalue.StringExact(c.ID)),
				statecheck.ExpectKnownValue(testTLSResource, tfjsonpath.New("private_key_pem_wo_version"), knownvalue.Int64Exact(1)),
			},
		}},
	})
}

func TestAccTLSCertificate_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	cert, key := testTLSCertificate(t, "app.example.com")
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, mock.description("gone"))...)),
			Check: deleteObjectInAPI(testTLSResource, func(ctx context.Context, id string) error {
				return apiclient.TLSCertificates.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccTLSCertificate_invalidConfig(t *testing.T) {
	t.Parallel()
	cert, key := testTLSCertificate(t, "app.example.com")
	_, otherKey := testTLSCertificate(t, "app.example.com")
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"key of another certificate": {tlsAttrs(cert, otherKey, 1), `(?s)Private Key Does Not Match the Certificate`},
		"key not PEM":                {tlsAttrs(cert, "not a key", 1), `(?s)Invalid Private Key.*not PEM`},
		"certificate not PEM":        {tlsAttrs("not a certificate", key, 1), `(?s)Invalid Certificate Chain.*no PEM certificate`},
		"key as certificate":         {tlsAttrs(key, key, 1), `(?s)Invalid Certificate Chain.*expected\s+CERTIFICATE`},
		"both keys": {append(tlsAttrs(cert, key, 1), fmt.Sprintf("private_key_pem = %q", key)),
			`(?s)Exactly one of these attributes must be\s+configured:\s+\[private_key_pem,private_key_pem_wo\]`},
		"no key": {[]string{fmt.Sprintf("certificate_pem = %q", cert)},
			`(?s)Exactly one of these attributes must be\s+configured`},
		"write-only key without version": {[]string{fmt.Sprintf("certificate_pem = %q", cert), fmt.Sprintf("private_key_pem_wo = %q", key)},
			`(?s)must be configured together:\s+\[private_key_pem_wo,private_key_pem_wo_version\]`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccTLSCertificateConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccTLSCertificate_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "app.example.com")
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: append(identitySteps(testTLSResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(tlsCertificateIDPattern)},
			mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, `description = "a"`)...)),
			mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, `description = "b"`)...)))[:2],
			tfresource.TestStep{
				ResourceName:    testTLSResource,
				ImportState:     true,
				ImportStateKind: tfresource.ImportBlockWithResourceIdentity,
				// NOTE: an import records the key version in place (see
				// TestAccTLSCertificate_import).
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: tfresource.ImportPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate)},
				},
			}),
	})
}

// The data sources show the certificate but never a key; the plural one
// filters by the API.
func TestAccTLSCertificateDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "app.example.com")
	other, otherKey := testTLSCertificate(t, "other.example.com")
	config := mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1)...) + fmt.Sprintf(`
resource "ngrok_tls_certificate" "other" {
  certificate_pem = %q
  private_key_pem = %q
}

data "ngrok_tls_certificate" "test" {
  id = ngrok_tls_certificate.test.id
}

data "ngrok_tls_certificates" "app" {
  filter     = "obj.subject_common_name == 'app.example.com'"
  depends_on = [ngrok_tls_certificate.test, ngrok_tls_certificate.other]
}
`, other, otherKey))
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs("data.ngrok_tls_certificate.test", tfjsonpath.New("not_after"),
					testTLSResource, tfjsonpath.New("not_after"), compare.ValuesSame()),
				statecheck.ExpectKnownValue("data.ngrok_tls_certificate.test", tfjsonpath.New("subject_common_name"), knownvalue.StringExact("app.example.com")),
				statecheck.ExpectKnownValue("data.ngrok_tls_certificates.app", tfjsonpath.New("tls_certificates"), knownvalue.ListSizeExact(1)),
				statecheck.CompareValuePairs("data.ngrok_tls_certificates.app", tfjsonpath.New("tls_certificates").AtSliceIndex(0).AtMapKey("id"),
					testTLSResource, tfjsonpath.New("id"), compare.ValuesSame()),
				keyNotInState(strings.Split(key, "\n")[1]),
			},
		}},
	})
}

func TestAccTLSCertificateListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "listed.example.com")
	c, err := apiclient.TLSCertificates.Create(context.Background(), mock.client, &apiclient.TLSCertificateCreate{
		CertificatePEM: cert, PrivateKeyPEM: key, Description: "uploaded",
	})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Query:  true,
			Config: mock.config("") + listBlock("ngrok_tls_certificate", "all", "  include_resource = true\n"),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("ngrok_tls_certificate.all", 1),
				querycheck.ExpectResourceDisplayName("ngrok_tls_certificate.all", byID(c.ID), knownvalue.StringExact("uploaded: listed.example.com")),
				querycheck.ExpectResourceKnownValues("ngrok_tls_certificate.all", byID(c.ID), []querycheck.KnownValueCheck{
					knownValue("subject_common_name", knownvalue.StringExact("listed.example.com")),
					knownValue("private_key_pem", knownvalue.Null()),
				}),
			},
		}},
	})
}

// A reserved domain serves a certificate of the same configuration.
func TestAccTLSCertificate_reservedDomainCertificate(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "shop.example.com")
	config := mock.config(testAccTLSCertificateConfig(tlsAttrs(cert, key, 1)...) + `
resource "ngrok_reserved_domain" "shop" {
  domain         = "shop.example.com"
  certificate_id = ngrok_tls_certificate.test.id
}
`)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs("ngrok_reserved_domain.shop", tfjsonpath.New("certificate_id"),
					testTLSResource, tfjsonpath.New("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs("ngrok_reserved_domain.shop", tfjsonpath.New("certificate").AtMapKey("id"),
					testTLSResource, tfjsonpath.New("id"), compare.ValuesSame()),
			},
		}},
	})
}
