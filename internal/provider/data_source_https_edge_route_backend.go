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
	_ datasource.DataSource              = (*httpsEdgeRouteBackendDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeRouteBackendDataSource)(nil)
)

func NewHTTPSEdgeRouteBackendDataSource() datasource.DataSource {
	return &httpsEdgeRouteBackendDataSource{}
}

type httpsEdgeRouteBackendDataSource struct {
	client *apiclient.Client
}

func (d *httpsEdgeRouteBackendDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_backend"
}

func (d *httpsEdgeRouteBackendDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := edgeRouteModuleDataSourceAttributes(backendModuleNoun)
	attrs["backend_id"] = schema.StringAttribute{Description: "ID of the tunnel group backend (`bkdtg_...`) that serves the route.", Computed: true}
	resp.Schema = schema.Schema{
		Description: "Reads the backend module of a route of an HTTPS edge: where the route's traffic goes",
		Attributes:  attrs,
	}
}

func (d *httpsEdgeRouteBackendDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeRouteBackendDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edgeID, routeID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("route_id"), &routeID)...)
	if resp.Diagnostics.HasError() {
		return
	}

	mod, err := d.client.GetHTTPSEdgeRouteBackend(ctx, edgeID.ValueString(), routeID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleReadDiagnostic("Unable to Read HTTPS Edge Route Backend Module", backendModuleNoun,
			err, edgeID.ValueString(), routeID.ValueString()))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, httpsEdgeRouteBackendModelFromAPI(edgeID.ValueString(), routeID.ValueString(), mod))...)
}
