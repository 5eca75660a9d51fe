package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hashicorp/terraform-plugin-framework/attr/xattr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/zclconf/go-cty/cty"
	"go.yaml.in/yaml/v3"

	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

// trafficPolicySeeds are policies as users write them: every example's
// traffic_policy as Terraform evaluates it (jsonencode and heredocs alike),
// the unit tests' notations, and YAML's corner cases.
func trafficPolicySeeds(tb testing.TB) []string {
	seeds := exampleAttributeValues(tb, "traffic_policy")
	return append(seeds,
		`{"on_http_request":[{"actions":[{"config":{"body":"hi","status_code":200},"type":"custom-response"}]}]}`,
		"# a comment\non_http_request: [{actions: [{type: \"custom-response\", config: {status_code: 2e2, body: 'hi'}}]}]\n",
		"---\non_http_request:\n- actions:\n  - config: {body: hi, status_code: 0xC8}\n    type: custom-response\n",
		"deny: &deny {type: deny, config: {status_code: 404}}\non_http_request:\n  - actions: [*deny]\n  - actions: [*deny]\n",
		"base: &base {type: custom-response, config: {status_code: 200}}\non_http_request:\n  - actions:\n      - <<: *base\n        config: {status_code: 503}\n",
		"on_tcp_connect: [{name: 2025-01-01, enabled: yes, n: 1.0, big: 123456789012345678901234567890}]\n",
		"on_tcp_connect: [{config: {1: a, 1.0: b}}]\n",
		"on_tcp_connect: [{config: {1: a, \"1\": b, true: c, ~: d}}]\n",
		`{"on_tcp_connect":[{"n":9007199254740993.0,"m":-0.0,"s":"\u00e9\u0000<>&"}]}`,
		"x: .inf\n",
		"a: 1\n---\nb: 2\n",
		`[1, 2]`,
		``,
	)
}

// FuzzTrafficPolicy checks the normaliser on any two texts: it is
// deterministic (the same canonical text or the same error every time,
// whatever order Go's maps are walked in), idempotent, and the equality
// built on it is reflexive, symmetric and agrees with it; the plan-time
// validation refuses exactly what does not normalise and what the policy
// checker refuses (one diagnostic a problem), in diagnostics Terraform can
// carry.
func FuzzTrafficPolicy(f *testing.F) {
	seeds := trafficPolicySeeds(f)
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ca, errA := canonicalTrafficPolicy(a)
		for range 3 {
			again, err := canonicalTrafficPolicy(a)
			if again != ca || fmt.Sprint(err) != fmt.Sprint(errA) {
				t.Fatalf("canonicalTrafficPolicy(%q) is not deterministic: %q (%v), then %q (%v)", a, ca, errA, again, err)
			}
		}
		if errA == nil {
			twice, err := canonicalTrafficPolicy(ca)
			if err != nil || twice != ca {
				t.Fatalf("not idempotent: %q -> %q -> %q (%v)", a, ca, twice, err)
			}
			if !strings.HasPrefix(ca, "{") || !json.Valid([]byte(ca)) {
				t.Fatalf("the canonical form of %q is not a JSON object: %q", a, ca)
			}
		}
		if !equivalentTrafficPolicies(a, a) {
			t.Fatalf("%q is not equivalent to itself", a)
		}
		ab, ba := equivalentTrafficPolicies(a, b), equivalentTrafficPolicies(b, a)
		if ab != ba {
			t.Fatalf("equivalence is not symmetric: (%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		cb, errB := canonicalTrafficPolicy(b)
		if want := a == b || errA == nil && errB == nil && ca == cb; ab != want {
			t.Fatalf("equivalent(%q, %q) = %v, but the canonical forms are %q (%v) and %q (%v)", a, b, ab, ca, errA, cb, errB)
		}

		resp := &xattr.ValidateAttributeResponse{}
		newTrafficPolicyValue(&a).ValidateAttribute(context.Background(), xattr.ValidateAttributeRequest{Path: path.Root("traffic_policy")}, resp)
		var problems []trafficpolicy.Problem
		if errA == nil {
			doc, err := parseTrafficPolicy(a)
			if err != nil {
				t.Fatalf("%q normalises but does not parse: %v", a, err)
			}
			problems = trafficpolicy.Check(doc)
		}
		if want := errA != nil || len(problems) > 0; resp.Diagnostics.HasError() != want {
			t.Fatalf("validation of %q: error %v, but the normaliser says %v and the checker %v", a, resp.Diagnostics.HasError(), errA, problems)
		}
		if errA == nil && resp.Diagnostics.ErrorsCount() != len(problems) {
			t.Fatalf("validation of %q: %d diagnostics for %d problems", a, resp.Diagnostics.ErrorsCount(), len(problems))
		}
		if utf8.ValidString(a) {
			checkDiagnosticsUTF8(t, a, resp.Diagnostics)
		}
	})
}

