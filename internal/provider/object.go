package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// An API object of the plain kind (created, read, listed, updated and
// deleted by ID, with a description, metadata and a few fields) is declared
// once, as an objectType in the file of its name (ip_policy.go), from which
// come its resource (this file), its single and plural data sources
// (object_data_sources.go) and its list resource (object_list_resource.go),
// with their identity, import, moves from ngrok/ngrok and registration
// (objectTypes, provider.go). What the object writes by hand is what is its
// own: its wire types and apiclient.Collection, its model with
// …ModelFromAPI, toCreate and toUpdate, its attributes, and any semantics
// (validators, plan modifiers) through the hooks below.
//
// NOTE: the machinery calls the object's functions directly, with no
// reflection of its own beyond the framework's Get and Set of the model:
// every refresh reads only the id attribute from the prior state, as the
// hand-written resources do.

// objectType declares one API object in the provider. A is the API's type,
// C and U the bodies of its create and update, M the model of its resource.
type objectType[A, C, U, M any] struct {
	name   string // "ip_policy": ngrok_ip_policy is the resource, data source and list resource
	plural string // "ip_policies": ngrok_ip_policies lists them, in its attribute of that name
	// pluralAttr, when set, names that attribute instead.
	pluralAttr string
	noun       string // "IP policy", in messages
	nouns      string // "IP policies"
	article    string // "an", before noun
	idPrefix   string
	// twinIDPrefix (optional) is the prefix of the IDs of the same kind of
	// object under the API's other name, which the API serves here too: a
	// service user may have a bot user's bot_ ID (ngrok/ngrok v0.8 made
	// them so). Imports and the data source take both.
	twinIDPrefix string
	api          *apiclient.Collection[A, C, U]

	// description is the resource's; the data sources and the list resource
	// describe themselves from the nouns, unless dataSourceDescription
	// describes the single one.
	description           string
	dataSourceDescription string
	// deprecationMessage, when set, deprecates the resource and the list
	// resource (an object ngrok deprecated), not its data sources, which
	// inventory what is left.
	deprecationMessage string
	// handWrittenDataSources: ngrok_<name> and ngrok_<plural> are data
	// sources of their own (data_source_<name>.go) that predate the
	// declaration, whose schema configurations use; the machinery's are not
	// registered.
	handWrittenDataSources bool
	// attributes are the resource's; the data sources show the same ones,
	// computed, except write-only ones and those named in resourceOnly
	// (inputs the API never returns).
	attributes   func() map[string]schema.Attribute
	resourceOnly []string
	// dataSourceDescriptions replaces the description of an attribute in
	// the data sources, where the resource's speaks of changing it.
	dataSourceDescriptions map[string]string

	fromAPI  func(*A) (M, error)
	toCreate func(M) *C
	toUpdate func(M) *U

	// displayName names an object (and its model) in `terraform query`'s
	// results.
	displayName func(*A, M) string
	// filterExample is a CEL filter over the object, for descriptions; ""
	// when the API's list takes no filter (the plural data source and the
	// list resource then have none).
	filterExample string
	// listArgs are arguments of the plural data source and the list
	// resource that narrow the list (such as a rule's policy).
	listArgs []listArg
	// refreshWithin, when set, names the listArg whose value in the prior
	// state narrows the list that a refresh reads (a rule's policy):
	// apiclient.Collection.GetIn.
	refreshWithin string
	// natural, when the object has a natural key, imports by it.
	natural *naturalKeyImport

	// movesFrom names ngrok/ngrok's types whose state (schema version 0)
	// becomes this resource's, through replace-provider or a moved block,
	// by normalizeState.
	movesFrom      []string
	normalizeState stateNormalizer

	// Semantics, each optional.
	configValidators []resource.ConfigValidator
	validateConfig   func(context.Context, resource.ValidateConfigRequest, *resource.ValidateConfigResponse)
	modifyPlan       func(context.Context, resource.ModifyPlanRequest, *resource.ModifyPlanResponse)
	// planned is told of each plan that creates or keeps an object (not a
	// destroy), with the provider's client: what the plans of other
	// resources may look for (a vault that a policy reads).
	planned func(c *apiclient.Client, plan M)
	// fromConfig copies into the plan what only the configuration holds
	// (write-only attributes), before a create or update.
	fromConfig func(plan *M, config M)
	// keep copies into a model read from the API what the API never
	// returns, from the prior state (a refresh) or the plan (a write).
	// With it, a refresh reads the whole prior state.
	keep func(prior M, m *M)
	// settle ends a create or an update (operation "create" or "update")
	// before the object is saved: it may read the object again until it is
	// ready (a certificate waited for) and returns the last read; it may
	// change the plan, which keep then carries into the state (a failed
	// wait recorded so that the next plan repeats it).
	settle func(ctx context.Context, c *apiclient.Client, obj *A, plan *M, operation string, diags *diag.Diagnostics) *A
	// beforeUpdate runs before an update's request, with the prior state:
	// what the update body cannot do and must come first (an edge's module
	// removed through its own DELETE before the update that needs it gone).
	beforeUpdate func(ctx context.Context, c *apiclient.Client, id string, prior, plan M, diags *diag.Diagnostics)

	schemaOnce sync.Once
	schema     schema.Schema

	titlesOnce            sync.Once
	titleText, titlesText string
}

