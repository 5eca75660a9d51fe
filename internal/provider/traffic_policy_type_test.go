package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
)

func TestEquivalentTrafficPolicies(t *testing.T) {
	t.Parallel()
	const compact = `{"on_http_request":[{"actions":[{"config":{"body":"hi","status_code":200},"type":"custom-response"}]}]}`
	same := []string{
		compact,
		"{\n  \"on_http_request\": [\n    {\"actions\": [{\"type\": \"custom-response\", \"config\": {\"status_code\": 200.0, \"body\": \"hi\"}}]}\n  ]\n}\n",
		"on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          status_code: 200\n          body: hi\n",
		"# a comment\non_http_request: [{actions: [{type: \"custom-response\", config: {status_code: 2e2, body: 'hi'}}]}]\n",
		"---\non_http_request:\n- actions:\n  - config: {body: hi, status_code: 0xC8}\n    type: custom-response\n",
	}
	for _, a := range same {
		for _, b := range same {
			if !equivalentTrafficPolicies(a, b) {
				t.Errorf("not equivalent:\n%s\n%s", a, b)
			}
		}
	}
	different := []string{
		`{"on_http_request":[{"actions":[{"config":{"body":"hi","status_code":201},"type":"custom-response"}]}]}`,
		`{"on_http_request":[{"actions":[{"config":{"body":"hi","status_code":"200"},"type":"custom-response"}]}]}`,
		`{"on_http_response":[{"actions":[{"config":{"body":"hi","status_code":200},"type":"custom-response"}]}]}`,
		`{"on_http_request":[{"actions":[{"config":{"body":"hi","status_code":200},"type":"custom-response"}]}],"on_tcp_connect":[]}`,
		"on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          status_code: 200\n          body: \"hi \"\n",
		`not a policy`,
		`{"on_http_request": [}`,
	}
	for _, d := range different {
		if equivalentTrafficPolicies(compact, d) {
			t.Errorf("equivalent to the policy, but means something else:\n%s", d)
		}
	}
	// Rules are ordered: the same rules in another order are another policy.
	if equivalentTrafficPolicies(`{"on_tcp_connect":[{"name":"a"},{"name":"b"}]}`, `{"on_tcp_connect":[{"name":"b"},{"name":"a"}]}`) {
		t.Error("rule order must matter")
	}
	// Text that is not a policy equals only itself.
	if !equivalentTrafficPolicies("[1", "[1") || equivalentTrafficPolicies("[1", "[1 ") {
		t.Error("unparseable text must compare byte for byte")
	}
}

// Corner cases of YAML and JSON that must not make two notations of one
// policy differ, nor two policies the same.
func TestEquivalentTrafficPoliciesCornerCases(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		a, b string
		want bool
	}{
		"anchor and alias": {
			"deny: &deny {type: deny, config: {status_code: 404}}\non_http_request:\n  - actions: [*deny]\n  - actions: [*deny]\n",
			`{"deny":{"type":"deny","config":{"status_code":404}},"on_http_request":[{"actions":[{"type":"deny","config":{"status_code":404}}]},{"actions":[{"type":"deny","config":{"status_code":404}}]}]}`,
			true,
		},
		"merge key": {
			"base: &base {type: custom-response, config: {status_code: 200}}\non_http_request:\n  - actions:\n      - <<: *base\n        config: {status_code: 503}\n",
			`{"base":{"type":"custom-response","config":{"status_code":200}},"on_http_request":[{"actions":[{"type":"custom-response","config":{"status_code":503}}]}]}`,
			true,
		},
		"integer and float spellings":     {`{"on_tcp_connect":[{"n":1}]}`, "on_tcp_connect: [{n: 1.0}]", true},
		"JSON float and integer":          {`{"on_tcp_connect":[{"n":1.0}]}`, `{"on_tcp_connect":[{"n":1}]}`, true},
		"fraction kept":                   {`{"on_tcp_connect":[{"n":1.5}]}`, `{"on_tcp_connect":[{"n":1}]}`, false},
		"key order":                       {`{"on_tcp_connect":[{"b":1,"a":2}],"on_http_request":[]}`, "on_http_request: []\non_tcp_connect: [{a: 2, b: 1}]\n", true},
		"date-like scalar is a string":    {"on_tcp_connect: [{name: 2025-01-01}]\n", `{"on_tcp_connect":[{"name":"2025-01-01"}]}`, true},
		"date-like scalars stay distinct": {"on_tcp_connect: [{name: 2025-01-01}]\n", `{"on_tcp_connect":[{"name":"2025-01-01T00:00:00Z"}]}`, false},
		"quoted number is a string":       {"on_tcp_connect: [{n: '1'}]\n", `{"on_tcp_connect":[{"n":1}]}`, false},
		"yes is a string in YAML 1.2":     {"on_tcp_connect: [{enabled: yes}]\n", `{"on_tcp_connect":[{"enabled":"yes"}]}`, true},
		"true is a boolean":               {"on_tcp_connect: [{enabled: true}]\n", `{"on_tcp_connect":[{"enabled":"true"}]}`, false},
		"null and omitted phase differ":   {`{"on_tcp_connect":null}`, `{}`, false},
		"empty YAML value is null":        {"on_tcp_connect:\n", `{"on_tcp_connect":null}`, true},
	} {
		if got := equivalentTrafficPolicies(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: equivalent = %v, want %v\n%s\n%s", name, got, tc.want, tc.a, tc.b)
		}
	}
}

