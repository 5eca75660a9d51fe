package provider

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestHTTPSEdgeRouteOIDCModelFromAPI(t *testing.T) {
	t.Parallel()
	m, diags := httpsEdgeRouteOIDCModelFromAPI("edghts_a", "edghtsrt_b", &apiclient.HTTPSEdgeRouteOIDC{
		Enabled: false, OptionsPassthrough: true, CookiePrefix: "p", InactivityTimeout: 4294967295, MaximumDuration: 60,
		Issuer: "https://i.example.com", ClientID: "c", ClientSecret: "s", Scopes: []string{"openid", "email"},
	})
	if diags.HasError() {
		t.Fatal(diags)
	}
	want := httpsEdgeRouteOIDCModel{
		httpsEdgeRouteOIDCDataModel: httpsEdgeRouteOIDCDataModel{
			edgeRouteModuleBase: edgeRouteModuleBase{
				ID: stringValue("edghts_a/edghtsrt_b"), EdgeID: stringValue("edghts_a"), RouteID: stringValue("edghtsrt_b"),
				Enabled: types.BoolValue(false),
			},
			OptionsPassthrough: types.BoolValue(true), CookiePrefix: stringValue("p"),
			InactivityTimeout: types.Int64Value(4294967295), MaximumDuration: types.Int64Value(60),
			Issuer: stringValue("https://i.example.com"), ClientID: stringValue("c"),
			Scopes: mustStringSet(t, "email", "openid"),
		},
		ClientSecret: stringValue("s"), ClientSecretWO: types.StringNull(), ClientSecretWOVersion: types.Int64Null(),
	}
	if !m.Scopes.Equal(want.Scopes) {
		t.Errorf("scopes = %v, want %v", m.Scopes, want.Scopes)
	}
	// NOTE: sets compare with Equal, whatever their elements' order.
	gotRest, wantRest := m, want
	gotRest.Scopes, wantRest.Scopes = types.Set{}, types.Set{}
	if !reflect.DeepEqual(gotRest, wantRest) {
		t.Errorf("fromAPI =\n%+v\nwant\n%+v", m, want)
	}
	if m.usesWriteOnlySecret() {
		t.Error("a model read from the API does not know of a write-only secret")
	}

	wo := m.withWriteOnlySecret(types.Int64Value(3))
	if !wo.ClientSecret.IsNull() || !wo.ClientSecretWO.IsNull() || wo.ClientSecretWOVersion.ValueInt64() != 3 || !wo.usesWriteOnlySecret() {
		t.Errorf("withWriteOnlySecret = %+v", wo)
	}
	if wo.Issuer != m.Issuer || !wo.Scopes.Equal(m.Scopes) {
		t.Error("withWriteOnlySecret changed other fields")
	}
	// What the resource stores after a read: the secret only when the plan or
	// the prior state does not manage it as write-only.
	if got := keepWriteOnlySecret(wo, m); !got.ClientSecret.IsNull() || got.ClientSecretWOVersion.ValueInt64() != 3 {
		t.Errorf("keepWriteOnlySecret(write-only, read) = %+v, want no secret and version 3", got)
	}
	if got := keepWriteOnlySecret(m, m); got.ClientSecret.ValueString() != "s" || !got.ClientSecretWOVersion.IsNull() {
		t.Errorf("keepWriteOnlySecret(client_secret, read) = %+v, want the secret read", got)
	}
	// The data source's view has no secret at all.
	if d := m.httpsEdgeRouteOIDCDataModel; d.Issuer != m.Issuer || d.ID != m.ID {
		t.Errorf("data model = %+v", d)
	}

	// Empty scopes are an empty set, not null, as the schema's default.
	empty, _ := httpsEdgeRouteOIDCModelFromAPI("e", "r", &apiclient.HTTPSEdgeRouteOIDC{})
	if empty.Scopes.IsNull() || len(empty.Scopes.Elements()) != 0 {
		t.Errorf("nil scopes = %v, want an empty set", empty.Scopes)
	}
}

