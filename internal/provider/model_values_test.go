package provider

import (
	"context"
	"math/big"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// For every object's model, flat or not, the fast paths give what the
// framework's Get and Set give, or step aside: a state of every attribute
// set reads into the same model as State.Get reads it, and that model
// writes the same state back.
func TestModelValuesMatchTheFramework(t *testing.T) {
	t.Parallel()
	flat := 0
	for _, reg := range objectTypes {
		o, ok := reg.(interface{ checkModelValues(*testing.T) bool })
		if !ok {
			t.Fatalf("%T is not an objectType", reg)
		}
		if o.checkModelValues(t) {
			flat++
		}
	}
	t.Logf("%d of %d models are flat", flat, len(objectTypes))
	// NOTE: most models are flat; were none, the fast paths would be
	// untested here.
	if flat == 0 {
		t.Error("no object's model is flat")
	}
}

func (o *objectType[A, C, U, M]) checkModelValues(t *testing.T) bool {
	t.Helper()
	ctx := context.Background()
	s := o.resourceSchema()
	typ := s.Type().TerraformType(ctx)
	for _, state := range []string{"known", "null", "unknown"} {
		raw := sampleValue(typ, state)
		var got M
		if !modelFromRaw(ctx, s.Type(), raw, &got) {
			if _, ok := modelValues(got); ok {
				t.Errorf("%s: a flat model that modelFromRaw refuses", o.name)
			}
			return false
		}
		var want M
		if d := (tfsdk.State{Schema: s, Raw: raw}).Get(ctx, &want); d.HasError() {
			t.Fatalf("%s: modelFromRaw read what State.Get refuses: %v", o.name, d)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s, %s values: modelFromRaw read\n%+v\nState.Get\n%+v", o.name, state, got, want)
		}
		values, ok := modelValues(got)
		if !ok {
			t.Fatalf("%s: modelFromRaw read a model that modelValues refuses", o.name)
		}
		if state == "unknown" {
			continue // NOTE: a state holds no unknown value.
		}
		st := tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}
		if d := setStateValues(ctx, &st, values); d.HasError() {
			t.Fatalf("%s: setStateValues: %v", o.name, d)
		}
		byModel := tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}
		if d := byModel.Set(ctx, got); d.HasError() {
			t.Fatalf("%s: State.Set: %v", o.name, d)
		}
		if !st.Raw.Equal(raw) || !st.Raw.Equal(byModel.Raw) {
			t.Errorf("%s, %s values: setStateValues wrote\n%s\nfrom\n%s\nState.Set\n%s", o.name, state, st.Raw, raw, byModel.Raw)
		}
	}
	return true
}

// sampleValue is a value of typ whose attributes are all known (a
// collection holds one element), null or unknown.
func sampleValue(typ tftypes.Type, state string) tftypes.Value {
	obj, isObject := typ.(tftypes.Object)
	if isObject {
		attrs := make(map[string]tftypes.Value, len(obj.AttributeTypes))
		for name, at := range obj.AttributeTypes {
			attrs[name] = sampleLeaf(at, state)
		}
		return tftypes.NewValue(typ, attrs)
	}
	return sampleLeaf(typ, state)
}

func sampleLeaf(typ tftypes.Type, state string) tftypes.Value {
	switch state {
	case "null":
		return tftypes.NewValue(typ, nil)
	case "unknown":
		return tftypes.NewValue(typ, tftypes.UnknownValue)
	}
	switch t := typ.(type) {
	case tftypes.List:
		return tftypes.NewValue(typ, []tftypes.Value{sampleLeaf(t.ElementType, state)})
	case tftypes.Set:
		return tftypes.NewValue(typ, []tftypes.Value{sampleLeaf(t.ElementType, state)})
	case tftypes.Map:
		return tftypes.NewValue(typ, map[string]tftypes.Value{"k": sampleLeaf(t.ElementType, state)})
	case tftypes.Object:
		return sampleValue(typ, state)
	}
	switch {
	case typ.Is(tftypes.String):
		return tftypes.NewValue(typ, `{"a":1}`)
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, big.NewFloat(7))
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, true)
	}
	return tftypes.NewValue(typ, nil)
}

// A model that is not flat, or whose fields do not match the value, is left
// to the framework untouched.
func TestModelFromRawStepsAside(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"size": schema.Int64Attribute{Optional: true},
	}}
	raw := tftypes.NewValue(s.Type().TerraformType(ctx), map[string]tftypes.Value{
		"id": tftypes.NewValue(tftypes.String, "x"), "size": tftypes.NewValue(tftypes.Number, 1)})
	type flatModel struct {
		ID   types.String `tfsdk:"id"`
		Size types.Int64  `tfsdk:"size"`
	}
	var m flatModel
	if !modelFromRaw(ctx, s.Type(), raw, &m) || m.ID.ValueString() != "x" || m.Size.ValueInt64() != 1 {
		t.Errorf("flat model: %+v", m)
	}
	if values, ok := modelValues(m); !ok || !values["id"].Equal(types.StringValue("x")) || len(values) != 2 {
		t.Errorf("modelValues = %v, %v", values, ok)
	}
	type goString struct {
		ID   string      `tfsdk:"id"`
		Size types.Int64 `tfsdk:"size"`
	}
	type wrongType struct {
		ID   types.String `tfsdk:"id"`
		Size types.String `tfsdk:"size"`
	}
	type missing struct {
		ID types.String `tfsdk:"id"`
	}
	type nested struct {
		ID   types.String `tfsdk:"id"`
		Size *flatModel   `tfsdk:"size"`
	}
	type anyValue struct {
		ID   attr.Value  `tfsdk:"id"`
		Size types.Int64 `tfsdk:"size"`
	}
	type validating struct {
		ID   cidrValue   `tfsdk:"id"`
		Size types.Int64 `tfsdk:"size"`
	}
	for name, m := range map[string]any{
		"a value that validates itself": &validating{},
		"a Go string":                   &goString{}, "a wrong type": &wrongType{ID: types.StringValue("kept")}, "an attribute missing": &missing{},
		"a nested struct": &nested{}, "an interface": &anyValue{},
	} {
		before := reflect.ValueOf(m).Elem().Interface()
		if modelFromRaw(ctx, s.Type(), raw, m) {
			t.Errorf("%s: read", name)
		}
		if after := reflect.ValueOf(m).Elem().Interface(); !reflect.DeepEqual(before, after) {
			t.Errorf("%s: model changed to %+v", name, after)
		}
	}
	if modelFromRaw(ctx, s.Type(), raw, flatModel{}) {
		t.Error("read into a model that is not a pointer")
	}
	if modelFromRaw(ctx, s.Type(), tftypes.NewValue(s.Type().TerraformType(ctx), nil), &m) {
		t.Error("read a null value")
	}
	if _, ok := modelValues(goString{}); ok {
		t.Error("modelValues of a model that is not flat")
	}
}
