package provider

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// The state that ngrok/ngrok v0.7.0 and v0.8.0 wrote against ngrok-mock
// (testdata/ngrok-ngrok, with the configuration and schema they came from)
// is taken over instance by instance: every value that both providers have
// carries over as it is, but for the differences listed per instance below.

// ngrokNgrokFixtureVersions are the versions of ngrok/ngrok whose state is
// under testdata/ngrok-ngrok.
var ngrokNgrokFixtureVersions = []string{"v0.7.0", "v0.8.0", "v0.7.0-access", "v0.8.0-access", "v0.7.0-keys", "v0.8.0-keys", "v0.7.0-vaults", "v0.8.0-vaults", "v0.7.0-agents", "v0.8.0-agents", "v0.7.0-backends"}

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
			"deletion_protection":           false,
		},
		"ngrok_reserved_domain.sub": {
			"certificate_management_policy": nil,
			"cname_target":                  nil,
			"acme_challenge_cname_target":   nil,
			"region":                        nil,
			"wait_for_certificate":          false,
			"deletion_protection":           false,
		},
		"ngrok_reserved_domain.uploaded_cert": {
			"certificate_management_policy": nil,
			"acme_challenge_cname_target":   nil,
			"region":                        nil,
			"wait_for_certificate":          false,
			"deletion_protection":           false,
		},
		"ngrok_reserved_domain.wildcard": {
			"certificate_management_policy": nil,
			"region":                        nil,
			"wait_for_certificate":          false,
			"deletion_protection":           false,
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
		"ngrok_domain.managed_cert":     {"certificate_id": nil, "region": nil, "wait_for_certificate": false, "deletion_protection": false},
		"ngrok_domain.sub":              {"certificate_id": nil, "region": nil, "wait_for_certificate": false, "deletion_protection": false},
		"ngrok_domain.uploaded_cert":    {"region": nil, "wait_for_certificate": false, "deletion_protection": false},
		"ngrok_domain.wildcard":         {"certificate_id": nil, "region": nil, "wait_for_certificate": false, "deletion_protection": false},
		// v0.8 stores 0 and "" for the key options that do not apply.
		"ngrok_ssh_certificate_authority.ecdsa":   {"key_size": nil},
		"ngrok_ssh_certificate_authority.ed25519": {"key_size": nil, "elliptic_curve": nil},
		"ngrok_ssh_certificate_authority.rsa":     {"elliptic_curve": nil},
	},
	"v0.7.0-access": {
		"ngrok_ip_policy.office":         {},
		"ngrok_ip_policy.blocklist":      {},
		"ngrok_ip_policy_rule.office_v4": {},
		"ngrok_ip_policy_rule.office_v6": {},
		"ngrok_ip_policy_rule.vpn_host":  {},
		"ngrok_ip_policy_rule.block_v4":  {},
		"ngrok_ip_policy_rule.block_v6":  {},
		// SDKv2 stores the subject alternative names as a set of one block.
		"ngrok_tls_certificate.shop": {"subject_alternative_names": map[string]any{
			"dns_names": []any{"shop.example.com", "*.shop.example.com"}, "ips": []any{"203.0.113.10", "2001:db8::10"},
		}},
	},
	"v0.8.0-access": {
		"ngrok_ip_policy.office":         {},
		"ngrok_ip_policy.blocklist":      {},
		"ngrok_ip_policy_rule.office_v4": {},
		"ngrok_ip_policy_rule.office_v6": {},
		"ngrok_ip_policy_rule.vpn_host":  {},
		"ngrok_ip_policy_rule.block_v4":  {},
		"ngrok_ip_policy_rule.block_v6":  {},
		"ngrok_tls_certificate.shop":     {},
	},
	// v0.7.0 has no uri or created_at, keeps no token ("" becomes null) and
	// stores an omitted ACL as null (this provider: []).
	"v0.7.0-keys": {
		"ngrok_credential.agents":     {"uri": nil, "created_at": nil, "token": nil},
		"ngrok_credential.plain":      {"uri": nil, "created_at": nil, "token": nil, "acl": []any{}},
		"ngrok_api_key.ci":            {"uri": nil, "created_at": nil, "token": nil},
		"ngrok_ssh_credential.laptop": {"uri": nil, "created_at": nil},
	},
	"v0.8.0-keys": {
		"ngrok_credential.agents":     {},
		"ngrok_credential.plain":      {},
		"ngrok_api_key.ci":            {},
		"ngrok_ssh_credential.laptop": {},
	},
	"v0.7.0-vaults": {
		"ngrok_vault.prod":         {},
		"ngrok_secret.db_password": {},
		// SDKv2 stores the target and its parts as lists of one block.
		"ngrok_event_destination.kinesis": {"target": map[string]any{
			"azure_logs_ingestion": nil, "cloudwatch_logs": nil, "datadog": nil, "firehose": nil,
			"kinesis": map[string]any{"stream_arn": "arn:aws:kinesis:us-east-1:123456789012:stream/ngrok-events",
				"auth": map[string]any{"creds": nil, "role": map[string]any{"role_arn": "arn:aws:iam::123456789012:role/ngrok-events"}}},
		}},
	},
	// v0.7.0 stores omitted labels and headers as null (this provider: {}).
	"v0.7.0-backends": {
		"ngrok_tunnel_group_backend.web":             {},
		"ngrok_tunnel_group_backend.bare":            {"labels": map[string]any{}},
		"ngrok_http_response_backend.maintenance":    {},
		"ngrok_http_response_backend.default_status": {"headers": map[string]any{}},
		"ngrok_failover_backend.web":                 {},
	},
	"v0.8.0-vaults": {
		"ngrok_vault.prod":                {},
		"ngrok_vault.staging":             {},
		"ngrok_secret.db_password":        {},
		"ngrok_secret.api_token":          {},
		"ngrok_event_destination.kinesis": {},
		// ngrok/ngrok keeps the credential in the target; this provider beside it.
		"ngrok_event_destination.firehose": {"aws_secret_access_key": "fixture-aws-secret", "target": map[string]any{
			"azure_logs_ingestion": nil, "cloudwatch_logs": nil, "datadog": nil, "kinesis": nil,
			"firehose": map[string]any{"delivery_stream_arn": "arn:aws:firehose:us-east-1:123456789012:deliverystream/ngrok",
				"auth": map[string]any{"role": nil, "creds": map[string]any{"aws_access_key_id": "AKIAFIXTURE"}}},
		}},
		"ngrok_event_destination.datadog": {"api_key": "fixture-datadog-key", "target": map[string]any{
			"azure_logs_ingestion": nil, "cloudwatch_logs": nil, "firehose": nil, "kinesis": nil,
			"datadog": map[string]any{"ddsite": "datadoghq.eu", "ddtags": "env:prod", "service": "ngrok"},
		}},
		"ngrok_event_destination.azure": {"client_secret": "fixture-azure-secret", "target": map[string]any{
			"cloudwatch_logs": nil, "datadog": nil, "firehose": nil, "kinesis": nil,
			"azure_logs_ingestion": map[string]any{"client_id": "00000000-0000-0000-0000-000000000002",
				"data_collection_rule_id": "dcr-00000000000000000000000000000000", "data_collection_stream_name": "Custom-ngrok_CL",
				"logs_ingestion_uri": "https://ngrok-dce.eastus-1.ingest.monitor.azure.com", "tenant_id": "00000000-0000-0000-0000-000000000001"},
		}},
		// ngrok/ngrok stores sources as objects; this provider as their types.
		"ngrok_event_subscription.secrets":  {"sources": []any{"vault_created.v0", "secret_created.v0", "secret_updated.v0"}},
		"ngrok_event_subscription.policies": {"sources": []any{"ip_policy_created.v0"}},
	},
	// SDKv2 stores the certificate management policy as a set of at most
	// one block; neither provider of them has wait_for_certificate (false).
	"v0.7.0-agents": {
		"ngrok_bot_user.deploy": {},
		"ngrok_agent_ingress.connect": {"wait_for_certificate": false, "certificate_management_policy": map[string]any{
			"authority": "letsencrypt", "private_key_type": "ecdsa"}},
		"ngrok_agent_ingress.plain":           {"wait_for_certificate": false, "certificate_management_policy": nil},
		"ngrok_reserved_addr.ssh":             {"deletion_protection": false},
		"ngrok_reserved_addr.db":              {"deletion_protection": false},
		"ngrok_ip_policy.office":              {},
		"ngrok_ip_restriction.dashboard":      {},
		"ngrok_ip_restriction.agent":          {},
		"ngrok_certificate_authority.clients": {},
	},
	"v0.8.0-agents": {
		"ngrok_service_user.ci":               {},
		"ngrok_service_user.retired":          {},
		"ngrok_agent_ingress.connect":         {"wait_for_certificate": false},
		"ngrok_agent_ingress.plain":           {"wait_for_certificate": false},
		"ngrok_tcp_address.ssh":               {"deletion_protection": false},
		"ngrok_tcp_address.db":                {"deletion_protection": false},
		"ngrok_ip_policy.office":              {},
		"ngrok_ip_restriction.dashboard":      {},
		"ngrok_ip_restriction.agent":          {},
		"ngrok_certificate_authority.clients": {},
	},
}

