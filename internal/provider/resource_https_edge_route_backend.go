package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                = (*httpsEdgeRouteBackendResource)(nil)
	_ resource.ResourceWithConfigure   = (*httpsEdgeRouteBackendResource)(nil)
	_ resource.ResourceWithImportState = (*httpsEdgeRouteBackendResource)(nil)
)

const backendModuleNoun = "backend module"

func NewHTTPSEdgeRouteBackendResource() resource.Resource {
	return &httpsEdgeRouteBackendResource{}
}

type httpsEdgeRouteBackendResource struct {
	client *apiclient.Client
}

func (r *httpsEdgeRouteBackendResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_backend"
}

func (r *httpsEdgeRouteBackendResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := edgeRouteModuleResourceAttributes(backendModuleNoun)
	attrs["backend_id"] = schema.StringAttribute{
		Description: fmt.Sprintf("ID of the tunnel group backend (`%s...`) that serves the route: "+
			"the agents whose tunnels carry the backend's labels.", tunnelGroupBackendIDPrefix),
		Required:   true,
		Validators: []validator.String{idPrefixValidator(tunnelGroupBackendIDPrefix, "a tunnel group backend")},
	}
	resp.Schema = schema.Schema{
		Description: "The backend module of a route of an HTTPS edge: where the route's traffic is sent. " +
			"The edge, the route and the backend must exist already. " +
			"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
		Attributes: attrs,
	}
}

func (r *httpsEdgeRouteBackendResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteBackendResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan httpsEdgeRouteBackendModel
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

func (r *httpsEdgeRouteBackendResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior httpsEdgeRouteBackendModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := prior.EdgeID.ValueString(), prior.RouteID.ValueString()

	mod, err := r.client.GetHTTPSEdgeRouteBackend(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "HTTPS edge route backend module not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Read HTTPS Edge Route Backend Module", err, edgeID, routeID))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, httpsEdgeRouteBackendModelFromAPI(edgeID, routeID, mod))...)
}

func (r *httpsEdgeRouteBackendResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan httpsEdgeRouteBackendModel
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
func (r *httpsEdgeRouteBackendResource) replace(ctx context.Context, op string, plan httpsEdgeRouteBackendModel, diags *diag.Diagnostics) (httpsEdgeRouteBackendModel, bool) {
	edgeID, routeID := plan.EdgeID.ValueString(), plan.RouteID.ValueString()
	mod, err := r.client.ReplaceHTTPSEdgeRouteBackend(ctx, edgeID, routeID, plan.toReplace())
	if err != nil {
		diags.Append(edgeRouteModuleDiagnostic("Unable to "+op+" HTTPS Edge Route Backend Module", err, edgeID, routeID))
		return httpsEdgeRouteBackendModel{}, false
	}
	tflog.Info(ctx, "replaced HTTPS edge route backend module", map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})
	return httpsEdgeRouteBackendModelFromAPI(edgeID, routeID, mod), true
}

func (r *httpsEdgeRouteBackendResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state httpsEdgeRouteBackendModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := state.EdgeID.ValueString(), state.RouteID.ValueString()

	err := r.client.DeleteHTTPSEdgeRouteBackend(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "the edge or route of the backend module no longer exists, nothing to delete", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Delete HTTPS Edge Route Backend Module", err, edgeID, routeID))
	}
}

func (r *httpsEdgeRouteBackendResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importEdgeRouteModule(ctx, req, resp)
}