// objectTypeRegistration is what provider.go needs of an objectType,
// whatever its type parameters.
type objectTypeRegistration interface {
	newResource() resource.Resource
	newDataSource() datasource.DataSource
	newPluralDataSource() datasource.DataSource
	newListResource() list.ListResource
	filtered() bool
	dataSourcesHandWritten() bool
}

func (o *objectType[A, C, U, M]) dataSourcesHandWritten() bool { return o.handWrittenDataSources }

func (o *objectType[A, C, U, M]) newResource() resource.Resource {
	return &objectResource[A, C, U, M]{o: o}
}

// title is the noun in title case, for diagnostics' summaries; titles the
// plural. NOTE: made once: every refresh names the object.
func (o *objectType[A, C, U, M]) title() string {
	o.titlesOnce.Do(o.makeTitles)
	return o.titleText
}

func (o *objectType[A, C, U, M]) titles() string {
	o.titlesOnce.Do(o.makeTitles)
	return o.titlesText
}

func (o *objectType[A, C, U, M]) makeTitles() {
	o.titleText, o.titlesText = titleCase(o.noun), titleCase(o.nouns)
}

// resourceSchema is the resource's schema, built once: the data sources
// derive theirs from it, and project states through it.
func (o *objectType[A, C, U, M]) resourceSchema() schema.Schema {
	o.schemaOnce.Do(func() {
		o.schema = schema.Schema{Description: o.description, Attributes: o.attributes(), DeprecationMessage: o.deprecationMessage}
		if o.normalizeState != nil {
			o.schema.Version = stateSchemaVersion
		}
	})
	return o.schema
}

// listAttr is the plural data source's attribute that holds the objects.
func (o *objectType[A, C, U, M]) listAttr() string {
	if o.pluralAttr != "" {
		return o.pluralAttr
	}
	return o.plural
}

func (o *objectType[A, C, U, M]) importSpec() importSpec {
	return importSpec{
		keys:    []importKey{{attr: "id", prefix: o.idPrefix, twinPrefix: o.twinIDPrefix, noun: o.article + " " + o.noun}},
		findIDs: "in the ngrok dashboard or with the ngrok_" + o.plural + " data source",
		natural: o.natural,
	}
}

// filtered reports whether the API's list of the objects takes a filter.
func (o *objectType[A, C, U, M]) filtered() bool { return o.filterExample != "" }

// titleCase upper-cases the first letter of each word: "IP policy rule" is
// "IP Policy Rule".
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = capitalize(w)
	}
	return strings.Join(words, " ")
}

var (
	_ resource.Resource                     = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithConfigure        = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithImportState      = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithIdentity         = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithModifyPlan       = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithValidateConfig   = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithConfigValidators = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithUpgradeState     = (*objectResource[any, any, any, any])(nil)
	_ resource.ResourceWithMoveState        = (*objectResource[any, any, any, any])(nil)
)

// objectResource is the resource of an objectType.
type objectResource[A, C, U, M any] struct {
	o      *objectType[A, C, U, M]
	client *apiclient.Client
}

func (r *objectResource[A, C, U, M]) Metadata(_ context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + r.o.name
}

func (r *objectResource[A, C, U, M]) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.o.resourceSchema()
}

func (r *objectResource[A, C, U, M]) IdentitySchema(_ context.Context, _ resource.IdentitySchemaRequest, resp *resource.IdentitySchemaResponse) {
	resp.IdentitySchema = idIdentitySchema(r.o.noun, r.o.idPrefix)
}

