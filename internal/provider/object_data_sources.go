package provider

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The data sources of an objectType: ngrok_<name> reads one object by ID,
// ngrok_<plural> lists them with an optional CEL filter and the object's
// listArgs. Both show the resource's attributes, computed, but for those
// only the resource has (write-only inputs, and resourceOnly): their schema
// is derived from the resource's, and their state is the resource model's,
// projected onto it, so that the model's conversion is the only one.

// listArg is an argument that narrows a list to the objects whose field
// (a CEL path over obj, such as obj.ip_policy.id) has the given value.
type listArg struct {
	name        string // "ip_policy_id"
	celPath     string // "obj.ip_policy.id"
	description string
	validators  []validator.String
	// matches, when set, narrows the list here instead of in the API's
	// filter: for a field that the API's filter does not take
	// (apifilter.Fields; a secret's vault). obj is the API's object (*A).
	matches func(obj any, value string) bool
}

// listFilter is the CEL filter of a list: filter, and each listArg that has
// a value and is the API's to match.
func listFilter(filter string, args []listArg, values []types.String) string {
	var parts []string
	for i, a := range args {
		if v := values[i]; a.matches == nil && !v.IsNull() && !v.IsUnknown() {
			parts = append(parts, a.celPath+" == "+celString(v.ValueString()))
		}
	}
	if len(parts) == 0 {
		return filter
	}
	if filter != "" {
		parts = append(parts, "("+filter+")")
	}
	return strings.Join(parts, " && ")
}

// listedMatches reports whether obj (*A) passes the listArgs matched here.
func listedMatches(obj any, args []listArg, values []types.String) bool {
	for i, a := range args {
		if v := values[i]; a.matches != nil && !v.IsNull() && !v.IsUnknown() && !a.matches(obj, v.ValueString()) {
			return false
		}
	}
	return true
}

// readListArgs reads the values of args from a data source's or list
// resource's configuration.
func readListArgs(ctx context.Context, cfg attributeGetter, filtered bool, args []listArg, diags *diag.Diagnostics) (filter string, values []types.String) {
	var f types.String
	if filtered {
		diags.Append(cfg.GetAttribute(ctx, path.Root("filter"), &f)...)
	}
	values = make([]types.String, len(args))
	for i, a := range args {
		diags.Append(cfg.GetAttribute(ctx, path.Root(a.name), &values[i])...)
	}
	return f.ValueString(), values
}

func (o *objectType[A, C, U, M]) newDataSource() datasource.DataSource {
	return &objectDataSource[A, C, U, M]{o: o}
}

func (o *objectType[A, C, U, M]) newPluralDataSource() datasource.DataSource {
	return &objectPluralDataSource[A, C, U, M]{o: o}
}

// dataSourceAttributes are the resource's attributes as the data sources
// show them: computed, without the resource's own inputs; id is required
// when lookupByID.
func (o *objectType[A, C, U, M]) dataSourceAttributes(lookupByID bool) map[string]dsschema.Attribute {
	out := map[string]dsschema.Attribute{}
	for name, a := range o.resourceSchema().Attributes {
		if o.resourceOnlyAttribute(name, a) {
			continue
		}
		desc := a.GetDescription()
		if d, ok := dataSourceFreeText[name]; ok {
			desc = d
		}
		if d, ok := o.dataSourceDescriptions[name]; ok {
			desc = d
		}
		out[name] = computedDataSourceAttribute(a, desc)
	}
	if lookupByID {
		out["id"] = dsschema.StringAttribute{
			Description: fmt.Sprintf("ID of the %s to read (`%s...`).", o.noun, o.idPrefix),
			Required:    true,
			Validators:  []validator.String{o.idValidator()},
		}
	}
	return out
}

func (o *objectType[A, C, U, M]) resourceOnlyAttribute(name string, a schema.Attribute) bool {
	return a.IsWriteOnly() || slices.Contains(o.resourceOnly, name)
}

// dataSourceFreeText describes the free-text attributes in the data
// sources, where what the resource says of writing them does not apply.
var dataSourceFreeText = map[string]string{
	"description": "Human-readable description.",
	"metadata":    "Arbitrary machine-readable data.",
}

