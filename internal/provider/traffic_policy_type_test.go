package provider

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"go.yaml.in/yaml/v3"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
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

// The YAML keys 1 and "1" are one JSON key. The YAML library refuses them
// as a key written twice; keys that it holds apart but that are one string
// once written as JSON (1 and 1.0, true and True, ~ and null, 1 and 0x1)
// are refused too, every time: keeping one value would depend on the order
// in which a Go map is walked, so that one text could plan differently
// from one run to the next.
func TestTrafficPolicyYAMLKeysThatAreOneJSONKey(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]string{
		"on_tcp_connect: [{config: {1: a, \"1\": b}}]\n": `mapping key "1" already defined`,
		"on_tcp_connect: [{config: {1: a, 1.0: b}}]\n":   `the keys 1 and 1.0 are both "1"`,
		"on_tcp_connect: [{config: {1: a, 0x1: b}}]\n":   `the keys 1 and 0x1 are both "1"`,
		"on_tcp_connect: [{config: {true: a, True: b}}]": `the keys true and True are both "true"`,
		"on_tcp_connect: [{config: {~: a, null: b}}]":    `the keys ~ and null are both "null"`,
		"on_tcp_connect: [{config: {1.0: a, \"1\": b}}]": `the keys 1.0 and "1" are both "1"`,
	} {
		for range 20 {
			_, err := canonicalTrafficPolicy(text)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("canonicalTrafficPolicy(%q) = %v, want an error containing %q", text, err, want)
			}
		}
	}
	// Keys that are not strings are strings in JSON; explicit keys win
	// over merged ones, whatever their spelling.
	for _, tc := range [][2]string{
		{"on_tcp_connect: [{config: {1: a, 2.5: b, true: c, ~: d}}]\n", `{"on_tcp_connect":[{"config":{"1":"a","2.5":"b","true":"c","null":"d"}}]}`},
		{"base: &b {1: merged, 2: merged}\non_tcp_connect: [{config: {<<: *b, 1.0: explicit}}]\n",
			`{"base":{"1":"merged","2":"merged"},"on_tcp_connect":[{"config":{"1":"explicit","2":"merged"}}]}`},
	} {
		if !equivalentTrafficPolicies(tc[0], tc[1]) {
			a, errA := canonicalTrafficPolicy(tc[0])
			t.Errorf("not equivalent:\n%s\n%s\n(canonical %s, %v)", tc[0], tc[1], a, errA)
		}
	}
}

// Numbers compare by exact value, in every spelling, never by the float64
// they round to.
func TestTrafficPolicyNumbersAreExact(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		a, b string
		want bool
	}{
		"beyond 2^53, two spellings": {`{"on_tcp_connect":[{"n":9007199254740993}]}`, `{"on_tcp_connect":[{"n":9007199254740993.0}]}`, true},
		"beyond 2^53, two numbers":   {`{"on_tcp_connect":[{"n":9007199254740993.0}]}`, `{"on_tcp_connect":[{"n":9007199254740992}]}`, false},
		"YAML and JSON big integer":  {"on_tcp_connect: [{n: 123456789012345678901234567890}]", `{"on_tcp_connect":[{"n":1.2345678901234567890123456789e29}]}`, true},
		"YAML big integers differ":   {"on_tcp_connect: [{n: 123456789012345678901234567890}]", "on_tcp_connect: [{n: 123456789012345678901234567891}]", false},
		"YAML float digits":          {"on_tcp_connect: [{n: 0.1000000000000000055511151231257827}]", `{"on_tcp_connect":[{"n":0.1}]}`, false},
		"YAML underscores and signs": {"on_tcp_connect: [{n: +1_000.50}]", `{"on_tcp_connect":[{"n":1000.5}]}`, true},
		"negative zero":              {`{"on_tcp_connect":[{"n":-0.0}]}`, `{"on_tcp_connect":[{"n":0}]}`, true},
	} {
		if got := equivalentTrafficPolicies(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: equivalent = %v, want %v\n%s\n%s", name, got, tc.want, tc.a, tc.b)
		}
	}
	for text, want := range map[string]string{
		"1": "1", "-1": "-1", "200": "2e2", "200.0": "2e2", "2e2": "2e2", "0.5": "5e-1", "-0.0": "0", "0e999999999999999999999": "0",
		"1.50": "15e-1", ".5": "5e-1", "5.": "5", "+7": "7", "1E+3": "1e3", "00012.3400e-2": "1234e-4",
	} {
		if got, ok := canonicalNumber(text); !ok || got != want {
			t.Errorf("canonicalNumber(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	for _, text := range []string{"", "-", ".", "e5", "1e", "1e+", "1x", "0x10", "1_0", "inf", "1e1e1", "--1"} {
		if got, ok := canonicalNumber(text); ok {
			t.Errorf("canonicalNumber(%q) = %q, want it refused", text, got)
		}
	}
}

// trafficPolicyCase is a row of the policy checker's table of verdicts
// (internal/trafficpolicy/testdata/cases.yaml), which the mock's tests run
// too.
type trafficPolicyCase struct {
	Name   string `yaml:"name"`
	Policy string `yaml:"policy"`
	Valid  bool   `yaml:"valid"`
	Error  string `yaml:"error"`
	// Scheme is the endpoint's URL scheme, Code the mock's code for a
	// refusal ("" for ERR_NGROK_18002).
	Scheme string `yaml:"scheme"`
	Code   string `yaml:"code"`
}

// url is an endpoint's url of the row's scheme.
func (tc trafficPolicyCase) url(name string) string {
	switch tc.Scheme {
	case "tcp", "tls":
		return tc.Scheme + "://" + name + ".internal:4000"
	case "":
		return "http://" + name + ".internal"
	}
	return tc.Scheme + "://" + name + ".internal"
}

func loadTrafficPolicyCases(t *testing.T) []trafficPolicyCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "trafficpolicy", "testdata", "cases.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []trafficPolicyCase
	if err := yaml.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 32 {
		t.Fatalf("%d rows in cases.yaml", len(cases))
	}
	return cases
}

