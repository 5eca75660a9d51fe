package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"go.yaml.in/yaml/v3"
)

// A traffic policy is JSON or YAML text that the API stores byte for byte.
// Its type compares values by meaning: the same policy written with
// jsonencode(), as a YAML heredoc or as re-indented JSON is one value, so
// that changing only the notation is never a diff.

var (
	_ basetypes.StringTypable                    = trafficPolicyType{}
	_ basetypes.StringValuableWithSemanticEquals = trafficPolicyValue{}
	_ xattr.ValidateableAttribute                = trafficPolicyValue{}
)

type trafficPolicyType struct {
	basetypes.StringType
}

func (t trafficPolicyType) String() string { return "trafficPolicyType" }

func (t trafficPolicyType) Equal(o attr.Type) bool {
	other, ok := o.(trafficPolicyType)
	return ok && t.StringType.Equal(other.StringType)
}

func (t trafficPolicyType) ValueType(context.Context) attr.Value { return trafficPolicyValue{} }

func (t trafficPolicyType) ValueFromString(_ context.Context, in basetypes.StringValue) (basetypes.StringValuable, diag.Diagnostics) {
	return trafficPolicyValue{StringValue: in}, nil
}

func (t trafficPolicyType) ValueFromTerraform(ctx context.Context, in tftypes.Value) (attr.Value, error) {
	s, err := stringFromTerraform(ctx, in)
	return trafficPolicyValue{StringValue: s}, err
}

// trafficPolicyValue is a traffic policy as written.
type trafficPolicyValue struct {
	basetypes.StringValue
}

// newTrafficPolicyValue is the value of a policy the API returned; null
// when it returned none.
func newTrafficPolicyValue(s *string) trafficPolicyValue {
	return trafficPolicyValue{StringValue: basetypes.NewStringPointerValue(s)}
}

func (v trafficPolicyValue) Type(context.Context) attr.Type { return trafficPolicyType{} }

func (v trafficPolicyValue) Equal(o attr.Value) bool {
	other, ok := o.(trafficPolicyValue)
	return ok && v.StringValue.Equal(other.StringValue)
}

// StringSemanticEquals reports whether both values are the same policy.
// Text that is not a policy equals nothing but itself.
func (v trafficPolicyValue) StringSemanticEquals(_ context.Context, newValuable basetypes.StringValuable) (bool, diag.Diagnostics) {
	return semanticallyEqual(v, newValuable, equivalentTrafficPolicies)
}

// ValidateAttribute refuses, at plan time, text that is neither JSON nor
// YAML or that is not an object. Which phases and actions exist is left to
// the API, so that new ones work without a provider release.
func (v trafficPolicyValue) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	if v.IsNull() || v.IsUnknown() {
		return
	}
	if _, err := canonicalTrafficPolicy(v.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Traffic Policy",
			"The traffic policy cannot be used: "+err.Error()+".\n\nWrite the policy with jsonencode({ on_http_request = [...] }), or as a JSON or YAML heredoc "+
				"whose top-level keys are phases such as on_http_request, on_http_response and on_tcp_connect.")
	}
}

func equivalentTrafficPolicies(a, b string) bool {
	if a == b {
		return true
	}
	ca, errA := canonicalTrafficPolicy(a)
	cb, errB := canonicalTrafficPolicy(b)
	return errA == nil && errB == nil && ca == cb
}

// canonicalTrafficPolicy parses a policy (JSON, else one YAML document) and
// returns it as compact JSON with sorted keys and canonical numbers, so that
// two notations of one policy give the same string.
func canonicalTrafficPolicy(text string) (string, error) {
	doc, err := parseTrafficPolicy(text)
	if err != nil {
		return "", err
	}
	if _, ok := doc.(map[string]any); !ok {
		return "", fmt.Errorf("it must be an object whose keys are phases, not %s", policyValueKind(doc))
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return "", fmt.Errorf("it cannot be represented as JSON: %w", err)
	}
	return strings.TrimSpace(buf.String()), nil
}

func parseTrafficPolicy(text string) (any, error) {
	var doc any
	jd := json.NewDecoder(strings.NewReader(text))
	jd.UseNumber()
	jsonErr := jd.Decode(&doc)
	if jsonErr == nil {
		if _, err := jd.Token(); err == io.EOF {
			return normalizePolicyValue(doc)
		}
		jsonErr = errors.New("unexpected data after the top-level value")
	}

	doc = nil
	yd := yaml.NewDecoder(strings.NewReader(text))
	var node yaml.Node
	yamlErr := yd.Decode(&node)
	if errors.Is(yamlErr, io.EOF) {
		return nil, errors.New("it is empty")
	}
	if yamlErr == nil {
		var next yaml.Node
		if err := yd.Decode(&next); !errors.Is(err, io.EOF) {
			yamlErr = errors.New("more than one YAML document")
		}
	}
	if yamlErr == nil {
		timestampsAsStrings(&node)
		yamlErr = node.Decode(&doc)
	}
	if yamlErr != nil {
		// NOTE: text that starts like JSON was most likely meant as JSON, so
		// its JSON error comes first.
		if strings.HasPrefix(strings.TrimSpace(text), "{") {
			return nil, fmt.Errorf("it is neither valid JSON (%w) nor valid YAML (%w)", jsonErr, yamlErr)
		}
		return nil, fmt.Errorf("it is neither valid YAML (%w) nor valid JSON (%w)", yamlErr, jsonErr)
	}
	return normalizePolicyValue(doc)
}

// timestampsAsStrings retags the plain scalars that YAML 1.1 reads as
// timestamps (2025-01-01) as strings, which is what they are in a policy
// and what the same text is in JSON; decoded as time.Time they would be
// re-serialised as another text (2025-01-01T00:00:00Z).
func timestampsAsStrings(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!timestamp" {
		n.Tag = "!!str"
	}
	for _, c := range n.Content {
		timestampsAsStrings(c)
	}
}

func policyValueKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []any:
		return "a list"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	default:
		return "a number"
	}
}
