package provider

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// httpsEdgeRouteRequestHeadersModule is the request headers module: headers
// added to and removed from requests before they reach the upstream.
var httpsEdgeRouteRequestHeadersModule = &edgeRouteModule[httpsEdgeRouteRequestHeadersModel, apiclient.HTTPSEdgeRouteRequestHeaders, apiclient.HTTPSEdgeRouteRequestHeadersReplace]{
	typeName: "https_edge_route_request_headers",
	noun:     "request headers module",
	title:    "Request Headers Module",

	resourceDescription: "The request headers module of a route of an HTTPS edge: headers added to and removed from " +
		"requests before they reach the upstream. The edge and the route must exist already. " +
		"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
	resourceAttributes: httpsEdgeRouteRequestHeadersAttributes,
	dataSourceDescription: "Reads the request headers module of a route of an HTTPS edge: headers added to and " +
		"removed from requests.",
	dataSourceAttributes: httpsEdgeRouteRequestHeadersDataSourceAttributes,

	get:     (*apiclient.Client).GetHTTPSEdgeRouteRequestHeaders,
	replace: (*apiclient.Client).ReplaceHTTPSEdgeRouteRequestHeaders,
	remove:  (*apiclient.Client).DeleteHTTPSEdgeRouteRequestHeaders,
	fromAPI: httpsEdgeRouteRequestHeadersModelFromAPI,
	toReplace: func(_ context.Context, m httpsEdgeRouteRequestHeadersModel, _ tfsdk.Config) (*apiclient.HTTPSEdgeRouteRequestHeadersReplace, diag.Diagnostics) {
		return m.toReplace(), nil
	},
}

func NewHTTPSEdgeRouteRequestHeadersResource() resource.Resource {
	return newEdgeRouteModuleResource(httpsEdgeRouteRequestHeadersModule)
}

func httpsEdgeRouteRequestHeadersAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"add": schema.MapAttribute{
			Description: "Headers to add to each request before it is sent upstream: header name to value. " +
				"Header names are compared ignoring case, so changing only the case of a name is no change. Defaults to none.",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     mapdefault.StaticValue(types.MapValueMust(types.StringType, nil)),
			Validators: []validator.Map{
				mapvalidator.KeysAre(headerNameValidator{}),
				mapvalidator.ValueStringsAre(stringvalidator.RegexMatches(headerValuePattern, "must not contain a line break or NUL character")),
				uniqueHeaderNamesValidator{},
			},
			PlanModifiers: []planmodifier.Map{headerMapIgnoreCase{}},
		},
		"remove": schema.SetAttribute{
			Description: "Names of headers to remove from each request before it is sent upstream. " +
				"Header names are compared ignoring case, so changing only the case of a name is no change. Defaults to none.",
			ElementType: types.StringType,
			Optional:    true,
			Computed:    true,
			Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, nil)),
			Validators: []validator.Set{
				setvalidator.ValueStringsAre(headerNameValidator{}),
				uniqueHeaderNamesValidator{},
			},
			PlanModifiers: []planmodifier.Set{headerSetIgnoreCase{}},
		},
	}
}

// headerMapIgnoreCase plans the state's value of add when the configuration
// differs from it only in the case of header names, which HTTP ignores: the
// API keeps the names as sent, so without it a change of case alone would
// plan an update, and a name respelled outside Terraform would show a diff.
type headerMapIgnoreCase struct{}

var _ planmodifier.Map = headerMapIgnoreCase{}

func (headerMapIgnoreCase) Description(context.Context) string {
	return "a change of case alone in header names is no change"
}

func (m headerMapIgnoreCase) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (headerMapIgnoreCase) PlanModifyMap(_ context.Context, req planmodifier.MapRequest, resp *planmodifier.MapResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	if headerMapsEqualFold(moduleMapStrings(req.StateValue), req.PlanValue) {
		resp.PlanValue = req.StateValue
	}
}

// headerMapsEqualFold reports whether planned has the same headers as state,
// names compared ignoring case and values exactly. An unknown value in
// planned is a difference.
func headerMapsEqualFold(state map[string]string, planned types.Map) bool {
	elems := planned.Elements()
	if len(elems) != len(state) {
		return false
	}
	byName := make(map[string]string, len(state))
	for k, v := range state {
		byName[strings.ToLower(k)] = v
	}
	for k, e := range elems {
		v, ok := e.(types.String)
		if !ok || v.IsNull() || v.IsUnknown() {
			return false
		}
		sv, found := byName[strings.ToLower(k)]
		if !found || sv != v.ValueString() {
			return false
		}
	}
	return true
}

// headerSetIgnoreCase is headerMapIgnoreCase for remove.
type headerSetIgnoreCase struct{}

var _ planmodifier.Set = headerSetIgnoreCase{}

func (headerSetIgnoreCase) Description(context.Context) string {
	return "a change of case alone in header names is no change"
}

func (m headerSetIgnoreCase) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (headerSetIgnoreCase) PlanModifySet(_ context.Context, req planmodifier.SetRequest, resp *planmodifier.SetResponse) {
	if req.StateValue.IsNull() || req.StateValue.IsUnknown() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	if headerSetsEqualFold(moduleSetStrings(req.StateValue), req.PlanValue) {
		resp.PlanValue = req.StateValue
	}
}

func headerSetsEqualFold(state []string, planned types.Set) bool {
	elems := planned.Elements()
	if len(elems) != len(state) {
		return false
	}
	names := make(map[string]bool, len(state))
	for _, s := range state {
		names[strings.ToLower(s)] = true
	}
	for _, e := range elems {
		v, ok := e.(types.String)
		if !ok || v.IsNull() || v.IsUnknown() || !names[strings.ToLower(v.ValueString())] {
			return false
		}
	}
	return true
}
