package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ datasource.DataSource              = (*reservedDomainsDataSource)(nil)
	_ datasource.DataSourceWithConfigure = (*reservedDomainsDataSource)(nil)
)

func NewReservedDomainsDataSource() datasource.DataSource {
	return &reservedDomainsDataSource{}
}

type reservedDomainsDataSource struct {
	client *apiclient.Client
}

type reservedDomainsModel struct {
	Filter          types.String              `tfsdk:"filter"`
	ReservedDomains []reservedDomainDataModel `tfsdk:"reserved_domains"`
}

func (d *reservedDomainsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reserved_domains"
}

func (d *reservedDomainsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's reserved domains, newest first, optionally narrowed by a filter.",
		Attributes: map[string]schema.Attribute{
			"filter": schema.StringAttribute{
				Description: filterDescription("reserved domain",
					"`obj.domain.endsWith(\".example.com\")` or `obj.cname_target != null`", "/reserved_domains"),
				Optional:   true,
				Validators: []validator.String{filterValidator{path: "/reserved_domains"}},
			},
			"reserved_domains": schema.ListNestedAttribute{
				Description: "The reserved domains, newest first.",
				Computed:    true,
				NestedObject: schema.NestedAttributeObject{
					Attributes: reservedDomainDataSourceAttributes(false),
				},
			},
		},
	}
}

func (d *reservedDomainsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *reservedDomainsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var state reservedDomainsModel
	resp.Diagnostics.Append(req.Config.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}

	state.ReservedDomains = []reservedDomainDataModel{}
	opts := &apiclient.ListOptions{Filter: state.Filter.ValueString()}
	for rd, err := range d.client.ListReservedDomains(ctx, opts) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List Reserved Domains", err))
			return
		}
		state.ReservedDomains = append(state.ReservedDomains, reservedDomainDataModelFromAPI(rd))
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}
