package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The list resource of an objectType, for `terraform query`: built on
// list_resource.go's streaming, each result is the object as the resource's
// import reads it.

func (o *objectType[A, C, U, M]) newListResource() list.ListResource {
	return &objectListResource[A, C, U, M]{o: o}
}

var (
	_ list.ListResource              = (*objectListResource[any, any, any, any])(nil)
	_ list.ListResourceWithConfigure = (*objectListResource[any, any, any, any])(nil)
)

type objectListResource[A, C, U, M any] struct {
	o      *objectType[A, C, U, M]
	client *apiclient.Client
}

func (r *objectListResource[A, C, U, M]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.o.name
}

func (r *objectListResource[A, C, U, M]) ListResourceConfigSchema(_ context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	attrs := map[string]schema.Attribute{}
	if r.o.filtered() {
		attrs["filter"] = listFilterAttribute(r.o.noun, r.o.filterExample, r.o.api.Path())
	}
	for _, a := range r.o.listArgs {
		attrs[a.name] = schema.StringAttribute{Description: a.description, Optional: true, Validators: a.validators}
	}
	resp.Schema = schema.Schema{
		Description: "Lists the account's " + r.o.nouns + ", newest first, for `terraform query`: each with its identity (`id`), " +
			"a display name and, with `include_resource`, every attribute as an import reads it, so that " +
			"`-generate-config-out` writes configuration that imports with no change.",
		Attributes:         attrs,
		DeprecationMessage: r.o.deprecationMessage,
	}
}

func (r *objectListResource[A, C, U, M]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *objectListResource[A, C, U, M]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var diags diag.Diagnostics
	filter, values := readListArgs(ctx, req.Config, r.o.filtered(), r.o.listArgs, &diags)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	summary := "Unable to List " + r.o.titles()
	opts := &apiclient.ListOptions{Filter: listFilter(filter, r.o.listArgs, values), Limit: listPageSize(req.Limit)}
	stream.Results = streamListResults(ctx, req, r.o.api.List(ctx, r.client, opts), summary,
		func(_ context.Context, obj *A) (listedObject, bool, diag.Diagnostics) {
			if !listedMatches(obj, r.o.listArgs, values) {
				return listedObject{}, false, nil
			}
			m, err := r.o.fromAPI(obj)
			if err != nil {
				return listedObject{}, false, diag.Diagnostics{diag.NewErrorDiagnostic(summary, err.Error())}
			}
			return listedObject{id: r.o.api.ID(obj), displayName: r.o.displayName(obj, m), state: m}, true, nil
		})
}