// FuzzTrafficPolicyNotations checks that one policy written in any
// notation a configuration may use is one value, and a changed policy
// another: a policy that normalises is written again as indented JSON, as
// YAML (block or flow, keys in an order drawn from choice) and as the HCL
// expression that jsonencode() turns into JSON, and each must equal the
// original; then one value inside it is changed (a string, a number in a
// digit that a float64 cannot hold, a boolean, a key added or removed, an
// item added or removed) and that must not.
func FuzzTrafficPolicyNotations(f *testing.F) {
	for i, s := range trafficPolicySeeds(f) {
		f.Add(s, uint64(i)*0x9e3779b97f4a7c15)
	}
	f.Fuzz(func(t *testing.T, text string, choice uint64) {
		doc, err := parseTrafficPolicy(text)
		if err != nil {
			return
		}
		if _, ok := doc.(map[string]any); !ok {
			return
		}
		rng := rand.New(rand.NewPCG(choice, choice>>32))
		notations := map[string]string{
			"indented JSON": string(must(json.MarshalIndent(doc, "", "  "))),
			"YAML":          renderYAML(t, doc, rng),
		}
		if hclSafe(doc) {
			src := renderHCL(doc)
			out, err := hclJSONEncode(src)
			if err != nil {
				t.Fatalf("the HCL rendering of %q does not evaluate: %v\n%s", text, err, src)
			}
			notations["jsonencode()"] = out
		}
		for name, n := range notations {
			if !equivalentTrafficPolicies(text, n) || !equivalentTrafficPolicies(n, text) {
				cn, err := canonicalTrafficPolicy(n)
				t.Fatalf("%s of %q is another policy:\n%s\ncanonical %q (%v)", name, text, n, cn, err)
			}
		}

		changed, what := changeOneValue(doc, rng)
		after := string(must(json.Marshal(changed)))
		if equivalentTrafficPolicies(text, after) {
			t.Fatalf("%s in %q gives %q, which compares equal", what, text, after)
		}
		if y := renderYAML(t, changed, rng); equivalentTrafficPolicies(text, y) {
			t.Fatalf("%s in %q gives the YAML %q, which compares equal", what, text, y)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// renderYAML writes a normalised policy value as YAML, block or flow style
// and keys in an order drawn from rng.
func renderYAML(t *testing.T, doc any, rng *rand.Rand) string {
	t.Helper()
	out, err := yaml.Marshal(yamlNodeOf(doc, rng))
	if err != nil {
		t.Fatalf("writing %#v as YAML: %v", doc, err)
	}
	return string(out)
}

func yamlNodeOf(v any, rng *rand.Rand) *yaml.Node {
	var style yaml.Style
	if rng.IntN(4) == 0 {
		style = yaml.FlowStyle
	}
	switch v := v.(type) {
	case map[string]any:
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: style}
		keys := slices.Sorted(maps.Keys(v))
		rng.Shuffle(len(keys), func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		for _, k := range keys {
			n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k}, yamlNodeOf(v[k], rng))
		}
		return n
	case []any:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: style}
		for _, e := range v {
			n.Content = append(n.Content, yamlNodeOf(e, rng))
		}
		return n
	case string:
		n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}
		if rng.IntN(3) == 0 {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n
	case json.Number:
		return &yaml.Node{Kind: yaml.ScalarNode, Value: string(v)}
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: strconv.FormatBool(v)}
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	panic(fmt.Sprintf("unexpected %T in a normalised policy", v))
}

// hclSafe reports whether HCL can hold the value as it is: Terraform
// normalises every string to Unicode NFC and holds numbers to 512 bits, so
// other strings and longer numbers are another value in a configuration
// before the provider sees them.
func hclSafe(v any) bool {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if !hclSafe(k) || !hclSafe(e) {
				return false
			}
		}
	case []any:
		return !slices.ContainsFunc(v, func(e any) bool { return !hclSafe(e) })
	case string:
		return cty.StringVal(v).AsString() == v
	case json.Number:
		mant, _, _ := strings.Cut(strings.TrimPrefix(string(v), "-"), "e")
		return len(mant) <= 100
	}
	return true
}

