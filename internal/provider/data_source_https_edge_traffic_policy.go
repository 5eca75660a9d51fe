package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*httpsEdgeTrafficPolicyDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeTrafficPolicyDataSource)(nil)
)

func NewHTTPSEdgeTrafficPolicyDataSource() datasource.DataSource {
	return &httpsEdgeTrafficPolicyDataSource{}
}

type httpsEdgeTrafficPolicyDataSource struct {
	client *apiclient.Client
}

type vaultSecretModel struct {
	Vault types.String `tfsdk:"vault"`
	Name  types.String `tfsdk:"name"`
}

type httpsEdgeTrafficPolicyModel struct {
	EdgeID              types.String      `tfsdk:"edge_id"`
	OIDCClientSecret    *vaultSecretModel `tfsdk:"oidc_client_secret"`
	OAuthClientSecret   *vaultSecretModel `tfsdk:"oauth_client_secret"`
	WebhookSecret       *vaultSecretModel `tfsdk:"webhook_verification_secret"`
	TrafficPolicy       types.String      `tfsdk:"traffic_policy"`
	Endpoints           types.List        `tfsdk:"endpoints"`
	NotMigrated         types.List        `tfsdk:"not_migrated"`
	ForwardInternalURLs types.List        `tfsdk:"forward_internal_urls"`
}

var (
	migratedEndpointAttrTypes = map[string]attr.Type{
		"hostport": types.StringType, "url": types.StringType, "traffic_policy": types.StringType,
	}
	notMigratedAttrTypes = map[string]attr.Type{
		"route_id": types.StringType, "module": types.StringType, "reason": types.StringType,
	}
)

// ref is the secret the model names; nil when none.
func (v *vaultSecretModel) ref() *vaultSecretRef {
	if v == nil {
		return nil
	}
	return &vaultSecretRef{Vault: v.Vault.ValueString(), Name: v.Name.ValueString()}
}

// vaultSecretAttribute names the vault secret that holds what, without which
// the modules are listed in not_migrated.
func vaultSecretAttribute(what, modules string) schema.Attribute {
	return schema.SingleNestedAttribute{
		Description: "The ngrok vault secret that holds " + what + ". The policy reads it with " +
			"`${secrets.get(vault, name)}`: a secret is never copied into a policy. Without it, " + modules +
			" are listed in `not_migrated`.",
		Optional: true,
		Attributes: map[string]schema.Attribute{
			"vault": schema.StringAttribute{Description: "Name of the vault.", Required: true},
			"name":  schema.StringAttribute{Description: "Name of the secret in the vault.", Required: true},
		},
	}
}

func (d *httpsEdgeTrafficPolicyDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_traffic_policy"
}

func (d *httpsEdgeTrafficPolicyDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads an HTTPS edge with its routes and modules and writes what replaces it: for each hostport, a " +
			"cloud endpoint URL and a traffic policy that does what the edge did (routes become rule expressions; IP " +
			"restriction becomes `restrict-ips`, circuit breaker `circuit-breaker`, webhook verification " +
			"`verify-webhook`, OIDC `openid-connect`, OAuth `oauth` (with a `deny` rule for its email restrictions), " +
			"request and response headers `remove-headers` and `add-headers`, compression `compress-response`, the user " +
			"agent filter a `deny` rule, a traffic policy module its own rules, a tunnel-group backend " +
			"`forward-internal`, last in its phase). What has no equivalent (SAML, the WebSocket-TCP converter) is " +
			"listed in `not_migrated` with the reason. Give each `endpoints` entry to an `ngrok_cloud_endpoint` " +
			"(`url` and `traffic_policy`). See the guide \"Moving from edges to cloud endpoints\".",
		Attributes: map[string]schema.Attribute{
			"edge_id": schema.StringAttribute{
				Description: "ID (`edghts_...`) of the HTTPS edge.",
				Required:    true,
				Validators:  []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
			},
			"oidc_client_secret": schema.SingleNestedAttribute{
				Description: "The ngrok vault secret that holds the client secret of the edge's OIDC modules. The policy " +
					"reads it with `${secrets.get(vault, name)}`: a secret is never copied into a policy. Without it, " +
					"OIDC modules are listed in `not_migrated`.",
				Optional: true,
				Attributes: map[string]schema.Attribute{
					"vault": schema.StringAttribute{Description: "Name of the vault.", Required: true},
					"name":  schema.StringAttribute{Description: "Name of the secret in the vault.", Required: true},
				},
			},
			"oauth_client_secret": vaultSecretAttribute("the client secret of the edge's OAuth modules that use your own "+
				"OAuth application (those using ngrok's managed application need none)", "OAuth modules with a client_id"),
			"webhook_verification_secret": vaultSecretAttribute("the secret of the edge's webhook verification modules",
				"webhook verification modules"),
			"traffic_policy": schema.StringAttribute{
				Description: "The traffic policy, as JSON, that every endpoint of the edge takes.",
				Computed:    true,
			},
			"endpoints": migratedEndpointsAttribute(),
			"not_migrated": schema.ListNestedAttribute{
				Description: "The modules, or parts of modules, that the policy does not do, with the reason: to do by hand or to drop knowingly.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"route_id": schema.StringAttribute{Description: "The route's ID.", Computed: true},
					"module":   schema.StringAttribute{Description: "The module (`oidc`, `backend`, ...).", Computed: true},
					"reason":   schema.StringAttribute{Description: "Why it is not in the policy, and what to do.", Computed: true},
				}},
			},
			"forward_internal_urls": schema.ListAttribute{
				Description: "The internal endpoint URLs the policy forwards to, one per tunnel-group backend (its labels " +
					"`k=v` become `https://k-v.internal`): start an agent endpoint on each (`ngrok http 80 --url ...`).",
				ElementType: types.StringType,
				Computed:    true,
			},
		},
	}
}

func (d *httpsEdgeTrafficPolicyDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeTrafficPolicyDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m httpsEdgeTrafficPolicyModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edge, err := d.client.GetHTTPSEdge(ctx, m.EdgeID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read HTTPS Edge", err))
		return
	}
	in := edgeMigrationInput{Edge: edge, Backends: map[string]*apiclient.TunnelGroupBackend{}}
	for _, r := range edge.Routes {
		if r.Backend == nil || !strings.HasPrefix(r.Backend.Backend.ID, tunnelGroupBackendPref) {
			continue
		}
		id := r.Backend.Backend.ID
		if _, ok := in.Backends[id]; ok {
			continue
		}
		b, err := d.client.GetTunnelGroupBackend(ctx, id)
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Tunnel Group Backend", err))
			return
		}
		in.Backends[id] = b
	}
	in.OIDCClientSecret = m.OIDCClientSecret.ref()
	in.OAuthClientSecret = m.OAuthClientSecret.ref()
	in.WebhookSecret = m.WebhookSecret.ref()
	out, err := migrateHTTPSEdge(in)
	if err != nil {
		resp.Diagnostics.AddError("Unable to Translate HTTPS Edge", "The edge "+edge.ID+" cannot be translated: "+err.Error())
		return
	}
	m.TrafficPolicy = types.StringValue(out.Policy)
	m.Endpoints = out.endpointsValue()
	nm := make([]attr.Value, len(out.NotMigrated))
	for i, n := range out.NotMigrated {
		nm[i] = types.ObjectValueMust(notMigratedAttrTypes, map[string]attr.Value{
			"route_id": types.StringValue(n.RouteID), "module": types.StringValue(n.Module), "reason": types.StringValue(n.Reason),
		})
	}
	m.NotMigrated = types.ListValueMust(types.ObjectType{AttrTypes: notMigratedAttrTypes}, nm)
	m.ForwardInternalURLs = stringList(out.ForwardInternalURLs)
	resp.Diagnostics.Append(resp.State.Set(ctx, &m)...)
}

// migratedEndpointsAttribute is the endpoints of every edge translation.
func migratedEndpointsAttribute() schema.Attribute {
	return schema.ListNestedAttribute{
		Description: "One cloud endpoint per hostport of the edge, in the edge's order.",
		Computed:    true,
		NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"hostport":       schema.StringAttribute{Description: "The edge's hostport.", Computed: true},
			"url":            schema.StringAttribute{Description: "The cloud endpoint's URL.", Computed: true},
			"traffic_policy": schema.StringAttribute{Description: "The cloud endpoint's traffic policy, as JSON.", Computed: true},
		}},
	}
}

// endpointsValue is the endpoints attribute of a translation: each takes
// the policy.
func (out edgeMigration) endpointsValue() types.List {
	eps := make([]attr.Value, len(out.Endpoints))
	for i, e := range out.Endpoints {
		eps[i] = types.ObjectValueMust(migratedEndpointAttrTypes, map[string]attr.Value{
			"hostport": types.StringValue(e.Hostport), "url": types.StringValue(e.URL), "traffic_policy": types.StringValue(out.Policy),
		})
	}
	return types.ListValueMust(types.ObjectType{AttrTypes: migratedEndpointAttrTypes}, eps)
}
