package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/identityschema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// ngrok_https_edge_route, managed and deprecated as ngrok deprecated edges:
// a route of an HTTPS edge, addressed by its edge
// (/edges/https/{edge_id}/routes/{id}), so it is written by hand on the
// shared helpers rather than declared as an objectType. Its modules are the
// four route module resources' (ngrok_https_edge_route_oidc...): the route
// never sends one, on create or update, so that the two never fight.
// Its import ID is the route modules' "edge_id/route_id"; its identity is
// edge_id and id, attributes of the resource as every identity's are.

var (
	_ resource.Resource                = (*httpsEdgeRouteResource)(nil)
	_ resource.ResourceWithConfigure   = (*httpsEdgeRouteResource)(nil)
	_ resource.ResourceWithImportState = (*httpsEdgeRouteResource)(nil)
	_ resource.ResourceWithIdentity    = (*httpsEdgeRouteResource)(nil)
)

func NewHTTPSEdgeRouteResource() resource.Resource { return &httpsEdgeRouteResource{} }

type httpsEdgeRouteResource struct {
	client *apiclient.Client
}

type httpsEdgeRouteModel struct {
	ID          types.String `tfsdk:"id"`
	EdgeID      types.String `tfsdk:"edge_id"`
	URI         types.String `tfsdk:"uri"`
	CreatedAt   types.String `tfsdk:"created_at"`
	MatchType   types.String `tfsdk:"match_type"`
	Match       types.String `tfsdk:"match"`
	Description types.String `tfsdk:"description"`
	Metadata    types.String `tfsdk:"metadata"`
}

// routeMatchTypes are the API's match types of a route.
var routeMatchTypes = []string{"exact_path", "path_prefix"}

// maxRouteMatchBytes is the longest match the provider lets through.
// NOTE: ngrok documents a limit (ERR_NGROK_7135) without its value; the
// mock's is 255.
const maxRouteMatchBytes = 255

func httpsEdgeRouteModelFromAPI(r *apiclient.HTTPSEdgeRoute) httpsEdgeRouteModel {
	return httpsEdgeRouteModel{
		ID:          types.StringValue(r.ID),
		EdgeID:      types.StringValue(r.EdgeID),
		URI:         types.StringValue(r.URI),
		CreatedAt:   types.StringValue(r.CreatedAt),
		MatchType:   types.StringValue(r.MatchType),
		Match:       types.StringValue(r.Match),
		Description: types.StringValue(r.Description),
		Metadata:    types.StringValue(r.Metadata),
	}
}

func (m httpsEdgeRouteModel) toCreate() *apiclient.HTTPSEdgeRouteCreate {
	return &apiclient.HTTPSEdgeRouteCreate{
		EdgeID:      m.EdgeID.ValueString(),
		MatchType:   m.MatchType.ValueString(),
		Match:       m.Match.ValueString(),
		Description: m.Description.ValueString(),
		Metadata:    m.Metadata.ValueString(),
	}
}

func (m httpsEdgeRouteModel) toUpdate() *apiclient.HTTPSEdgeRouteUpdate {
	return &apiclient.HTTPSEdgeRouteUpdate{
		EdgeID:      m.EdgeID.ValueString(),
		ID:          m.ID.ValueString(),
		MatchType:   m.MatchType.ValueStringPointer(),
		Match:       m.Match.ValueStringPointer(),
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
	}
}

// displayName names a route in `terraform query`.
func (m httpsEdgeRouteModel) displayName() string {
	return describedAs(m.Description.ValueString(), m.MatchType.ValueString()+" "+m.Match.ValueString()+" on "+m.EdgeID.ValueString())
}

func (r *httpsEdgeRouteResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route"
}