// renamedTypes are ngrok/ngrok's types that this provider has under another
// name, which a moved block takes over.
var renamedTypes = map[string]string{"ngrok_domain": "ngrok_reserved_domain", "ngrok_tcp_address": "ngrok_reserved_addr"}

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
					got = moveState(ctx, t, server, schemas[target], r.Type, inst.SchemaVersion, inst.Attributes, target)
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
		"v0.7.0-access ngrok_ip_policy", "v0.7.0-access ngrok_ip_policy_rule", "v0.7.0-access ngrok_tls_certificate",
		"v0.7.0-agents ngrok_agent_ingress", "v0.7.0-agents ngrok_bot_user", "v0.7.0-agents ngrok_certificate_authority",
		"v0.7.0-agents ngrok_ip_policy", "v0.7.0-agents ngrok_ip_restriction", "v0.7.0-agents ngrok_reserved_addr",
		"v0.7.0-backends ngrok_failover_backend", "v0.7.0-backends ngrok_http_response_backend", "v0.7.0-backends ngrok_tunnel_group_backend",
		"v0.7.0-keys ngrok_api_key", "v0.7.0-keys ngrok_credential", "v0.7.0-keys ngrok_ssh_credential",
		"v0.7.0-vaults ngrok_event_destination", "v0.7.0-vaults ngrok_secret", "v0.7.0-vaults ngrok_vault",
		"v0.8.0 ngrok_cloud_endpoint", "v0.8.0 ngrok_domain", "v0.8.0 ngrok_ssh_certificate_authority",
		"v0.8.0-access ngrok_ip_policy", "v0.8.0-access ngrok_ip_policy_rule", "v0.8.0-access ngrok_tls_certificate",
		"v0.8.0-agents ngrok_agent_ingress", "v0.8.0-agents ngrok_certificate_authority", "v0.8.0-agents ngrok_ip_policy",
		"v0.8.0-agents ngrok_ip_restriction", "v0.8.0-agents ngrok_service_user", "v0.8.0-agents ngrok_tcp_address",
		"v0.8.0-keys ngrok_api_key", "v0.8.0-keys ngrok_credential", "v0.8.0-keys ngrok_ssh_credential",
		"v0.8.0-vaults ngrok_event_destination", "v0.8.0-vaults ngrok_event_subscription", "v0.8.0-vaults ngrok_secret",
		"v0.8.0-vaults ngrok_vault",
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
			moved := moveState(ctx, t, server, schemas[r.Type], r.Type, inst.SchemaVersion, inst.Attributes, r.Type)
			upgraded := upgradeState(ctx, t, server, schemas[r.Type], r.Type, inst.SchemaVersion, inst.Attributes)
			if !moved.Equal(upgraded) {
				t.Errorf("%s %s.%s: moved to %v, upgraded to %v", version, r.Type, r.Name, moved, upgraded)
			}
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

// v0.8's resolves_to (a list in the configuration's order) is kept, as a
// set, whether the state moves (ngrok_domain) or, after replace-provider,
// is upgraded; null stays null for the refresh to fill in.
func TestNgrokNgrokState_v080ResolvesToIsKept(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	schema := providerResourceSchemas(t, server)["ngrok_reserved_domain"]
	for _, tc := range []struct {
		resolvesTo any
		want       []any
	}{
		{[]any{"us-cal-1", "eu"}, []any{"eu", "us-cal-1"}},
		{[]any{"global"}, []any{"global"}},
		{[]any{}, []any{}},
		{nil, nil},
	} {
		attrs := decodeJSONNumbers(t, fixtureInstance(t, "v0.8.0", "ngrok_domain.sub"))
		attrs["resolves_to"] = tc.resolvesTo
		raw, err := json.Marshal(attrs)
		if err != nil {
			t.Fatal(err)
		}
		for how, v := range map[string]tftypes.Value{
			"moved":    moveState(ctx, t, server, schema, "ngrok_domain", 0, raw, "ngrok_reserved_domain"),
			"upgraded": upgradeState(ctx, t, server, schema, "ngrok_reserved_domain", 0, raw),
		} {
			got := valueToGo(t, v)["resolves_to"]
			if tc.want == nil && got != nil || tc.want != nil && !sameElements(got, tc.want) {
				t.Errorf("%s with resolves_to %v: %#v, want %v", how, tc.resolvesTo, got, tc.want)
			}
		}
	}
}