func (r *objectResource[A, C, U, M]) Configure(_ context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	r.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (r *objectResource[A, C, U, M]) ConfigValidators(context.Context) []resource.ConfigValidator {
	return r.o.configValidators
}

func (r *objectResource[A, C, U, M]) ValidateConfig(ctx context.Context, req resource.ValidateConfigRequest, resp *resource.ValidateConfigResponse) {
	if r.o.validateConfig != nil {
		r.o.validateConfig(ctx, req, resp)
	}
}

func (r *objectResource[A, C, U, M]) ModifyPlan(ctx context.Context, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if r.o.modifyPlan != nil {
		r.o.modifyPlan(ctx, req, resp)
	}
	if r.o.planned != nil && r.client != nil && !req.Plan.Raw.IsNull() && !resp.Diagnostics.HasError() {
		var plan M
		if diags := resp.Plan.Get(ctx, &plan); !diags.HasError() {
			r.o.planned(r.client, plan)
		}
	}
}

func (r *objectResource[A, C, U, M]) Create(ctx context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	plan := r.planned(ctx, req.Plan, req.Config, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	obj, err := r.o.api.Create(ctx, r.client, r.o.toCreate(plan))
	if obj != nil {
		resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, r.o.api.ID(obj))...)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Create "+r.o.title(), err))
		if obj == nil {
			return
		}
		// NOTE: interrupted after the API made it: saved below, with the
		// error, so that Terraform tracks it (tainted).
	}
	tflog.Info(ctx, "created "+r.o.noun, map[string]any{"id": r.o.api.ID(obj)})
	if r.o.settle != nil && err == nil {
		obj = r.o.settle(ctx, r.client, obj, &plan, "create", &resp.Diagnostics)
	}
	r.setState(ctx, &resp.State, &resp.Diagnostics, obj, &plan, "Unable to Read Created "+r.o.title(), true)
}

func (r *objectResource[A, C, U, M]) Read(ctx context.Context, req resource.ReadRequest, resp *resource.ReadResponse) {
	id := stateID(ctx, req.State, &resp.Diagnostics)
	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
	if resp.Diagnostics.HasError() {
		return
	}

	get := r.get
	if filter := r.refreshFilter(ctx, req.State, &resp.Diagnostics); filter != "" {
		get = func(ctx context.Context, id string) (*A, error) { return r.o.api.GetIn(ctx, r.client, id, filter) }
	}
	obj := readObject(ctx, resp, r.o.noun, r.o.title(), id, get)
	if obj == nil {
		return
	}
	var prior *M
	if r.o.keep != nil {
		prior = new(M)
		if !modelFromRaw(ctx, req.State.Schema.Type(), req.State.Raw, prior) {
			resp.Diagnostics.Append(req.State.Get(ctx, prior)...)
		}
		if resp.Diagnostics.HasError() {
			return
		}
	}
	r.setState(ctx, &resp.State, &resp.Diagnostics, obj, prior, "Unable to Read "+r.o.title(), false)
}

func (r *objectResource[A, C, U, M]) Update(ctx context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	plan := r.planned(ctx, req.Plan, req.Config, &resp.Diagnostics)
	id := stateID(ctx, req.State, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}

	resp.Diagnostics.Append(setIDIdentity(ctx, resp.Identity, id)...)
	if r.o.beforeUpdate != nil {
		var prior M
		resp.Diagnostics.Append(req.State.Get(ctx, &prior)...)
		if resp.Diagnostics.HasError() {
			return
		}
		r.o.beforeUpdate(ctx, r.client, id, prior, plan, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
	}
	update := r.o.toUpdate(plan)
	var obj *A
	var err error
	if r.changesNothing(ctx, req.State, update) {
		// NOTE: only what the API does not hold changed (timeouts, a
		// provider-only setting): a PATCH would send nothing new, and the
		// API refuses one that gives no field (ERR_NGROK_1400, 1401, 606).
		obj, err = r.o.api.Get(ctx, r.client, id)
	} else {
		obj, err = r.o.api.Update(ctx, r.client, id, update)
	}
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Update "+r.o.title(), err))
		return
	}
	if r.o.settle != nil {
		obj = r.o.settle(ctx, r.client, obj, &plan, "update", &resp.Diagnostics)
	}
	r.setState(ctx, &resp.State, &resp.Diagnostics, obj, &plan, "Unable to Read Updated "+r.o.title(), false)
}

// changesNothing reports whether update gives no field, or gives what the
// prior state's would: nothing the API holds is to change.
func (r *objectResource[A, C, U, M]) changesNothing(ctx context.Context, state tfsdk.State, update *U) bool {
	var prior M
	if state.Get(ctx, &prior).HasError() {
		return sameUpdate(update, nil)
	}
	return sameUpdate(update, r.o.toUpdate(prior))
}

// sameUpdate reports whether the PATCH bodies update and prior are one
// (nil prior: none), or update gives no field at all.
func sameUpdate(update, prior any) bool {
	body, err := json.Marshal(update)
	if err != nil {
		return false
	}
	if string(body) == "{}" || string(body) == "null" {
		return true
	}
	if prior == nil {
		return false
	}
	before, err := json.Marshal(prior)
	return err == nil && bytes.Equal(body, before)
}

