package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/datasourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource                     = (*endpointDataSource)(nil)
	_ datasource.DataSourceWithConfigure        = (*endpointDataSource)(nil)
	_ datasource.DataSourceWithConfigValidators = (*endpointDataSource)(nil)
)

func NewEndpointDataSource() datasource.DataSource {
	return &endpointDataSource{}
}

type endpointDataSource struct {
	client *apiclient.Client
}

func (d *endpointDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_endpoint"
}

func (d *endpointDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Reads one endpoint of any type (cloud, agent or edge) by `id` or by `url`. " +
			"Looking up by url fails unless exactly one endpoint has that url; use `id`, or the " +
			"`ngrok_endpoints` data source, when several endpoints share it (endpoint pooling).",
		Attributes: endpointDataSourceAttributes(true),
	}
}

func (d *endpointDataSource) ConfigValidators(context.Context) []datasource.ConfigValidator {
	return []datasource.ConfigValidator{
		datasourcevalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("url")),
	}
}

// endpointDataSourceAttributes describes an endpoint as the data sources
// return it: the single one looks it up by id or url, the list returns
// every attribute computed.
func endpointDataSourceAttributes(lookup bool) map[string]schema.Attribute {
	ref := func(what string) schema.Attribute {
		return schema.SingleNestedAttribute{
			Description: what + " Null when the API does not return it.",
			Computed:    true,
			Attributes: map[string]schema.Attribute{
				"id":  schema.StringAttribute{Description: "Identifier of the object.", Computed: true},
				"uri": schema.StringAttribute{Description: "API address of the object.", Computed: true},
			},
		}
	}
	str := func(description string) schema.Attribute {
		return schema.StringAttribute{Description: description, Computed: true}
	}
	idAttr := schema.StringAttribute{Description: "Identifier of the endpoint (`ep_...`).", Computed: true}
	urlAttr := schema.StringAttribute{
		Description: "URL of the endpoint, e.g. `https://app.example.com`; null for an edge endpoint read by `id` " +
			"(the API answers an edge endpoint without one: `public_url` names it).",
		Computed:   true,
		CustomType: endpointURLType{},
	}
	if lookup {
		idAttr.Description += " Set exactly one of `id` and `url`."
		idAttr.Optional = true
		idAttr.Validators = []validator.String{idValidator(endpointIDPrefix, "an endpoint")}
		urlAttr.Description += " Set exactly one of `id` and `url`; a default port (`:443` on https) may be written or not."
		urlAttr.Optional = true
	}
	return map[string]schema.Attribute{
		"id":  idAttr,
		"url": urlAttr,
		"uri": str("API address of the endpoint; null for agent and edge endpoints, which the API answers without one."),
		"type": str(fmt.Sprintf("Type of the endpoint: %s (%s is an agent's endpoint).",
			quotedList(endpointTypes), "`"+apiclient.EndpointTypeEphemeral+"`")),
		"region":         str("Region of the endpoint (e.g. `us`); null when the API does not return it, as for every endpoint ngrok's recorded answers show."),
		"created_at":     str("When the endpoint was created, RFC 3339."),
		"updated_at":     str("When the endpoint last changed, RFC 3339."),
		"public_url":     str("URL of the endpoint as ngrok writes it, without a default port."),
		"proto":          str("Protocol of the endpoint: " + quotedList(endpointSchemes) + "."),
		"scheme":         str("Scheme of the URL; null when the API does not return it."),
		"hostport":       str("Host and port, the port always written (e.g. `app.example.com:443`)."),
		"host":           str("Host of the URL; null when the API does not return it."),
		"port":           schema.Int64Attribute{Description: "Port of the URL; null when the API does not return it.", Computed: true},
		"description":    str("Description of the endpoint, or of the tunnel or edge behind it; empty when none."),
		"metadata":       str("Metadata of the endpoint, or of the tunnel or edge behind it; empty when none."),
		"domain":         ref("The reserved domain the endpoint is on."),
		"tcp_addr":       ref("The reserved TCP address the endpoint is on."),
		"tunnel":         ref("The tunnel serving an agent endpoint."),
		"tunnel_session": ref("The agent session of an agent endpoint."),
		"edge":           ref("The edge serving an edge endpoint."),
		"principal":      ref("The user or bot that owns an agent endpoint."),
		"upstream_url":   str("Where the agent forwards an agent endpoint's traffic; null for other types."),
		"upstream_protocol": str("How the agent talks to the upstream (`http1` or `http2`); null when the API does not return it, " +
			"as for every endpoint ngrok's recorded answers show. The API reference calls it upstream_proto."),
		"name":           str("Name an agent gave its endpoint; null when none."),
		"traffic_policy": str("The traffic policy of the endpoint, as the API stores it (JSON or YAML text); null when none."),
		"bindings": schema.ListAttribute{
			Description: "Bindings of the endpoint: " + quotedList(endpointBindings) + ".",
			Computed:    true,
			ElementType: types.StringType,
		},
		"pooling_enabled": schema.BoolAttribute{Description: "Whether endpoint pooling is enabled.", Computed: true},
	}
}

func (d *endpointDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *endpointDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var cfg endpointDataModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}

	var ep *apiclient.Endpoint
	if !cfg.ID.IsNull() {
		got, err := d.client.GetEndpoint(ctx, cfg.ID.ValueString())
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Endpoint", err))
			return
		}
		ep = got
	} else {
		u, err := parseEndpointURL(cfg.URL.ValueString())
		if err != nil {
			resp.Diagnostics.AddAttributeError(path.Root("url"), "Invalid Endpoint URL", err.Error())
			return
		}
		var found []*apiclient.Endpoint
		for e, err := range d.client.ListEndpoints(ctx, &apiclient.ListOptions{Filter: endpointURLFilter(u.String())}) {
			if err != nil {
				resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read Endpoint", err))
				return
			}
			if endpointHasURL(e, u.String()) {
				found = append(found, e)
			}
		}
		switch len(found) {
		case 0:
			resp.Diagnostics.AddAttributeError(path.Root("url"), "Endpoint Not Found",
				fmt.Sprintf("No endpoint of this account has the url %s. Agent endpoints exist only while their agent runs.", u))
			return
		case 1:
			ep = found[0]
		default:
			var ids []string
			for _, e := range found {
				ids = append(ids, e.ID+" ("+e.Type+")")
			}
			resp.Diagnostics.AddAttributeError(path.Root("url"), "Several Endpoints Found",
				fmt.Sprintf("%d endpoints have the url %s: %s. Look one up by id instead, or list them with the ngrok_endpoints data source.",
					len(found), u, strings.Join(ids, ", ")))
			return
		}
	}
	m := endpointDataModelFromAPI(ep)
	if m.URL.IsNull() {
		// NOTE: an edge endpoint, which has no url: the one it was looked
		// up by stays.
		m.URL = cfg.URL
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, m)...)
}
