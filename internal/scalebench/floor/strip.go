package main

import (
	"fmt"

	pschema "github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// stripSchema keeps a resource schema's shape (attribute names, types,
// required/optional/computed, sensitivity, static defaults) and drops its
// behaviour: validators, plan modifiers and custom types are our code, not
// the framework's.
func stripSchema(s schema.Schema) schema.Schema {
	return schema.Schema{
		Version:    s.Version,
		Attributes: stripAttributes(s.Attributes),
		Blocks:     stripBlocks(s.Blocks),
	}
}

func stripAttributes(in map[string]schema.Attribute) map[string]schema.Attribute {
	if in == nil {
		return nil
	}
	out := make(map[string]schema.Attribute, len(in))
	for name, a := range in {
		out[name] = stripAttribute(name, a)
	}
	return out
}

func stripBlocks(in map[string]schema.Block) map[string]schema.Block {
	if in == nil {
		return nil
	}
	out := make(map[string]schema.Block, len(in))
	for name, b := range in {
		switch b := b.(type) {
		case schema.SingleNestedBlock:
			out[name] = schema.SingleNestedBlock{Attributes: stripAttributes(b.Attributes), Blocks: stripBlocks(b.Blocks)}
		case schema.ListNestedBlock:
			out[name] = schema.ListNestedBlock{NestedObject: stripBlockObject(b.NestedObject)}
		case schema.SetNestedBlock:
			out[name] = schema.SetNestedBlock{NestedObject: stripBlockObject(b.NestedObject)}
		default:
			panic(fmt.Sprintf("floor: block %s: %T is not mirrored yet; add it to stripBlocks", name, b))
		}
	}
	return out
}

func stripBlockObject(o schema.NestedBlockObject) schema.NestedBlockObject {
	return schema.NestedBlockObject{Attributes: stripAttributes(o.Attributes), Blocks: stripBlocks(o.Blocks)}
}

func stripNestedObject(o schema.NestedAttributeObject) schema.NestedAttributeObject {
	return schema.NestedAttributeObject{Attributes: stripAttributes(o.Attributes)}
}

// stripAttribute panics on a kind it does not know, so that a new kind in
// the provider fails the benchmark loudly instead of measuring a floor that
// runs our code.
func stripAttribute(name string, a schema.Attribute) schema.Attribute {
	switch a := a.(type) {
	case schema.StringAttribute:
		return schema.StringAttribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.BoolAttribute:
		return schema.BoolAttribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.Int64Attribute:
		return schema.Int64Attribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.Int32Attribute:
		return schema.Int32Attribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.Float64Attribute:
		return schema.Float64Attribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.NumberAttribute:
		return schema.NumberAttribute{Required: a.Required, Optional: a.Optional, Computed: a.Computed,
			Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.ListAttribute:
		return schema.ListAttribute{ElementType: a.ElementType, Required: a.Required, Optional: a.Optional,
			Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.SetAttribute:
		return schema.SetAttribute{ElementType: a.ElementType, Required: a.Required, Optional: a.Optional,
			Computed: a.Computed, Sensitive: a.Sensitive, Default: a.Default}
	case schema.MapAttribute:
		return schema.MapAttribute{ElementType: a.ElementType, Required: a.Required, Optional: a.Optional,
			Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.ObjectAttribute:
		return schema.ObjectAttribute{AttributeTypes: a.AttributeTypes, Required: a.Required, Optional: a.Optional,
			Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.SingleNestedAttribute:
		return schema.SingleNestedAttribute{Attributes: stripAttributes(a.Attributes), Required: a.Required,
			Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.ListNestedAttribute:
		return schema.ListNestedAttribute{NestedObject: stripNestedObject(a.NestedObject), Required: a.Required,
			Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	case schema.SetNestedAttribute:
		return schema.SetNestedAttribute{NestedObject: stripNestedObject(a.NestedObject), Required: a.Required,
			Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive, Default: a.Default}
	case schema.MapNestedAttribute:
		return schema.MapNestedAttribute{NestedObject: stripNestedObject(a.NestedObject), Required: a.Required,
			Optional: a.Optional, Computed: a.Computed, Sensitive: a.Sensitive, WriteOnly: a.WriteOnly, Default: a.Default}
	}
	panic(fmt.Sprintf("floor: attribute %s: %T is not mirrored yet; add it to stripAttribute", name, a))
}

// stripProviderAttribute mirrors a provider setting, so that the benchmark's
// provider block is accepted as it is.
func stripProviderAttribute(name string, a pschema.Attribute) pschema.Attribute {
	switch a := a.(type) {
	case pschema.StringAttribute:
		return pschema.StringAttribute{Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.BoolAttribute:
		return pschema.BoolAttribute{Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.Int64Attribute:
		return pschema.Int64Attribute{Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.Float64Attribute:
		return pschema.Float64Attribute{Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.NumberAttribute:
		return pschema.NumberAttribute{Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.ListAttribute:
		return pschema.ListAttribute{ElementType: a.ElementType, Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.MapAttribute:
		return pschema.MapAttribute{ElementType: a.ElementType, Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	case pschema.SetAttribute:
		return pschema.SetAttribute{ElementType: a.ElementType, Optional: a.Optional, Required: a.Required, Sensitive: a.Sensitive}
	}
	panic(fmt.Sprintf("floor: provider setting %s: %T is not mirrored yet; add it to stripProviderAttribute", name, a))
}
