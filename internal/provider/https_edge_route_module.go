package provider

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// What the four HTTPS edge route module resources share: the edge_id,
// route_id, id and enabled attributes, the import ID "edge_id/route_id",
// and error messages that name the edge and the route.

// ID prefixes of the objects a route module refers to.
const (
	httpsEdgeIDPrefix          = "edghts_"
	httpsEdgeRouteIDPrefix     = "edghtsrt_"
	tunnelGroupBackendIDPrefix = "bkdtg_"
	ipPolicyIDPrefix           = "ipp_"
)

// Example IDs for messages and descriptions.
const (
	exampleHTTPSEdgeID      = "edghts_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"
	exampleHTTPSEdgeRouteID = "edghtsrt_2hHGW0x7oSn4wdDzkRmE7YcB3Lq"
)

// edgeRouteModuleImportFormat is the documented import ID of every route module.
const edgeRouteModuleImportFormat = "<edge_id>/<route_id>"

// idPrefixValidator accepts an ID of the given prefix followed by base-62 characters.
func idPrefixValidator(prefix, noun string) validator.String {
	return stringvalidator.RegexMatches(regexp.MustCompile("^"+regexp.QuoteMeta(prefix)+"[0-9A-Za-z]+$"),
		fmt.Sprintf("must be the ID of %s, which starts with %q", noun, prefix))
}

