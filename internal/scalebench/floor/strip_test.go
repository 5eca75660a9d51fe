package main

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	ngrok "github.com/tfedge/terraform-provider-ngrok/internal/provider"
)

// TestFloorMirrorsEverySchema: each resource of the floor has the type of
// the provider's (so the same configuration applies to both) and none of
// its behaviour.
func TestFloorMirrorsEverySchema(t *testing.T) {
	ctx := context.Background()
	full := ngrok.New("test")()
	floor := newFloor(nil)
	realByName := map[string]schema.Schema{}
	for _, f := range full.Resources(ctx) {
		r := f()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ngrok"}, &md)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		realByName[md.TypeName] = sr.Schema
	}
	floors := floor.Resources(ctx)
	if len(floors) != len(realByName) || len(floors) == 0 {
		t.Fatalf("floor has %d resources, the provider %d", len(floors), len(realByName))
	}
	for _, f := range floors {
		r := f()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "ngrok"}, &md)
		var sr resource.SchemaResponse
		r.Schema(ctx, resource.SchemaRequest{}, &sr)
		want, ok := realByName[md.TypeName]
		if !ok {
			t.Errorf("floor resource %s is not the provider's", md.TypeName)
			continue
		}
		if got, want := sr.Schema.Type().TerraformType(ctx), want.Type().TerraformType(ctx); !got.Equal(want) {
			t.Errorf("%s: floor type %s, provider type %s", md.TypeName, got, want)
		}
		for name, a := range sr.Schema.Attributes {
			if s, ok := a.(schema.StringAttribute); ok && (len(s.Validators) > 0 || len(s.PlanModifiers) > 0 || s.CustomType != nil) {
				t.Errorf("%s.%s keeps validators, plan modifiers or a custom type", md.TypeName, name)
			}
		}
		if _, ok := r.(resource.ResourceWithModifyPlan); ok {
			t.Errorf("%s has a ModifyPlan", md.TypeName)
		}
	}

	var realSchema, floorSchema provider.SchemaResponse
	full.Schema(ctx, provider.SchemaRequest{}, &realSchema)
	floor.Schema(ctx, provider.SchemaRequest{}, &floorSchema)
	if got, want := floorSchema.Schema.Type().TerraformType(ctx), realSchema.Schema.Type().TerraformType(ctx); !got.Equal(want) {
		t.Errorf("provider settings: floor %s, provider %s", got, want)
	}
}

func TestFillUnknowns(t *testing.T) {
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"s": tftypes.String, "n": tftypes.Number, "b": tftypes.Bool,
		"l": tftypes.List{ElementType: tftypes.String}, "m": tftypes.Map{ElementType: tftypes.String},
		"o": tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.String}},
		"k": tftypes.String, "t": tftypes.String,
	}}
	in := tftypes.NewValue(typ, map[string]tftypes.Value{
		"s": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
		"n": tftypes.NewValue(tftypes.Number, tftypes.UnknownValue),
		"b": tftypes.NewValue(tftypes.Bool, tftypes.UnknownValue),
		"l": tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, tftypes.UnknownValue),
		"m": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, tftypes.UnknownValue),
		"o": tftypes.NewValue(tftypes.Object{AttributeTypes: map[string]tftypes.Type{"x": tftypes.String}}, tftypes.UnknownValue),
		"k": tftypes.NewValue(tftypes.String, "kept"),
		"t": tftypes.NewValue(tftypes.String, tftypes.UnknownValue),
	})
	out := fillUnknowns(in, map[string]string{"s": "sshca_given", "k": "unused"})
	if !out.IsFullyKnown() {
		t.Fatalf("unknowns left: %s", out)
	}
	var attrs map[string]tftypes.Value
	if err := out.As(&attrs); err != nil {
		t.Fatal(err)
	}
	var kept string
	if err := attrs["k"].As(&kept); err != nil || kept != "kept" {
		t.Errorf("a known value changed: %q, %v", kept, err)
	}
	for name, want := range map[string]string{"s": "sshca_given", "t": "floor"} {
		var got string
		if err := attrs[name].As(&got); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
}
