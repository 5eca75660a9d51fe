package provider

import (
	"cmp"
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*endpointsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*endpointsDataSource)(nil)
)

func NewEndpointsDataSource() datasource.DataSource {
	return &endpointsDataSource{}
}

type endpointsDataSource struct {
	client *apiclient.Client
}

type endpointsDataSourceModel struct {
	Filter    types.String        `tfsdk:"filter"`
	Type      types.String        `tfsdk:"type"`
	URL       endpointURLValue    `tfsdk:"url"`
	Endpoints []endpointDataModel `tfsdk:"endpoints"`
}

func (d *endpointsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_endpoints"
}

func (d *endpointsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's endpoints of every type (cloud endpoints, agent endpoints and edge endpoints), " +
			"newest first, optionally narrowed by type, url and a filter. Every endpoint must match all the arguments given.",
		Attributes: map[string]schema.Attribute{
			"filter": schema.StringAttribute{
				Description: filterDescription("endpoint",
					"`obj.metadata.contains(\"prod\")` or `\"public\" in obj.bindings`", "/endpoints"),
				Optional:   true,
				Validators: []validator.String{filterValidator{path: "/endpoints"}},
			},
			"type": schema.StringAttribute{
				Description: "Only endpoints of this type: " + quotedList(endpointTypes) + " (`ephemeral` is an agent's endpoint).",
				Optional:    true,
				Validators:  []validator.String{stringvalidator.OneOf(endpointTypes...)},
			},
			"url": schema.StringAttribute{
				Description: "Only endpoints with this url; a default port (`:443` on https) may be written or not.",
				Optional:    true,
				CustomType:  endpointURLType{},
			},
			"endpoints": schema.ListNestedAttribute{
				Description: "The endpoints, newest first, each with every property the API returns for it.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: endpointDataSourceAttributes(false),
				},
			},
		},
	}
}

func (d *endpointsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *endpointsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state endpointsDataSourceModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	filter, err := state.apiFilter()
	if err != nil {
		resp.Diagnostics.AddAttributeError(path.Root("url"), "Invalid Endpoint URL", err.Error())
		return
	}

	state.Endpoints = []endpointDataModel{}
	for ep, err := range d.client.ListEndpoints(ctx, &apiclient.ListOptions{Filter: filter}) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List Endpoints", err))
			return
		}
		if !state.URL.IsNull() && !endpointHasURL(ep, state.URL.ValueString()) {
			continue
		}
		state.Endpoints = append(state.Endpoints, endpointDataModelFromAPI(ep))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// apiFilter combines the arguments into one CEL filter: the user's filter
// and the conditions for type and url, all of which must hold.
func (m endpointsDataSourceModel) apiFilter() (string, error) {
	var parts []string
	if f := strings.TrimSpace(m.Filter.ValueString()); f != "" {
		parts = append(parts, "("+f+")")
	}
	if !m.Type.IsNull() {
		parts = append(parts, "obj.type == "+celString(m.Type.ValueString()))
	}
	if !m.URL.IsNull() {
		u, err := parseEndpointURL(m.URL.ValueString())
		if err != nil {
			return "", err
		}
		parts = append(parts, endpointURLFilter(u.String()))
	}
	return strings.Join(parts, " && "), nil
}

// endpointURLFilter is the CEL condition that narrows a list to the
// endpoints that may have url u: those whose url it is, and the edge
// endpoints, which have none; endpointHasURL keeps those of them whose
// public_url it is. The endpoints' filter does not take public_url [real:
// docs api/api-filtering.mdx, its table of fields].
func endpointURLFilter(u string) string {
	return "(obj.url == " + celString(u) + " || obj.type == " + celString(apiclient.EndpointTypeEdge) + ")"
}

// endpointHasURL says whether ep has url u: its url, or for an edge endpoint
// its public_url.
func endpointHasURL(ep *apiclient.Endpoint, u string) bool {
	return equivalentEndpointURLs(cmp.Or(ep.URL, ep.PublicURL), u)
}
