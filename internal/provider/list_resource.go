package provider

import (
	"context"
	"iter"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The plumbing shared by the list resources (list_resource_*.go), which
// `terraform query` runs: each turns a list of the API into a stream of
// results, one per object, each with the object's identity, a display name
// and, when the query asks for it (include_resource), the object as the
// resource would store it after importing it. That state is
// what `terraform query -generate-config-out` writes the configuration from,
// so it must be exactly what an import reads, or the apply that imports the
// generated configuration would plan changes.

// listedObject is one object found by a list resource.
type listedObject struct {
	// id is the object's ID, its identity.
	id string
	// displayName names the object in `terraform query`'s output.
	displayName string
	// state is the resource's model of the object, as its Read stores it
	// after an import.
	state any
	// identity, when not nil, is the object's identity, for a resource
	// whose identity is not its id alone (a route: edge_id and route_id).
	identity any
}

// listPageSize is the page size to ask the API for when a query wants at
// most limit results (0: the API's default).
// NOTE: a query that wants fewer results than a full page asks for a page
// of that size, so that `limit = 5` costs one small request rather than a
// page of 100.
func listPageSize(limit int64) int {
	if limit > 0 && limit < apiclient.MaxPageLimit {
		return int(limit)
	}
	return 0
}

// streamListResults streams one result per object of objects that convert
// keeps (convert returns false to skip an object), at most req.Limit of
// them. The API is read page by page as Terraform takes results: once the
// limit is reached, or Terraform stops reading, no further page is
// requested. An API error ends the stream with an error result titled
// summary, as does an object that cannot be converted.
func streamListResults[A any](ctx context.Context, req list.ListRequest, objects iter.Seq2[*A, error], summary string,
	convert func(context.Context, *A) (listedObject, bool, diag.Diagnostics),
) iter.Seq[list.ListResult] {
	return func(push func(list.ListResult) bool) {
		var pushed int64
		for obj, err := range objects {
			if err != nil {
				push(list.ListResult{Diagnostics: diag.Diagnostics{apiErrorDiagnostic(summary, err)}})
				return
			}
			item, keep, diags := convert(ctx, obj)
			if diags.HasError() {
				push(list.ListResult{Diagnostics: diags})
				return
			}
			if !keep {
				continue
			}
			result := req.NewListResult(ctx)
			result.DisplayName = item.displayName
			result.Diagnostics.Append(diags...)
			if item.identity != nil {
				result.Diagnostics.Append(result.Identity.Set(ctx, item.identity)...)
			} else {
				result.Diagnostics.Append(setIDIdentity(ctx, result.Identity, item.id)...)
			}
			if req.IncludeResource {
				result.Diagnostics.Append(result.Resource.Set(ctx, item.state)...)
			}
			if !push(result) || result.Diagnostics.HasError() {
				return
			}
			pushed++
			if req.Limit > 0 && pushed >= req.Limit {
				return
			}
		}
	}
}

// listFilterAttribute is the `filter` argument of a list resource whose API
// list, at path, takes a CEL filter; example is a filter over the object.
func listFilterAttribute(noun, example, path string) schema.StringAttribute {
	return schema.StringAttribute{
		Description: filterDescription(noun, example, path) + " Without it, every " + noun + " is listed.",
		Optional:    true,
		Validators:  []validator.String{filterValidator{path: path}},
	}
}

// describedAs is a display name: what the object is (such as its key or its
// principals), after its description when it has one.
func describedAs(description, what string) string {
	if description == "" {
		return what
	}
	return description + ": " + what
}
