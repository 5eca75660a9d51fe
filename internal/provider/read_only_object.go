package provider

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dsschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// A read-only object is one the API lists and reads but cannot create or
// change, because agents and visitors make it (tunnel sessions, tunnels,
// application users and sessions). It is declared once, as a readOnlyType
// in the file of its name (tunnel_session.go), from which come its single
// and plural data sources; there is no resource, so no identity import,
// state moves or plan-time hooks. What acts on such an object (a tunnel
// session's restart) is an action (action_*.go).
//
// NOTE: no list resource either. Terraform (1.14, 1.15) answers `terraform
// query` over a list resource without a managed resource of its name with
// "Identity schema not found for resource type ngrok_tunnel_session": it
// takes a result's identity schema from the provider's resource identity
// schemas, which only managed resources have, whatever the list resource
// declares through RawV6Schemas (the framework's way for SDKv2 resources,
// which do exist). A list resource's results are also meant to be imported
// (-generate-config-out), which these objects cannot be.
//
// NOTE: a type of its own rather than an objectType without create and
// update: an objectType's data sources and list results are its resource's
// schema and model projected, and here there is no resource to project.

// readOnlyType declares a read-only object: A is the API's type, M the
// model of its data source, whose tfsdk tags are the attributes' names.
type readOnlyType[A, M any] struct {
	name    string // "tunnel_session": ngrok_tunnel_session reads one
	plural  string // "tunnel_sessions": ngrok_tunnel_sessions lists them, in its attribute of that name
	noun    string
	nouns   string
	article string
	// idPrefix is the prefix of the object's IDs, checked at plan time;
	// "" when ngrok documents none, so that no guess refuses a real ID.
	idPrefix string
	api      *apiclient.ReadOnly[A]

	// description says what the object is, for the data sources'
	// descriptions.
	description string
	// attributes are every attribute but id, computed.
	attributes func() map[string]dsschema.Attribute
	fromAPI    func(*A) (M, error)
	// filterExample is a CEL filter over the object, for descriptions; ""
	// when the API's list takes no filter (then neither do ours).
	filterExample string
}

// readOnlyRegistration is what provider.go needs of a readOnlyType.
type readOnlyRegistration interface {
	newDataSource() datasource.DataSource
	newPluralDataSource() datasource.DataSource
}

// describe is what the object is, then what.
func (o *readOnlyType[A, M]) describe(what string) string {
	return strings.TrimSpace(o.description + " " + what)
}

func (o *readOnlyType[A, M]) title() string  { return titleCase(o.noun) }
func (o *readOnlyType[A, M]) titles() string { return titleCase(o.nouns) }

// objectAttributes are the attributes of one object: id (required when
// lookupByID) and the declared ones.
func (o *readOnlyType[A, M]) objectAttributes(lookupByID bool) map[string]dsschema.Attribute {
	attrs := o.attributes()
	shape := ""
	if o.idPrefix != "" {
		shape = fmt.Sprintf(" (`%s...`)", o.idPrefix)
	}
	if !lookupByID {
		attrs["id"] = dsschema.StringAttribute{Description: fmt.Sprintf("ID of the %s%s.", o.noun, shape), Computed: true}
		return attrs
	}
	id := dsschema.StringAttribute{Description: fmt.Sprintf("ID of the %s to read%s.", o.noun, shape), Required: true}
	if o.idPrefix != "" {
		id.Validators = []validator.String{idValidator(o.idPrefix, o.article+" "+o.noun)}
	} else {
		id.Validators = []validator.String{stringvalidator.LengthAtLeast(1)}
	}
	attrs["id"] = id
	return attrs
}

// objectSchema is the single data source's schema, through which a model
// becomes a value.
func (o *readOnlyType[A, M]) objectSchema() dsschema.Schema {
	return dsschema.Schema{
		Description: o.describe(fmt.Sprintf("Reads one %s by ID.", o.noun)),
		Attributes:  o.objectAttributes(true),
	}
}

