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
	_ datasource.DataSource              = (*httpsEdgeRouteRequestHeadersDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeRouteRequestHeadersDataSource)(nil)
)

func NewHTTPSEdgeRouteRequestHeadersDataSource() datasource.DataSource {
	return &httpsEdgeRouteRequestHeadersDataSource{}
}

type httpsEdgeRouteRequestHeadersDataSource struct {
	client *apiclient.Client
}

func (d *httpsEdgeRouteRequestHeadersDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_request_headers"
}

func (d *httpsEdgeRouteRequestHeadersDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := edgeRouteModuleDataSourceAttributes(requestHeadersModuleNoun)
	attrs["add"] = schema.MapAttribute{Description: "Headers added to each request: header name to value.", ElementType: types.StringType, Computed: true}
	attrs["remove"] = schema.SetAttribute{Description: "Names of headers removed from each request.", ElementType: types.StringType, Computed: true}
	resp.Schema = schema.Schema{
		Description: "Reads the request headers module of a route of an HTTPS edge: headers added to and removed from requests",
		Attributes:  attrs,
	}
}

func (d *httpsEdgeRouteRequestHeadersDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeRouteRequestHeadersDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edgeID, routeID types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("route_id"), &routeID)...)
	if resp.Diagnostics.HasError() {
		return
	}

	mod, err := d.client.GetHTTPSEdgeRouteRequestHeaders(ctx, edgeID.ValueString(), routeID.ValueString())
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleReadDiagnostic("Unable to Read HTTPS Edge Route Request Headers Module", requestHeadersModuleNoun,
			err, edgeID.ValueString(), routeID.ValueString()))
		return
	}
	state, diags := httpsEdgeRouteRequestHeadersModelFromAPI(edgeID.ValueString(), routeID.ValueString(), mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
