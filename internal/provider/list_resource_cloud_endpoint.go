package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ list.ListResource              = (*cloudEndpointListResource)(nil)
	_ list.ListResourceWithConfigure = (*cloudEndpointListResource)(nil)
)

func NewCloudEndpointListResource() list.ListResource {
	return &cloudEndpointListResource{}
}

type cloudEndpointListResource struct {
	client *apiclient.Client
}

type cloudEndpointListModel struct {
	Filter types.String     `tfsdk:"filter"`
	URL    endpointURLValue `tfsdk:"url"`
}

func (r *cloudEndpointListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_cloud_endpoint"
}

func (r *cloudEndpointListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's cloud endpoints, newest first, for `terraform query` (agent and edge endpoints, " +
			"which Terraform does not manage, are left out): each with its identity (`id`), its url as display name and, " +
			"with `include_resource`, every attribute as an import reads it, so that `-generate-config-out` writes " +
			"configuration that imports with no change. Every endpoint must match all the arguments given.",
		Attributes: map[string]schema.Attribute{
			"filter": listFilterAttribute("endpoint",
				"`obj.metadata.contains(\"prod\")` or `\"public\" in obj.bindings`", "/endpoints"),
			"url": schema.StringAttribute{
				Description: "Only the endpoint with this url; a default port (`:443` on https) may be written or not.",
				Optional:    true,
				CustomType:  endpointURLType{},
			},
		},
	}
}

func (r *cloudEndpointListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *cloudEndpointListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg cloudEndpointListModel
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	// NOTE: the type condition is the API's to apply, so that a page holds
	// only cloud endpoints however many agent endpoints the account has.
	filter, err := endpointsDataSourceModel{
		Filter: cfg.Filter,
		Type:   types.StringValue(apiclient.EndpointTypeCloud),
		URL:    cfg.URL,
	}.apiFilter()
	if err != nil {
		stream.Results = list.ListResultsStreamDiagnostics(diag.Diagnostics{diag.NewErrorDiagnostic("Invalid Endpoint URL", err.Error())})
		return
	}
	opts := &apiclient.ListOptions{Filter: filter, Limit: listPageSize(req.Limit)}
	stream.Results = streamListResults(ctx, req, r.client.ListEndpoints(ctx, opts), "Unable to List Cloud Endpoints",
		func(_ context.Context, ep *apiclient.Endpoint) (listedObject, bool, diag.Diagnostics) {
			// NOTE: the API applied the type condition; this keeps a
			// non-cloud endpoint out however it answered.
			keep := ep.Type == apiclient.EndpointTypeCloud && (cfg.URL.IsNull() || endpointHasURL(ep, cfg.URL.ValueString()))
			return listedObject{id: ep.ID, displayName: ep.URL, state: cloudEndpointModelFromAPI(ep)}, keep, nil
		})
}
