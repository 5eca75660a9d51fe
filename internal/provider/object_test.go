package provider

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// TestObjectTypeSchemas: every declared object's resource, data sources and
// list resource have valid schemas in which every attribute is described,
// and the data sources show exactly the resource's attributes but its own
// inputs.
func TestObjectTypeSchemas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, reg := range objectTypes {
		r := reg.newResource()
		var meta resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ngrok"}, &meta)
		t.Run(meta.TypeName, func(t *testing.T) {
			var rs resource.SchemaResponse
			r.Schema(ctx, resource.SchemaRequest{}, &rs)
			if diags := rs.Schema.ValidateImplementation(ctx); diags.HasError() {
				t.Fatalf("resource schema: %v", diags)
			}
			for name, a := range rs.Schema.Attributes {
				if a.GetDescription() == "" {
					t.Errorf("resource attribute %s has no description", name)
				}
			}
			var is resource.IdentitySchemaResponse
			implementation[resource.ResourceWithIdentity](t, r).IdentitySchema(ctx, resource.IdentitySchemaRequest{}, &is)
			if _, ok := is.IdentitySchema.Attributes["id"]; !ok {
				t.Error("identity has no id")
			}

			var single, plural datasource.SchemaResponse
			reg.newDataSource().Schema(ctx, datasource.SchemaRequest{}, &single)
			reg.newPluralDataSource().Schema(ctx, datasource.SchemaRequest{}, &plural)
			for _, s := range []datasource.SchemaResponse{single, plural} {
				if diags := s.Schema.ValidateImplementation(ctx); diags.HasError() {
					t.Fatalf("data source schema: %v", diags)
				}
			}
			for name, a := range rs.Schema.Attributes {
				_, shown := single.Schema.Attributes[name]
				if shown && (a.IsWriteOnly() || a.IsSensitive()) {
					t.Errorf("data source shows the secret %s", name)
				}
			}
			for name := range single.Schema.Attributes {
				if _, ok := rs.Schema.Attributes[name]; !ok {
					t.Errorf("data source attribute %s is not the resource's", name)
				}
			}
			if !single.Schema.Attributes["id"].IsRequired() {
				t.Error("the single data source's id is not required")
			}
			for name, a := range single.Schema.Attributes {
				if a.GetDescription() == "" {
					t.Errorf("data source attribute %s has no description", name)
				}
			}

			var ls list.ListResourceSchemaResponse
			reg.newListResource().ListResourceConfigSchema(ctx, list.ListResourceSchemaRequest{}, &ls)
			if _, ok := ls.Schema.Attributes["filter"]; ok != reg.filtered() {
				t.Errorf("list resource has a filter: %v; the API's list takes one: %v", ok, reg.filtered())
			}
			if _, ok := plural.Schema.Attributes["filter"]; ok != reg.filtered() {
				t.Errorf("plural data source has a filter: %v; the API's list takes one: %v", ok, reg.filtered())
			}
		})
	}
}

func TestListFilter(t *testing.T) {
	t.Parallel()
	args := []listArg{{name: "ip_policy_id", celPath: "obj.ip_policy.id"}}
	for _, c := range []struct {
		filter string
		value  types.String
		want   string
	}{
		{"", types.StringNull(), ""},
		{`obj.action == "deny"`, types.StringNull(), `obj.action == "deny"`},
		{"", types.StringValue("ipp_1"), `obj.ip_policy.id == "ipp_1"`},
		{`obj.action == "deny" || true`, types.StringValue(`ipp_"1`), `obj.ip_policy.id == "ipp_\"1" && (obj.action == "deny" || true)`},
		{"", types.StringUnknown(), ""},
	} {
		if got := listFilter(c.filter, args, []types.String{c.value}); got != c.want {
			t.Errorf("listFilter(%q, %v) = %q, want %q", c.filter, c.value, got, c.want)
		}
	}
}

func TestTitleCase(t *testing.T) {
	t.Parallel()
	if got := titleCase("IP policy rule"); got != "IP Policy Rule" {
		t.Errorf("titleCase = %q", got)
	}
}

// TestObjectProject: the data sources' value of an object is the resource's
// model without the resource's own inputs.
func TestObjectProject(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var diags diag.Diagnostics
	cert, _ := testTLSCertificate(t, "app.example.com")
	v := tlsCertificateType.project(ctx, &apiclient.TLSCertificate{ID: "cert_1", CertificatePEM: cert, PrivateKeyType: "ecdsa"}, &diags)
	if diags.HasError() {
		t.Fatal(diags)
	}
	var attrs map[string]tftypes.Value
	if err := v.As(&attrs); err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []string{"private_key_pem", "private_key_pem_wo", "private_key_pem_wo_version"} {
		if _, ok := attrs[hidden]; ok {
			t.Errorf("projected value has %s", hidden)
		}
	}
	var id string
	if err := attrs["id"].As(&id); err != nil || id != "cert_1" {
		t.Errorf("id = %q, %v", id, err)
	}
	if !v.Type().Equal(tlsCertificateType.projectedType(ctx)) {
		t.Errorf("type %s, want %s", v.Type(), tlsCertificateType.projectedType(ctx))
	}
	if slices.Contains(tlsCertificateType.resourceOnly, "id") {
		t.Error("id is resource-only")
	}
}