// computedDataSourceAttribute is a resource attribute as a computed data
// source attribute of the same type.
func computedDataSourceAttribute(a schema.Attribute, description string) dsschema.Attribute {
	switch a := a.(type) {
	case schema.StringAttribute:
		return dsschema.StringAttribute{Description: description, Computed: true, CustomType: a.CustomType, Sensitive: a.Sensitive}
	case schema.Int64Attribute:
		return dsschema.Int64Attribute{Description: description, Computed: true, CustomType: a.CustomType, Sensitive: a.Sensitive}
	case schema.BoolAttribute:
		return dsschema.BoolAttribute{Description: description, Computed: true, CustomType: a.CustomType, Sensitive: a.Sensitive}
	case schema.ListAttribute:
		return dsschema.ListAttribute{Description: description, Computed: true, ElementType: a.ElementType, CustomType: a.CustomType}
	case schema.SetAttribute:
		return dsschema.SetAttribute{Description: description, Computed: true, ElementType: a.ElementType, CustomType: a.CustomType}
	case schema.MapAttribute:
		return dsschema.MapAttribute{Description: description, Computed: true, ElementType: a.ElementType, CustomType: a.CustomType}
	case schema.SingleNestedAttribute:
		nested := map[string]dsschema.Attribute{}
		for n, na := range a.Attributes {
			nested[n] = computedDataSourceAttribute(na, na.GetDescription())
		}
		return dsschema.SingleNestedAttribute{Description: description, Computed: true, Attributes: nested, CustomType: a.CustomType}
	}
	// NOTE: an attribute kind no object uses yet; the schema tests of every
	// object type fail on it before a user could see it.
	panic(fmt.Sprintf("computedDataSourceAttribute: unsupported attribute %T", a))
}

// projectedType is the type of one object in the data sources: the
// resource's object type without the resource's own inputs.
func (o *objectType[A, C, U, M]) projectedType(ctx context.Context) tftypes.Object {
	rs := o.resourceSchema()
	full, _ := rs.Type().TerraformType(ctx).(tftypes.Object)
	kept := map[string]tftypes.Type{}
	for name, t := range full.AttributeTypes {
		if !o.resourceOnlyAttribute(name, rs.Attributes[name]) {
			kept[name] = t
		}
	}
	return tftypes.Object{AttributeTypes: kept}
}

// project is the data sources' value of obj: the resource model, converted
// as the resource converts it, without the resource's own inputs.
func (o *objectType[A, C, U, M]) project(ctx context.Context, obj *A, diags *diag.Diagnostics) tftypes.Value {
	m, err := o.fromAPI(obj)
	if err != nil {
		diags.AddError("Unable to Read "+o.title(), err.Error())
		return tftypes.Value{}
	}
	rs := o.resourceSchema()
	st := tfsdk.State{Schema: rs, Raw: tftypes.NewValue(rs.Type().TerraformType(ctx), nil)}
	if diags.Append(st.Set(ctx, m)...); diags.HasError() {
		return tftypes.Value{}
	}
	var attrs map[string]tftypes.Value
	if err := st.Raw.As(&attrs); err != nil {
		diags.AddError("Unable to Read "+o.title(), err.Error())
		return tftypes.Value{}
	}
	t := o.projectedType(ctx)
	for name := range attrs {
		if _, ok := t.AttributeTypes[name]; !ok {
			delete(attrs, name)
		}
	}
	return tftypes.NewValue(t, attrs)
}

var (
	_ datasource.DataSource              = (*objectDataSource[any, any, any, any])(nil)
	_ datasource.DataSourceWithConfigure = (*objectDataSource[any, any, any, any])(nil)
)

// objectDataSource reads one object by ID.
type objectDataSource[A, C, U, M any] struct {
	o      *objectType[A, C, U, M]
	client *apiclient.Client
}

func (d *objectDataSource[A, C, U, M]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.o.name
}

