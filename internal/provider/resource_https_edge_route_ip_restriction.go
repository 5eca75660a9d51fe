package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                = (*httpsEdgeRouteIPRestrictionResource)(nil)
	_ resource.ResourceWithConfigure   = (*httpsEdgeRouteIPRestrictionResource)(nil)
	_ resource.ResourceWithImportState = (*httpsEdgeRouteIPRestrictionResource)(nil)
)

const ipRestrictionModuleNoun = "IP restriction module"

func NewHTTPSEdgeRouteIPRestrictionResource() resource.Resource {
	return &httpsEdgeRouteIPRestrictionResource{}
}

type httpsEdgeRouteIPRestrictionResource struct {
	client *apiclient.Client
}

func (r *httpsEdgeRouteIPRestrictionResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_ip_restriction"
}

func (r *httpsEdgeRouteIPRestrictionResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := edgeRouteModuleResourceAttributes(ipRestrictionModuleNoun)
	attrs["ip_policy_ids"] = schema.SetAttribute{
		Description: fmt.Sprintf("IDs of the IP policies (`%s...`), at least one, that decide whether a source address "+
			"may reach the route: a request from an address the policies deny is refused.", ipPolicyIDPrefix),
		ElementType: types.StringType,
		Required:    true,
		Validators: []validator.Set{
			setvalidator.SizeAtLeast(1),
			setvalidator.ValueStringsAre(idPrefixValidator(ipPolicyIDPrefix, "an IP policy")),
		},
	}
	resp.Schema = schema.Schema{
		Description: "The IP restriction module of a route of an HTTPS edge: only source addresses that its IP " +
			"policies allow reach the route. The edge, the route and the IP policies must exist already. " +
			"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
		Attributes: attrs,
	}
}

func (r *httpsEdgeRouteIPRestrictionResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteIPRestrictionResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan httpsEdgeRouteIPRestrictionModel
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

func (r *httpsEdgeRouteIPRestrictionResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior httpsEdgeRouteIPRestrictionModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := prior.EdgeID.ValueString(), prior.RouteID.ValueString()

	mod, err := r.client.GetHTTPSEdgeRouteIPRestriction(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "HTTPS edge route IP restriction module not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Read HTTPS Edge Route IP Restriction Module", err, edgeID, routeID))
		return
	}
	state, diags := httpsEdgeRouteIPRestrictionModelFromAPI(edgeID, routeID, mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *httpsEdgeRouteIPRestrictionResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan httpsEdgeRouteIPRestrictionModel
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
func (r *httpsEdgeRouteIPRestrictionResource) replace(ctx context.Context, op string, plan httpsEdgeRouteIPRestrictionModel, diags *diag.Diagnostics) (httpsEdgeRouteIPRestrictionModel, bool) {
	edgeID, routeID := plan.EdgeID.ValueString(), plan.RouteID.ValueString()
	mod, err := r.client.ReplaceHTTPSEdgeRouteIPRestriction(ctx, edgeID, routeID, plan.toReplace())
	if err != nil {
		diags.Append(edgeRouteModuleDiagnostic("Unable to "+op+" HTTPS Edge Route IP Restriction Module", err, edgeID, routeID))
		return httpsEdgeRouteIPRestrictionModel{}, false
	}
	tflog.Info(ctx, "replaced HTTPS edge route IP restriction module", map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})
	state, d := httpsEdgeRouteIPRestrictionModelFromAPI(edgeID, routeID, mod)
	diags.Append(d...)
	return state, !diags.HasError()
}

func (r *httpsEdgeRouteIPRestrictionResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state httpsEdgeRouteIPRestrictionModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := state.EdgeID.ValueString(), state.RouteID.ValueString()

	err := r.client.DeleteHTTPSEdgeRouteIPRestriction(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "the edge or route of the IP restriction module no longer exists, nothing to delete", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Delete HTTPS Edge Route IP Restriction Module", err, edgeID, routeID))
	}
}

func (r *httpsEdgeRouteIPRestrictionResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importEdgeRouteModule(ctx, req, resp)
}
