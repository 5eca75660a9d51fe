package provider

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
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
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The four HTTPS edge route modules (OIDC, backend, IP restriction, request
// headers) behave alike: each is replaced whole by a PUT, read by a GET and
// removed by a DELETE at /edges/https/{edge_id}/routes/{route_id}/<module>,
// has no ID of its own, and is named "edge_id/route_id" in Terraform. One
// generic resource and one generic data source implement that, each module
// described by an edgeRouteModule: its own attributes, its model conversions
// and its API calls.

// edgeRouteModuleImportFormat is the documented import ID of every route module.
const edgeRouteModuleImportFormat = "<edge_id>/<route_id>"

// edgeRouteModule describes one route module: M is its Terraform model, A the
// module as the API returns it, B the body of the API's replace.
type edgeRouteModule[M edgeRouteModuleModel, A, B any] struct {
	typeName string // after the provider's name, e.g. "https_edge_route_backend"
	noun     string // in descriptions and log lines, e.g. "backend module"
	title    string // in diagnostic summaries, e.g. "Backend Module"

	resourceDescription string
	resourceAttributes  func() map[string]schema.Attribute // the module's own, besides the shared ones
	configValidators    func() []resource.ConfigValidator  // nil: none

	dataSourceDescription string
	dataSourceAttributes  func() map[string]dsschema.Attribute // the module's own, besides the shared ones
	dataSourceModel       func(M) any                          // nil: the resource's model

	get     func(*apiclient.Client, context.Context, string, string) (*A, error)
	replace func(*apiclient.Client, context.Context, string, string, *B) (*A, error)
	remove  func(*apiclient.Client, context.Context, string, string) error

	fromAPI func(edgeID, routeID string, mod *A) (M, diag.Diagnostics)
	// toReplace returns the replace body for a plan; config is there for
	// write-only values, which a plan never holds.
	toReplace func(ctx context.Context, plan M, config tfsdk.Config) (*B, diag.Diagnostics)
	// keep carries into a model read from the API what only Terraform knows
	// (the OIDC module's write-only secret version), from the plan or the
	// prior state. nil: nothing.
	keep func(known, read M) M
}

func (m *edgeRouteModule[M, A, B]) summary(op string) string {
	return "Unable to " + op + " HTTPS Edge Route " + m.title
}

// settle is the model to store after the API returned mod.
func (m *edgeRouteModule[M, A, B]) settle(known M, edgeID, routeID string, mod *A) (M, diag.Diagnostics) {
	read, diags := m.fromAPI(edgeID, routeID, mod)
	if m.keep != nil {
		read = m.keep(known, read)
	}
	return read, diags
}

// edgeRouteModuleModel is what the generic code needs of a module's model;
// embedding edgeRouteModuleBase provides it.
type edgeRouteModuleModel interface {
	routeIDs() (edgeID, routeID string)
}

// edgeRouteModuleBase holds the attributes every route module has.
type edgeRouteModuleBase struct {
	ID      types.String `tfsdk:"id"`
	EdgeID  types.String `tfsdk:"edge_id"`
	RouteID types.String `tfsdk:"route_id"`
	Enabled types.Bool   `tfsdk:"enabled"`
}

func newEdgeRouteModuleBase(edgeID, routeID string, enabled bool) edgeRouteModuleBase {
	return edgeRouteModuleBase{
		ID:      types.StringValue(edgeRouteModuleID(edgeID, routeID)),
		EdgeID:  types.StringValue(edgeID),
		RouteID: types.StringValue(routeID),
		Enabled: types.BoolValue(enabled),
	}
}

func (b edgeRouteModuleBase) routeIDs() (edgeID, routeID string) {
	return b.EdgeID.ValueString(), b.RouteID.ValueString()
}

// edgeRouteModuleResource is the resource of one route module.
type edgeRouteModuleResource[M edgeRouteModuleModel, A, B any] struct {
	module *edgeRouteModule[M, A, B]
	client *apiclient.Client
}

func newEdgeRouteModuleResource[M edgeRouteModuleModel, A, B any](module *edgeRouteModule[M, A, B]) resource.Resource {
	return &edgeRouteModuleResource[M, A, B]{module: module}
}

var (
	_ resource.Resource                     = (*edgeRouteModuleResource[edgeRouteModuleBase, struct{}, struct{}])(nil)
	_ resource.ResourceWithConfigure        = (*edgeRouteModuleResource[edgeRouteModuleBase, struct{}, struct{}])(nil)
	_ resource.ResourceWithImportState      = (*edgeRouteModuleResource[edgeRouteModuleBase, struct{}, struct{}])(nil)
	_ resource.ResourceWithIdentity         = (*edgeRouteModuleResource[edgeRouteModuleBase, struct{}, struct{}])(nil)
	_ resource.ResourceWithConfigValidators = (*edgeRouteModuleResource[edgeRouteModuleBase, struct{}, struct{}])(nil)
)

func (r *edgeRouteModuleResource[M, A, B]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.module.typeName
}

func (r *edgeRouteModuleResource[M, A, B]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	attrs := edgeRouteModuleResourceAttributes(r.module.noun)
	maps.Copy(attrs, r.module.resourceAttributes())
	resp.Schema = schema.Schema{
		Description:        r.module.resourceDescription,
		Attributes:         attrs,
		DeprecationMessage: edgesDeprecationMessage,
	}
}

func (r *edgeRouteModuleResource[M, A, B]) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = edgeRouteModuleIdentitySchema()
}

