package provider

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/resourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64default"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

var (
	_ resource.Resource                     = (*httpsEdgeRouteOIDCResource)(nil)
	_ resource.ResourceWithConfigure        = (*httpsEdgeRouteOIDCResource)(nil)
	_ resource.ResourceWithImportState      = (*httpsEdgeRouteOIDCResource)(nil)
	_ resource.ResourceWithConfigValidators = (*httpsEdgeRouteOIDCResource)(nil)
)

const oidcModuleNoun = "OIDC module"

// cookiePrefixPattern keeps the prefix a valid cookie name (an HTTP token).
var cookiePrefixPattern = regexp.MustCompile("^[0-9A-Za-z!#$%&'*+\\-.^_`|~]*$")

func NewHTTPSEdgeRouteOIDCResource() resource.Resource {
	return &httpsEdgeRouteOIDCResource{}
}

type httpsEdgeRouteOIDCResource struct {
	client *apiclient.Client
}

func (r *httpsEdgeRouteOIDCResource) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_https_edge_route_oidc"
}

func (r *httpsEdgeRouteOIDCResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := edgeRouteModuleResourceAttributes(oidcModuleNoun)
	attrs["options_passthrough"] = schema.BoolAttribute{
		Description: "Let HTTP `OPTIONS` requests through without authentication, as CORS preflight requests need. Defaults to `false`.",
		Optional:    true,
		Computed:    true,
		Default:     booldefault.StaticBool(false),
	}
	attrs["cookie_prefix"] = schema.StringAttribute{
		Description: "Prefix of the session cookie that caches the authentication. Empty (the default) means ngrok's own prefix.",
		Optional:    true,
		Computed:    true,
		Default:     stringdefault.StaticString(""),
		Validators: []validator.String{stringvalidator.RegexMatches(cookiePrefixPattern,
			"must contain only the characters of a cookie name: letters, digits and "+httpTokenChars)},
	}
	attrs["inactivity_timeout"] = schema.Int64Attribute{
		Description: fmt.Sprintf("Seconds without a request after which the session ends and the visitor signs in again, "+
			"from 0 to %d. `0` (the default) means ngrok's default.", uint64(maxOIDCSeconds)),
		Optional:   true,
		Computed:   true,
		Default:    int64default.StaticInt64(0),
		Validators: []validator.Int64{int64validator.Between(0, maxOIDCSeconds)},
	}
	attrs["maximum_duration"] = schema.Int64Attribute{
		Description: fmt.Sprintf("Longest a session lasts, in seconds, before the visitor signs in again, from 0 to %d. "+
			"`0` (the default) means ngrok's default.", uint64(maxOIDCSeconds)),
		Optional:   true,
		Computed:   true,
		Default:    int64default.StaticInt64(0),
		Validators: []validator.Int64{int64validator.Between(0, maxOIDCSeconds)},
	}
	attrs["issuer"] = schema.StringAttribute{
		Description: "URL of the OpenID Connect identity provider, the base of its discovery document " +
			"(`/.well-known/openid-configuration`), such as `https://accounts.google.com`. Must be https.",
		Required:   true,
		Validators: []validator.String{httpsURLValidator{}},
	}
	attrs["client_id"] = schema.StringAttribute{
		Description: "Client ID of the application registered with the identity provider; also the token audience.",
		Required:    true,
		Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret"] = schema.StringAttribute{
		Description: "Client secret of the application. Stored in the Terraform state (marked sensitive), and " +
			"compared with the API's on every refresh. Exactly one of `client_secret` and `client_secret_wo` is required; " +
			"prefer `client_secret_wo` on Terraform 1.11 and later, which keeps the secret out of the state.",
		Optional:   true,
		Sensitive:  true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret_wo"] = schema.StringAttribute{
		Description: "Client secret of the application, write-only (Terraform 1.11 and later): sent to the API, " +
			"never stored in the plan or the state. Requires `client_secret_wo_version`; Terraform cannot see a " +
			"change of a write-only value, so change the version to send a new secret.",
		Optional:   true,
		Sensitive:  true,
		WriteOnly:  true,
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["client_secret_wo_version"] = schema.Int64Attribute{
		Description: "Version of `client_secret_wo`, required with it. Any change (for example incrementing it) " +
			"sends `client_secret_wo` to the API again, which is how a rotated secret is applied.",
		Optional: true,
	}
	attrs["scopes"] = schema.SetAttribute{
		Description: "Scopes to request from the identity provider, such as `openid`, `profile` and `email`. " +
			"Defaults to none, which leaves the choice to the identity provider.",
		ElementType: types.StringType,
		Optional:    true,
		Computed:    true,
		Default:     setdefault.StaticValue(types.SetValueMust(types.StringType, nil)),
		Validators: []validator.Set{setvalidator.ValueStringsAre(stringvalidator.RegexMatches(oidcScopePattern,
			`must be an OAuth scope: printable ASCII without spaces, '"' or '\'`))},
	}
	resp.Schema = schema.Schema{
		Description: "The OIDC module of a route of an HTTPS edge: visitors sign in with an OpenID Connect " +
			"identity provider before their requests reach the upstream. The edge and the route must exist already. " +
			"ngrok has made edges read-only for most accounts (see the HTTPS edges guide).",
		Attributes: attrs,
	}
}

func (r *httpsEdgeRouteOIDCResource) ConfigValidators(context.Context) []resource.ConfigValidator {
	return []resource.ConfigValidator{
		resourcevalidator.ExactlyOneOf(path.MatchRoot("client_secret"), path.MatchRoot("client_secret_wo")),
		resourcevalidator.RequiredTogether(path.MatchRoot("client_secret_wo"), path.MatchRoot("client_secret_wo_version")),
	}
}

func (r *httpsEdgeRouteOIDCResource) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *httpsEdgeRouteOIDCResource) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.Append(r.replace(ctx, "Create", req.Plan, req.Config, &resp.State)...)
}