// TestTrafficPolicyValueCases: the plan-time validation gives every row of
// the table its verdict, each refusal an error on the attribute whose
// detail names the rule and action.
func TestTrafficPolicyValueCases(t *testing.T) {
	t.Parallel()
	at := path.Root("traffic_policy")
	for _, tc := range loadTrafficPolicyCases(t) {
		resp := &xattr.ValidateAttributeResponse{}
		newTrafficPolicyValue(&tc.Policy).ValidateAttribute(context.Background(), xattr.ValidateAttributeRequest{Path: at}, resp)
		validateTrafficPolicyForURL(newTrafficPolicyValue(&tc.Policy), types.StringValue(tc.url("app")), at, &resp.Diagnostics)
		if tc.Valid {
			if resp.Diagnostics.HasError() {
				t.Errorf("%s: refused: %v", tc.Name, resp.Diagnostics)
			}
			continue
		}
		found := false
		for _, d := range resp.Diagnostics.Errors() {
			withPath, ok := d.(diag.DiagnosticWithPath)
			if !ok || !withPath.Path().Equal(at) || d.Summary() != "Invalid Traffic Policy" {
				t.Errorf("%s: a diagnostic without the attribute's path or summary: %v", tc.Name, d)
			}
			found = found || strings.Contains(d.Detail(), tc.Error)
		}
		if !found {
			t.Errorf("%s: no diagnostic says %q: %v", tc.Name, tc.Error, resp.Diagnostics)
		}
	}
}

// TestTrafficPolicyExamplesAreValid: every policy of examples/ (the demo's
// included) passes the plan-time validation.
func TestTrafficPolicyExamplesAreValid(t *testing.T) {
	t.Parallel()
	policies := exampleAttributeValues(t, "traffic_policy")
	if len(policies) < 3 {
		t.Fatalf("only %d policies found in examples/", len(policies))
	}
	for _, p := range policies {
		resp := &xattr.ValidateAttributeResponse{}
		newTrafficPolicyValue(&p).ValidateAttribute(context.Background(), xattr.ValidateAttributeRequest{Path: path.Root("traffic_policy")}, resp)
		if resp.Diagnostics.HasError() {
			t.Errorf("the example policy %q is refused: %v", p, resp.Diagnostics)
		}
	}
}

// TestTrafficPolicyValueAgreesWithTheMock: on every policy of the table and
// of the fuzz seeds (examples, notations, YAML's corner cases), the
// plan-time validation and the mock, each with its own parser, give the
// same verdict, and a policy the mock refuses is refused with
// ERR_NGROK_18002.
func TestTrafficPolicyValueAgreesWithTheMock(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	var cases []trafficPolicyCase
	for _, p := range trafficPolicySeeds(t) {
		cases = append(cases, trafficPolicyCase{Policy: p})
	}
	cases = append(cases, loadTrafficPolicyCases(t)...)
	for i, tc := range cases {
		p := tc.Policy
		if p == "" {
			continue // no policy at all: the mock's ERR_NGROK_18011 for a missing policy
		}
		resp := &xattr.ValidateAttributeResponse{}
		newTrafficPolicyValue(&p).ValidateAttribute(context.Background(), xattr.ValidateAttributeRequest{Path: path.Root("traffic_policy")}, resp)
		url := tc.url(fmt.Sprint("agree", i))
		validateTrafficPolicyForURL(newTrafficPolicyValue(&p), types.StringValue(url), path.Root("traffic_policy"), &resp.Diagnostics)
		_, err := mock.client.CreateEndpoint(context.Background(), &apiclient.EndpointCreate{URL: url, TrafficPolicy: p})
		if refused := err != nil; refused != resp.Diagnostics.HasError() {
			t.Errorf("%q: the mock says %v, the provider %v", p, err, resp.Diagnostics)
			continue
		}
		want := cmp.Or(tc.Code, "ERR_NGROK_18002")
		var apiErr *apiclient.APIError
		if err != nil && (!errors.As(err, &apiErr) || apiErr.ErrorCode != want) {
			t.Errorf("%q: refused with %v, want %s", p, err, want)
		}
	}
}