func (r *edgeRouteModuleResource[M, A, B]) ConfigValidators(context.Context) []resource.ConfigValidator {
	if r.module.configValidators == nil {
		return nil
	}
	return r.module.configValidators()
}

func (r *edgeRouteModuleResource[M, A, B]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *edgeRouteModuleResource[M, A, B]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.Diagnostics.Append(r.write(ctx, "Create", req.Plan, req.Config, &resp.State, resp.Identity)...)
}

func (r *edgeRouteModuleResource[M, A, B]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	var prior M
	resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := prior.routeIDs()
	resp.Diagnostics.Append(setEdgeRouteModuleIdentity(ctx, resp.Identity, edgeID, routeID)...)

	mod, err := r.module.get(r.client, ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Warn(ctx, "HTTPS edge route "+r.module.noun+" not found, removing it from state",
			map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})
		resp.State.RemoveResource(ctx)
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic(r.module.summary("Read"), err, edgeID, routeID))
		return
	}
	state, diags := r.module.settle(prior, edgeID, routeID, mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, state)...)
}

func (r *edgeRouteModuleResource[M, A, B]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.Diagnostics.Append(r.write(ctx, "Update", req.Plan, req.Config, &resp.State, resp.Identity)...)
}

// write is both Create and Update: the API's PUT replaces the whole module.
func (r *edgeRouteModuleResource[M, A, B]) write(ctx context.Context, op string, planned tfsdk.Plan, config tfsdk.Config,
	out *tfsdk.State, identity *tfsdk.ResourceIdentity) diag.Diagnostics {
	var diags diag.Diagnostics
	var plan M
	diags.Append(planned.Get(ctx, &plan)...)
	if diags.HasError() {
		return diags
	}
	edgeID, routeID := plan.routeIDs()
	diags.Append(setEdgeRouteModuleIdentity(ctx, identity, edgeID, routeID)...)
	body, d := r.module.toReplace(ctx, plan, config)
	diags.Append(d...)
	if diags.HasError() {
		return diags
	}

	mod, err := r.module.replace(r.client, ctx, edgeID, routeID, body)
	if err != nil {
		diags.Append(edgeRouteModuleDiagnostic(r.module.summary(op), err, edgeID, routeID))
		return diags
	}
	tflog.Info(ctx, "replaced HTTPS edge route "+r.module.noun, map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})

	state, d := r.module.settle(plan, edgeID, routeID, mod)
	diags.Append(d...)
	if diags.HasError() {
		// NOTE: the module is set: keep tracking it, so that a refresh reads it.
		diags.Append(saveEdgeRouteModuleID(ctx, out, edgeID, routeID)...)
		return diags
	}
	diags.Append(out.Set(ctx, state)...)
	return diags
}

func (r *edgeRouteModuleResource[M, A, B]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	var state M
	resp.Diagnostics.Append(req.State.Get(ctx, &state)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := state.routeIDs()

	err := r.module.remove(r.client, ctx, edgeID, routeID)
	if apiclient.IsNotFound(err) {
		tflog.Info(ctx, "the edge or route of the "+r.module.noun+" no longer exists, nothing to delete",
			map[string]any{"id": edgeRouteModuleID(edgeID, routeID)})
		return
	}
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleDiagnostic(r.module.summary("Delete"), err, edgeID, routeID))
	}
}

// ImportState sets id, edge_id and route_id from an import ID "edge_id/route_id",
// or from an identity's edge_id and route_id; Read then fills in the module.
func (r *edgeRouteModuleResource[M, A, B]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	if ids := edgeRouteModuleImport.importIDs(ctx, r.client, req, &resp.Diagnostics); ids != nil {
		r.importModule(ctx, ids[0], ids[1], resp)
	}
}

// edgeRouteModuleImport names a route module by its edge and its route.
var edgeRouteModuleImport = importSpec{keys: []importKey{
	{attr: "edge_id", prefix: httpsEdgeIDPrefix, noun: "an HTTPS edge"},
	{attr: "route_id", prefix: httpsEdgeRouteIDPrefix, noun: "a route of that edge"},
}}

func (r *edgeRouteModuleResource[M, A, B]) importModule(ctx context.Context, edgeID, routeID string, resp *resource.ImportStateResponse) {
	resp.Diagnostics.Append(saveEdgeRouteModuleID(ctx, &resp.State, edgeID, routeID)...)
	resp.Diagnostics.Append(setEdgeRouteModuleIdentity(ctx, resp.Identity, edgeID, routeID)...)
}

