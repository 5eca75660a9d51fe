package provider

import (
	"context"
	"errors"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
)

// The `filter` argument of the plural data sources and list resources: a
// CEL expression the API evaluates. It is checked at plan time against what
// ngrok documents (apifilter: docs api/api-filtering.mdx), so that a user
// learns then what the API would refuse.

// apiFilteringDocs is ngrok's page on list filters.
const apiFilteringDocs = "https://ngrok.com/docs/api/api-filtering/"

// filterDescription describes the filter of the list at path (such as
// "/ip_policies") over noun, with an example.
func filterDescription(noun, example, path string) string {
	fields := apifilter.Fields[path]
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = "`obj." + f + "`"
	}
	return "A CEL expression over `obj` that each " + noun + " must match, evaluated by the API, for example " + example +
		". It may name the fields " + strings.Join(names, ", ") + ", with the subset of CEL that ngrok documents (" +
		apiFilteringDocs + "): `!`, `&&`, `||`, comparisons, `in`, `size()`, `startsWith()`, `contains()`, `endsWith()` " +
		"(not on `id` or other IDs), `timestamp(\"2026-01-02T15:04:05Z\")` and `timestamp(time.now).subtract(\"7d\")`; " +
		"not index access, arithmetic, `?:`, type checks, regular expressions or macros such as `has()` and `exists()`."
}

// filterValidator refuses at plan time a filter that the API would refuse
// for its subset or its fields.
type filterValidator struct{ path string }

func (v filterValidator) Description(context.Context) string {
	return "the filter is in the subset of CEL that ngrok documents, over the fields the list's filter takes"
}

func (v filterValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v filterValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || strings.TrimSpace(req.ConfigValue.ValueString()) == "" {
		return
	}
	var ferr *apifilter.Error
	if err := apifilter.Check(req.ConfigValue.ValueString(), v.path); errors.As(err, &ferr) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Filter",
			"The ngrok API would refuse this filter (400 "+apifilter.ErrorCode+"): "+ferr.Error()+". See "+apiFilteringDocs+
				" for what a filter may use.")
	}
}