// sameElements reports whether got, a set as valueToGo gives it, holds
// exactly want's elements.
func sameElements(got any, want []any) bool {
	l, ok := got.([]any)
	if !ok || len(l) != len(want) {
		return false
	}
	for _, w := range want {
		if !slices.Contains(l, w) {
			return false
		}
	}
	return true
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
// moved block from sourceType of ngrok/ngrok.
func moveState(ctx context.Context, t *testing.T, server tfprotov6.ProviderServer, schema *tfprotov6.Schema,
	sourceType string, version int64, attrs []byte, targetType string) tftypes.Value {
	t.Helper()
	resp, err := server.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{
		SourceProviderAddress: ngrokNgrokAddress, SourceTypeName: sourceType, SourceSchemaVersion: version,
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
		{"ed25519 authority", "ngrok_ssh_certificate_authority", sshCertificateAuthorityType.newResource, ca("ed25519", "ed25519")},
		{"p384 authority", "ngrok_ssh_certificate_authority", sshCertificateAuthorityType.newResource, ca("p384", "ecdsa")},
		{"rsa authority", "ngrok_ssh_certificate_authority", sshCertificateAuthorityType.newResource, ca("rsa2048", "rsa")},
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
		"ngrok_ssh_host_certificate", "ngrok_ssh_user_certificate", "ngrok_ip_policy", "ngrok_ip_policy_rule", "ngrok_tls_certificate",
		"ngrok_credential", "ngrok_api_key", "ngrok_ssh_credential", "ngrok_bot_user", "ngrok_service_user", "ngrok_agent_ingress",
		"ngrok_reserved_addr", "ngrok_ip_restriction", "ngrok_certificate_authority"} {
		if v := schemas[typeName].Version; v != ngrokNgrokSchemaVersion+1 {
			t.Errorf("%s is at schema version %d, want %d", typeName, v, ngrokNgrokSchemaVersion+1)
		}
	}
}

// The migration from ngrok/ngrok as a user runs it, with the Terraform CLI:
// the state that ngrok/ngrok v0.7.0 or v0.8.0 wrote (testdata/ngrok-ngrok),
// pointed at a mock that holds the same objects, is taken over by
// `terraform state replace-provider` and, for v0.8's ngrok_domain, `moved`
// blocks; the next plan is empty for this provider's equivalent of the
// configuration that wrote the state (tfedge.tf beside it), and the apply
// that records the moves asks the API for nothing but reads.
//
// The mock cannot take objects with the fixture's IDs, so the test creates
// the same objects (this provider applies tfedge.tf, the seeded objects of
// seed.yaml keep their IDs) and writes into the fixture's state the values
// that the server chose for them, as the fixture's own run did: IDs, uris,
// timestamps, CNAME targets, keys and certificates. Every other value is
// the other provider's, as it wrote it.

// serverChosenAttributes are the values the server chose when the fixture's
// objects were created, which the test takes from the objects it made
// again. A "" (where the server chose nothing) is kept, as the other
// provider wrote it.
var serverChosenAttributes = []string{
	"id", "uri", "created_at", "updated_at", "cname_target", "acme_challenge_cname_target", "domain_id",
	"ssh_certificate_authority_id", "public_key", "certificate", "valid_after", "valid_until", "ip_policy_id",
}

// serverChosenLists are lists of IDs the server chose (a failover
// backend's backends), rewritten whole like serverChosenAttributes.
var serverChosenLists = []string{"backends"}

const tfedgeTerraformBlock = `terraform {
  required_providers {
    ngrok = {
      source = "registry.terraform.io/tfedge/ngrok"
    }
  }
}

`

// bothProvidersTerraformBlock keeps ngrok/ngrok beside this provider.
const bothProvidersTerraformBlock = `terraform {
  required_providers {
    ngrok = {
      source = "registry.terraform.io/tfedge/ngrok"
    }
    ngrok-ngrok = {
      source = "registry.terraform.io/ngrok/ngrok"
    }
  }
}

`

// migration is one way to take over a fixture's state.
type migration struct {
	version string
	// replaceProvider runs `terraform state replace-provider` first;
	// without it, Terraform switches each resource to the provider that the
	// configuration names, and needs ngrok/ngrok (the stub) to read the
	// state that names it.
	replaceProvider bool
	// moved adds the fixture's moved.tf.
	moved bool
	// keep adds keptResource, a resource whose configuration names
	// ngrok/ngrok (under the local name ngrok-ngrok), where it stays though
	// this provider has its type too.
	keep bool
	// edit changes tfedge.tf before the migration, and updates lists the
	// attributes that the migration's plan then updates, by address.
	edit    func(config string) string
	updates map[string][]string
}

func TestAccNgrokNgrokMigration_v070ReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v070ProviderSwitchedByConfiguration(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0"})
}

// The types of issue 20 (IP policies, their rules, a TLS certificate whose
// key the state holds) move by replace-provider and plan nothing.
func TestAccNgrokNgrokMigration_v070AccessReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0-access", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v080AccessReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0-access", replaceProvider: true})
}

// The types of issue 21's first part (authtokens, API keys, SSH
// credentials) move by replace-provider and plan nothing; v0.8.0's tokens
// carry over.
func TestAccNgrokNgrokMigration_v070KeysReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0-keys", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v080KeysReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0-keys", replaceProvider: true})
}

// The agents and access types of issue 21 (users, agent ingresses,
// reserved TCP addresses, IP restrictions, certificate authorities) move by
// replace-provider, and v0.8.0's ngrok_tcp_address by moved blocks to
// ngrok_reserved_addr, and plan nothing.
func TestAccNgrokNgrokMigration_v070AgentsReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0-agents", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v080AgentsReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0-agents", replaceProvider: true, moved: true})
}

// ngrok/ngrok v0.8 defaults an IP restriction's enforced to true; this
// provider to the API's false. A configuration that leaves it unset plans
// that one change, which the plan shows (the guide warns of it), and
// nothing else.
func TestAccNgrokNgrokMigration_v080OmittedEnforcedIsTheOnlyChange(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0-agents", replaceProvider: true, moved: true,
		edit: func(config string) string {
			return strings.Replace(config, "  type          = \"agent\"\n  enforced      = true\n", "  type          = \"agent\"\n", 1)
		},
		updates: map[string][]string{"ngrok_ip_restriction.agent": {"enforced"}},
	})
}

// The types of issue 22 (vaults, secrets and event destinations whose
// values the state holds, event subscriptions) move by replace-provider and
// plan nothing.
func TestAccNgrokNgrokMigration_v080VaultsReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0-vaults", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v070VaultsReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0-vaults", replaceProvider: true})
}

// v0.7.0's backends of issue 23 (tunnel group, HTTP response, failover),
// applied with edges writable, move by replace-provider and plan nothing.
func TestAccNgrokNgrokMigration_v070BackendsReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0-backends", replaceProvider: true})
}

// After replace-provider, ngrok_domain is this provider's, and the moved
// blocks move it within the provider.
func TestAccNgrokNgrokMigration_v080ReplaceProviderThenMoved(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", replaceProvider: true, moved: true})
}

// Without replace-provider, the moved blocks move ngrok_domain from
// ngrok/ngrok, and a resource whose configuration keeps ngrok/ngrok stays
// there.
func TestAccNgrokNgrokMigration_v080MovedAcrossProviders(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", moved: true, keep: true})
}

// keptResource is an IP policy that ngrok/ngrok v0.8 manages, and keeps
// managing: its configuration, and its state as v0.8 writes it.
const (
	keptResourceAddress = "ngrok_ip_policy.office"
	keptResourceConfig  = `provider "ngrok-ngrok" {}

resource "ngrok_ip_policy" "office" {
  provider    = ngrok-ngrok
  description = "Office"
}
`
	keptResourceState = `{"mode": "managed", "type": "ngrok_ip_policy", "name": "office",
  "provider": "provider[\"registry.terraform.io/ngrok/ngrok\"]",
  "instances": [{"schema_version": 0, "sensitive_attributes": [], "attributes": {
    "created_at": "2026-11-23T18:30:48Z", "description": "Office", "id": "ipp_2pQxB1cD3eF4gH5iJ6kL7mN8oP9",
    "metadata": "", "uri": "https://api.ngrok.com/ip_policies/ipp_2pQxB1cD3eF4gH5iJ6kL7mN8oP9"}}]}`
)

// ngrok/ngrok v0.8 computes description when the configuration omits it
// (it keeps what the object has); this provider manages it, and an omitted
// description is "". A configuration that omits a description the object
// has plans that one change, and nothing else.
func TestAccNgrokNgrokMigration_v080OmittedDescriptionIsTheOnlyChange(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", replaceProvider: true, moved: true,
		edit: func(config string) string {
			return strings.Replace(config, "  description = \"Public entry point\"\n", "", 1)
		},
		updates: map[string][]string{"ngrok_cloud_endpoint.public": {"description"}},
	})
}