func (r *httpsEdgeRouteResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "A route of an HTTPS edge: the requests whose path matches go through the route's modules. " +
			"The modules are managed by their own resources (`ngrok_https_edge_route_oidc`, `ngrok_https_edge_route_backend`, " +
			"`ngrok_https_edge_route_ip_restriction`, `ngrok_https_edge_route_request_headers`): this resource never sends " +
			"a module, so changing the route leaves them as they are. Only an account that kept edge write access can " +
			"create, change or delete a route; others can import and read it. Import with `edge_id/route_id`.",
		DeprecationMessage: edgesDeprecationMessage,
		Attributes: map[string]schema.Attribute{
			"id":         serverSetAttribute(fmt.Sprintf("Identifier of the route (`%s...`).", httpsEdgeRouteIDPrefix)),
			"uri":        serverSetAttribute("API address of the route."),
			"created_at": serverSetAttribute("When the route was created, RFC 3339."),
			"edge_id": schema.StringAttribute{
				Description:   fmt.Sprintf("ID of the HTTPS edge (`%s...`) the route belongs to. Changing it replaces the route.", httpsEdgeIDPrefix),
				Required:      true,
				Validators:    []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"match_type": schema.StringAttribute{
				Description: "How `match` applies to a request's path: " + quotedList(routeMatchTypes) + ". Changed in place.",
				Required:    true,
				Validators:  []validator.String{stringvalidator.OneOf(routeMatchTypes...)},
			},
			"match": schema.StringAttribute{
				Description: fmt.Sprintf("The path the route matches, such as `/` or `/api`: it starts with `/`, has at most %d bytes, "+
					"no whitespace, `?` or `#`, and no other route of the edge has it, whatever its match type. Changed in place.", maxRouteMatchBytes),
				Required:   true,
				Validators: []validator.String{routeMatchValidator{}},
			},
			"description": descriptionResourceAttribute(),
			"metadata":    metadataResourceAttribute(),
		},
	}
}

func (r *httpsEdgeRouteResource) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = identityschema.Schema{
		Attributes: map[string]identityschema.Attribute{
			"edge_id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the HTTPS edge (`%s...`).", httpsEdgeIDPrefix),
				RequiredForImport: true,
			},
			"id": identityschema.StringAttribute{
				Description:       fmt.Sprintf("ID of the route of that edge (`%s...`).", httpsEdgeRouteIDPrefix),
				RequiredForImport: true,
			},
		},
	}
}

// httpsEdgeRouteIdentityModel is a route's identity.
type httpsEdgeRouteIdentityModel struct {
	EdgeID types.String `tfsdk:"edge_id"`
	ID     types.String `tfsdk:"id"`
}

// setHTTPSEdgeRouteIdentity records a route's identity, as setIDIdentity
// does.
func setHTTPSEdgeRouteIdentity(ctx context.Context, identity *tfsdk.ResourceIdentity, edgeID, routeID string) diag.Diagnostics {
	if identity == nil || edgeID == "" || routeID == "" {
		return nil
	}
	return identity.Set(ctx, httpsEdgeRouteIdentityModel{EdgeID: types.StringValue(edgeID), ID: types.StringValue(routeID)})
}

// httpsEdgeRouteImport names a route by its edge and its ID: the import ID
// "edge_id/route_id", as the route modules'.
var httpsEdgeRouteImport = importSpec{
	keys: []importKey{
		{attr: "edge_id", prefix: httpsEdgeIDPrefix, noun: "an HTTPS edge"},
		{attr: "id", prefix: httpsEdgeRouteIDPrefix, noun: "a route of that edge"},
	},
	findIDs: "with the ngrok_https_edge data source or the ngrok_https_edge_route list resource",
}