// edgeRouteModuleDataSource is the data source of one route module.
type edgeRouteModuleDataSource[M edgeRouteModuleModel, A, B any] struct {
	module *edgeRouteModule[M, A, B]
	client *apiclient.Client
}

func newEdgeRouteModuleDataSource[M edgeRouteModuleModel, A, B any](module *edgeRouteModule[M, A, B]) datasource.DataSource {
	return &edgeRouteModuleDataSource[M, A, B]{module: module}
}

var (
	_ datasource.DataSource              = (*edgeRouteModuleDataSource[edgeRouteModuleBase, struct{}, struct{}])(nil)
	_ datasource.DataSourceWithConfigure = (*edgeRouteModuleDataSource[edgeRouteModuleBase, struct{}, struct{}])(nil)
)

func (d *edgeRouteModuleDataSource[M, A, B]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.module.typeName
}

func (d *edgeRouteModuleDataSource[M, A, B]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := edgeRouteModuleDataSourceAttributes(d.module.noun)
	maps.Copy(attrs, d.module.dataSourceAttributes())
	resp.Schema = dsschema.Schema{Description: d.module.dataSourceDescription, Attributes: attrs}
}

func (d *edgeRouteModuleDataSource[M, A, B]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *edgeRouteModuleDataSource[M, A, B]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var edge, route types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("edge_id"), &edge)...)
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("route_id"), &route)...)
	if resp.Diagnostics.HasError() {
		return
	}
	edgeID, routeID := edge.ValueString(), route.ValueString()

	mod, err := d.module.get(d.client, ctx, edgeID, routeID)
	if err != nil {
		resp.Diagnostics.Append(edgeRouteModuleReadDiagnostic(d.module.summary("Read"), d.module.noun, err, edgeID, routeID))
		return
	}
	state, diags := d.module.fromAPI(edgeID, routeID, mod)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	var out any = state
	if d.module.dataSourceModel != nil {
		out = d.module.dataSourceModel(state)
	}
	resp.Diagnostics.Append(resp.State.Set(ctx, out)...)
}

// edgeRouteModuleResourceAttributes returns the attributes every route module
// resource has; module names the module in descriptions, e.g. "OIDC module".
func edgeRouteModuleResourceAttributes(module string) map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id": serverSetAttribute(fmt.Sprintf("Identifier of the %s in Terraform: `%s`. The module has no ID of its own in the API.", module, edgeRouteModuleImportFormat)),
		"edge_id": schema.StringAttribute{
			Description:   fmt.Sprintf("ID of the HTTPS edge (`%s...`). Changing it moves the %s to another edge: the old one is deleted.", httpsEdgeIDPrefix, module),
			Required:      true,
			Validators:    []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"route_id": schema.StringAttribute{
			Description:   fmt.Sprintf("ID of the route of that edge (`%s...`). Changing it moves the %s to another route: the old one is deleted.", httpsEdgeRouteIDPrefix, module),
			Required:      true,
			Validators:    []validator.String{idValidator(httpsEdgeRouteIDPrefix, "an HTTPS edge route")},
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
			Description: fmt.Sprintf("Identifier of the %s: `%s`.", module, edgeRouteModuleImportFormat),
			Computed:    true,
		},
		"edge_id": dsschema.StringAttribute{
			Description: fmt.Sprintf("ID of the HTTPS edge (`%s...`).", httpsEdgeIDPrefix),
			Required:    true,
			Validators:  []validator.String{idValidator(httpsEdgeIDPrefix, "an HTTPS edge")},
		},
		"route_id": dsschema.StringAttribute{
			Description: fmt.Sprintf("ID of the route of that edge (`%s...`).", httpsEdgeRouteIDPrefix),
			Required:    true,
			Validators:  []validator.String{idValidator(httpsEdgeRouteIDPrefix, "an HTTPS edge route")},
		},
		"enabled": dsschema.BoolAttribute{
			Description: fmt.Sprintf("Whether the %s applies to the route's traffic.", module),
			Computed:    true,
		},
	}
}

func edgeRouteModuleID(edgeID, routeID string) string { return edgeID + "/" + routeID }

// saveEdgeRouteModuleID records which module a state holds: on import, and
// when a successful PUT's response could not be read, so that Terraform
// keeps tracking the module (a later refresh reads it) instead of losing it.
func saveEdgeRouteModuleID(ctx context.Context, out *tfsdk.State, edgeID, routeID string) diag.Diagnostics {
	var diags diag.Diagnostics
	diags.Append(out.SetAttribute(ctx, path.Root("id"), edgeRouteModuleID(edgeID, routeID))...)
	diags.Append(out.SetAttribute(ctx, path.Root("edge_id"), edgeID)...)
	diags.Append(out.SetAttribute(ctx, path.Root("route_id"), routeID)...)
	return diags
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