// A v0.7 domain reserved with region (deprecated: the API accepts it,
// ignores it and never returns it, so v0.7's state holds "") plans one
// in-place update of region while the configuration keeps it, which
// changes nothing in ngrok; the plan after its apply is empty. The guide
// says to remove it instead.
func TestAccNgrokNgrokMigration_v070RegionIsOneUpdate(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0", replaceProvider: true,
		edit: func(config string) string {
			return strings.Replace(config, "resource \"ngrok_reserved_domain\" \"sub\" {\n",
				"resource \"ngrok_reserved_domain\" \"sub\" {\n  region = \"us\"\n", 1)
		},
		updates: map[string][]string{"ngrok_reserved_domain.sub": {"region"}},
	})
}

// testAccNgrokNgrokMigration runs the migration m of a fixture: a plan that
// changes nothing (but the moves), its apply, and an empty plan.
func testAccNgrokNgrokMigration(t *testing.T, m migration) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	version := m.version
	reattach := migrationProviders(t, version)
	mock, created := createFixtureObjects(t, version, reattach)

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattach}
	state := rewriteFixtureState(t, version, created)
	want := map[string]string{} // address → provider, after the migration
	for address := range created {
		want[address] = tfedgeNgrokAddress
	}
	if m.keep {
		state = addStateResource(t, state, keptResourceState)
		writeFile(t, d.dir, "kept.tf", []byte(keptResourceConfig))
		want[keptResourceAddress] = ngrokNgrokAddress
	}
	writeFile(t, d.dir, "terraform.tfstate", state)
	config := readTestdata(t, version, "tfedge.tf")
	if m.edit != nil {
		if config = m.edit(config); config == readTestdata(t, version, "tfedge.tf") {
			t.Fatal("the edit changed nothing")
		}
	}
	terraformBlock := tfedgeTerraformBlock
	if m.keep {
		terraformBlock = bothProvidersTerraformBlock
	}
	writeFile(t, d.dir, "main.tf", []byte(terraformBlock+mock.config(config)))
	if m.moved {
		writeFile(t, d.dir, "moved.tf", []byte(readTestdata(t, version, "moved.tf")))
	}

	if m.replaceProvider {
		t.Logf("terraform state replace-provider:\n%s", mustRun(t, d, "state", "replace-provider", "-auto-approve", ngrokNgrokAddress, tfedgeNgrokAddress))
	}
	mustRun(t, d, "init", "-input=false")
	code, out := d.run("plan", "-input=false", "-detailed-exitcode", "-out=migrate.tfplan")
	t.Logf("the plan that takes over ngrok/ngrok %s's state (exit %d):\n%s", version, code, out)
	// NOTE: -detailed-exitcode counts a move as a change.
	if wantCode := map[bool]int{false: 0, true: 2}[m.moved || len(m.updates) > 0]; code != wantCode {
		t.Fatalf("terraform plan: exit %d, want %d:\n%s", code, wantCode, out)
	}
	changes := planResourceChanges(t, d, "migrate.tfplan")
	wantMoved := map[string]string{}
	if m.moved {
		for address := range created {
			typ, name, _ := strings.Cut(address, ".")
			for from, to := range renamedTypes {
				if to == typ {
					wantMoved[address] = from + "." + name
				}
			}
		}
	}
	if len(changes) != len(want) {
		t.Errorf("the plan has %d resources, the configuration %d", len(changes), len(want))
	}
	for _, c := range changes {
		wantAction, wantChanged := []string{"no-op"}, []string(nil)
		if attrs, ok := m.updates[c.Address]; ok {
			wantAction, wantChanged = []string{"update"}, attrs
		}
		if !slices.Equal(c.Change.Actions, wantAction) || c.PreviousAddress != wantMoved[c.Address] {
			t.Errorf("%s: plan %v (moved from %q); want %v, moved from %q", c.Address, c.Change.Actions, c.PreviousAddress,
				wantAction, wantMoved[c.Address])
		}
		if changed := c.changedAttributes(); !slices.Equal(changed, wantChanged) {
			t.Errorf("%s: the plan changes %q, want %q", c.Address, changed, wantChanged)
		}
	}
	if len(m.updates) == 0 && !strings.Contains(out, "0 to add, 0 to change, 0 to destroy") && !strings.Contains(out, "No changes.") {
		t.Errorf("the plan changes something:\n%s", out)
	}

	mock.server.ClearJournal()
	t.Logf("terraform apply:\n%s", mustRun(t, d, "apply", "-input=false", "migrate.tfplan"))
	if code, out := d.run("plan", "-input=false", "-detailed-exitcode"); code != 0 {
		t.Errorf("the plan after the migration (exit %d):\n%s", code, out)
	}
	requests, _ := mock.server.Journal()
	writes := 0
	for _, r := range requests {
		if r.Method != http.MethodGet {
			writes++
			if r.Method != http.MethodPatch || writes > len(m.updates) {
				t.Errorf("the migration sent %s %s; want only the %d updates planned", r.Method, r.Path, len(m.updates))
			}
		}
	}

	// Every object is in the state of the provider that manages it (this
	// one at its schema version), with the ID of the object in the mock.
	st := readStateFile(t, d.dir)
	if len(st.Resources) != len(want) {
		t.Errorf("the state has %d resources, want %d", len(st.Resources), len(want))
	}
	for _, r := range st.Resources {
		address := r.Type + "." + r.Name
		if r.Provider != `provider["`+want[address]+`"]` || len(r.Instances) != 1 {
			t.Errorf("%s: provider %s, %d instances; want one of %s", address, r.Provider, len(r.Instances), want[address])
			continue
		}
		if want[address] != tfedgeNgrokAddress {
			continue
		}
		if v := r.Instances[0].SchemaVersion; v != stateSchemaVersion {
			t.Errorf("%s: schema version %d, want %d", address, v, stateSchemaVersion)
		}
		if got, want := decodeJSONNumbers(t, r.Instances[0].Attributes)["id"], created[address]["id"]; got != want {
			t.Errorf("%s: id %v, want %v", address, got, want)
		}
	}
}

// fixtureTCPAddress finds the reserved TCP addresses that a fixture's
// configuration names in its tcp:// endpoint URLs.
var fixtureTCPAddress = regexp.MustCompile(`"tcp://([^"/]+:[0-9]+)"`)

