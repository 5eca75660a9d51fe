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
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                = (*httpsEdgeRouteRequestHeadersResource)(nil)
	_ resource.ResourceWithConfigure   = (*httpsEdgeRouteRequestHeadersResource)(nil)
	_ resource.ResourceWithImportState = (*httpsEdgeRouteRequestHeadersResource)(nil)
)

const requestHeadersModuleNoun = "request headers module"

func NewHTTPSEdgeRouteRequestHeadersResource() resource.Resource {
	return &httpsEdgeRouteRequestHeadersResource{}
}

type httpsEdgeRouteRequestHeadersResource struct {
	client *apiclient.Client
}

func (r *httpsEdgeRouteRequestHeadersResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_request_headers"
}

func (r *httpsEdgeRouteRequestHeadersResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := edgeRouteModuleResourceAttributes(requestHeadersModuleNoun)
	attrs["add"] = schema.MapAttribute{
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
	}
	attrs["remove"] = schema.SetAttribute{
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
	}
	resp.Schema = schema.Schema{
		Description: "The request headers module of a route of an HTTPS edge: headers added to and removed from " +
			"requests before they reach the upstream. The edge and the route must exist already. " +
			"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
		Attributes: attrs,
	}
}

func (r *httpsEdgeRouteRequestHeadersResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteRequestHeadersResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan httpsEdgeRouteRequestHeadersModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	state, ok := r.replace(ctx, "Create", plan, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *httpsEdgeRouteRequestHeadersResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior httpsEdgeRouteRequestHeadersModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := prior.EdgeID.ValueString(), prior.RouteID.ValueString()

	mod, err := r.client.GetHTTPSEdgeRouteRequestHeaders(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "HTTPS edge route request headers module not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Read HTTPS Edge Route Request Headers Module", err, edgeID, routeID))
		return
	}
	state, diags := httpsEdgeRouteRequestHeadersModelFromAPI(edgeID, routeID, mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *httpsEdgeRouteRequestHeadersResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan httpsEdgeRouteRequestHeadersModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	state, ok := r.replace(ctx, "Update", plan, &resp.Diagnostics)
	if !ok {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

// replace is both Create and Update: the API's PUT replaces the whole module.
func (r *httpsEdgeRouteRequestHeadersResource) replace(ctx context.Context, op string, plan httpsEdgeRouteRequestHeadersModel, diags *diag.Diagnostics) (httpsEdgeRouteRequestHeadersModel, bool) {
	edgeID, routeID := plan.EdgeID.ValueString(), plan.RouteID.ValueString()
	mod, err := r.client.ReplaceHTTPSEdgeRouteRequestHeaders(ctx, edgeID, routeID, plan.toReplace())
	if err != nil {
		diags.Append(edgeRouteModuleDiagnostic("Unable to "+op+" HTTPS Edge Route Request Headers Module", err, edgeID, routeID))
		return httpsEdgeRouteRequestHeadersModel{}, false
	}
	tflog.Info(ctx, "replaced HTTPS edge route request headers module", map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})
	state, d := httpsEdgeRouteRequestHeadersModelFromAPI(edgeID, routeID, mod)
	diags.Append(d...)
	return state, !diags.HasError()
}

func (r *httpsEdgeRouteRequestHeadersResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state httpsEdgeRouteRequestHeadersModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := state.EdgeID.ValueString(), state.RouteID.ValueString()

	err := r.client.DeleteHTTPSEdgeRouteRequestHeaders(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "the edge or route of the request headers module no longer exists, nothing to delete", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Delete HTTPS Edge Route Request Headers Module", err, edgeID, routeID))
	}
}

func (r *httpsEdgeRouteRequestHeadersResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importEdgeRouteModule(ctx, req, resp)
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
