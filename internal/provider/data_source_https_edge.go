package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ngrok_https_edge and ngrok_https_edges read HTTPS edges with their routes
// and modules, to inventory an account's edges before moving them onto
// cloud endpoints. No module secret (OIDC or OAuth client secret, webhook
// verification secret) is read into a state.

var (
	_ datasource.DataSource              = (*httpsEdgeDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgeDataSource)(nil)
	_ datasource.DataSource              = (*httpsEdgesDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*httpsEdgesDataSource)(nil)
)

func NewHTTPSEdgeDataSource() datasource.DataSource  { return &httpsEdgeDataSource{} }
func NewHTTPSEdgesDataSource() datasource.DataSource { return &httpsEdgesDataSource{} }

type httpsEdgeDataSource struct{ client *apiclient.Client }

type httpsEdgesDataSource struct{ client *apiclient.Client }

var (
	edgeOIDCAttrTypes = map[string]attr.Type{
		"enabled": types.BoolType, "issuer": types.StringType, "client_id": types.StringType,
		"scopes": types.ListType{ElemType: types.StringType},
	}
	edgeHeadersAttrTypes = map[string]attr.Type{
		"enabled": types.BoolType, "add": types.MapType{ElemType: types.StringType},
		"remove": types.ListType{ElemType: types.StringType},
	}
	edgeRouteAttrTypes = addEdgeReadModuleTypes(map[string]attr.Type{
		"id": types.StringType, "match_type": types.StringType, "match": types.StringType,
		"description": types.StringType, "metadata": types.StringType,
		"backend_id": types.StringType, "ip_policy_ids": types.ListType{ElemType: types.StringType},
		"oidc":            types.ObjectType{AttrTypes: edgeOIDCAttrTypes},
		"request_headers": types.ObjectType{AttrTypes: edgeHeadersAttrTypes},
	})
	httpsEdgeAttrTypes = map[string]attr.Type{
		"id": types.StringType, "uri": types.StringType, "created_at": types.StringType,
		"description": types.StringType, "metadata": types.StringType,
		"hostports": types.ListType{ElemType: types.StringType},
		"routes":    types.ListType{ElemType: types.ObjectType{AttrTypes: edgeRouteAttrTypes}},
	}
)

