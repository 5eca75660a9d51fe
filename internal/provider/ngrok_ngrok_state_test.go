package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The state that ngrok/ngrok v0.7.0 and v0.8.0 wrote against ngrok-mock
// (testdata/ngrok-ngrok, with the configuration and schema they came from)
// is taken over instance by instance: every value that both providers have
// carries over as it is, but for the differences listed per instance below.

// ngrokNgrokFixtureVersions are the versions of ngrok/ngrok whose state is
// under testdata/ngrok-ngrok.
var ngrokNgrokFixtureVersions = []string{"v0.7.0", "v0.8.0"}

// fixtureState is a Terraform state file, as much of it as the tests read.
type fixtureState struct {
	Resources []fixtureResource `json:"resources"`
}

type fixtureResource struct {
	Mode      string `json:"mode"`
	Type      string `json:"type"`
	Name      string `json:"name"`
	Provider  string `json:"provider"`
	Instances []struct {
		SchemaVersion int64           `json:"schema_version"`
		Attributes    json.RawMessage `json:"attributes"`
	} `json:"instances"`
}

func readFixtureState(t *testing.T, version string) fixtureState {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "ngrok-ngrok", version, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var st fixtureState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// fixtureChanges are, per version and instance, the values in this
// provider's state that differ from the other provider's (nil: null). Every
// other attribute of this provider's schema holds the other provider's
// value, or null where that provider has none.
var fixtureChanges = map[string]map[string]map[string]any{
	"v0.7.0": {
		// SDKv2 stores "" for what the API omitted, the block as a list,
		// and the managed certificate's ID in certificate_id.
		"ngrok_reserved_domain.managed_cert": {
			"certificate_id":                nil,
			"certificate_management_policy": map[string]any{"authority": "letsencrypt", "private_key_type": "rsa"},
			"acme_challenge_cname_target":   nil,
			"region":                        nil,
			"wait_for_certificate":          false,
		},
		"ngrok_reserved_domain.sub": {
			"certificate_management_policy": nil,
			"cname_target":                  nil,
			"acme_challenge_cname_target":   nil,
			"region":                        nil,
			"wait_for_certificate":          false,
		},
		"ngrok_reserved_domain.uploaded_cert": {
			"certificate_management_policy": nil,
			"acme_challenge_cname_target":   nil,
			"region":                        nil,
			"wait_for_certificate":          false,
		},
		"ngrok_reserved_domain.wildcard": {
			"certificate_management_policy": nil,
			"region":                        nil,
			"wait_for_certificate":          false,
		},
		"ngrok_ssh_certificate_authority.ecdsa":   {},
		"ngrok_ssh_certificate_authority.ed25519": {},
		"ngrok_ssh_certificate_authority.rsa":     {},
		"ngrok_ssh_host_certificate.web":          {},
		"ngrok_ssh_user_certificate.alice":        {},
		"ngrok_ssh_user_certificate.bob":          {},
	},
	"v0.8.0": {
		"ngrok_cloud_endpoint.internal": {"domain_id": nil},
		"ngrok_cloud_endpoint.preview":  {},
		"ngrok_cloud_endpoint.public":   {},
		"ngrok_cloud_endpoint.tcp":      {"domain_id": nil},
		"ngrok_domain.managed_cert":     {"certificate_id": nil, "region": nil, "wait_for_certificate": false},
		"ngrok_domain.sub":              {"certificate_id": nil, "region": nil, "wait_for_certificate": false},
		"ngrok_domain.uploaded_cert":    {"region": nil, "wait_for_certificate": false},
		"ngrok_domain.wildcard":         {"certificate_id": nil, "region": nil, "wait_for_certificate": false},
		// v0.8 stores 0 and "" for the key options that do not apply.
		"ngrok_ssh_certificate_authority.ecdsa":   {"key_size": nil},
		"ngrok_ssh_certificate_authority.ed25519": {"key_size": nil, "elliptic_curve": nil},
		"ngrok_ssh_certificate_authority.rsa":     {"elliptic_curve": nil},
	},
}

// renamedTypes are ngrok/ngrok's types that this provider has under another
// name, which a moved block takes over.
var renamedTypes = map[string]string{"ngrok_domain": "ngrok_reserved_domain"}

// ngrokNgrokAddress is the provider address of ngrok/ngrok's state.
const ngrokNgrokAddress = "registry.terraform.io/ngrok/ngrok"

func TestNgrokNgrokFixtures_everyInstanceCarriesOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	schemas := providerResourceSchemas(t, server)

	for _, version := range ngrokNgrokFixtureVersions {
		st := readFixtureState(t, version)
		seen := map[string]bool{}
		for _, r := range st.Resources {
			address := r.Type + "." + r.Name
			t.Run(version+"/"+address, func(t *testing.T) {
				if r.Mode != "managed" || r.Provider != `provider["`+ngrokNgrokAddress+`"]` || len(r.Instances) != 1 {
					t.Fatalf("fixture %s: mode %q, provider %q, %d instances; want one managed instance of ngrok/ngrok",
						address, r.Mode, r.Provider, len(r.Instances))
				}
				inst := r.Instances[0]
				want, ok := fixtureChanges[version][address]
				if !ok {
					t.Fatalf("no expectation for %s of %s", address, version)
				}
				seen[address] = true

				target := r.Type
				var got tftypes.Value
				if renamed, ok := renamedTypes[r.Type]; ok {
					target = renamed
					got = moveState(ctx, t, server, schemas[target], ngrokNgrokAddress, r.Type, inst.SchemaVersion, inst.Attributes, target)
				} else {
					got = upgradeState(ctx, t, server, schemas[target], target, inst.SchemaVersion, inst.Attributes)
				}

				theirs := decodeJSONNumbers(t, inst.Attributes)
				ours := valueToGo(t, got)
				if ours["id"] == nil || ours["id"] != theirs["id"] {
					t.Errorf("id = %v, want %v", ours["id"], theirs["id"])
				}
				for name, value := range ours {
					expected, changed := want[name]
					if !changed {
						expected = theirs[name] // nil when they do not have it
					}
					if !reflect.DeepEqual(value, expected) {
						t.Errorf("%s = %#v, want %#v", name, value, expected)
					}
				}
				for name := range want {
					if _, ok := ours[name]; !ok {
						t.Errorf("the expectation names %s, which %s does not have", name, target)
					}
				}
			})
		}
		for address := range fixtureChanges[version] {
			if !seen[address] {
				t.Errorf("%s: the fixture has no %s", version, address)
			}
		}
	}
}

