package provider

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"golang.org/x/crypto/ssh"
)

// stateCheckFunc adapts a function to statecheck.StateCheck; the function
// is given a lookup of a resource's id by address.
type stateCheckFunc func(ctx context.Context, id func(address string) (string, error)) error

func (f stateCheckFunc) CheckState(ctx context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	lookup := func(address string) (string, error) {
		if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
			return "", fmt.Errorf("no state")
		}
		for _, r := range req.State.Values.RootModule.Resources {
			if r.Address == address {
				id, _ := r.AttributeValues["id"].(string)
				return id, nil
			}
		}
		return "", fmt.Errorf("%s not in state", address)
	}
	resp.Error = f(ctx, lookup)
}

func stringValue(s string) types.String { return types.StringValue(s) }
func int64Null() types.Int64            { return types.Int64Null() }

// generateTestSigner makes a throwaway key: "ed25519", "p256", "p384",
// "p521" or "rsa2048".
func generateTestSigner(kind string) (ssh.Signer, error) {
	var key any
	var err error
	switch kind {
	case "ed25519":
		_, key, err = ed25519.GenerateKey(rand.Reader)
	case "p256":
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "p384":
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "p521":
		key, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case "rsa2048":
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	default:
		return nil, fmt.Errorf("unknown key kind %q", kind)
	}
	if err != nil {
		return nil, err
	}
	return ssh.NewSignerFromKey(key)
}

// checkComparesEveryAttribute fails unless same, a hand-written comparison
// of two models M of resource r, sees a difference in every attribute of M
// (the struct's tfsdk tags) but those in ignored (name: why it does not
// count). It builds a model with every attribute set, then, one attribute
// at a time, copies in which only that attribute is null, and unknown, and
// compares each copy with the model both ways. An ignored attribute must
// make no difference, so the list cannot go stale either. Adding an
// attribute to M without adding it to same (or to ignored) fails here.
func checkComparesEveryAttribute[M any](t *testing.T, r resource.Resource, same func(a, b M) bool, ignored map[string]string) {
	t.Helper()
	ctx := context.Background()
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)

	// NOTE: each field is set by reflection from its attribute's type rather
	// than by State.Get, which would also validate the sample values.
	type field struct {
		index int
		name  string
		typ   attr.Type
	}
	var fields []field
	rt := reflect.TypeFor[M]()
	for i := range rt.NumField() {
		name := rt.Field(i).Tag.Get("tfsdk")
		if name == "" || name == "-" {
			continue
		}
		typ, diags := resp.Schema.TypeAtPath(ctx, path.Root(name))
		if diags.HasError() {
			t.Fatalf("%s: %v", name, diags)
		}
		fields = append(fields, field{i, name, typ})
	}
	set := func(m *M, f field, v tftypes.Value) {
		t.Helper()
		value, err := f.typ.ValueFromTerraform(ctx, v)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		reflect.ValueOf(m).Elem().Field(f.index).Set(reflect.ValueOf(value))
	}
	var whole M
	for _, f := range fields {
		set(&whole, f, sampleTerraformValue(t, f.typ.TerraformType(ctx)))
	}
	if !same(whole, whole) {
		t.Fatalf("%T: a model differs from itself", whole)
	}

	for name := range ignored {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.name == name }) {
			t.Errorf("ignored attribute %q is not an attribute of %T", name, whole)
		}
	}
	for _, f := range fields {
		tt := f.typ.TerraformType(ctx)
		for _, variant := range []tftypes.Value{tftypes.NewValue(tt, nil), tftypes.NewValue(tt, tftypes.UnknownValue)} {
			changed := whole
			set(&changed, f, variant)
			seen := !same(changed, whole) && !same(whole, changed)
			unseen := same(changed, whole) && same(whole, changed)
			switch why, isIgnored := ignored[f.name]; {
			case isIgnored && !unseen:
				t.Errorf("%s is listed as ignored (%s), but a change of it to %s counts", f.name, why, variant)
			case !isIgnored && !seen:
				t.Errorf("a change of %s to %s is not seen: compare it, or list it as ignored with the reason", f.name, variant)
			}
		}
	}
}

// sampleTerraformValue is a known value of typ with every element and
// attribute set.
func sampleTerraformValue(t *testing.T, typ tftypes.Type) tftypes.Value {
	t.Helper()
	switch tt := typ.(type) {
	case tftypes.List:
		return tftypes.NewValue(tt, []tftypes.Value{sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Set:
		return tftypes.NewValue(tt, []tftypes.Value{sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Map:
		return tftypes.NewValue(tt, map[string]tftypes.Value{"k": sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Object:
		attrs := make(map[string]tftypes.Value, len(tt.AttributeTypes))
		for name, at := range tt.AttributeTypes {
			attrs[name] = sampleTerraformValue(t, at)
		}
		return tftypes.NewValue(tt, attrs)
	}
	switch {
	case typ.Is(tftypes.String):
		return tftypes.NewValue(typ, "x")
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, true)
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, big.NewFloat(1))
	}
	t.Fatalf("no sample value of type %s", typ)
	return tftypes.Value{}
}