// TestObjectRefreshFilter: a rule's refresh lists within its policy, from
// the prior state's ip_policy_id; an object type without refreshWithin, or
// a state without the value, refreshes from the whole list.
func TestObjectRefreshFilter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	r := &objectResource[apiclient.IPPolicyRule, apiclient.IPPolicyRuleCreate, apiclient.IPPolicyRuleUpdate, ipPolicyRuleModel]{o: ipPolicyRuleType}
	var rs resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &rs)
	state := func(policyID types.String) tfsdk.State {
		st := tfsdk.State{Schema: rs.Schema, Raw: tftypes.NewValue(rs.Schema.Type().TerraformType(ctx), nil)}
		m := ipPolicyRuleModel{ID: types.StringValue("ipr_1"), URI: types.StringNull(), CreatedAt: types.StringNull(),
			Description: types.StringValue(""), Metadata: types.StringValue(""), IPPolicyID: policyID,
			CIDR: newCIDRValue("10.0.0.0/8"), Action: types.StringValue("allow")}
		if diags := st.Set(ctx, &m); diags.HasError() {
			t.Fatal(diags)
		}
		return st
	}
	for policyID, want := range map[types.String]string{
		types.StringValue("ipp_1"): `obj.ip_policy.id == "ipp_1"`,
		types.StringValue(""):      "",
		types.StringNull():         "",
	} {
		var diags diag.Diagnostics
		if got := r.refreshFilter(ctx, state(policyID), &diags); got != want || diags.HasError() {
			t.Errorf("ip_policy_id %s: filter %q, %v; want %q", policyID, got, diags, want)
		}
	}
	p := &objectResource[apiclient.IPPolicy, apiclient.IPPolicyCreate, apiclient.IPPolicyUpdate, ipPolicyModel]{o: ipPolicyType}
	var diags diag.Diagnostics
	if got := p.refreshFilter(ctx, tfsdk.State{}, &diags); got != "" || diags.HasError() {
		t.Errorf("IP policy: filter %q, %v; want none", got, diags)
	}
	for _, reg := range objectTypes {
		o, ok := reg.(interface{ refreshWithinArg() (string, bool) })
		if !ok {
			t.Fatalf("%T is not an objectType", reg)
		}
		if name, found := o.refreshWithinArg(); !found {
			t.Errorf("%T: refreshWithin %q names no listArg", reg, name)
		}
	}
}

// An update that changes nothing the API holds (here the key version an
// import records) reads the object instead of sending a PATCH, which would
// give nothing new, and which the API refuses of some objects when it gives
// no field (ERR_NGROK_1400, 1401, 606, 422, 18004).
func TestAccObject_updateOfNothingTheAPIHoldsSendsNoPatch(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "imported.example.com")
	c, err := apiclient.TLSCertificates.Create(context.Background(), mock.client, &apiclient.TLSCertificateCreate{
		CertificatePEM: cert, PrivateKeyPEM: key, Description: "uploaded in the dashboard",
	})
	if err != nil {
		t.Fatal(err)
	}
	mock.server.ClearJournal()
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(importBlock(testTLSResource, c.ID) +
				testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, `description = "uploaded in the dashboard"`)...)),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: onlyReads(mock),
		}},
	})
}

// An update that changes a field still sends it.
func TestAccObject_updateSendsWhatChanges(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{Config: mock.config("resource \"ngrok_ip_policy\" \"test\" {\n  description = \"one\"\n}\n")},
			{
				PreConfig: mock.server.ClearJournal,
				Config:    mock.config("resource \"ngrok_ip_policy\" \"test\" {\n  description = \"two\"\n}\n"),
				Check: func(*terraform.State) error {
					entries, _ := mock.server.Journal()
					for _, e := range entries {
						if e.Method == http.MethodPatch && e.Status == http.StatusOK {
							return nil
						}
					}
					return fmt.Errorf("the apply sent no PATCH")
				},
			},
		},
	})
}

// A reserved domain whose update changes only wait_for_certificate reads
// the domain: the PATCH would give nothing new (ERR_NGROK_422 when empty).
func TestAccReservedDomain_updateOfWaitSendsNoPatch(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`))},
			{
				PreConfig: mock.server.ClearJournal,
				Config:    mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `wait_for_certificate = true`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: onlyReads(mock),
			},
		},
	})
}

// onlyReads fails when the mock's journal holds a request other than a GET.
func onlyReads(mock *testMock) tfresource.TestCheckFunc {
	return func(*terraform.State) error {
		entries, _ := mock.server.Journal()
		for _, e := range entries {
			if e.Method != http.MethodGet {
				return fmt.Errorf("the apply sent %s %s; want reads only", e.Method, e.Path)
			}
		}
		return nil
	}
}