// Every type of both fixtures is one the provider takes over: renamed
// (moved) or of the same name (upgraded), at the schema version found.
func TestNgrokNgrokFixtures_coverEveryTypeTakenOver(t *testing.T) {
	t.Parallel()
	types := map[string]bool{}
	for _, version := range ngrokNgrokFixtureVersions {
		for _, r := range readFixtureState(t, version).Resources {
			types[version+" "+r.Type] = true
			if v := r.Instances[0].SchemaVersion; v != ngrokNgrokSchemaVersion {
				t.Errorf("%s %s is at schema version %d, want %d", version, r.Type, v, ngrokNgrokSchemaVersion)
			}
		}
	}
	want := []string{
		"v0.7.0 ngrok_reserved_domain", "v0.7.0 ngrok_ssh_certificate_authority",
		"v0.7.0 ngrok_ssh_host_certificate", "v0.7.0 ngrok_ssh_user_certificate",
		"v0.8.0 ngrok_cloud_endpoint", "v0.8.0 ngrok_domain", "v0.8.0 ngrok_ssh_certificate_authority",
	}
	got := make([]string, 0, len(types))
	for k := range types {
		got = append(got, k)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("fixture types = %q, want %q", got, want)
	}
}

// The v0.7 types of the same name also move (a moved block that renames one
// while changing provider) to the same values as they upgrade to.
func TestNgrokNgrokFixtures_sameNameMovesAsItUpgrades(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	schemas := providerResourceSchemas(t, server)
	for _, version := range ngrokNgrokFixtureVersions {
		for _, r := range readFixtureState(t, version).Resources {
			if _, renamed := renamedTypes[r.Type]; renamed {
				continue
			}
			inst := r.Instances[0]
			moved := moveState(ctx, t, server, schemas[r.Type], ngrokNgrokAddress, r.Type, inst.SchemaVersion, inst.Attributes, r.Type)
			upgraded := upgradeState(ctx, t, server, schemas[r.Type], r.Type, inst.SchemaVersion, inst.Attributes)
			if !moved.Equal(upgraded) {
				t.Errorf("%s %s.%s: moved to %v, upgraded to %v", version, r.Type, r.Name, moved, upgraded)
			}
		}
	}
}

