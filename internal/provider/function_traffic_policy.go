package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/function"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

var _ function.Function = (*trafficPolicyFunction)(nil)

func NewTrafficPolicyFunction() function.Function {
	return &trafficPolicyFunction{}
}

// trafficPolicyFunction is jsonencode for traffic policies, checked while
// parts are still unknown.
//
// NOTE: Terraform hands a provider a string built with jsonencode,
// yamlencode, templatefile or a heredoc as wholly unknown as soon as one
// part is (an IP policy's id, an internal endpoint's URL), so an
// attribute's validation sees nothing of it until apply, after the
// resources it depends on are created. A function whose parameter allows
// unknown values is called at validate and plan with the policy as an
// object whose unknown parts only are unknown: every known part is checked
// then, the unknown ones standing for values of their type.
type trafficPolicyFunction struct{}

func (f *trafficPolicyFunction) Metadata(_ context.Context, _ function.MetadataRequest, resp *function.MetadataResponse) {
	resp.Name = "traffic_policy"
}

func (f *trafficPolicyFunction) Definition(_ context.Context, _ function.DefinitionRequest, resp *function.DefinitionResponse) {
	resp.Definition = function.Definition{
		Summary: "Check a traffic policy at plan time and write it as JSON",
		Description: "Writes a traffic policy, given as an object (`{ on_http_request = [...] }`), as JSON, as `jsonencode` does, " +
			"after checking it against ngrok's Traffic Policy language: phases, rules, each action's type, phases and " +
			"configuration with the constraints ngrok's action reference documents, CEL expressions and `${...}` " +
			"interpolations. Unlike `jsonencode`, it checks a policy that holds values known only after apply (an " +
			"`ngrok_ip_policy`'s `id`, an internal endpoint's `url`): those stand for values of their type, and every " +
			"other part is checked at plan time, so that a mistake fails the plan before any resource is created. " +
			"The result is unknown until every part is known. Text (JSON or YAML) is accepted too, and checked when known.",
		Parameters: []function.Parameter{
			function.DynamicParameter{
				Name:               "policy",
				Description:        "The traffic policy: an object whose keys are phases, or its JSON or YAML text.",
				AllowUnknownValues: true,
			},
		},
		Return: function.StringReturn{},
	}
}

func (f *trafficPolicyFunction) Run(ctx context.Context, req function.RunRequest, resp *function.RunResponse) {
	var arg types.Dynamic
	resp.Error = function.ConcatFuncErrors(req.Arguments.Get(ctx, &arg))
	if resp.Error != nil {
		return
	}
	if arg.IsUnknown() || arg.IsUnderlyingValueUnknown() {
		resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, types.StringUnknown()))
		return
	}
	if arg.IsNull() || arg.IsUnderlyingValueNull() {
		resp.Error = function.NewArgumentFuncError(0, "the traffic policy is null; pass an object whose keys are phases, such as { on_http_request = [...] }")
		return
	}
	tv, err := arg.UnderlyingValue().ToTerraformValue(ctx)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(0, err.Error())
		return
	}
	doc, known, err := policyFromTerraform(tv)
	if err != nil {
		resp.Error = function.NewArgumentFuncError(0, err.Error())
		return
	}
	if s, ok := doc.(string); ok {
		if doc, err = parseTrafficPolicy(s); err != nil {
			resp.Error = function.NewArgumentFuncError(0, "the traffic policy cannot be used: "+err.Error())
			return
		}
	}
	if problems := trafficpolicy.Check(doc); len(problems) > 0 {
		lines := make([]string, len(problems))
		for i, p := range problems {
			lines[i] = "- " + sentence(p.String())
		}
		resp.Error = function.NewArgumentFuncError(0, "The traffic policy is not valid:\n"+strings.Join(lines, "\n")+"\n\n"+strings.TrimSuffix(trafficPolicyAdvice, "."))
		return
	}
	if !known {
		resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, types.StringUnknown()))
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		resp.Error = function.NewArgumentFuncError(0, "the traffic policy cannot be written as JSON: "+err.Error())
		return
	}
	resp.Error = function.ConcatFuncErrors(resp.Result.Set(ctx, types.StringValue(strings.TrimSpace(buf.String()))))
}

// policyFromTerraform is a Terraform value as the values the checker
// reads (those of encoding/json with UseNumber), an unknown part as
// trafficpolicy.Unknown; known is false when some part is unknown.
func policyFromTerraform(v tftypes.Value) (doc any, known bool, err error) {
	if !v.IsKnown() {
		return trafficpolicy.Unknown{}, false, nil
	}
	if v.IsNull() {
		return nil, true, nil
	}
	t := v.Type()
	switch {
	case t.Is(tftypes.String):
		var s string
		err := v.As(&s)
		return s, true, err
	case t.Is(tftypes.Bool):
		var b bool
		err := v.As(&b)
		return b, true, err
	case t.Is(tftypes.Number):
		var n big.Float
		if err := v.As(&n); err != nil {
			return nil, false, err
		}
		if n.IsInf() {
			return nil, false, fmt.Errorf("the traffic policy holds an infinite number, which JSON cannot")
		}
		return json.Number(n.Text('g', -1)), true, nil
	case t.Is(tftypes.Object{}), t.Is(tftypes.Map{}):
		var m map[string]tftypes.Value
		if err := v.As(&m); err != nil {
			return nil, false, err
		}
		out, allKnown := make(map[string]any, len(m)), true
		for k, e := range m {
			d, k2, err := policyFromTerraform(e)
			if err != nil {
				return nil, false, err
			}
			out[k], allKnown = d, allKnown && k2
		}
		return out, allKnown, nil
	case t.Is(tftypes.Tuple{}), t.Is(tftypes.List{}), t.Is(tftypes.Set{}):
		var l []tftypes.Value
		if err := v.As(&l); err != nil {
			return nil, false, err
		}
		out, allKnown := make([]any, len(l)), true
		for i, e := range l {
			d, k, err := policyFromTerraform(e)
			if err != nil {
				return nil, false, err
			}
			out[i], allKnown = d, allKnown && k
		}
		return out, allKnown, nil
	}
	return nil, false, fmt.Errorf("a value of type %s cannot be part of a traffic policy", t)
}
