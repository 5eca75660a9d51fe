// Command floor is the do-nothing provider that the scale benchmark measures
// the ngrok provider against: the same terraform-plugin-framework, the same
// provider address and resource type names, and the same schemas, stripped
// of everything our code adds (validators, plan modifiers, custom types,
// ValidateConfig, ModifyPlan). Its CRUD makes no request: Create and Update
// return the plan with its unknowns filled in (with the values that
// SCALEBENCH_FLOOR_VALUES gives by attribute name, so that its state is as
// large as the ngrok provider's), Read returns the prior state, Delete
// forgets. What the ngrok provider takes beyond this floor for the
// same configuration is the cost of our code, the HTTP client and the API.
//
// It is built as terraform-provider-ngrok in a directory of its own, which a
// dev_overrides CLI configuration puts in place of the real provider.
package main

import (
	"context"
	"encoding/json"
	"log"
	"math/big"
	"os"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/profiling"
	ngrok "github.com/tfedge/terraform-provider-ngrok/internal/provider"
)

// envValues is internal/scalebench's envFloorValues.
const envValues = "SCALEBENCH_FLOOR_VALUES"

func main() {
	stop, err := profiling.Start()
	if err != nil {
		log.Fatal(err)
	}
	var values map[string]string
	if v := os.Getenv(envValues); v != "" {
		if err := json.Unmarshal([]byte(v), &values); err != nil {
			log.Fatalf("%s: %v", envValues, err)
		}
	}
	err = providerserver.Serve(context.Background(), func() provider.Provider { return newFloor(values) },
		providerserver.ServeOpts{Address: "registry.terraform.io/tfedge/ngrok"})
	stop()
	if err != nil {
		log.Fatal(err)
	}
}

// floorProvider mirrors the ngrok provider's schema and resource types.
type floorProvider struct {
	wrapped provider.Provider // the provider whose schemas it mirrors
	values  map[string]string // what fills unknown strings, by attribute name
}

func newFloor(values map[string]string) *floorProvider {
	return &floorProvider{wrapped: ngrok.New("floor")(), values: values}
}

func (p *floorProvider) Metadata(ctx context.Context, req provider.MetadataRequest, resp *provider.MetadataResponse) {
	p.wrapped.Metadata(ctx, req, resp)
	resp.Version = "floor"
}

func (p *floorProvider) Schema(ctx context.Context, req provider.SchemaRequest, resp *provider.SchemaResponse) {
	var full provider.SchemaResponse
	p.wrapped.Schema(ctx, req, &full)
	attrs := map[string]pschema.Attribute{}
	for name, a := range full.Schema.Attributes {
		attrs[name] = stripProviderAttribute(name, a)
	}
	resp.Schema = pschema.Schema{Attributes: attrs}
}

// Configure ignores the settings: nothing is ever sent.
func (p *floorProvider) Configure(context.Context, provider.ConfigureRequest, *provider.ConfigureResponse) {
}

func (p *floorProvider) Resources(ctx context.Context) []func() resource.Resource {
	var out []func() resource.Resource
	var meta provider.MetadataResponse
	p.wrapped.Metadata(ctx, provider.MetadataRequest{}, &meta)
	for _, newResource := range p.wrapped.Resources(ctx) {
		full := newResource()
		var md resource.MetadataResponse
		full.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: meta.TypeName}, &md)
		var sr resource.SchemaResponse
		full.Schema(ctx, resource.SchemaRequest{}, &sr)
		r := &floorResource{typeName: md.TypeName, schema: stripSchema(sr.Schema), values: p.values}
		out = append(out, func() resource.Resource { return r })
	}
	return out
}

func (p *floorProvider) DataSources(context.Context) []func() datasource.DataSource { return nil }

// floorResource stores what Terraform plans and reads back what it stored.
type floorResource struct {
	typeName string
	schema   schema.Schema
	values   map[string]string
}

func (r *floorResource) Metadata(_ context.Context, _ resource.MetadataRequest, resp *resource.MetadataResponse) {
	resp.TypeName = r.typeName
}

func (r *floorResource) Schema(_ context.Context, _ resource.SchemaRequest, resp *resource.SchemaResponse) {
	resp.Schema = r.schema
}

func (r *floorResource) Create(_ context.Context, req resource.CreateRequest, resp *resource.CreateResponse) {
	resp.State.Raw = fillUnknowns(req.Plan.Raw, r.values)
}

// Read keeps the prior state, which the framework has already copied into
// resp.State.
func (r *floorResource) Read(context.Context, resource.ReadRequest, *resource.ReadResponse) {}

func (r *floorResource) Update(_ context.Context, req resource.UpdateRequest, resp *resource.UpdateResponse) {
	resp.State.Raw = fillUnknowns(req.Plan.Raw, r.values)
}

func (r *floorResource) Delete(context.Context, resource.DeleteRequest, *resource.DeleteResponse) {}

// fillUnknowns gives every value known only after apply a plain value: a
// string (values' for an attribute of that name, else "floor"), zero, false,
// an empty collection, or null for an object.
func fillUnknowns(v tftypes.Value, values map[string]string) tftypes.Value {
	out, err := tftypes.Transform(v, func(p *tftypes.AttributePath, v tftypes.Value) (tftypes.Value, error) {
		if v.IsKnown() {
			return v, nil
		}
		t := v.Type()
		switch {
		case t.Is(tftypes.String):
			if steps := p.Steps(); len(steps) > 0 {
				if name, ok := steps[len(steps)-1].(tftypes.AttributeName); ok && values[string(name)] != "" {
					return tftypes.NewValue(t, values[string(name)]), nil
				}
			}
			return tftypes.NewValue(t, "floor"), nil
		case t.Is(tftypes.Number):
			return tftypes.NewValue(t, new(big.Float)), nil
		case t.Is(tftypes.Bool):
			return tftypes.NewValue(t, false), nil
		case t.Is(tftypes.List{}), t.Is(tftypes.Set{}), t.Is(tftypes.Tuple{}):
			return tftypes.NewValue(t, []tftypes.Value{}), nil
		case t.Is(tftypes.Map{}):
			return tftypes.NewValue(t, map[string]tftypes.Value{}), nil
		default:
			return tftypes.NewValue(t, nil), nil
		}
	})
	if err != nil {
		panic(err) // NOTE: the transform above cannot fail on a value of the plan's own type.
	}
	return out
}
