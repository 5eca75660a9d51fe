package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"go.yaml.in/yaml/v3"

	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
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
// YAML, that is not an object, or that is not a policy of ngrok's traffic
// policy language (package trafficpolicy: phases, rules, each action's
// type, phases and config, CEL expressions and ${...} interpolations). Every
// attribute of this type is checked so, in every resource that takes a
// policy; a value unknown at plan time is checked by the API at apply.
// Each problem is its own diagnostic, in the words the mock's
// ERR_NGROK_18002 uses too.
func (v trafficPolicyValue) ValidateAttribute(_ context.Context, req xattr.ValidateAttributeRequest, resp *xattr.ValidateAttributeResponse) {
	if v.IsNull() || v.IsUnknown() {
		return
	}
	if _, err := canonicalTrafficPolicy(v.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Traffic Policy",
			"The traffic policy cannot be used: "+err.Error()+".\n\nWrite the policy with jsonencode({ on_http_request = [...] }), or as a JSON or YAML heredoc "+
				"whose top-level keys are phases such as on_http_request, on_http_response and on_tcp_connect.")
		return
	}
	doc, err := parseTrafficPolicy(v.ValueString())
	if err != nil {
		return // NOTE: unreachable: canonicalTrafficPolicy parsed the same text
	}
	for _, p := range trafficpolicy.Check(doc) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid Traffic Policy",
			"The traffic policy is not valid: "+sentence(p.String())+"\n\n"+trafficPolicyAdvice)
	}
}

// validateTrafficPolicyForURL reports what only the endpoint's url shows
// of its policy: phases its protocol never runs (a tcp:// or tls://
// endpoint runs on_tcp_connect only). What ValidateAttribute reports of the
// policy alone is not repeated. Unknown or unparsable values are left to
// their own validation.
func validateTrafficPolicyForURL(policy trafficPolicyValue, rawURL types.String, at path.Path, diags *diag.Diagnostics) {
	if policy.IsNull() || policy.IsUnknown() || rawURL.IsNull() || rawURL.IsUnknown() {
		return
	}
	u, err := parseEndpointURL(rawURL.ValueString())
	if err != nil {
		return
	}
	doc, err := parseTrafficPolicy(policy.ValueString())
	if err != nil {
		return
	}
	alone := map[string]bool{}
	for _, p := range trafficpolicy.Check(doc) {
		alone[p.String()] = true
	}
	for _, p := range trafficpolicy.CheckFor(doc, trafficpolicy.Options{Scheme: u.scheme}) {
		if !alone[p.String()] {
			diags.AddAttributeError(at, "Invalid Traffic Policy",
				"The traffic policy is not valid for "+u.String()+": "+sentence(p.String())+"\n\n"+trafficPolicyAdvice)
		}
	}
}

// sentence ends s with a full stop unless it ends with a question mark.
func sentence(s string) string {
	if strings.HasSuffix(s, "?") || strings.HasSuffix(s, ".") {
		return s
	}
	return s + "."
}

// trafficPolicyAdvice ends every diagnostic of a policy's contents.
const trafficPolicyAdvice = "Phases, rules and actions are described in ngrok's Traffic Policy reference " +
	"(https://ngrok.com/docs/traffic-policy/), each action's type, phases and config fields on its page under " +
	"https://ngrok.com/docs/traffic-policy/actions/."

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
		// NOTE: decoded once by the YAML library for its own checks (a key
		// written twice, merges of non-mappings, aliases that expand without
		// bound), and read again below from the nodes, where numbers keep
		// their text and keys their spelling.
		var checked any
		yamlErr = node.Decode(&checked)
	}
	if yamlErr != nil {
		// NOTE: text that starts like JSON was most likely meant as JSON, so
		// its JSON error comes first.
		if strings.HasPrefix(strings.TrimSpace(text), "{") {
			return nil, fmt.Errorf("it is neither valid JSON (%w) nor valid YAML (%w)", jsonErr, yamlErr)
		}
		return nil, fmt.Errorf("it is neither valid YAML (%w) nor valid JSON (%w)", yamlErr, jsonErr)
	}
	return policyValueFromYAML(&node)
}

// policyValueFromYAML reads a YAML node (already decoded once without
// error) as normalizePolicyValue's values. Plain scalars mean what the YAML
// library resolves them to, except that numbers keep their exact value and
// date-like scalars stay strings; keys become strings.
func policyValueFromYAML(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return policyValueFromYAML(n.Content[0])
	case yaml.AliasNode:
		return policyValueFromYAML(n.Alias)
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := policyValueFromYAML(c)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	case yaml.MappingNode:
		return policyMappingFromYAML(n)
	case yaml.ScalarNode:
		return policyScalarFromYAML(n)
	}
	return nil, fmt.Errorf("line %d: unexpected YAML node", n.Line)
}

