package provider

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// BenchmarkResourceRead measures the refresh of one object (the Read that
// every plan calls for every object) through the object machinery, against
// a floor measured in the same run: the same API read and model conversion
// without the framework's state handling. The ratio is the plan CPU that
// the resource adds per object.
//
//	go test -run '^$' -bench BenchmarkResourceRead -benchmem ./internal/provider/
func BenchmarkResourceRead(b *testing.B) {
	ctx := context.Background()
	server := mockserver.New(mockserver.WithAPIKeys(testAPIKey))
	srv := httptest.NewServer(server)
	b.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		b.Fatal(err)
	}
	ca, err := client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{Description: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := apiclient.IPPolicies.Create(ctx, client, &apiclient.IPPolicyCreate{Description: "bench"})
	if err != nil {
		b.Fatal(err)
	}

	b.Run("floor", func(b *testing.B) {
		for b.Loop() {
			got, err := client.GetSSHCertificateAuthority(ctx, ca.ID)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := sshCertificateAuthorityModelFromAPI(got); err != nil {
				b.Fatal(err)
			}
		}
	})
	for name, tc := range map[string]struct {
		newResource func() resource.Resource
		id          string
	}{
		"ssh_certificate_authority": {sshCertificateAuthorityType.newResource, ca.ID},
		"ip_policy":                 {ipPolicyType.newResource, p.ID},
	} {
		b.Run(name, func(b *testing.B) {
			r := tc.newResource()
			var schemaResp resource.SchemaResponse
			r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
			implementation[resource.ResourceWithConfigure](b, r).Configure(ctx, resource.ConfigureRequest{ProviderData: client}, &resource.ConfigureResponse{})
			stateType, ok := schemaResp.Schema.Type().TerraformType(ctx).(tftypes.Object)
			if !ok {
				b.Fatal("the schema is not an object")
			}
			values := map[string]tftypes.Value{}
			for name, typ := range stateType.AttributeTypes {
				values[name] = tftypes.NewValue(typ, nil)
			}
			values["id"] = tftypes.NewValue(tftypes.String, tc.id)
			prior := tfsdk.State{Schema: schemaResp.Schema, Raw: tftypes.NewValue(stateType, values)}
			for b.Loop() {
				resp := &resource.ReadResponse{State: tfsdk.State{Schema: prior.Schema, Raw: prior.Raw.Copy()}}
				r.Read(ctx, resource.ReadRequest{State: prior}, resp)
				if resp.Diagnostics.HasError() {
					b.Fatal(resp.Diagnostics)
				}
			}
		})
	}
}

// benchAuthority is the schema of ngrok_ssh_certificate_authority and the
// model of one ed25519 authority, for the benchmarks below.
func benchAuthority(b *testing.B) (resource.SchemaResponse, sshCertificateAuthorityModel) {
	b.Helper()
	var sr resource.SchemaResponse
	sshCertificateAuthorityType.newResource().Schema(context.Background(), resource.SchemaRequest{}, &sr)
	m, err := sshCertificateAuthorityModelFromAPI(&apiclient.SSHCertificateAuthority{
		ID: "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URI: "https://api.ngrok.com/ssh_certificate_authorities/sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		CreatedAt: "2026-11-25T10:00:00Z", Description: "d", Metadata: `{"a":1}`,
		PublicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGv9VGUqvbHbVXvR3zJbDnGwcoZ0gTMm8dW9l0Yk6cAN", KeyType: "ed25519",
	})
	if err != nil {
		b.Fatal(err)
	}
	return sr, m
}

// BenchmarkReadStateSet is the state write of an SSH authority's Read: a
// whole-model State.Set (by reflection) against setStateValues, and the
// identity by a model against setIDIdentity's value.
func BenchmarkReadStateSet(b *testing.B) {
	ctx := context.Background()
	sr, m := benchAuthority(b)
	typ := sr.Schema.Type().TerraformType(ctx)
	b.Run("state/model-by-reflection", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			if d := st.Set(ctx, m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("state/setStateValues", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			values, _ := modelValues(m)
			if d := setStateValues(ctx, &st, values); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	is := idIdentitySchema("SSH certificate authority", sshCertificateAuthorityIDPrefix)
	type idModel struct {
		ID types.String `tfsdk:"id"`
	}
	b.Run("identity/model-by-reflection", func(b *testing.B) {
		for b.Loop() {
			id := tfsdk.ResourceIdentity{Schema: is, Raw: tftypes.NewValue(idIdentityType, nil)}
			if d := id.Set(ctx, idModel{ID: types.StringValue(m.ID.ValueString())}); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("identity/setIDIdentity", func(b *testing.B) {
		for b.Loop() {
			id := tfsdk.ResourceIdentity{Schema: is, Raw: tftypes.NewValue(idIdentityType, nil)}
			if d := setIDIdentity(ctx, &id, m.ID.ValueString()); d.HasError() {
				b.Fatal(d)
			}
		}
	})
}

// BenchmarkCAKeyOptions is the read of an SSH authority's key options that
// its ValidateConfig and ModifyPlan make for every object of every plan:
// three GetAttribute calls against getCAKeyOptions's one rawAttributes.
func BenchmarkCAKeyOptions(b *testing.B) {
	ctx := context.Background()
	sr, m := benchAuthority(b)
	plan := tfsdk.Plan{Schema: sr.Schema}
	if d := plan.Set(ctx, m); d.HasError() {
		b.Fatal(d)
	}
	b.Run("GetAttribute", func(b *testing.B) {
		for b.Loop() {
			var v caKeyOptionValues
			var diags diag.Diagnostics
			diags.Append(plan.GetAttribute(ctx, path.Root("private_key_type"), &v.keyType)...)
			diags.Append(plan.GetAttribute(ctx, path.Root("elliptic_curve"), &v.curve)...)
			diags.Append(plan.GetAttribute(ctx, path.Root("key_size"), &v.size)...)
			if diags.HasError() || v.keyType.ValueString() != "ed25519" {
				b.Fatal(diags, v)
			}
		}
	})
	b.Run("getCAKeyOptions", func(b *testing.B) {
		for b.Loop() {
			var diags diag.Diagnostics
			if v := getCAKeyOptions(ctx, plan.Raw, &diags); diags.HasError() || v.keyType.ValueString() != "ed25519" {
				b.Fatal(diags, v)
			}
		}
	})
}

// BenchmarkModelValues is the plan read of a create or update and the state
// write of every refresh for a flat model (an SSH authority's): the
// framework's whole-model Get and Set by reflection against modelFromRaw and
// modelValues with setStateValues.
func BenchmarkModelValues(b *testing.B) {
	ctx := context.Background()
	sr, m := benchAuthority(b)
	typ := sr.Schema.Type().TerraformType(ctx)
	plan := tfsdk.Plan{Schema: sr.Schema}
	if d := plan.Set(ctx, m); d.HasError() {
		b.Fatal(d)
	}
	b.Run("plan/Get", func(b *testing.B) {
		for b.Loop() {
			var got sshCertificateAuthorityModel
			if d := plan.Get(ctx, &got); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("plan/modelFromRaw", func(b *testing.B) {
		for b.Loop() {
			var got sshCertificateAuthorityModel
			if !modelFromRaw(ctx, plan.Schema.Type(), plan.Raw, &got) {
				b.Fatal("not read")
			}
		}
	})
	b.Run("state/Set", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			if d := st.Set(ctx, m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("state/modelValues", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			values, ok := modelValues(m)
			if !ok {
				b.Fatal("not flat")
			}
			if d := setStateValues(ctx, &st, values); d.HasError() {
				b.Fatal(d)
			}
		}
	})
}
