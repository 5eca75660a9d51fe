package provider

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
)

// requireIdentity gates the tests that need resource identity in the CLI
// (Terraform 1.12 and later): import blocks with an identity, and
// identities in the state.
var requireIdentity = []tfversion.TerraformVersionCheck{tfversion.SkipBelow(tfversion.Version1_12_0)}

// identitySteps are the identity tests of the resource at address: each of
// configs is applied in turn (the first creates it, each further one must
// change it in place), and after each the state holds an identity that
// passes identity and equals the state's attributes of the same names; then
// an import block with that identity imports the object into a new state,
// planning nothing (the testing framework also checks that the imported
// identity is the same).
func identitySteps(address string, identity map[string]knownvalue.Check, configs ...string) []tfresource.TestStep {
	var steps []tfresource.TestStep
	for i, config := range configs {
		checks := []statecheck.StateCheck{statecheck.ExpectIdentity(address, identity)}
		for _, name := range slices.Sorted(maps.Keys(identity)) {
			checks = append(checks, statecheck.ExpectIdentityValueMatchesState(address, tfjsonpath.New(name)))
		}
		step := tfresource.TestStep{Config: config, ConfigStateChecks: checks}
		if i > 0 {
			step.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionUpdate)}
		}
		steps = append(steps, step)
	}
	return append(steps, tfresource.TestStep{
		ResourceName:    address,
		ImportState:     true,
		ImportStateKind: tfresource.ImportBlockWithResourceIdentity,
		ImportPlanChecks: tfresource.ImportPlanChecks{
			PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(address, plancheck.ResourceActionNoop)},
		},
	})
}

// readWithoutIdentity calls r's Read on a prior state that holds only the
// given attributes and no identity, as a state written before identity
// existed does, and returns the response.
func readWithoutIdentity(t *testing.T, r resource.Resource, mock *testMock, attrs map[string]tftypes.Value) *resource.ReadResponse {
	t.Helper()
	ctx := context.Background()
	var schemaResp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
	var identityResp resource.IdentitySchemaResponse
	r.(resource.ResourceWithIdentity).IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &identityResp)
	var configureResp resource.ConfigureResponse
	r.(resource.ResourceWithConfigure).Configure(ctx, resource.ConfigureRequest{ProviderData: mock.client}, &configureResp)

	stateType := schemaResp.Schema.Type().TerraformType(ctx).(tftypes.Object)
	values := map[string]tftypes.Value{}
	for name, typ := range stateType.AttributeTypes {
		values[name] = tftypes.NewValue(typ, nil)
	}
	maps.Copy(values, attrs)
	state := tfsdk.State{Schema: schemaResp.Schema, Raw: tftypes.NewValue(stateType, values)}
	noIdentity := tftypes.NewValue(identityResp.IdentitySchema.Type().TerraformType(ctx), nil)

	resp := &resource.ReadResponse{
		State:    state,
		Identity: &tfsdk.ResourceIdentity{Schema: identityResp.IdentitySchema, Raw: noIdentity.Copy()},
	}
	r.Read(ctx, resource.ReadRequest{
		State:    state,
		Identity: &tfsdk.ResourceIdentity{Schema: identityResp.IdentitySchema, Raw: noIdentity.Copy()},
	}, resp)
	return resp
}

// Every resource has an identity, whose attributes are all required for
// import and are attributes of the resource too.
func TestResourcesHaveIdentity(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	p := New("test")()
	for _, newResource := range p.Resources(ctx) {
		r := newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ngrok"}, &meta)
		withIdentity, ok := r.(resource.ResourceWithIdentity)
		if !ok {
			t.Errorf("%s has no identity", meta.TypeName)
			continue
		}
		var identityResp resource.IdentitySchemaResponse
		withIdentity.IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &identityResp)
		var schemaResp resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
		if len(identityResp.IdentitySchema.Attributes) == 0 {
			t.Errorf("%s: empty identity schema", meta.TypeName)
		}
		for name, attr := range identityResp.IdentitySchema.Attributes {
			if !attr.IsRequiredForImport() {
				t.Errorf("%s: identity attribute %s is not required for import", meta.TypeName, name)
			}
			if _, ok := schemaResp.Schema.Attributes[name]; !ok {
				t.Errorf("%s: identity attribute %s is not an attribute of the resource", meta.TypeName, name)
			}
		}
	}
}

// A state written before resources had an identity holds none. Read sets
// it, also when the object is gone and Read removes it from the state: the
// framework refuses a Read that returns no identity.
func TestReadSetsIdentityWithoutPriorIdentity(t *testing.T) {
	t.Parallel()
	str := func(s string) tftypes.Value { return tftypes.NewValue(tftypes.String, s) }
	const (
		edge  = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
		route = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
	)
	moduleAttrs := map[string]tftypes.Value{"id": str(edge + "/" + route), "edge_id": str(edge), "route_id": str(route)}
	for name, tc := range map[string]struct {
		resource func() resource.Resource
		attrs    map[string]tftypes.Value
	}{
		"reserved domain":              {NewReservedDomainResource, map[string]tftypes.Value{"id": str("rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"cloud endpoint":               {NewCloudEndpointResource, map[string]tftypes.Value{"id": str("ep_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH certificate authority":    {NewSSHCertificateAuthorityResource, map[string]tftypes.Value{"id": str("sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH host certificate":         {NewSSHHostCertificateResource, map[string]tftypes.Value{"id": str("shcrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"SSH user certificate":         {NewSSHUserCertificateResource, map[string]tftypes.Value{"id": str("sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam")}},
		"route OIDC module":            {NewHTTPSEdgeRouteOIDCResource, moduleAttrs},
		"route backend module":         {NewHTTPSEdgeRouteBackendResource, moduleAttrs},
		"route IP restriction module":  {NewHTTPSEdgeRouteIPRestrictionResource, moduleAttrs},
		"route request headers module": {NewHTTPSEdgeRouteRequestHeadersResource, moduleAttrs},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resp := readWithoutIdentity(t, tc.resource(), mock, tc.attrs)
			if resp.Diagnostics.HasError() {
				t.Fatalf("Read: %v", resp.Diagnostics)
			}
			if !resp.State.Raw.IsNull() {
				t.Errorf("Read of an object the API does not have kept it in the state")
			}
			var got map[string]tftypes.Value
			if err := resp.Identity.Raw.As(&got); err != nil || len(got) == 0 {
				t.Fatalf("identity %v: %v", resp.Identity.Raw, err)
			}
			// NOTE: each identity attribute is the state attribute of its name.
			for attr, value := range got {
				if !value.Equal(tc.attrs[attr]) {
					t.Errorf("identity %s = %v, want %v", attr, value, tc.attrs[attr])
				}
			}
		})
	}
}
