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
	_ list.ListResource              = (*reservedDomainListResource)(nil)
	_ list.ListResourceWithConfigure = (*reservedDomainListResource)(nil)
)

func NewReservedDomainListResource() list.ListResource {
	return &reservedDomainListResource{}
}

type reservedDomainListResource struct {
	client *apiclient.Client
}

type reservedDomainListModel struct {
	Filter types.String `tfsdk:"filter"`
}

func (r *reservedDomainListResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_reserved_domain"
}

func (r *reservedDomainListResource) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the account's reserved domains, newest first, for `terraform query`: each with its identity " +
			"(`id`), its domain as display name and, with `include_resource`, every attribute as an import reads it, so " +
			"that `-generate-config-out` writes configuration that imports with no change.",
		Attributes: map[string]schema.Attribute{
			"filter": listFilterAttribute("reserved domain",
				"`obj.domain.endsWith(\".example.com\")` or `obj.cname_target != null`", "/reserved_domains"),
		},
	}
}

func (r *reservedDomainListResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *reservedDomainListResource) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var cfg reservedDomainListModel
	if diags := req.Config.Get(ctx, &cfg); diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	opts := &apiclient.ListOptions{Filter: cfg.Filter.ValueString(), Limit: listPageSize(req.Limit)}
	stream.Results = streamListResults(ctx, req, r.client.ListReservedDomains(ctx, opts), "Unable to List Reserved Domains",
		func(_ context.Context, d *apiclient.ReservedDomain) (listedObject, bool, diag.Diagnostics) {
			return listedObject{id: d.ID, displayName: d.Domain, state: importedReservedDomainModel(d)}, true, nil
		})
}

// importedReservedDomainModel is the state that importing d reads: the
// attributes the API does not hold (region, wait_for_certificate,
// deletion_protection, timeouts) as a configuration that leaves them out
// has them.
func importedReservedDomainModel(d *apiclient.ReservedDomain) reservedDomainModel {
	return reservedDomainModelFromAPI(d).withConfigured(reservedDomainModel{
		Region:             types.StringNull(),
		Domain:             types.StringNull(),
		WaitForCertificate: types.BoolNull(),
		DeletionProtection: types.BoolNull(),
		Timeouts:           types.ObjectNull(timeoutsAttrTypes),
	})
}