// httpsEdgeAttributes describes an edge; id is required when lookup.
func httpsEdgeAttributes(lookup bool) map[string]schema.Attribute {
	str := func(d string) schema.Attribute { return schema.StringAttribute{Description: d, Computed: true} }
	strs := func(d string) schema.Attribute {
		return schema.ListAttribute{Description: d, Computed: true, ElementType: types.StringType}
	}
	id := schema.StringAttribute{Description: "ID (`edghts_...`) of the HTTPS edge.", Computed: true}
	if lookup {
		id = schema.StringAttribute{Description: "ID (`edghts_...`) of the HTTPS edge.", Required: true,
			Validators: []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")}}
	}
	return map[string]schema.Attribute{
		"id":          id,
		"uri":         str("URI of the edge in the API."),
		"created_at":  str("When the edge was created (RFC 3339)."),
		"description": str("Description of the edge."),
		"metadata":    str("Metadata of the edge."),
		"hostports":   strs("The edge's hostports (`host:port`)."),
		"routes": schema.ListNestedAttribute{
			Description: "The edge's routes with their modules, in the API's order.",
			Computed:    true,
			NestedObject: schema.NestedAttributeObject{Attributes: addEdgeReadModuleAttributes(map[string]schema.Attribute{
				"id":            str("ID (`edghtsrt_...`) of the route."),
				"match_type":    str("`exact_path` or `path_prefix`."),
				"match":         str("The path the route matches."),
				"description":   str("Description of the route."),
				"metadata":      str("Metadata of the route."),
				"backend_id":    str("ID of the backend module's backend; null when the module is not set."),
				"ip_policy_ids": strs("IP policies of the IP restriction module; null when the module is not set."),
				"oidc": schema.SingleNestedAttribute{
					Description: "The OIDC module, without its client secret; null when not set.",
					Computed:    true,
					Attributes: map[string]schema.Attribute{
						"enabled":   schema.BoolAttribute{Description: "Whether the module applies.", Computed: true},
						"issuer":    str("The identity provider's issuer URL."),
						"client_id": str("The client ID."),
						"scopes":    strs("The scopes requested."),
					},
				},
				"request_headers": schema.SingleNestedAttribute{
					Description: "The request headers module; null when not set.",
					Computed:    true,
					Attributes: map[string]schema.Attribute{
						"enabled": schema.BoolAttribute{Description: "Whether the module applies.", Computed: true},
						"add": schema.MapAttribute{Description: "Headers added to requests.", Computed: true,
							ElementType: types.StringType},
						"remove": strs("Headers removed from requests."),
					},
				},
			})},
		},
	}
}

// httpsEdgeValue is an edge as the data sources return it.
func httpsEdgeValue(e *apiclient.HTTPSEdge) map[string]attr.Value {
	routes := make([]attr.Value, len(e.Routes))
	for i, r := range e.Routes {
		v := map[string]attr.Value{
			"id": types.StringValue(r.ID), "match_type": types.StringValue(r.MatchType), "match": types.StringValue(r.Match),
			"description": types.StringValue(r.Description), "metadata": types.StringValue(r.Metadata),
			"backend_id":      types.StringNull(),
			"ip_policy_ids":   types.ListNull(types.StringType),
			"oidc":            types.ObjectNull(edgeOIDCAttrTypes),
			"request_headers": types.ObjectNull(edgeHeadersAttrTypes),
		}
		if r.Backend != nil {
			v["backend_id"] = types.StringValue(r.Backend.Backend.ID)
		}
		if r.IPRestriction != nil {
			ids := make([]string, len(r.IPRestriction.IPPolicies))
			for j, p := range r.IPRestriction.IPPolicies {
				ids[j] = p.ID
			}
			v["ip_policy_ids"] = stringList(ids)
		}
		if m := r.OIDC; m != nil {
			v["oidc"] = types.ObjectValueMust(edgeOIDCAttrTypes, map[string]attr.Value{
				"enabled": types.BoolValue(m.Enabled), "issuer": types.StringValue(m.Issuer),
				"client_id": types.StringValue(m.ClientID), "scopes": stringList(m.Scopes),
			})
		}
		if m := r.RequestHeaders; m != nil {
			add := make(map[string]attr.Value, len(m.Add))
			for k, s := range m.Add {
				add[k] = types.StringValue(s)
			}
			v["request_headers"] = types.ObjectValueMust(edgeHeadersAttrTypes, map[string]attr.Value{
				"enabled": types.BoolValue(m.Enabled), "add": types.MapValueMust(types.StringType, add),
				"remove": stringList(m.Remove),
			})
		}
		addEdgeReadModuleValues(v, &r)
		routes[i] = types.ObjectValueMust(edgeRouteAttrTypes, v)
	}
	return map[string]attr.Value{
		"id": types.StringValue(e.ID), "uri": types.StringValue(e.URI), "created_at": types.StringValue(e.CreatedAt),
		"description": types.StringValue(e.Description), "metadata": types.StringValue(e.Metadata),
		"hostports": stringList(e.Hostports),
		"routes":    types.ListValueMust(types.ObjectType{AttrTypes: edgeRouteAttrTypes}, routes),
	}
}

func (d *httpsEdgeDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge"
}

func (d *httpsEdgeDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads an HTTPS edge with its routes and their modules (ngrok deprecated edges; see the guide " +
			"\"Moving from edges to cloud endpoints\"). Module secrets (OIDC and OAuth client secrets, the webhook " +
			"verification secret) are left out.",
		Attributes: httpsEdgeAttributes(true),
	}
}

func (d *httpsEdgeDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgeDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var id types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() {
		return
	}
	e, err := d.client.GetHTTPSEdge(ctx, id.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read HTTPS Edge", err))
		return
	}
	obj, diags := types.ObjectValue(httpsEdgeAttrTypes, httpsEdgeValue(e))
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, obj)...)
}

func (d *httpsEdgesDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edges"
}

func (d *httpsEdgesDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's HTTPS edges, newest first, each with its routes and their modules, to " +
			"inventory them before moving them onto cloud endpoints (guide \"Moving from edges to cloud endpoints\").",
		Attributes: map[string]schema.Attribute{
			"https_edges": schema.ListNestedAttribute{
				Description:  "The edges.",
				Computed:     true,
				NestedObject: schema.NestedAttributeObject{Attributes: httpsEdgeAttributes(false)},
			},
		},
	}
}

func (d *httpsEdgesDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *httpsEdgesDataSource) Read(ctx context.Context, _ datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edges []attr.Value
	for e, err := range d.client.ListHTTPSEdges(ctx, nil) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List HTTPS Edges", err))
			return
		}
		edges = append(edges, types.ObjectValueMust(httpsEdgeAttrTypes, httpsEdgeValue(e)))
	}
	list := types.ListValueMust(types.ObjectType{AttrTypes: httpsEdgeAttrTypes}, edges)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("https_edges"), list)...)
}
