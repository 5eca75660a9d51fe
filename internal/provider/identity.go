package provider

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Resource identity (Terraform 1.12 and later) names the API object that a
// resource instance manages, apart from its attributes: an import block may
// give it instead of an import ID, and Terraform keeps it in the state.
// Objects with an ID of their own are identified by that ID; a route module
// of an HTTPS edge, which has none, by its edge and route.
//
// NOTE: the framework refuses a Create, Read or Update that returns no
// identity, even when the object is then removed from the state; so every
// Read sets it from the prior state first, before asking the API, and older
// Terraform versions, which ignore identity, get it too.

// idIdentitySchema is the identity of an object with an ID; noun names the
// object, idPrefix its IDs' prefix (for the description).
func idIdentitySchema(noun, idPrefix string) identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the %s (`%s...`).", noun, idPrefix),
				RequiredForImport: true,
			},
		},
	}
}

// idIdentityModel is the identity of idIdentitySchema.
type idIdentityModel struct {
	ID types.String `tfsdk:"id"`
}

// setIDIdentity records id as the identity. A nil identity (a request
// without identity support) and an empty id (nothing known yet) are left
// alone.
func setIDIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, id string) diag.Diagnostics {
	if identity == nil || id == "" {
		return nil
	}
	return identity.Set(ctx, idIdentityModel{ID: types.StringValue(id)})
}

// edgeRouteModuleIdentitySchema is the identity of an HTTPS edge route
// module: its edge and its route.
func edgeRouteModuleIdentitySchema() identityschema.Schema {
	return identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"edge_id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the HTTPS edge (`%s...`).", httpsEdgeIDPrefix),
				RequiredForImport: true,
			},
			"route_id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the route of that edge (`%s...`).", httpsEdgeRouteIDPrefix),
				RequiredForImport: true,
			},
		},
	}
}

// edgeRouteModuleIdentityModel is the identity of edgeRouteModuleIdentitySchema.
type edgeRouteModuleIdentityModel struct {
	EdgeID  types.String `tfsdk:"edge_id"`
	RouteID types.String `tfsdk:"route_id"`
}

// setEdgeRouteModuleIdentity records a route module's identity, as
// setIDIdentity does.
func setEdgeRouteModuleIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, edgeID, routeID string) diag.Diagnostics {
	if identity == nil || edgeID == "" || routeID == "" {
		return nil
	}
	return identity.Set(ctx, edgeRouteModuleIdentityModel{EdgeID: types.StringValue(edgeID), RouteID: types.StringValue(routeID)})
}

// importedID is what an import of an object with an ID names: the import ID
// (terraform import, or an import block's id), or else the id of an import
// block's identity. byIdentity tells which.
func importedID(ctx context.Context, req resource.ImportStateRequest, diags *diag.Diagnostics) (id string, byIdentity bool) {
	if req.ID != "" || req.Identity == nil {
		return req.ID, false
	}
	var identity idIdentityModel
	diags.Append(req.Identity.Get(ctx, &identity)...)
	return identity.ID.ValueString(), true
}

// importIDSummary is the summary of a diagnostic about an unusable import
// ID or identity.
func importIDSummary(byIdentity bool) string {
	if byIdentity {
		return "Invalid Import Identity"
	}
	return "Invalid Import ID"
}

// importByID ends the import of an object known by its ID: the state and
// the identity hold id; Read fills in the rest.
func importByID(ctx context.Context, id string, resp *resource.ImportStateResponse) {
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), id)...)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
}
