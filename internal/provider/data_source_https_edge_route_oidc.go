package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*httpsEdgeRouteOIDCDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeRouteOIDCDataSource)(nil)
)

func NewHTTPSEdgeRouteOIDCDataSource() datasource.DataSource {
	return &httpsEdgeRouteOIDCDataSource{}
}

type httpsEdgeRouteOIDCDataSource struct {
	client *apiclient.Client
}

func (d *httpsEdgeRouteOIDCDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_oidc"
}

func (d *httpsEdgeRouteOIDCDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := edgeRouteModuleDataSourceAttributes(oidcModuleNoun)
	attrs["options_passthrough"] = schema.BoolAttribute{Description: "Whether HTTP `OPTIONS` requests pass without authentication.", Computed: true}
	attrs["cookie_prefix"] = schema.StringAttribute{Description: "Prefix of the session cookie; empty for ngrok's own.", Computed: true}
	attrs["inactivity_timeout"] = schema.Int64Attribute{Description: "Seconds of inactivity after which the session ends; `0` for ngrok's default.", Computed: true}
	attrs["maximum_duration"] = schema.Int64Attribute{Description: "Longest a session lasts, in seconds; `0` for ngrok's default.", Computed: true}
	attrs["issuer"] = schema.StringAttribute{Description: "URL of the OpenID Connect identity provider.", Computed: true}
	attrs["client_id"] = schema.StringAttribute{Description: "Client ID of the application registered with the identity provider.", Computed: true}
	attrs["scopes"] = schema.SetAttribute{Description: "Scopes requested from the identity provider.", ElementType: types.StringType, Computed: true}
	resp.Schema = schema.Schema{
		Description: "Reads the OIDC module of a route of an HTTPS edge. The client secret is not exposed: " +
			"manage it with the `ngrok_https_edge_route_oidc` resource",
		Attributes: attrs,
	}
}

func (d *httpsEdgeRouteOIDCDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeRouteOIDCDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edgeID, routeID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("route_id"), &routeID)...)
	if resp.Diagnostics.HasError() {
		return
	}

	mod, err := d.client.GetHTTPSEdgeRouteOIDC(ctx, edgeID.ValueString(), routeID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleReadDiagnostic("Unable to Read HTTPS Edge Route OIDC Module", oidcModuleNoun,
			err, edgeID.ValueString(), routeID.ValueString()))
		return
	}
	state, diags := httpsEdgeRouteOIDCModelFromAPI(edgeID.ValueString(), routeID.ValueString(), mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state.dataModel())...)
}