// value is obj as the data sources show it.
func (o *readOnlyType[A, M]) value(ctx context.Context, obj *A, diags *diag.Diagnostics) tftypes.Value {
	m, err := o.fromAPI(obj)
	if err != nil {
		diags.AddError("Unable to Read "+o.title(), err.Error())
		return tftypes.Value{}
	}
	s := o.objectSchema()
	st := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}
	diags.Append(st.Set(ctx, m)...)
	return st.Raw
}

func (o *readOnlyType[A, M]) newDataSource() datasource.DataSource {
	return &readOnlyDataSource[A, M]{o: o}
}

func (o *readOnlyType[A, M]) newPluralDataSource() datasource.DataSource {
	return &readOnlyPluralDataSource[A, M]{o: o}
}

var (
	_ datasource.DataSourceWithConfigure = (*readOnlyDataSource[any, any])(nil)
	_ datasource.DataSourceWithConfigure = (*readOnlyPluralDataSource[any, any])(nil)
)

// readOnlyDataSource reads one object by ID.
type readOnlyDataSource[A, M any] struct {
	o      *readOnlyType[A, M]
	client *apiclient.Client
}

func (d *readOnlyDataSource[A, M]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.o.name
}

func (d *readOnlyDataSource[A, M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = d.o.objectSchema()
}

func (d *readOnlyDataSource[A, M]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *readOnlyDataSource[A, M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
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
	if v := d.o.value(ctx, obj, &resp.Diagnostics); !resp.Diagnostics.HasError() {
		resp.State.Raw = v
	}
}

// readOnlyPluralDataSource lists the objects, newest first.
type readOnlyPluralDataSource[A, M any] struct {
	o      *readOnlyType[A, M]
	client *apiclient.Client
}

func (d *readOnlyPluralDataSource[A, M]) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_" + d.o.plural
}

func (d *readOnlyPluralDataSource[A, M]) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := map[string]dsschema.Attribute{
		d.o.plural: dsschema.ListNestedAttribute{
			Description:  fmt.Sprintf("The %s, newest first.", d.o.nouns),
			Computed:     true,
			NestedObject: dsschema.NestedAttributeObject{Attributes: d.o.objectAttributes(false)},
		},
	}
	desc := fmt.Sprintf("Lists the account's %s, newest first.", d.o.nouns)
	if d.o.filterExample != "" {
		attrs["filter"] = dsschema.StringAttribute{
			Description: filterDescription(d.o.noun, d.o.filterExample, d.o.api.Path()),
			Validators:  []validator.String{filterValidator{path: d.o.api.Path()}},
			Optional:    true,
		}
		desc = fmt.Sprintf("Lists the account's %s, newest first, optionally narrowed by a filter.", d.o.nouns)
	}
	resp.Schema = dsschema.Schema{Description: d.o.describe(desc), Attributes: attrs}
}

func (d *readOnlyPluralDataSource[A, M]) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = clientFromProviderData(req.ProviderData, &resp.Diagnostics)
}

func (d *readOnlyPluralDataSource[A, M]) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	opts := &apiclient.ListOptions{}
	if d.o.filterExample != "" {
		var f types.String
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("filter"), &f)...)
		opts.Filter = f.ValueString()
	}
	if resp.Diagnostics.HasError() {
		return
	}
	items := []tftypes.Value{}
	for obj, err := range d.o.api.List(ctx, d.client, opts) {
		if err != nil {
			resp.Diagnostics.Append(apiErrorDiagnostic("Unable to List "+d.o.titles(), err))
			return
		}
		v := d.o.value(ctx, obj, &resp.Diagnostics)
		if resp.Diagnostics.HasError() {
			return
		}
		items = append(items, v)
	}
	var cfg map[string]tftypes.Value
	if err := req.Config.Raw.As(&cfg); err != nil {
		resp.Diagnostics.AddError("Unable to List "+d.o.titles(), err.Error())
		return
	}
	cfg[d.o.plural] = tftypes.NewValue(tftypes.List{ElementType: d.o.objectSchema().Type().TerraformType(ctx)}, items)
	resp.State.Raw = tftypes.NewValue(resp.State.Schema.Type().TerraformType(ctx), cfg)
}