// After `terraform state replace-provider`, ngrok_domain carries this
// provider's address until a moved block renames it.
func TestReservedDomainMoveState_acceptsSources(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	domain := fixtureInstance(t, "v0.8.0", "ngrok_domain.sub")
	for _, tc := range []struct {
		address, sourceType string
		version             int64
		wantError           string
	}{
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_domain"},
		{address: "registry.terraform.io/tfedge/ngrok", sourceType: "ngrok_domain"},
		{address: "registry.opentofu.org/ngrok/ngrok", sourceType: "ngrok_domain"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_reserved_domain"},
		{address: "registry.terraform.io/hashicorp/aws", sourceType: "ngrok_domain",
			wantError: "does not include support for the given source resource"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_cloud_endpoint",
			wantError: "does not include support for the given source resource"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_domain", version: 1,
			wantError: "this state is at version 1"},
	} {
		resp, err := server.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{
			SourceProviderAddress: tc.address,
			SourceTypeName:        tc.sourceType,
			SourceSchemaVersion:   tc.version,
			SourceState:           &tfprotov6.RawState{JSON: domain},
			TargetTypeName:        "ngrok_reserved_domain",
		})
		if err != nil {
			t.Fatal(err)
		}
		diags := diagnosticsText(resp.Diagnostics)
		switch {
		case tc.wantError == "" && (diags != "" || resp.TargetState == nil):
			t.Errorf("%s %s v%d: %s; want it moved", tc.address, tc.sourceType, tc.version, diags)
		case tc.wantError != "" && !strings.Contains(diags, tc.wantError):
			t.Errorf("%s %s v%d: diagnostics %q, want %q", tc.address, tc.sourceType, tc.version, diags, tc.wantError)
		}
	}
}

// A state that cannot be read is an error that says what to do, never a
// panic or a half-read state.
func TestUpgradeState_unreadableState(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	for _, tc := range []struct {
		name, typ string
		raw       *tfprotov6.RawState
		want      string
	}{
		{"flatmap", "ngrok_reserved_domain", &tfprotov6.RawState{Flatmap: map[string]string{"id": "rd_x"}}, "Terraform 0.11"},
		{"two policy blocks", "ngrok_reserved_domain", &tfprotov6.RawState{JSON: []byte(
			`{"id":"rd_x","domain":"a.example.com","certificate_management_policy":[{"authority":"letsencrypt"},{"authority":"letsencrypt"}]}`)},
			"at most one"},
		{"wrong type", "ngrok_cloud_endpoint", &tfprotov6.RawState{JSON: []byte(`{"id":"ep_x","bindings":"public"}`)}, "bindings"},
	} {
		resp, err := server.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{TypeName: tc.typ, Version: 0, RawState: tc.raw})
		if err != nil {
			t.Fatal(err)
		}
		diags := diagnosticsText(resp.Diagnostics)
		if !strings.Contains(diags, "Unable to Upgrade Resource State") || !strings.Contains(diags, tc.want) || resp.UpgradedState != nil {
			t.Errorf("%s: diagnostics %q, state %v; want an error naming %q", tc.name, diags, resp.UpgradedState, tc.want)
		}
	}
}

func fixtureInstance(t *testing.T, version, address string) []byte {
	t.Helper()
	for _, r := range readFixtureState(t, version).Resources {
		if r.Type+"."+r.Name == address {
			return r.Instances[0].Attributes
		}
	}
	t.Fatalf("%s has no %s", version, address)
	return nil
}

