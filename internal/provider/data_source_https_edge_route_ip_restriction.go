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
	_ datasource.DataSource              = (*httpsEdgeRouteIPRestrictionDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeRouteIPRestrictionDataSource)(nil)
)

func NewHTTPSEdgeRouteIPRestrictionDataSource() datasource.DataSource {
	return &httpsEdgeRouteIPRestrictionDataSource{}
}

type httpsEdgeRouteIPRestrictionDataSource struct {
	client *apiclient.Client
}

func (d *httpsEdgeRouteIPRestrictionDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_ip_restriction"
}

func (d *httpsEdgeRouteIPRestrictionDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := edgeRouteModuleDataSourceAttributes(ipRestrictionModuleNoun)
	attrs["ip_policy_ids"] = schema.SetAttribute{Description: "IDs of the IP policies (`ipp_...`) of the module.", ElementType: types.StringType, Computed: true}
	resp.Schema = schema.Schema{
		Description: "Reads the IP restriction module of a route of an HTTPS edge: the IP policies that decide who may reach it",
		Attributes:  attrs,
	}
}

func (d *httpsEdgeRouteIPRestrictionDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeRouteIPRestrictionDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edgeID, routeID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("route_id"), &routeID)...)
	if resp.Diagnostics.HasError() {
		return
	}

	mod, err := d.client.GetHTTPSEdgeRouteIPRestriction(ctx, edgeID.ValueString(), routeID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleReadDiagnostic("Unable to Read HTTPS Edge Route IP Restriction Module", ipRestrictionModuleNoun,
			err, edgeID.ValueString(), routeID.ValueString()))
		return
	}
	state, diags := httpsEdgeRouteIPRestrictionModelFromAPI(edgeID.ValueString(), routeID.ValueString(), mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