// createFixtureObjects serves a mock holding the objects of version's
// fixture: those of seed.yaml, seeded with their IDs, and those the
// fixture's configuration made, made again by this provider from its
// equivalent (tfedge.tf). It returns the mock and this provider's state of
// them, by address.
func createFixtureObjects(t *testing.T, version, reattach string) (*testMock, map[string]map[string]any) {
	t.Helper()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	// NOTE: the backends' fixture comes from an account that kept edge write
	// access.
	mock.server.SetEdgesWritable(true)
	seed, err := mockserver.ParseSeedFile([]byte(readTestdata(t, "", "seed.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.Seed(seed); err != nil {
		t.Fatal(err)
	}
	config := readTestdata(t, version, "tfedge.tf")
	// NOTE: a public tcp:// endpoint needs a reserved address of the
	// account (ERR_NGROK_18006); the fixtures' configurations were applied
	// on accounts that had theirs.
	seeded := map[string]bool{}
	for _, m := range fixtureTCPAddress.FindAllStringSubmatch(config, -1) {
		if seeded[m[1]] {
			continue
		}
		seeded[m[1]] = true
		if _, err := mock.server.SeedReservedAddr(m[1], ""); err != nil {
			t.Fatal(err)
		}
	}
	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattach}
	writeFile(t, d.dir, "main.tf", []byte(tfedgeTerraformBlock+mock.config(config)))
	mustRun(t, d, "init", "-input=false")
	mustRun(t, d, "apply", "-input=false", "-auto-approve")
	created := map[string]map[string]any{}
	for _, r := range readStateFile(t, d.dir).Resources {
		created[r.Type+"."+r.Name] = decodeJSONNumbers(t, r.Instances[0].Attributes)
	}
	return mock, created
}

// rewriteFixtureState is version's fixture state with the values the server
// chose taken from the objects in created (by address, under this
// provider's type name).
func rewriteFixtureState(t *testing.T, version string, created map[string]map[string]any) []byte {
	t.Helper()
	raw := readTestdata(t, version, "terraform.tfstate")
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	var st map[string]any
	if err := dec.Decode(&st); err != nil {
		t.Fatal(err)
	}
	resources, _ := st["resources"].([]any)
	for _, r := range resources {
		res, _ := r.(map[string]any)
		typ, _ := res["type"].(string)
		name, _ := res["name"].(string)
		if renamed, ok := renamedTypes[typ]; ok {
			typ = renamed
		}
		ours, ok := created[typ+"."+name]
		if !ok {
			t.Fatalf("%s.%s of the fixture is not in %s/tfedge.tf", typ, name, version)
		}
		instances, _ := res["instances"].([]any)
		for _, inst := range instances {
			attrs, _ := inst.(map[string]any)["attributes"].(map[string]any)
			for _, name := range serverChosenAttributes {
				theirs, isString := attrs[name].(string)
				if value, ok := ours[name].(string); ok && isString && theirs != "" {
					attrs[name] = value
				}
			}
			for _, name := range serverChosenLists {
				theirs, isList := attrs[name].([]any)
				if value, ok := ours[name].([]any); ok && isList && len(value) == len(theirs) {
					attrs[name] = value
				}
			}
		}
	}
	out, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// addStateResource adds a resource, as JSON, to a state file.
func addStateResource(t *testing.T, state []byte, resource string) []byte {
	t.Helper()
	var st map[string]any
	dec := json.NewDecoder(bytes.NewReader(state))
	dec.UseNumber()
	if err := dec.Decode(&st); err != nil {
		t.Fatal(err)
	}
	var r any
	if err := json.Unmarshal([]byte(resource), &r); err != nil {
		t.Fatal(err)
	}
	resources, _ := st["resources"].([]any)
	st["resources"] = append(resources, r)
	out, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// planResourceChange is one entry of resource_changes in `terraform show
// -json` of a plan.
type planResourceChange struct {
	Address         string `json:"address"`
	PreviousAddress string `json:"previous_address"`
	Change          struct {
		Actions      []string       `json:"actions"`
		Before       map[string]any `json:"before"`
		After        map[string]any `json:"after"`
		AfterUnknown map[string]any `json:"after_unknown"`
	} `json:"change"`
}

// changedAttributes are the attributes whose planned value is known and
// differs from the prior one: those a plan shows with "->", but for what
// the server sets again ("known after apply").
func (c planResourceChange) changedAttributes() []string {
	var changed []string
	for name, after := range c.Change.After {
		if unknown, _ := c.Change.AfterUnknown[name].(bool); !unknown && !reflect.DeepEqual(c.Change.Before[name], after) {
			changed = append(changed, name)
		}
	}
	slices.Sort(changed)
	return changed
}

func planResourceChanges(t *testing.T, d *terraformDir, planFile string) []planResourceChange {
	t.Helper()
	cmd := d.command("show", "-json", planFile)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("terraform show -json: %v\n%s", err, stderr.String())
	}
	var plan struct {
		ResourceChanges []planResourceChange `json:"resource_changes"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &plan); err != nil {
		t.Fatal(err)
	}
	return plan.ResourceChanges
}

func readStateFile(t *testing.T, dir string) fixtureState {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var st fixtureState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// readTestdata reads a file of testdata/ngrok-ngrok (of version's directory
// unless version is "").
func readTestdata(t *testing.T, version, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ngrok-ngrok", version, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func mustRun(t *testing.T, d *terraformDir, args ...string) string {
	t.Helper()
	code, out := d.run(args...)
	if code != 0 {
		t.Fatalf("terraform %s (exit %d):\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// ngrokNgrokStub stands in for ngrok/ngrok in Terraform CLI runs: a
// Terraform that plans a `moved` block from one of its resources needs the
// provider that state names, as a real migration has it installed. It
// serves the provider's schema as that version's `terraform providers
// schema -json` recorded it, and holds its resources' state as it is; it
// cannot create, change or delete anything, and a run that asks it to
// fails.
type ngrokNgrokStub struct {
	// NOTE: the RPCs a plan cannot send (functions, data sources, ephemeral
	// resources, imports...) are the nil interface's: calling one panics,
	// and the test with it.
	tfprotov6.ProviderServer

	provider  *tfprotov6.Schema
	resources map[string]*tfprotov6.Schema
}

// newNgrokNgrokStub reads the schema of the version's fixture.
func newNgrokNgrokStub(t *testing.T, version string) *ngrokNgrokStub {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "ngrok-ngrok", version, "schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Provider        jsonSchema            `json:"provider"`
		ResourceSchemas map[string]jsonSchema `json:"resource_schemas"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	s := &ngrokNgrokStub{resources: map[string]*tfprotov6.Schema{}}
	if s.provider, err = doc.Provider.proto(); err != nil {
		t.Fatalf("provider schema: %v", err)
	}
	for name, rs := range doc.ResourceSchemas {
		if s.resources[name], err = rs.proto(); err != nil {
			t.Fatalf("%s schema: %v", name, err)
		}
	}
	return s
}

// jsonSchema is a schema as `terraform providers schema -json` writes it.
type jsonSchema struct {
	Version int64     `json:"version"`
	Block   jsonBlock `json:"block"`
}

type jsonBlock struct {
	Attributes map[string]jsonAttribute `json:"attributes"`
	BlockTypes map[string]struct {
		NestingMode string    `json:"nesting_mode"`
		Block       jsonBlock `json:"block"`
		MinItems    int64     `json:"min_items"`
		MaxItems    int64     `json:"max_items"`
	} `json:"block_types"`
}

type jsonAttribute struct {
	Type       json.RawMessage `json:"type"`
	NestedType *struct {
		Attributes  map[string]jsonAttribute `json:"attributes"`
		NestingMode string                   `json:"nesting_mode"`
	} `json:"nested_type"`
	Required  bool `json:"required"`
	Optional  bool `json:"optional"`
	Computed  bool `json:"computed"`
	Sensitive bool `json:"sensitive"`
}

func (s jsonSchema) proto() (*tfprotov6.Schema, error) {
	b, err := s.Block.proto()
	return &tfprotov6.Schema{Version: s.Version, Block: b}, err
}

func (b jsonBlock) proto() (*tfprotov6.SchemaBlock, error) {
	out := &tfprotov6.SchemaBlock{}
	for _, name := range sortedKeys(b.Attributes) {
		a, err := b.Attributes[name].proto(name)
		if err != nil {
			return nil, err
		}
		out.Attributes = append(out.Attributes, a)
	}
	for _, name := range sortedKeys(b.BlockTypes) {
		bt := b.BlockTypes[name]
		inner, err := bt.Block.proto()
		if err != nil {
			return nil, err
		}
		nesting, ok := map[string]tfprotov6.SchemaNestedBlockNestingMode{
			"single": tfprotov6.SchemaNestedBlockNestingModeSingle, "list": tfprotov6.SchemaNestedBlockNestingModeList,
			"set": tfprotov6.SchemaNestedBlockNestingModeSet, "map": tfprotov6.SchemaNestedBlockNestingModeMap,
			"group": tfprotov6.SchemaNestedBlockNestingModeGroup,
		}[bt.NestingMode]
		if !ok {
			return nil, fmt.Errorf("block %s: nesting mode %q", name, bt.NestingMode)
		}
		out.BlockTypes = append(out.BlockTypes, &tfprotov6.SchemaNestedBlock{
			TypeName: name, Block: inner, Nesting: nesting, MinItems: bt.MinItems, MaxItems: bt.MaxItems,
		})
	}
	return out, nil
}

func (a jsonAttribute) proto(name string) (*tfprotov6.SchemaAttribute, error) {
	out := &tfprotov6.SchemaAttribute{Name: name, Required: a.Required, Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive}
	if a.NestedType == nil {
		typ, err := parseJSONType(a.Type)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", name, err)
		}
		out.Type = typ
		return out, nil
	}
	nesting, ok := map[string]tfprotov6.SchemaObjectNestingMode{
		"single": tfprotov6.SchemaObjectNestingModeSingle, "list": tfprotov6.SchemaObjectNestingModeList,
		"set": tfprotov6.SchemaObjectNestingModeSet, "map": tfprotov6.SchemaObjectNestingModeMap,
	}[a.NestedType.NestingMode]
	if !ok {
		return nil, fmt.Errorf("attribute %s: nesting mode %q", name, a.NestedType.NestingMode)
	}
	obj := &tfprotov6.SchemaObject{Nesting: nesting}
	for _, n := range sortedKeys(a.NestedType.Attributes) {
		inner, err := a.NestedType.Attributes[n].proto(n)
		if err != nil {
			return nil, err
		}
		obj.Attributes = append(obj.Attributes, inner)
	}
	out.NestedType = obj
	return out, nil
}

// parseJSONType reads a type in Terraform's JSON type syntax ("string",
// ["list","string"], ["object",{"a":"bool"}], ...). NOTE: tftypes has a
// parser, deprecated for use outside HashiCorp's own code.
func parseJSONType(raw json.RawMessage) (tftypes.Type, error) {
	var name string
	if json.Unmarshal(raw, &name) == nil {
		switch name {
		case "string":
			return tftypes.String, nil
		case "number":
			return tftypes.Number, nil
		case "bool":
			return tftypes.Bool, nil
		case "dynamic":
			return tftypes.DynamicPseudoType, nil
		}
		return nil, fmt.Errorf("unknown type %q", name)
	}
	var pair []json.RawMessage
	if err := json.Unmarshal(raw, &pair); err != nil || len(pair) != 2 || json.Unmarshal(pair[0], &name) != nil {
		return nil, fmt.Errorf("unreadable type %s", raw)
	}
	switch name {
	case "list", "set", "map":
		elem, err := parseJSONType(pair[1])
		if err != nil {
			return nil, err
		}
		return map[string]tftypes.Type{"list": tftypes.List{ElementType: elem}, "set": tftypes.Set{ElementType: elem},
			"map": tftypes.Map{ElementType: elem}}[name], nil
	case "object":
		var attrs map[string]json.RawMessage
		if err := json.Unmarshal(pair[1], &attrs); err != nil {
			return nil, err
		}
		obj := tftypes.Object{AttributeTypes: map[string]tftypes.Type{}}
		for k, v := range attrs {
			t, err := parseJSONType(v)
			if err != nil {
				return nil, err
			}
			obj.AttributeTypes[k] = t
		}
		return obj, nil
	}
	return nil, fmt.Errorf("unknown type %s", raw)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func (s *ngrokNgrokStub) GetMetadata(context.Context, *tfprotov6.GetMetadataRequest) (*tfprotov6.GetMetadataResponse, error) {
	resp := &tfprotov6.GetMetadataResponse{ServerCapabilities: &tfprotov6.ServerCapabilities{}}
	for _, name := range sortedKeys(s.resources) {
		resp.Resources = append(resp.Resources, tfprotov6.ResourceMetadata{TypeName: name})
	}
	return resp, nil
}

func (s *ngrokNgrokStub) GetProviderSchema(context.Context, *tfprotov6.GetProviderSchemaRequest) (*tfprotov6.GetProviderSchemaResponse, error) {
	return &tfprotov6.GetProviderSchemaResponse{
		ServerCapabilities: &tfprotov6.ServerCapabilities{},
		Provider:           s.provider,
		ResourceSchemas:    s.resources,
	}, nil
}

func (s *ngrokNgrokStub) GetResourceIdentitySchemas(context.Context, *tfprotov6.GetResourceIdentitySchemasRequest) (*tfprotov6.GetResourceIdentitySchemasResponse, error) {
	return &tfprotov6.GetResourceIdentitySchemasResponse{}, nil
}

func (s *ngrokNgrokStub) ValidateProviderConfig(_ context.Context, req *tfprotov6.ValidateProviderConfigRequest) (*tfprotov6.ValidateProviderConfigResponse, error) {
	return &tfprotov6.ValidateProviderConfigResponse{PreparedConfig: req.Config}, nil
}

func (s *ngrokNgrokStub) ConfigureProvider(context.Context, *tfprotov6.ConfigureProviderRequest) (*tfprotov6.ConfigureProviderResponse, error) {
	return &tfprotov6.ConfigureProviderResponse{}, nil
}

func (s *ngrokNgrokStub) StopProvider(context.Context, *tfprotov6.StopProviderRequest) (*tfprotov6.StopProviderResponse, error) {
	return &tfprotov6.StopProviderResponse{}, nil
}

func (s *ngrokNgrokStub) ValidateResourceConfig(context.Context, *tfprotov6.ValidateResourceConfigRequest) (*tfprotov6.ValidateResourceConfigResponse, error) {
	return &tfprotov6.ValidateResourceConfigResponse{}, nil
}

// UpgradeResourceState decodes the state with the schema, as the real
// provider does for state of its current version.
func (s *ngrokNgrokStub) UpgradeResourceState(_ context.Context, req *tfprotov6.UpgradeResourceStateRequest) (*tfprotov6.UpgradeResourceStateResponse, error) {
	schema, ok := s.resources[req.TypeName]
	if !ok {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: stubError("no resource type " + req.TypeName)}, nil
	}
	v, err := req.RawState.UnmarshalWithOpts(schema.ValueType(), tfprotov6.UnmarshalOpts{})
	if err != nil {
		return &tfprotov6.UpgradeResourceStateResponse{Diagnostics: stubError(err.Error())}, nil
	}
	dv, err := tfprotov6.NewDynamicValue(schema.ValueType(), v)
	if err != nil {
		return nil, err
	}
	return &tfprotov6.UpgradeResourceStateResponse{UpgradedState: &dv}, nil
}

func (s *ngrokNgrokStub) ReadResource(_ context.Context, req *tfprotov6.ReadResourceRequest) (*tfprotov6.ReadResourceResponse, error) {
	return &tfprotov6.ReadResourceResponse{NewState: req.CurrentState, Private: req.Private}, nil
}

func (s *ngrokNgrokStub) PlanResourceChange(_ context.Context, req *tfprotov6.PlanResourceChangeRequest) (*tfprotov6.PlanResourceChangeResponse, error) {
	return &tfprotov6.PlanResourceChangeResponse{PlannedState: req.ProposedNewState, PlannedPrivate: req.PriorPrivate}, nil
}

func (s *ngrokNgrokStub) ApplyResourceChange(context.Context, *tfprotov6.ApplyResourceChangeRequest) (*tfprotov6.ApplyResourceChangeResponse, error) {
	return &tfprotov6.ApplyResourceChangeResponse{Diagnostics: stubError("the ngrok/ngrok stub changes nothing")}, nil
}

func stubError(detail string) []*tfprotov6.Diagnostic {
	return []*tfprotov6.Diagnostic{{Severity: tfprotov6.DiagnosticSeverityError, Summary: "ngrok/ngrok stub", Detail: detail}}
}

// Provider addresses of the Terraform CLI runs that take over ngrok/ngrok's
// state: this provider as it is published, and ngrok's.
const tfedgeNgrokAddress = "registry.terraform.io/tfedge/ngrok"

// reattachProviders serves each provider of servers (by address) in this
// process for Terraform CLI runs started by the test, and returns the
// TF_REATTACH_PROVIDERS value that names them all.
func reattachProviders(t *testing.T, servers map[string]func() tfprotov6.ProviderServer) string {
	t.Helper()
	all := map[string]any{}
	for address, server := range servers {
		ctx, cancel := context.WithCancel(context.Background())
		reattach := make(chan *plugin.ReattachConfig, 1)
		closed := make(chan struct{})
		go func() {
			err := tf6server.Serve(address, server, tf6server.WithDebug(ctx, reattach, closed),
				tf6server.WithGoPluginLogger(hclog.NewNullLogger()), tf6server.WithLoggingSink(t))
			if err != nil {
				t.Errorf("serving %s: %v", address, err)
			}
		}()
		var cfg *plugin.ReattachConfig
		select {
		case cfg = <-reattach:
		case <-time.After(30 * time.Second):
			t.Fatalf("%s did not start", address)
		}
		t.Cleanup(func() {
			cancel()
			<-closed
		})
		all[address] = map[string]any{
			"Protocol": string(cfg.Protocol), "ProtocolVersion": cfg.ProtocolVersion, "Pid": cfg.Pid, "Test": true,
			"Addr": map[string]string{"Network": cfg.Addr.Network(), "String": cfg.Addr.String()},
		}
		// NOTE: OpenTofu reads a state's registry.terraform.io providers as
		// its own registry's, so the same server answers at that address too.
		if rest, ok := strings.CutPrefix(address, "registry.terraform.io/"); ok {
			all["registry.opentofu.org/"+rest] = all[address]
		}
	}
	b, err := json.Marshal(all)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// migrationProviders are this provider, at its published address, and the
// stub of ngrok/ngrok at version's schema.
func migrationProviders(t *testing.T, version string) string {
	t.Helper()
	stub := newNgrokNgrokStub(t, version)
	return reattachProviders(t, map[string]func() tfprotov6.ProviderServer{
		tfedgeNgrokAddress: providerserver.NewProtocol6(New("test")()),
		ngrokNgrokAddress:  func() tfprotov6.ProviderServer { return stub },
	})
}

// migrationGuide is the rendered page of the guide "Migrating from the
// ngrok/ngrok provider": its command blocks are what
// TestAccMigrationGuide_commandsAsWritten runs, so that the page cannot say
// other than what is tested.
const migrationGuide = "../../docs/guides/migrating-from-ngrok-ngrok.md"

// guideArchive is the release archive that the guide's installation block
// copies into the CLIs' local mirror (this provider's first version, for the
// platform that the guide names), and guideArchiveBinary the executable in
// it, named as .goreleaser.yml names it.
const (
	guideArchive       = "terraform-provider-ngrok_0.1.0_linux_amd64.zip"
	guideArchiveBinary = "terraform-provider-ngrok_v0.1.0"
	guideVersion       = "0.1.0"
	guidePlatform      = "linux_amd64"
)

// tofuEnv names the OpenTofu binary for the tests that run both CLIs. make
// test and .ci/run set it (installed from ../shared/tools).
const tofuEnv = "NGROK_TEST_TOFU"

// The migration guide's shell blocks, run as written, in order, with
// Terraform and with OpenTofu (tofu in place of terraform, as the guide
// says), by a user whose state ngrok/ngrok v0.8.0 wrote (written as each CLI
// writes it) and whose configuration is the guide's terraform block with
// the fixture's equivalent configuration: tfedge/ngrok is installed from the
// release archive through the local mirror (nothing is reattached but the
// stub of ngrok/ngrok, which a real user downloads), replace-provider takes
// every resource, the apply sends ngrok nothing but reads, and the next plan
// is empty.
func TestAccMigrationGuide_commandsAsWritten(t *testing.T) {
	t.Parallel()
	// NOTE: before it looks for OpenTofu, which make testacc-real does not install.
	skipOnAccount(t)
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	raw, err := os.ReadFile(migrationGuide)
	if err != nil {
		t.Fatal(err)
	}
	page := string(raw)
	commands := fencedBlocks(page, "shell")
	var terraformBlock string
	for _, b := range fencedBlocks(page, "terraform") {
		if strings.Contains(b, "required_providers") {
			terraformBlock = b
			break
		}
	}
	if len(commands) < 4 || terraformBlock == "" {
		t.Fatalf("%s: %d shell blocks and terraform block %q; want the install, init, replace-provider, plan and apply blocks and a required_providers block",
			migrationGuide, len(commands), terraformBlock)
	}
	clis := guideCLIs(t)
	for _, name := range []string{"terraform", "tofu"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			runMigrationGuide(t, name, clis[name], commands, terraformBlock)
		})
	}
}

// fencedBlocks returns the contents of page's fenced blocks of language
// lang, in order.
func fencedBlocks(page, lang string) []string {
	var blocks []string
	var cur []string
	in := false
	for line := range strings.SplitSeq(page, "\n") {
		switch {
		case !in && line == "```"+lang:
			in, cur = true, nil
		case in && line == "```":
			in = false
			blocks = append(blocks, strings.Join(cur, "\n")+"\n")
		case in:
			cur = append(cur, line)
		}
	}
	return blocks
}

// guideCLIs finds Terraform and OpenTofu: TF_ACC_TERRAFORM_PATH, tofuEnv,
// then terraform and tofu on PATH, each recognised by its version line. A
// missing one fails the test: the guide promises both.
func guideCLIs(t *testing.T) map[string]string {
	t.Helper()
	candidates := []string{os.Getenv("TF_ACC_TERRAFORM_PATH"), os.Getenv(tofuEnv)}
	for _, name := range []string{"terraform", "tofu"} {
		if p, err := exec.LookPath(name); err == nil {
			candidates = append(candidates, p)
		}
	}
	found := map[string]string{}
	for _, bin := range candidates {
		if bin == "" {
			continue
		}
		cmd := exec.CommandContext(t.Context(), bin, "version")
		cmd.Env = append(os.Environ(), "CHECKPOINT_DISABLE=1")
		out, err := cmd.Output()
		first, _, _ := strings.Cut(string(out), "\n")
		switch {
		case err != nil && bin == os.Getenv(tofuEnv):
			t.Fatalf("%s=%s: %v", tofuEnv, bin, err)
		case strings.HasPrefix(first, "Terraform v") && found["terraform"] == "":
			found["terraform"] = bin
		case strings.HasPrefix(first, "OpenTofu v") && found["tofu"] == "":
			found["tofu"] = bin
		}
	}
	if found["terraform"] == "" {
		t.Fatal("Terraform not found: set TF_ACC_TERRAFORM_PATH or put terraform on PATH")
	}
	if found["tofu"] == "" {
		t.Fatalf("OpenTofu not found: make test installs it from ../shared/tools and sets %s; else set %s=path or put tofu on PATH",
			tofuEnv, tofuEnv)
	}
	return found
}

func runMigrationGuide(t *testing.T, cli, bin string, commands []string, terraformBlock string) {
	const version = "v0.8.0"
	host := map[string]string{"terraform": "registry.terraform.io", "tofu": "registry.opentofu.org"}[cli]
	mock, created := createFixtureObjects(t, version, migrationProviders(t, version))
	stub := newNgrokNgrokStub(t, version)
	reattach := reattachProviders(t, map[string]func() tfprotov6.ProviderServer{
		ngrokNgrokAddress: func() tfprotov6.ProviderServer { return stub },
	})

	dir, home, bindir := t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.Symlink(bin, filepath.Join(bindir, cli)); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, guideArchive, guideReleaseArchive(t))
	// NOTE: as each CLI writes it: OpenTofu names its own registry.
	state := bytes.ReplaceAll(rewriteFixtureState(t, version, created), []byte("registry.terraform.io/"), []byte(host+"/"))
	writeFile(t, dir, "terraform.tfstate", state)
	writeFile(t, dir, "main.tf", []byte(terraformBlock+"\n"+mock.config(readTestdata(t, version, "tfedge.tf"))))
	writeFile(t, dir, "moved.tf", []byte(readTestdata(t, version, "moved.tf")))
	resources := len(readStateFile(t, dir).Resources)

	env := []string{"HOME=" + home, "PATH=" + bindir + ":/usr/bin:/bin", "TF_REATTACH_PROVIDERS=" + reattach,
		"CHECKPOINT_DISABLE=1", "TF_CLI_ARGS=-no-color", "TMPDIR=" + os.TempDir()}
	run := func(script string) (int, string) {
		cmd := exec.CommandContext(t.Context(), "/bin/sh", "-e", "-c", script)
		cmd.Dir, cmd.Env = dir, env
		// NOTE: the guide's apply asks; the user answers yes.
		cmd.Stdin = strings.NewReader("yes\n")
		out, err := cmd.CombinedOutput()
		if exit, ok := errors.AsType[*exec.ExitError](err); ok {
			return exit.ExitCode(), string(out)
		} else if err != nil {
			t.Fatalf("%s: %v", script, err)
		}
		return 0, string(out)
	}

	mock.server.ClearJournal()
	var replaced string
	for _, block := range commands {
		if cli == "tofu" {
			block = regexp.MustCompile(`(?m)^terraform `).ReplaceAllString(block, "tofu ")
		}
		code, out := run(block)
		t.Logf("$ %s%s", block, out)
		if code != 0 {
			t.Fatalf("the guide's block exited %d:\n%s\n%s", code, block, out)
		}
		if strings.Contains(block, "state replace-provider") {
			replaced = out
		}
	}
	if want := fmt.Sprintf("Successfully replaced provider for %d resources", resources); !strings.Contains(replaced, want) {
		t.Errorf("replace-provider did not say %q:\n%s", want, replaced)
	}
	installed := filepath.Join(dir, ".terraform", "providers", host, "tfedge", "ngrok", guideVersion, guidePlatform)
	if _, err := os.Stat(installed); err != nil {
		t.Errorf("tfedge/ngrok was not installed from the release archive: %v", err)
	}
	if code, out := run(cli + " plan -input=false -detailed-exitcode"); code != 0 {
		t.Errorf("the plan after the guide (exit %d):\n%s", code, out)
	}
	requests, _ := mock.server.Journal()
	for _, r := range requests {
		if r.Method != http.MethodGet {
			t.Errorf("the guide's commands sent %s %s; want reads only", r.Method, r.Path)
		}
	}
	st := readStateFile(t, dir)
	if len(st.Resources) != resources {
		t.Errorf("the state has %d resources, want %d", len(st.Resources), resources)
	}
	for _, r := range st.Resources {
		address := r.Type + "." + r.Name
		if r.Provider != `provider["`+host+`/tfedge/ngrok"]` || len(r.Instances) != 1 {
			t.Errorf("%s: provider %s, %d instances; want one of %s/tfedge/ngrok", address, r.Provider, len(r.Instances), host)
			continue
		}
		if got, want := decodeJSONNumbers(t, r.Instances[0].Attributes)["id"], created[address]["id"]; want == nil || got != want {
			t.Errorf("%s: id %v, want %v", address, got, want)
		}
	}
}

// guideReleaseArchive is a release archive as goreleaser makes it, whose
// executable runs this test binary as the provider (serveProviderEnv).
func guideReleaseArchive(t *testing.T) []byte {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	h := &zip.FileHeader{Name: guideArchiveBinary, Method: zip.Deflate}
	h.SetMode(0o755)
	w, err := zw.CreateHeader(h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fmt.Fprintf(w, "#!/bin/sh\n%s=1 exec '%s' \"$@\"\n", serveProviderEnv, strings.ReplaceAll(exe, "'", `'\''`)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The agents and access types of ngrok/ngrok (issue 21) move and upgrade
// from shapes their fixtures (v0.7.0-agents, v0.8.0-agents) cannot show:
// null where the peers always write a value (SDKv2 writes "" and false,
// v0.8 what it read), which a state edited by hand or written by a future
// version may hold. The fixtures cover every shape the peers write.
func TestNgrokNgrokState_agentsAndAccessShapes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	schemas := providerResourceSchemas(t, server)
	for _, tc := range []struct {
		source, target string
		state          string
		want           map[string]any
	}{
		{"ngrok_bot_user", "ngrok_bot_user", `{"id":"bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","name":"deploy","active":null}`,
			map[string]any{"name": "deploy", "active": true, "uri": nil}},
		{"ngrok_service_user", "ngrok_service_user",
			`{"id":"bot_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","name":"ci","active":null,"uri":"","created_at":""}`,
			map[string]any{"name": "ci", "active": true, "uri": nil, "created_at": nil}},
		{"ngrok_agent_ingress", "ngrok_agent_ingress", `{"id":"agin_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","domain":"connect.example.com",` +
			`"description":null,"metadata":null,"ns_targets":[],"region_domains":[],"uri":"","created_at":"",` +
			`"certificate_management_policy":[]}`,
			map[string]any{"description": "", "metadata": "", "uri": nil, "wait_for_certificate": false,
				"certificate_management_policy": nil, "certificate_management_status": nil}},
		{"ngrok_tcp_address", "ngrok_reserved_addr", `{"id":"ra_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","addr":"1.tcp.ngrok.io:20000",` +
			`"region":"eu","description":null,"metadata":null,"uri":"","created_at":""}`,
			map[string]any{"addr": "1.tcp.ngrok.io:20000", "region": "eu", "description": "", "metadata": "", "uri": nil}},
		{"ngrok_ip_restriction", "ngrok_ip_restriction", `{"id":"ipx_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","type":"api","enforced":null,` +
			`"ip_policy_ids":["ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"],"description":null,"metadata":null}`,
			map[string]any{"type": "api", "enforced": false, "description": "", "ip_policy_ids": []any{"ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"}}},
		{"ngrok_certificate_authority", "ngrok_certificate_authority", `{"id":"ca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam","ca_pem":"PEM",` +
			`"description":null,"metadata":null,"subject_common_name":"","not_before":""}`,
			map[string]any{"ca_pem": "PEM", "description": "", "metadata": "", "subject_common_name": nil, "not_before": nil}},
	} {
		v := moveState(ctx, t, server, schemas[tc.target], tc.source, 0, []byte(tc.state), tc.target)
		got := valueToGo(t, v)
		if tc.source == tc.target {
			if up := valueToGo(t, upgradeState(ctx, t, server, schemas[tc.target], tc.target, 0, []byte(tc.state))); !reflect.DeepEqual(up, got) {
				t.Errorf("%s: upgraded %v, moved %v", tc.source, up, got)
			}
		}
		for k, want := range tc.want {
			if !reflect.DeepEqual(got[k], want) {
				t.Errorf("%s to %s: %s = %#v, want %#v", tc.source, tc.target, k, got[k], want)
			}
		}
	}
}
