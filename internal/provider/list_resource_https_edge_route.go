package provider

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The list resource of ngrok_https_edge_route: the routes of one edge
// (edge_id), or of every edge, read from the edges' list, which nests each
// edge's routes (the API lists no routes alone).

var (
	_ list.ListResource              = (*httpsEdgeRouteListResource)(nil)
	_ list.ListResourceWithConfigure = (*httpsEdgeRouteListResource)(nil)
)

func NewHTTPSEdgeRouteListResource() list.ListResource { return &httpsEdgeRouteListResource{} }

type httpsEdgeRouteListResource struct {
	client *apiclient.Client
}

type httpsEdgeRouteListModel struct {
	EdgeID types.String `tfsdk:"edge_id"`
}

func (r *httpsEdgeRouteListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route"
}

func (r *httpsEdgeRouteListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the routes of an HTTPS edge, or of every HTTPS edge of the account (newest edge first, each " +
			"edge's routes oldest first), for `terraform query`: each with its identity (`edge_id`, `id`), a display " +
			"name and, with `include_resource`, every attribute as an import reads it, so that `-generate-config-out` " +
			"writes configuration that imports with no change. The routes' modules are listed by the `ngrok_https_edge` " +
			"data source.",
		DeprecationMessage: edgesDeprecationMessage,
		Attributes: map[string]schema.Attribute{
			"edge_id": schema.StringAttribute{
				Description: "Only the routes of this HTTPS edge (`edghts_...`). Without it, the routes of every edge.",
				Optional:    true,
				Validators:  []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
			},
		},
	}
}

func (r *httpsEdgeRouteListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg httpsEdgeRouteListModel
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	var edges iter.Seq2[*apiclient.HTTPSEdge, error]
	if id := cfg.EdgeID.ValueString(); id != "" {
		edges = func(yield func(*apiclient.HTTPSEdge, error) bool) {
			yield(apiclient.HTTPSEdges.Get(ctx, r.client, id))
		}
	} else {
		edges = apiclient.HTTPSEdges.List(ctx, r.client, nil)
	}
	stream.Results = streamListResults(ctx, req, edgeRoutes(edges), "Unable to List HTTPS Edge Routes",
		func(_ context.Context, route *apiclient.HTTPSEdgeRoute) (listedObject, bool, diag.Diagnostics) {
			m := httpsEdgeRouteModelFromAPI(route)
			return listedObject{
				id: route.ID, displayName: m.displayName(), state: m,
				identity: httpsEdgeRouteIdentityModel{EdgeID: m.EdgeID, ID: m.ID},
			}, true, nil
		})
}

// edgeRoutes is every route of edges, in order; an error ends it.
func edgeRoutes(edges iter.Seq2[*apiclient.HTTPSEdge, error]) iter.Seq2[*apiclient.HTTPSEdgeRoute, error] {
	return func(yield func(*apiclient.HTTPSEdgeRoute, error) bool) {
		for e, err := range edges {
			if err != nil {
				yield(nil, err)
				return
			}
			for i := range e.Routes {
				route := &e.Routes[i]
				if route.EdgeID == "" {
					route.EdgeID = e.ID
				}
				if !yield(route, nil) {
					return
				}
			}
		}
	}
}
