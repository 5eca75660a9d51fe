package provider

import (
	"context"
	"reflect"
	"strings"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// A model whose every field is a framework value (types.String,
// types.List, a custom type's value, ...) tagged with its attribute's name
// is converted to and from the state's raw value field by field, by the
// field's index: what State.Set and Plan.Get do, without walking the model
// by reflection at every call (they build a path, diagnostics and a value
// per field, and look each attribute up in the schema). A model with any
// other field (a nested struct, a pointer, a Go string), or with a value
// that validates itself (xattr.ValidateableAttribute: a CIDR, a traffic
// policy, which Get and Set check), is not flat, and the callers fall back
// to the framework's Get and Set.
//
// NOTE: every refresh of every object writes its state, and every create
// and update reads its plan: in a plan of 1,000 objects the whole-model
// State.Set was a third of the provider's own CPU (BenchmarkModelValues).

// flatModelFields are the fields of a flat model type, by attribute name;
// nil when the type is not flat.
type flatModelFields map[string]int

var flatModels sync.Map // reflect.Type -> flatModelFields

var (
	attrValueType    = reflect.TypeFor[attr.Value]()
	validateableType = reflect.TypeFor[xattr.ValidateableAttribute]()
)

func flatFields(t reflect.Type) flatModelFields {
	if f, ok := flatModels.Load(t); ok {
		fields, _ := f.(flatModelFields)
		return fields
	}
	var fields flatModelFields
	if t.Kind() == reflect.Struct {
		fields = make(flatModelFields, t.NumField())
		for i := range t.NumField() {
			f := t.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("tfsdk"), ",")
			if name == "" || name == "-" || !f.IsExported() || !f.Type.Implements(attrValueType) || f.Type.Kind() == reflect.Interface ||
				f.Type.Implements(validateableType) {
				fields = nil
				break
			}
			fields[name] = i
		}
	}
	flatModels.Store(t, fields)
	return fields
}

// modelValues is a flat model's attributes as values, for setStateValues;
// false when the model is not flat.
func modelValues(m any) (map[string]attr.Value, bool) {
	v := reflect.ValueOf(m)
	fields := flatFields(v.Type())
	if fields == nil {
		return nil, false
	}
	out := make(map[string]attr.Value, len(fields))
	for name, i := range fields {
		av, ok := v.Field(i).Interface().(attr.Value)
		if !ok {
			return nil, false
		}
		out[name] = av
	}
	return out, true
}

// modelFromRaw sets the flat model that m points to from a plan's or state's
// raw value, of the object type typ (the schema's); false, leaving the
// model to the framework's Get, when the model is not flat, a field's type
// is not what the schema's attribute type reads, or the model and the value
// differ in attributes.
func modelFromRaw(ctx context.Context, typ attr.Type, raw tftypes.Value, m any) bool {
	ptr := reflect.ValueOf(m)
	if ptr.Kind() != reflect.Pointer {
		return false
	}
	v := ptr.Elem()
	fields := flatFields(v.Type())
	obj, ok := typ.(basetypes.ObjectType)
	if fields == nil || !ok || len(fields) != len(obj.AttrTypes) || !raw.IsKnown() || raw.IsNull() {
		return false
	}
	var attrs map[string]tftypes.Value
	if err := raw.As(&attrs); err != nil || len(attrs) != len(fields) {
		return false
	}
	values := make([]reflect.Value, v.NumField())
	for name, i := range fields {
		at, ok := obj.AttrTypes[name]
		tv, ok2 := attrs[name]
		if !ok || !ok2 {
			return false
		}
		av, err := at.ValueFromTerraform(ctx, tv)
		if err != nil {
			return false
		}
		rv := reflect.ValueOf(av)
		if rv.Type() != v.Field(i).Type() {
			return false
		}
		values[i] = rv
	}
	// NOTE: set only once every field converted, so that a fallback finds
	// the model as it was.
	for _, i := range fields {
		v.Field(i).Set(values[i])
	}
	return true
}