// edgeRouteModuleResourceAttributes returns the attributes every route module
// resource has; module names the module in descriptions, e.g. "OIDC module".
func edgeRouteModuleResourceAttributes(module string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Description:   fmt.Sprintf("Identifier of the %s in Terraform: `%s`. The module has no ID of its own in the API.", module, edgeRouteModuleImportFormat),
			Computed:      true,
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"edge_id": schema.StringAttribute{
			Description:   fmt.Sprintf("ID of the HTTPS edge (`%s...`). Changing it moves the %s to another edge: the old one is deleted.", httpsEdgeIDPrefix, module),
			Required:      true,
			Validators:    []validator.String{idPrefixValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"route_id": schema.StringAttribute{
			Description:   fmt.Sprintf("ID of the route of that edge (`%s...`). Changing it moves the %s to another route: the old one is deleted.", httpsEdgeRouteIDPrefix, module),
			Required:      true,
			Validators:    []validator.String{idPrefixValidator(httpsEdgeRouteIDPrefix, "an HTTPS edge route")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"enabled": schema.BoolAttribute{
			Description: fmt.Sprintf("Whether the %s applies to the route's traffic. Defaults to `true`; `false` keeps the configuration but bypasses it.", module),
			Optional:    true,
			Computed:    true,
			Default:     booldefault.StaticBool(true),
		},
	}
}

// edgeRouteModuleDataSourceAttributes returns the attributes every route
// module data source has.
func edgeRouteModuleDataSourceAttributes(module string) map[string]dsschema.Attribute {
	return map[string]dsschema.Attribute{
		"id": dsschema.StringAttribute{
			Description: fmt.Sprintf("`%s`.", edgeRouteModuleImportFormat),
			Computed:    true,
		},
		"edge_id": dsschema.StringAttribute{
			Description: fmt.Sprintf("ID of the HTTPS edge (`%s...`).", httpsEdgeIDPrefix),
			Required:    true,
			Validators:  []validator.String{idPrefixValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
		},
		"route_id": dsschema.StringAttribute{
			Description: fmt.Sprintf("ID of the route of that edge (`%s...`).", httpsEdgeRouteIDPrefix),
			Required:    true,
			Validators:  []validator.String{idPrefixValidator(httpsEdgeRouteIDPrefix, "an HTTPS edge route")},
		},
		"enabled": dsschema.BoolAttribute{
			Description: fmt.Sprintf("Whether the %s applies to the route's traffic.", module),
			Computed:    true,
		},
	}
}

func edgeRouteModuleID(edgeID, routeID string) string { return edgeID + "/" + routeID }

// parseEdgeRouteModuleID splits an import ID "edge_id/route_id".
func parseEdgeRouteModuleID(id string) (edgeID, routeID string, err error) {
	edgeID, routeID, ok := strings.Cut(id, "/")
	edgeOK := strings.HasPrefix(edgeID, httpsEdgeIDPrefix) && len(edgeID) > len(httpsEdgeIDPrefix)
	routeOK := strings.HasPrefix(routeID, httpsEdgeRouteIDPrefix) && len(routeID) > len(httpsEdgeRouteIDPrefix) &&
		!strings.Contains(routeID, "/")
	if !ok || !edgeOK || !routeOK {
		return "", "", fmt.Errorf("expected %s, such as %s/%s, got %q: the ID of the HTTPS edge (%s...), "+
			"a slash, and the ID of the route (%s...)", edgeRouteModuleImportFormat,
			exampleHTTPSEdgeID, exampleHTTPSEdgeRouteID, id, httpsEdgeIDPrefix, httpsEdgeRouteIDPrefix)
	}
	return edgeID, routeID, nil
}

// importEdgeRouteModule sets id, edge_id and route_id from an import ID;
// Read then fills in the module.
func importEdgeRouteModule(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	edgeID, routeID, err := parseEdgeRouteModuleID(req.ID)
	if err != nil {
		resp.Diagnostics.AddError("Invalid Import ID", err.Error()+".")
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), req.ID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("edge_id"), edgeID)...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("route_id"), routeID)...)
}

// edgeRouteModuleDiagnostic is apiErrorDiagnostic, plus, for a 404, which
// edge and route were not found.
func edgeRouteModuleDiagnostic(summary string, err error, edgeID, routeID string) diag.Diagnostic {
	detail := apiErrorDetail(err)
	if apiclient.IsNotFound(err) {
		detail += fmt.Sprintf("\n\nNo route %s was found on the HTTPS edge %s. Check edge_id and route_id: "+
			"the edge must exist in this account and the route must belong to it.", routeID, edgeID)
	}
	return diag.NewErrorDiagnostic(summary, detail)
}

// errCodeEdgesReadOnly is what the API answers to a write to an edge on an
// account whose edges became read-only.
const errCodeEdgesReadOnly = "ERR_NGROK_7196"

// edgesReadOnlyHint explains ERR_NGROK_7196 (apiErrorHint).
const edgesReadOnlyHint = "ngrok has made edges read-only for this account (" + errCodeEdgesReadOnly + "): " +
	"HTTPS edges and their route modules can still be read, but no longer created, changed or deleted. " +
	"Cloud endpoints with a traffic policy replace them: move this route's behaviour (OIDC, IP restrictions, " +
	"header rewriting, forwarding) to a cloud endpoint's traffic policy. To stop managing this module " +
	"without changing it, remove it from the state with `terraform state rm`."

// edgeRouteModuleReadDiagnostic explains a failed read by a data source,
// where a 404 may also mean that the route has no such module.
func edgeRouteModuleReadDiagnostic(summary, module string, err error, edgeID, routeID string) diag.Diagnostic {
	if apiclient.IsNotFound(err) {
		return diag.NewErrorDiagnostic(summary, apiErrorDetail(err)+fmt.Sprintf(
			"\n\nThe route %s of the HTTPS edge %s has no %s, or the edge or the route does not exist. "+
				"Check edge_id and route_id.", routeID, edgeID, module))
	}
	return edgeRouteModuleDiagnostic(summary, err, edgeID, routeID)
}

// saveEdgeRouteModuleID records which module a successful PUT set when its
// response could not be read, so that Terraform keeps tracking the module
// (a later refresh reads it) instead of losing it.
func saveEdgeRouteModuleID(ctx context.Context, out *tfsdk.State, edgeID, routeID string) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.Append(out.SetAttribute(ctx, path.Root("id"), edgeRouteModuleID(edgeID, routeID))...)
	diags.Append(out.SetAttribute(ctx, path.Root("edge_id"), edgeID)...)
	diags.Append(out.SetAttribute(ctx, path.Root("route_id"), routeID)...)
	return diags
}