func (r *httpsEdgeRouteOIDCResource) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior httpsEdgeRouteOIDCModel
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := prior.EdgeID.ValueString(), prior.RouteID.ValueString()

	mod, err := r.client.GetHTTPSEdgeRouteOIDC(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "HTTPS edge route OIDC module not found, removing it from state", map[string]any{"id": prior.ID.ValueString()})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Read HTTPS Edge Route OIDC Module", err, edgeID, routeID))
		return
	}

	state, diags := httpsEdgeRouteOIDCModelFromAPI(edgeID, routeID, mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	if prior.usesWriteOnlySecret() {
		state = state.withWriteOnlySecret(prior.ClientSecretWOVersion)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *httpsEdgeRouteOIDCResource) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.Append(r.replace(ctx, "Update", req.Plan, req.Config, &resp.State)...)
}

// replace is both Create and Update: the API's PUT replaces the whole module,
// so it always carries the secret, from client_secret or, being write-only,
// from client_secret_wo in the configuration.
func (r *httpsEdgeRouteOIDCResource) replace(ctx context.Context, op string, planned tfsdk.Plan, config tfsdk.Config, out *tfsdk.State) diag.Diagnostics {
	var diags diag.Diagnostics
	var plan httpsEdgeRouteOIDCModel
	diags.Append(planned.Get(ctx, &plan)...)
	if diags.HasError() {
		return diags
	}
	edgeID, routeID := plan.EdgeID.ValueString(), plan.RouteID.ValueString()
	summary := "Unable to " + op + " HTTPS Edge Route OIDC Module"

	secret := plan.ClientSecret
	if plan.usesWriteOnlySecret() {
		diags.Append(config.GetAttribute(ctx, path.Root("client_secret_wo"), &secret)...)
		if diags.HasError() {
			return diags
		}
	}
	if secret.IsNull() || secret.IsUnknown() {
		diags.AddAttributeError(path.Root("client_secret_wo"), summary,
			"Neither client_secret nor client_secret_wo has a value known at apply time. Set exactly one of them.")
		return diags
	}

	mod, err := r.client.ReplaceHTTPSEdgeRouteOIDC(ctx, edgeID, routeID, plan.toReplace(secret.ValueString()))
	if err != nil {
		diags.Append(edgeRouteModuleDiagnostic(summary, err, edgeID, routeID))
		return diags
	}
	tflog.Info(ctx, "replaced HTTPS edge route OIDC module", map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})

	state, d := httpsEdgeRouteOIDCModelFromAPI(edgeID, routeID, mod)
	diags.Append(d...)
	if diags.HasError() {
		diags.Append(saveEdgeRouteModuleID(ctx, out, edgeID, routeID)...)
		return diags
	}
	if plan.usesWriteOnlySecret() {
		state = state.withWriteOnlySecret(plan.ClientSecretWOVersion)
	}
	diags.Append(out.Set(ctx, state)...)
	return diags
}

func (r *httpsEdgeRouteOIDCResource) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state httpsEdgeRouteOIDCModel
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := state.EdgeID.ValueString(), state.RouteID.ValueString()

	err := r.client.DeleteHTTPSEdgeRouteOIDC(ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "the edge or route of the OIDC module no longer exists, nothing to delete", map[string]any{"id": state.ID.ValueString()})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic("Unable to Delete HTTPS Edge Route OIDC Module", err, edgeID, routeID))
	}
}

func (r *httpsEdgeRouteOIDCResource) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	importEdgeRouteModule(ctx, req, resp)
}