func providerResourceSchemas(t *testing.T, server tfprotov6.ProviderServer) map[string]*tfprotov6.Schema {
	t.Helper()
	resp, err := server.GetProviderSchema(context.Background(), &tfprotov6.GetProviderSchemaRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diagnosticsText(resp.Diagnostics); d != "" {
		t.Fatal(d)
	}
	return resp.ResourceSchemas
}

// upgradeState runs the provider's UpgradeResourceState as Terraform does
// for state written at version by another provider of the same type name.
func upgradeState(ctx context.Context, t *testing.T, server tfprotov6.ProviderServer, schema *tfprotov6.Schema,
	typeName string, version int64, attrs []byte) tftypes.Value {
	t.Helper()
	resp, err := server.UpgradeResourceState(ctx, &tfprotov6.UpgradeResourceStateRequest{
		TypeName: typeName, Version: version, RawState: &tfprotov6.RawState{JSON: attrs},
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := diagnosticsText(resp.Diagnostics); d != "" || resp.UpgradedState == nil {
		t.Fatalf("upgrading %s from version %d: %s", typeName, version, d)
	}
	v, err := resp.UpgradedState.Unmarshal(schema.ValueType())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// moveState runs the provider's MoveResourceState as Terraform does for a
// moved block from sourceType of the provider at address.
func moveState(ctx context.Context, t *testing.T, server tfprotov6.ProviderServer, schema *tfprotov6.Schema,
	address, sourceType string, version int64, attrs []byte, targetType string) tftypes.Value {
	t.Helper()
	resp, err := server.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{
		SourceProviderAddress: address, SourceTypeName: sourceType, SourceSchemaVersion: version,
		SourceState: &tfprotov6.RawState{JSON: attrs}, TargetTypeName: targetType,
	})
	if err != nil {
		t.Fatal(err)
	}
	if d := diagnosticsText(resp.Diagnostics); d != "" || resp.TargetState == nil {
		t.Fatalf("moving %s to %s: %s", sourceType, targetType, d)
	}
	v, err := resp.TargetState.Unmarshal(schema.ValueType())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func diagnosticsText(diags []*tfprotov6.Diagnostic) string {
	var b strings.Builder
	for _, d := range diags {
		fmt.Fprintf(&b, "%s: %s\n", d.Summary, d.Detail)
	}
	return b.String()
}

// decodeJSONNumbers decodes a JSON object with its numbers as json.Number,
// the form valueToGo gives them.
func decodeJSONNumbers(t *testing.T, b []byte) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// valueToGo turns a state value into what encoding/json decodes its JSON
// to (numbers as json.Number): the form Terraform writes in state files.
func valueToGo(t *testing.T, v tftypes.Value) map[string]any {
	t.Helper()
	out, err := tfValueToGo(v)
	if err != nil {
		t.Fatal(err)
	}
	m, ok := out.(map[string]any)
	if !ok {
		t.Fatalf("the state is %T, not an object", out)
	}
	return m
}

func tfValueToGo(v tftypes.Value) (any, error) {
	if v.IsNull() {
		return nil, nil
	}
	if !v.IsKnown() {
		return nil, fmt.Errorf("unknown value in state: %v", v)
	}
	typ := v.Type()
	switch {
	case typ.Is(tftypes.String):
		var s string
		return s, v.As(&s)
	case typ.Is(tftypes.Bool):
		var b bool
		return b, v.As(&b)
	case typ.Is(tftypes.Number):
		var f big.Float
		if err := v.As(&f); err != nil {
			return nil, err
		}
		return json.Number(f.Text('f', -1)), nil
	case typ.Is(tftypes.List{}), typ.Is(tftypes.Set{}), typ.Is(tftypes.Tuple{}):
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			return nil, err
		}
		out := make([]any, len(elems))
		for i, e := range elems {
			var err error
			if out[i], err = tfValueToGo(e); err != nil {
				return nil, err
			}
		}
		return out, nil
	case typ.Is(tftypes.Map{}), typ.Is(tftypes.Object{}):
		var attrs map[string]tftypes.Value
		if err := v.As(&attrs); err != nil {
			return nil, err
		}
		out := make(map[string]any, len(attrs))
		for k, e := range attrs {
			var err error
			if out[k], err = tfValueToGo(e); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("unsupported type %s", typ)
}

// This provider's own state of schema version 0 (the schema then was the
// current one) goes through the same upgrader as ngrok/ngrok's, and comes
// out unchanged: every value a normalizer rewrites is one this provider
// never stored.
func TestUpgradeState_ownVersion0StateIsKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	schemas := providerResourceSchemas(t, server)

	caKey := func(kind string) string {
		signer, err := generateTestSigner(kind)
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))
	}
	ca := func(kind, keyType string) any {
		m, err := sshCertificateAuthorityModelFromAPI(&apiclient.SSHCertificateAuthority{
			ID: "sshca_" + kind, URI: "https://api.ngrok.com/ssh_certificate_authorities/sshca_" + kind,
			CreatedAt: "2026-11-23T18:30:48Z", Description: "CA " + kind, Metadata: `{"k":1}`,
			PublicKey: caKey(kind), KeyType: keyType,
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	cert := apiclient.SSHCertificate{
		ID: "sucrt_1", URI: "https://api.ngrok.com/ssh_user_certificates/sucrt_1", CreatedAt: "2026-11-23T18:30:48Z",
		Description: "", Metadata: "", PublicKey: caKey("ed25519") + " alice@laptop", KeyType: "ed25519",
		SSHCertificateAuthorityID: "sshca_1", Principals: []string{"alice", "deploy"},
		ValidAfter: "2026-11-20T09:00:00Z", ValidUntil: "2026-12-20T09:00:00Z", Certificate: "ssh-ed25519-cert-v01@openssh.com AAAA sucrt_1",
	}
	hostCert, diags := sshHostCertificateModelFromAPI(ctx, &cert)
	userCert, d := sshUserCertificateModelFromAPI(ctx, &apiclient.SSHUserCertificate{SSHCertificate: cert,
		CriticalOptions: map[string]string{"force-command": "/bin/true"}, Extensions: map[string]string{}})
	diags.Append(d...)
	if diags.HasError() {
		t.Fatal(diags)
	}
	bare := cert
	bare.Principals = nil
	bareUserCert, d := sshUserCertificateModelFromAPI(ctx, &apiclient.SSHUserCertificate{SSHCertificate: bare})
	if d.HasError() {
		t.Fatal(d)
	}

	managed := reservedDomainModelFromAPI(&apiclient.ReservedDomain{
		ID: "rd_1", URI: "https://api.ngrok.com/reserved_domains/rd_1", CreatedAt: "2026-11-23T18:30:48Z",
		Domain: "*.apps.example.com", CNAMETarget: "x.ngrok-cname.com", ACMEChallengeCNAMETarget: "_acme-challenge.x.ngrok-cname.com",
		Certificate:                 &apiclient.Ref{ID: "cert_1", URI: "https://api.ngrok.com/tls_certificates/cert_1"},
		CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{Authority: "letsencrypt", PrivateKeyType: "rsa"},
		CertificateManagementStatus: &apiclient.ReservedDomainCertStatus{RenewsAt: "2027-01-01T00:00:00Z",
			ProvisioningJob: &apiclient.ReservedDomainCertJob{Msg: "renewing", StartedAt: "2026-12-01T00:00:00Z"}},
		HTTPEndpointConfiguration:  &apiclient.Ref{ID: "ec_1", URI: "https://api.ngrok.com/endpoint_configurations/ec_1"},
		HTTPSEndpointConfiguration: &apiclient.Ref{ID: "ec_2", URI: "https://api.ngrok.com/endpoint_configurations/ec_2"},
	}).withConfigured(reservedDomainModel{
		Region: types.StringValue("eu"), WaitForCertificate: types.BoolValue(true), Domain: types.StringValue("*.Apps.Example.com."),
		Timeouts: types.ObjectValueMust(timeoutsAttrTypes, map[string]attr.Value{"create": types.StringValue("20m"), "update": types.StringNull()}),
	})
	uploaded := reservedDomainModelFromAPI(&apiclient.ReservedDomain{
		ID: "rd_2", URI: "https://api.ngrok.com/reserved_domains/rd_2", CreatedAt: "2026-11-23T18:30:48Z",
		Domain: "www.example.com", Description: "shop", Metadata: "m", CNAMETarget: "y.ngrok-cname.com",
		Certificate: &apiclient.Ref{ID: "cert_2", URI: "https://api.ngrok.com/tls_certificates/cert_2"},
	}).withConfigured(reservedDomainModel{Timeouts: types.ObjectNull(timeoutsAttrTypes)})
	sub := reservedDomainModelFromAPI(&apiclient.ReservedDomain{
		ID: "rd_3", URI: "https://api.ngrok.com/reserved_domains/rd_3", CreatedAt: "2026-11-23T18:30:48Z", Domain: "app.ngrok.app",
	}).withConfigured(reservedDomainModel{Timeouts: types.ObjectNull(timeoutsAttrTypes)})

	endpoint := func(url string, domain *apiclient.Ref, bindings ...string) any {
		return cloudEndpointModelFromAPI(&apiclient.Endpoint{
			ID: "ep_1", URI: "https://api.ngrok.com/endpoints/ep_1", CreatedAt: "2026-11-23T18:30:48Z", UpdatedAt: "2026-11-24T18:30:48Z",
			URL: url, PublicURL: url, Proto: "https", Hostport: "app.example.com:443", Type: "cloud", Domain: domain,
			TrafficPolicy: new(`{"on_http_request":[]}`), Bindings: bindings, PoolingEnabled: true,
		})
	}

	for _, tc := range []struct {
		name, typeName string
		resource       func() resource.Resource
		model          any
	}{
		{"managed wildcard domain", "ngrok_reserved_domain", NewReservedDomainResource, managed},
		{"uploaded certificate", "ngrok_reserved_domain", NewReservedDomainResource, uploaded},
		{"ngrok subdomain", "ngrok_reserved_domain", NewReservedDomainResource, sub},
		{"public endpoint", "ngrok_cloud_endpoint", NewCloudEndpointResource, endpoint("https://app.example.com", &apiclient.Ref{ID: "rd_1", URI: "u"}, "public")},
		{"internal endpoint", "ngrok_cloud_endpoint", NewCloudEndpointResource, endpoint("https://orders.internal", nil, "internal")},
		{"ed25519 authority", "ngrok_ssh_certificate_authority", NewSSHCertificateAuthorityResource, ca("ed25519", "ed25519")},
		{"p384 authority", "ngrok_ssh_certificate_authority", NewSSHCertificateAuthorityResource, ca("p384", "ecdsa")},
		{"rsa authority", "ngrok_ssh_certificate_authority", NewSSHCertificateAuthorityResource, ca("rsa2048", "rsa")},
		{"host certificate", "ngrok_ssh_host_certificate", NewSSHHostCertificateResource, hostCert},
		{"user certificate", "ngrok_ssh_user_certificate", NewSSHUserCertificateResource, userCert},
		{"user certificate without options", "ngrok_ssh_user_certificate", NewSSHUserCertificateResource, bareUserCert},
	} {
		t.Run(tc.name, func(t *testing.T) {
			schemaResp := &resource.SchemaResponse{}
			tc.resource().Schema(ctx, resource.SchemaRequest{}, schemaResp)
			state := tfsdk.State{Schema: schemaResp.Schema, Raw: tftypes.NewValue(schemaResp.Schema.Type().TerraformType(ctx), nil)}
			if diags := state.Set(ctx, tc.model); diags.HasError() {
				t.Fatal(diags)
			}
			stored, err := tfValueToGo(state.Raw)
			if err != nil {
				t.Fatal(err)
			}
			attrs, err := json.Marshal(stored)
			if err != nil {
				t.Fatal(err)
			}
			got := upgradeState(ctx, t, server, schemas[tc.typeName], tc.typeName, 0, attrs)
			if !got.Equal(state.Raw) {
				after, _ := json.Marshal(valueToGo(t, got))
				t.Errorf("the upgrade changed a version 0 state:\nbefore %s\nafter  %s", attrs, after)
			}
		})
	}
}

// The resources take over ngrok/ngrok's state at schema version 1: the
// version their state upgraders start from is the only older one.
func TestNgrokNgrokTypes_schemaVersion(t *testing.T) {
	t.Parallel()
	schemas := providerResourceSchemas(t, providerserver.NewProtocol6(New("test")())())
	for _, typeName := range []string{"ngrok_reserved_domain", "ngrok_cloud_endpoint", "ngrok_ssh_certificate_authority",
		"ngrok_ssh_host_certificate", "ngrok_ssh_user_certificate"} {
		if v := schemas[typeName].Version; v != ngrokNgrokSchemaVersion+1 {
			t.Errorf("%s is at schema version %d, want %d", typeName, v, ngrokNgrokSchemaVersion+1)
		}
	}
}