func TestHTTPSEdgeRouteOIDCModelToReplace(t *testing.T) {
	t.Parallel()
	m := httpsEdgeRouteOIDCModel{
		httpsEdgeRouteOIDCDataModel: httpsEdgeRouteOIDCDataModel{
			edgeRouteModuleBase: edgeRouteModuleBase{Enabled: types.BoolValue(false)},
			OptionsPassthrough:  types.BoolValue(true), CookiePrefix: stringValue("p"),
			InactivityTimeout: types.Int64Value(4294967295), MaximumDuration: types.Int64Value(0),
			Issuer: stringValue("https://i.example.com"), ClientID: stringValue("c"),
			Scopes: mustStringSet(t, "profile", "openid"),
		},
		ClientSecret: types.StringNull(),
	}
	got := m.toReplace("from-config")
	if got.Enabled == nil || *got.Enabled || !got.OptionsPassthrough || got.CookiePrefix != "p" ||
		got.InactivityTimeout != 4294967295 || got.MaximumDuration != 0 || got.Issuer != "https://i.example.com" ||
		got.ClientID != "c" || got.ClientSecret != "from-config" || !slices.Equal(got.Scopes, []string{"openid", "profile"}) {
		t.Errorf("toReplace = %+v", got)
	}
}

// The API may list a scope or a policy twice; the set holds it once, since a
// set with a repeated element is not a valid Terraform value.
func TestModuleStringSetRepeatedValues(t *testing.T) {
	t.Parallel()
	m, diags := httpsEdgeRouteOIDCModelFromAPI("e", "r", &apiclient.HTTPSEdgeRouteOIDC{Scopes: []string{"openid", "email", "openid"}})
	if diags.HasError() || !m.Scopes.Equal(mustStringSet(t, "email", "openid")) || len(m.Scopes.Elements()) != 2 {
		t.Errorf("scopes = %v, %v; want email and openid once each", m.Scopes, diags)
	}
	ipr, diags := httpsEdgeRouteIPRestrictionModelFromAPI("e", "r", &apiclient.HTTPSEdgeRouteIPRestriction{
		IPPolicies: []apiclient.Ref{{ID: "ipp_1"}, {ID: "ipp_1"}},
	})
	if diags.HasError() || len(ipr.IPPolicyIDs.Elements()) != 1 {
		t.Errorf("ip_policy_ids = %v, %v; want ipp_1 once", ipr.IPPolicyIDs, diags)
	}
}

// oidcConfig is a configuration of the OIDC resource holding m, as Create
// and Update receive it.
func oidcConfig(t *testing.T, m httpsEdgeRouteOIDCModel) tfsdk.Config {
	t.Helper()
	ctx := context.Background()
	var resp resource.SchemaResponse
	NewHTTPSEdgeRouteOIDCResource().Schema(ctx, resource.SchemaRequest{}, &resp)
	st := tfsdk.State{Schema: resp.Schema, Raw: tftypes.NewValue(resp.Schema.Type().TerraformType(ctx), nil)}
	if diags := st.Set(ctx, m); diags.HasError() {
		t.Fatal(diags)
	}
	return tfsdk.Config{Schema: resp.Schema, Raw: st.Raw}
}

// The PUT always carries the secret: client_secret from the plan, or the
// write-only client_secret_wo, which only the configuration holds.
func TestHTTPSEdgeRouteOIDCReplaceBody(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	base, _ := httpsEdgeRouteOIDCModelFromAPI("edghts_a", "edghtsrt_b", &apiclient.HTTPSEdgeRouteOIDC{
		Enabled: true, Issuer: "https://i.example.com", ClientID: "c", ClientSecret: "from-plan",
	})

	body, diags := base.replaceBody(ctx, oidcConfig(t, base))
	if diags.HasError() || body.ClientSecret != "from-plan" {
		t.Errorf("client_secret: body = %+v, %v", body, diags)
	}

	plan := base.withWriteOnlySecret(types.Int64Value(2))
	config := plan
	config.ClientSecretWO = stringValue("from-config")
	body, diags = plan.replaceBody(ctx, oidcConfig(t, config))
	if diags.HasError() || body.ClientSecret != "from-config" {
		t.Errorf("client_secret_wo: body = %+v, %v", body, diags)
	}

	// Neither known: an error on the attribute, before any request.
	for name, cfg := range map[string]httpsEdgeRouteOIDCModel{"write-only null": plan, "write-only unknown": func() httpsEdgeRouteOIDCModel {
		c := plan
		c.ClientSecretWO = types.StringUnknown()
		return c
	}()} {
		body, diags = plan.replaceBody(ctx, oidcConfig(t, cfg))
		if !diags.HasError() || body != nil || diags[0].Summary() != "Missing OIDC Client Secret" {
			t.Errorf("%s: body = %+v, diags = %v; want an error", name, body, diags)
		}
	}
	noSecret := base
	noSecret.ClientSecret = types.StringNull()
	if _, diags := noSecret.replaceBody(ctx, oidcConfig(t, noSecret)); !diags.HasError() {
		t.Error("no secret at all: want an error")
	}
}