func (d *objectDataSource[A, C, U, M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = dsschema.Schema{
		Description: cmp.Or(d.o.dataSourceDescription,
			fmt.Sprintf("Reads one %s by ID, for configuration that uses it without managing it.", d.o.noun)),
		Attributes: d.o.dataSourceAttributes(true),
	}
}

func (d *objectDataSource[A, C, U, M]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *objectDataSource[A, C, U, M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var id types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("id"), &id)...)
	if resp.Diagnostics.HasError() {
		return
	}
	obj, err := d.o.api.Get(ctx, d.client, id.ValueString())
	if err != nil {
		resp.Diagnostics.Append(apiErrorDiagnostic("Unable to Read "+d.o.title(), err))
		return
	}
	v := d.o.project(ctx, obj, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	resp.State.Raw = v
}

var (
	_ datasource.DataSource              = (*objectPluralDataSource[any, any, any, any])(nil)
	_ datasource.DataSourceWithConfigure = (*objectPluralDataSource[any, any, any, any])(nil)
)

// objectPluralDataSource lists objects, newest first.
type objectPluralDataSource[A, C, U, M any] struct {
	o      *objectType[A, C, U, M]
	client *apiclient.Client
}

func (d *objectPluralDataSource[A, C, U, M]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.o.plural
}

func (d *objectPluralDataSource[A, C, U, M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]dsschema.Attribute{
		d.o.listAttr(): dsschema.ListNestedAttribute{
			Description:  fmt.Sprintf("The %s, newest first.", d.o.nouns),
			Computed:     true,
			NestedObject: dsschema.NestedAttributeObject{Attributes: d.o.dataSourceAttributes(false)},
		},
	}
	description := fmt.Sprintf("Lists the account's %s, newest first, optionally narrowed by a filter.", d.o.nouns)
	if d.o.filtered() {
		attrs["filter"] = dsschema.StringAttribute{
			Description: filterDescription(d.o.noun, d.o.filterExample, d.o.api.Path()),
			Validators:  []validator.String{filterValidator{path: d.o.api.Path()}},
			Optional:    true,
		}
	} else {
		description = fmt.Sprintf("Lists the account's %s, newest first (the API's list of them takes no filter).", d.o.nouns)
	}
	for _, a := range d.o.listArgs {
		attrs[a.name] = dsschema.StringAttribute{Description: a.description, Optional: true, Validators: a.validators}
	}
	resp.Schema = dsschema.Schema{Description: description, Attributes: attrs}
}

func (d *objectPluralDataSource[A, C, U, M]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *objectPluralDataSource[A, C, U, M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	filter, values := readListArgs(ctx, req.Config, d.o.filtered(), d.o.listArgs, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	elemType := d.o.projectedType(ctx)
	items := []tftypes.Value{}
	opts := &apiclient.ListOptions{Filter: listFilter(filter, d.o.listArgs, values)}
	for obj, err := range d.o.api.List(ctx, d.client, opts) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List "+d.o.titles(), err))
			return
		}
		if !listedMatches(obj, d.o.listArgs, values) {
			continue
		}
		v := d.o.project(ctx, obj, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
		items = append(items, v)
	}
	// NOTE: the arguments as configured, and the list, make the state.
	var cfg map[string]tftypes.Value
	if err := req.Config.Raw.As(&cfg); err != nil {
		resp.Diagnostics.AddError("Unable to List "+d.o.titles(), err.Error())
		return
	}
	cfg[d.o.listAttr()] = tftypes.NewValue(tftypes.List{ElementType: elemType}, items)
	resp.State.Raw = tftypes.NewValue(resp.State.Schema.Type().TerraformType(ctx), cfg)
}

// idValidator checks the ID of one of the objects: its prefix, or its
// twin's.
func (o *objectType[A, C, U, M]) idValidator() validator.String {
	if o.twinIDPrefix == "" {
		return idValidator(o.idPrefix, o.article+" "+o.noun)
	}
	return stringvalidator.Any(idValidator(o.idPrefix, o.article+" "+o.noun), idValidator(o.twinIDPrefix, o.article+" "+o.noun))
}