func TestCanonicalTrafficPolicyErrors(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"":                             "empty",
		"  \n# only a comment\n":       "empty",
		`[1, 2]`:                       "not a list",
		`"text"`:                       "not a string",
		`42`:                           "not a number",
		`null`:                         "not null",
		"on_http_request: [":           "neither valid YAML",
		`{"on_http_request": [}`:       "neither valid JSON",
		"a: 1\n---\nb: 2\n":            "more than one YAML document",
		"on_http_request:\n\t- x: 1\n": "neither valid YAML",
		"x: .inf\n":                    "infinite",
		`{"a": 1} {"b": 2}`:            "neither valid JSON",
	} {
		_, err := canonicalTrafficPolicy(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("canonicalTrafficPolicy(%q) = %v, want an error containing %q", text, err, want)
		}
	}
}

func TestTrafficPolicyValue(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	validate := func(v trafficPolicyValue) bool {
		resp := &xattr.ValidateAttributeResponse{}
		v.ValidateAttribute(ctx, xattr.ValidateAttributeRequest{Path: path.Root("traffic_policy")}, resp)
		return !resp.Diagnostics.HasError()
	}
	if !validate(newTrafficPolicyValue(ptr("on_tcp_connect: []"))) || !validate(trafficPolicyValue{basetypes.NewStringUnknown()}) ||
		!validate(trafficPolicyValue{basetypes.NewStringNull()}) {
		t.Error("a valid, unknown or null policy was refused")
	}
	if validate(newTrafficPolicyValue(ptr("- a list"))) {
		t.Error("a list was accepted as a policy")
	}

	a, b := newTrafficPolicyValue(ptr(`{"on_tcp_connect":[]}`)), newTrafficPolicyValue(ptr("on_tcp_connect: []\n"))
	if eq, diags := a.StringSemanticEquals(ctx, b); !eq || diags.HasError() {
		t.Errorf("StringSemanticEquals = %v, %v", eq, diags)
	}
	if _, diags := a.StringSemanticEquals(ctx, basetypes.NewStringValue("x")); !diags.HasError() {
		t.Error("comparing with another type must be a diagnostic")
	}
	if a.Equal(b) || !a.Equal(newTrafficPolicyValue(ptr(`{"on_tcp_connect":[]}`))) || a.Equal(basetypes.NewStringValue(`{"on_tcp_connect":[]}`)) {
		t.Error("Equal must compare the exact text and type")
	}
	if v, _ := (trafficPolicyType{}).ValueFromString(ctx, basetypes.NewStringValue("x")); !v.Equal(newTrafficPolicyValue(ptr("x"))) {
		t.Error("ValueFromString lost the value")
	}
	if newTrafficPolicyValue(nil).IsNull() != true {
		t.Error("no policy must be null")
	}
}

func ptr[T any](v T) *T { return &v }