// renderHCL writes a normalised policy value as an HCL expression, as a
// configuration writes the argument of jsonencode().
func renderHCL(v any) string {
	switch v := v.(type) {
	case map[string]any:
		var b strings.Builder
		b.WriteString("{\n")
		for _, k := range slices.Sorted(maps.Keys(v)) {
			b.WriteString(hclQuote(k) + " = " + renderHCL(v[k]) + "\n")
		}
		b.WriteString("}")
		return b.String()
	case []any:
		items := make([]string, len(v))
		for i, e := range v {
			items[i] = renderHCL(e)
		}
		return "[" + strings.Join(items, ", ") + "]"
	case string:
		return hclQuote(v)
	case json.Number:
		return string(v)
	case bool:
		return strconv.FormatBool(v)
	case nil:
		return "null"
	}
	panic(fmt.Sprintf("unexpected %T in a normalised policy", v))
}

// hclQuote is s as an HCL quoted string: escapes, and template sequences
// doubled so that they are literal.
func hclQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04x`, r)
		case (r == '$' || r == '%') && strings.HasPrefix(s[i+1:], "{"):
			b.WriteString(string(r) + string(r))
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// changeOneValue returns a copy of doc with one value changed, picked by
// rng, and says what it changed.
func changeOneValue(doc any, rng *rand.Rand) (any, string) {
	root := deepCopy(doc)
	// Maps hold values, not addresses: walk to the picked value by path.
	type step struct {
		key   string
		index int
	}
	var paths [][]step
	var walk func(v any, prefix []step)
	walk = func(v any, prefix []step) {
		paths = append(paths, slices.Clone(prefix))
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(v[k], append(prefix, step{key: k, index: -1}))
			}
		case []any:
			for i, e := range v {
				walk(e, append(prefix, step{index: i}))
			}
		}
	}
	walk(root, nil)
	p := paths[rng.IntN(len(paths))]
	// NOTE: walk made every step into a map a key, every step into a list
	// an index.
	get := func(parent any, s step) any {
		switch p := parent.(type) {
		case map[string]any:
			return p[s.key]
		case []any:
			return p[s.index]
		}
		return nil
	}
	set := func(parent any, s step, v any) {
		switch p := parent.(type) {
		case map[string]any:
			p[s.key] = v
		case []any:
			p[s.index] = v
		}
	}
	var parent any
	cur := root
	for _, s := range p {
		parent, cur = cur, get(cur, s)
	}
	changed, what := changeValue(cur, rng)
	if len(p) == 0 {
		return changed, what + " at the top"
	}
	set(parent, p[len(p)-1], changed)
	return root, fmt.Sprintf("%s at %v", what, p)
}

func changeValue(v any, rng *rand.Rand) (any, string) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) > 0 && rng.IntN(2) == 0 {
			keys := slices.Sorted(maps.Keys(v))
			k := keys[rng.IntN(len(keys))]
			delete(v, k)
			return v, fmt.Sprintf("removing the key %q", k)
		}
		k := "added"
		for {
			if _, taken := v[k]; !taken {
				break
			}
			k += "+"
		}
		v[k] = nil
		return v, fmt.Sprintf("adding the key %q", k)
	case []any:
		if len(v) > 0 && rng.IntN(2) == 0 {
			return v[:len(v)-1], "removing the last item"
		}
		return append(v, "added"), "adding an item"
	case string:
		return v + "x", fmt.Sprintf("changing the string %q", v)
	case json.Number:
		// NOTE: one more significant digit: below what a float64 holds
		// once the number has 16 digits.
		mant, exp, _ := strings.Cut(string(v), "e")
		e := int64(0)
		if exp != "" {
			e = must(strconv.ParseInt(exp, 10, 64))
		}
		if mant == "0" {
			return json.Number("1"), "changing 0 to 1"
		}
		return json.Number(mant + "1e" + strconv.FormatInt(e-1, 10)), fmt.Sprintf("changing the number %s", v)
	case bool:
		return !v, "flipping a boolean"
	case nil:
		return "null", "changing null to a string"
	}
	panic(fmt.Sprintf("unexpected %T in a normalised policy", v))
}

func deepCopy(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = deepCopy(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = deepCopy(e)
		}
		return out
	}
	return v
}
