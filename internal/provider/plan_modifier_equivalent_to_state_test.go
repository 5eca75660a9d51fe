package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

func TestEquivalentToState(t *testing.T) {
	t.Parallel()
	m := equivalentToState("d", equivalentDomainNames)
	for name, tc := range map[string]struct {
		state, plan, want types.String
	}{
		"same name, other spelling": {types.StringValue("app.example.com"), types.StringValue("App.Example.COM."), types.StringValue("app.example.com")},
		"another name":              {types.StringValue("app.example.com"), types.StringValue("api.example.com"), types.StringValue("api.example.com")},
		"creating":                  {types.StringNull(), types.StringValue("App.example.com"), types.StringValue("App.example.com")},
		"unknown plan":              {types.StringValue("app.example.com"), types.StringUnknown(), types.StringUnknown()},
		"removed":                   {types.StringValue("app.example.com"), types.StringNull(), types.StringNull()},
	} {
		resp := &planmodifier.StringResponse{PlanValue: tc.plan}
		m.PlanModifyString(context.Background(), planmodifier.StringRequest{StateValue: tc.state, PlanValue: tc.plan}, resp)
		if !resp.PlanValue.Equal(tc.want) {
			t.Errorf("%s: planned %s, want %s", name, resp.PlanValue, tc.want)
		}
	}
}

func TestEquivalentSetToState(t *testing.T) {
	t.Parallel()
	m := equivalentSetToState("d", sameResolution)
	state := tfsdk.State{Raw: tftypes.NewValue(tftypes.Object{}, map[string]tftypes.Value{})}
	for name, tc := range map[string]struct {
		creating          bool
		state, plan, want types.Set
	}{
		"global, other spelling": {false, rdSet(), rdSet("global"), rdSet()},
		"global, kept spelling":  {false, rdSet("global"), rdSet(), rdSet("global")},
		"pinned":                 {false, rdSet(), rdSet("eu"), rdSet("eu")},
		"un-pinned":              {false, rdSet("eu"), rdSet(), rdSet()},
		"creating":               {true, types.SetNull(types.StringType), rdSet("global"), rdSet("global")},
		// NOTE: Terraform takes the prior value instead of the configured
		// one only when that prior value is not null.
		"null state":   {false, types.SetNull(types.StringType), rdSet("global"), rdSet("global")},
		"unknown plan": {false, rdSet(), types.SetUnknown(types.StringType), types.SetUnknown(types.StringType)},
	} {
		req := planmodifier.SetRequest{State: state, StateValue: tc.state, PlanValue: tc.plan}
		if tc.creating {
			req.State = tfsdk.State{Raw: tftypes.NewValue(tftypes.Object{}, nil)}
		}
		resp := &planmodifier.SetResponse{PlanValue: tc.plan}
		m.PlanModifySet(context.Background(), req, resp)
		if !resp.PlanValue.Equal(tc.want) {
			t.Errorf("%s: planned %s, want %s", name, resp.PlanValue, tc.want)
		}
	}
}

func TestEquivalentJSONText(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{`{"team": "web", "tier": 1}`, `{"tier":1,"team":"web"}`},
		{"{\n  \"a\": [1, 2.0, 3e0]\n}\n", `{"a":[1,2,3]}`},
		{`[ {"x": null} ]`, `[{"x":null}]`},
		{`{"s":"\u00e9"}`, `{"s":"é"}`},
		{"team=web", "team=web"},
		{"", ""},
	}
	for _, p := range same {
		if !equivalentJSONText(p[0], p[1]) || !equivalentJSONText(p[1], p[0]) {
			t.Errorf("%q and %q: not equivalent", p[0], p[1])
		}
	}
	different := [][2]string{
		{`{"team":"web"}`, `{"team":"Web"}`},
		{`{"a":[1,2]}`, `{"a":[2,1]}`},
		{`{"a":1}`, `{"a":"1"}`},
		{"1", "1.0"},               // scalars are text, not JSON
		{`"x"`, `"x" `},            // likewise
		{"team = web", "team=web"}, // not JSON at all
		{`{"a":1}{"b":2}`, `{"a":1}`},
		{`{"a":`, `{"a": `},
	}
	for _, p := range different {
		if equivalentJSONText(p[0], p[1]) || equivalentJSONText(p[1], p[0]) {
			t.Errorf("%q and %q: equivalent, but they are different values", p[0], p[1])
		}
	}
	// Surrounding whitespace around a JSON object is formatting too.
	if !equivalentJSONText(`{"a":1}`, "{\"a\":1}\n") {
		t.Error("a trailing newline after a JSON object is a change")
	}
	// Broken JSON equals only itself.
	if !equivalentJSONText(`{"a":`, `{"a":`) {
		t.Error("identical text must be equivalent")
	}
}