func (r *objectResource[A, C, U, M]) Delete(ctx context.Context, req resource.DeleteRequest, resp *resource.DeleteResponse) {
	deleteObject(ctx, req.State, &resp.Diagnostics, r.o.noun, r.o.title(), func(ctx context.Context, id string) error {
		return r.o.api.Delete(ctx, r.client, id)
	})
}

func (r *objectResource[A, C, U, M]) ImportState(ctx context.Context, req resource.ImportStateRequest, resp *resource.ImportStateResponse) {
	r.o.importSpec().importState(ctx, r.client, req, resp)
}

// UpgradeState upgrades ngrok/ngrok's state of the types in movesFrom, and
// this provider's own of version 0 (see ngrok_ngrok_state.go).
func (r *objectResource[A, C, U, M]) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	if r.o.normalizeState == nil {
		return nil
	}
	return upgradeFromVersion0("ngrok_"+r.o.name, r.o.normalizeState)
}

// MoveState takes over ngrok/ngrok's types of movesFrom through a moved
// block.
func (r *objectResource[A, C, U, M]) MoveState(context.Context) []resource.StateMover {
	if r.o.normalizeState == nil || len(r.o.movesFrom) == 0 {
		return nil
	}
	return []resource.StateMover{stateMover("ngrok_"+r.o.name, r.o.movesFrom, r.o.normalizeState)}
}

func (r *objectResource[A, C, U, M]) get(ctx context.Context, id string) (*A, error) {
	return r.o.api.Get(ctx, r.client, id)
}

// refreshFilter is the CEL filter of refreshWithin's listArg with its value
// in the prior state; "" when the type has none or the state holds no value.
//
// NOTE: a refresh reads this one attribute besides the id: the rules of one
// policy are the first pages of their narrowed list, wherever the account
// holds the rules of other policies (ngrok/ngrok's issue 35).
func (r *objectResource[A, C, U, M]) refreshFilter(ctx context.Context, state tfsdk.State, diags *diag.Diagnostics) string {
	i := slices.IndexFunc(r.o.listArgs, func(a listArg) bool { return a.name == r.o.refreshWithin })
	if r.o.refreshWithin == "" || i < 0 {
		return ""
	}
	a := r.o.listArgs[i]
	var v types.String
	diags.Append(state.GetAttribute(ctx, path.Root(a.name), &v)...)
	if v.IsNull() || v.IsUnknown() || v.ValueString() == "" {
		return ""
	}
	return a.celPath + " == " + celString(v.ValueString())
}

// refreshWithinArg is refreshWithin and whether it names a listArg (or is
// unset), for the declarations' test.
func (o *objectType[A, C, U, M]) refreshWithinArg() (string, bool) {
	return o.refreshWithin, o.refreshWithin == "" || slices.ContainsFunc(o.listArgs, func(a listArg) bool { return a.name == o.refreshWithin })
}

// planned is the plan of a create or update, with what only the
// configuration holds.
func (r *objectResource[A, C, U, M]) planned(ctx context.Context, plan tfsdk.Plan, config tfsdk.Config, diags *diag.Diagnostics) M {
	var m M
	if !modelFromRaw(ctx, plan.Schema.Type(), plan.Raw, &m) {
		diags.Append(plan.Get(ctx, &m)...)
	}
	if r.o.fromConfig != nil {
		var cfg M
		if !modelFromRaw(ctx, config.Schema.Type(), config.Raw, &cfg) {
			diags.Append(config.Get(ctx, &cfg)...)
		}
		r.o.fromConfig(&m, cfg)
	}
	return m
}

// setState stores obj as the state, with what keep carries over from prior
// (when not nil). created says that obj was just made: when it cannot be
// read, its ID is stored anyway, so that Terraform tracks it (tainted)
// instead of leaving an orphan behind.
func (r *objectResource[A, C, U, M]) setState(ctx context.Context, state *tfsdk.State, diags *diag.Diagnostics, obj *A, prior *M,
	summary string, created bool) {
	m, err := r.o.fromAPI(obj)
	if err != nil {
		if created {
			diags.Append(state.SetAttribute(ctx, path.Root("id"), r.o.api.ID(obj))...)
		}
		diags.AddError(summary, err.Error())
		return
	}
	if r.o.keep != nil && prior != nil {
		r.o.keep(*prior, &m)
	}
	// NOTE: a flat model (model_values.go) skips State.Set's reflection,
	// the largest part of a Read that is the provider's own.
	if values, ok := modelValues(m); ok {
		diags.Append(setStateValues(ctx, state, values)...)
		return
	}
	diags.Append(state.Set(ctx, m)...)
}