// policyMappingFromYAML reads a mapping, with its merge key ("<<") if it has
// one: explicit keys win over merged ones, and of several merged mappings
// the first that has a key gives it, as the YAML library decodes them.
//
// NOTE: a JSON object's keys are strings, so a mapping whose keys collide
// once written as strings (1 and 1.0, true and True, ~ and null; 1 and "1"
// the YAML library refuses itself) cannot be one: keeping either value
// would drop the other without a word, and keeping whichever a Go map
// happened to visit last made two plans of one text disagree. It is
// refused, naming the key.
func policyMappingFromYAML(n *yaml.Node) (map[string]any, error) {
	out := make(map[string]any, len(n.Content)/2)
	spelled := make(map[string]string, len(n.Content)/2)
	var merge *yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if isYAMLMergeKey(kn) {
			merge = vn
			continue
		}
		k, err := policyKeyFromYAML(kn)
		if err != nil {
			return nil, err
		}
		if first, dup := spelled[k]; dup {
			return nil, fmt.Errorf("line %d: the keys %s and %s are both %q once written as JSON; write each key once",
				kn.Line, first, yamlSpelling(kn), k)
		}
		spelled[k] = yamlSpelling(kn)
		v, err := policyValueFromYAML(vn)
		if err != nil {
			return nil, err
		}
		out[k] = v
	}
	if merge == nil {
		return out, nil
	}
	for merge.Kind == yaml.AliasNode {
		merge = merge.Alias
	}
	sources := []*yaml.Node{merge}
	if merge.Kind == yaml.SequenceNode {
		sources = merge.Content
	}
	for _, src := range sources {
		for src.Kind == yaml.AliasNode {
			src = src.Alias
		}
		if src.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("line %d: a merge key (<<) takes a mapping or a list of mappings", src.Line)
		}
		m, err := policyMappingFromYAML(src)
		if err != nil {
			return nil, err
		}
		for k, v := range m {
			if _, ok := out[k]; !ok {
				out[k] = v
			}
		}
	}
	return out, nil
}

func isYAMLMergeKey(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.Value == "<<" && (n.Tag == "" || n.Tag == "!" || n.ShortTag() == "!!merge")
}

// yamlSpelling is a key as written, for messages.
func yamlSpelling(n *yaml.Node) string {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.ShortTag() == "!!str" {
		return strconv.Quote(n.Value)
	}
	return n.Value
}

// policyKeyFromYAML is a mapping key as a JSON object key: a string as it
// is, a date-like scalar as written, and any other scalar as the YAML
// library reads it, printed (1.0 is "1", True is "true", ~ is "null").
func policyKeyFromYAML(n *yaml.Node) (string, error) {
	for n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.ScalarNode {
		return "", fmt.Errorf("line %d: a key must be a string, not a list or a mapping", n.Line)
	}
	switch n.ShortTag() {
	case "!!str", "!!timestamp":
		return n.Value, nil
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return "", err
	}
	switch v := v.(type) {
	case nil:
		return "null", nil
	case string:
		return v, nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return "", fmt.Errorf("line %d: the key %s is not a number JSON can write", n.Line, n.Value)
		}
	}
	return fmt.Sprint(v), nil
}

// yamlFloat is a YAML 1.2 float as the YAML library resolves a plain one.
var yamlFloat = regexp.MustCompile(`^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`)

func policyScalarFromYAML(n *yaml.Node) (any, error) {
	switch n.ShortTag() {
	case "!!str", "!!timestamp":
		// NOTE: YAML 1.1 reads 2025-01-01 as a timestamp, which decoded as
		// time.Time would be re-serialised as another text
		// (2025-01-01T00:00:00Z); in a policy, and in the same text as
		// JSON, it is a string.
		return n.Value, nil
	case "!!float":
		if plain := strings.ReplaceAll(n.Value, "_", ""); yamlFloat.MatchString(plain) {
			return policyNumber(plain)
		}
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case int:
		return policyNumber(strconv.Itoa(v))
	case int64:
		return policyNumber(strconv.FormatInt(v, 10))
	case uint64:
		return policyNumber(strconv.FormatUint(v, 10))
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New("it holds an infinite or not-a-number value, which JSON cannot")
		}
		return policyNumber(strconv.FormatFloat(v, 'g', -1, 64))
	case nil, bool, string:
		return v, nil
	}
	return nil, fmt.Errorf("line %d: the value %s cannot be represented as JSON", n.Line, n.Value)
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