func (r *httpsEdgeRouteResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	var plan httpsEdgeRouteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	if resp.Diagnostics.HasError() {
		return
	}
	route, err := r.client.CreateHTTPSEdgeRoute(ctx, plan.EdgeID.ValueString(), plan.toCreate())
	if route != nil {
		resp.Diagnostics.Append(setHTTPSEdgeRouteIdentity(ctx, resp.Identity, route.EdgeID, route.ID)...)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create HTTPS Edge Route", err))
		if route == nil {
			return
		}
		// NOTE: interrupted after the API made it: saved, so that Terraform
		// tracks it (tainted).
	}
	tflog.Info(ctx, "created HTTPS edge route", map[string]any{"id": route.ID, "edge_id": route.EdgeID})
	resp.Diagnostics.Append(resp.State.Set(ctx, httpsEdgeRouteModelFromAPI(route))...)
}

func (r *httpsEdgeRouteResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	id := stateID(ctx, req.State, &resp.Diagnostics)
	var edgeID types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(setHTTPSEdgeRouteIdentity(ctx, resp.Identity, edgeID.ValueString(), id)...)
	route := readObject(ctx, resp, "HTTPS edge route", "HTTPS Edge Route", id, func(ctx context.Context, id string) (*apiclient.HTTPSEdgeRoute, error) {
		return r.client.GetHTTPSEdgeRoute(ctx, edgeID.ValueString(), id)
	})
	if route == nil {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, httpsEdgeRouteModelFromAPI(route))...)
}

func (r *httpsEdgeRouteResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	var plan httpsEdgeRouteModel
	resp.Diagnostics.Append(req.Plan.Get(ctx, &plan)...)
	id := stateID(ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	plan.ID = types.StringValue(id)
	resp.Diagnostics.Append(setHTTPSEdgeRouteIdentity(ctx, resp.Identity, plan.EdgeID.ValueString(), id)...)
	route, err := r.client.UpdateHTTPSEdgeRoute(ctx, plan.EdgeID.ValueString(), id, plan.toUpdate())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update HTTPS Edge Route", err))
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, httpsEdgeRouteModelFromAPI(route))...)
}

func (r *httpsEdgeRouteResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var edgeID types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("edge_id"), &edgeID)...)
	deleteObject(ctx, req.State, &resp.Diagnostics, "HTTPS edge route", "HTTPS Edge Route", func(ctx context.Context, id string) error {
		return r.client.DeleteHTTPSEdgeRoute(ctx, edgeID.ValueString(), id)
	})
}

// ImportState takes "edge_id/route_id", as the route modules do, or an
// identity's edge_id and id; Read then fills in the route.
func (r *httpsEdgeRouteResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	ids := httpsEdgeRouteImport.importIDs(ctx, r.client, req, &resp.Diagnostics)
	if ids == nil {
		return
	}
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("edge_id"), ids[0])...)
	resp.Diagnostics.Append(resp.State.SetAttribute(ctx, path.Root("id"), ids[1])...)
	resp.Diagnostics.Append(setHTTPSEdgeRouteIdentity(ctx, resp.Identity, ids[0], ids[1])...)
}

// routeMatchValidator checks a route's match as the API does: a path.
type routeMatchValidator struct{}

func (routeMatchValidator) Description(context.Context) string {
	return fmt.Sprintf("must be a path starting with /, of at most %d bytes, without whitespace, ? or #", maxRouteMatchBytes)
}

func (v routeMatchValidator) MarkdownDescription(ctx context.Context) string {
	return v.Description(ctx)
}

func (routeMatchValidator) ValidateString(_ context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if err := checkRouteMatch(req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Route Match",
			fmt.Sprintf("The match %q cannot be used: %s.", req.ConfigValue.ValueString(), err))
	}
}

func checkRouteMatch(m string) error {
	switch {
	case !strings.HasPrefix(m, "/"):
		return fmt.Errorf("a route matches a path, which starts with / (such as /api)")
	case len(m) > maxRouteMatchBytes:
		return fmt.Errorf("it has %d bytes, more than the %d a match may have", len(m), maxRouteMatchBytes)
	case strings.ContainsAny(m, " \t\r\n\x00?#"):
		return fmt.Errorf("a match is a path alone: no whitespace, query (?) or fragment (#)")
	}
	return nil
}
