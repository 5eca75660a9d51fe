package provider

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// FuzzMetadataJSON checks the comparison of free text that may be JSON
// (metadata, descriptions): reflexive, symmetric, and true exactly for the
// same text or two JSON objects or arrays with one canonical form, which
// is deterministic and idempotent; a JSON value written again with other
// indentation is equal, and with one value changed is not. Seeds: the
// examples' metadata (jsonencode) and the unit tests' pairs.
func FuzzMetadataJSON(f *testing.F) {
	seeds := append(exampleAttributeValues(f, "metadata"),
		`{"team": "web", "tier": 1}`, "{\n  \"a\": [1, 2.0, 3e0]\n}\n", `[ {"x": null} ]`, `{"s":"\u00e9"}`, "team=web", "",
		`{"a":1}{"b":2}`, `{"a":`, "1", `"x"`, `{"n":9007199254740993.0}`, `{"a":1,"a":2}`)
	for i, s := range seeds {
		f.Add(s, seeds[(i+1)%len(seeds)], uint64(i))
	}
	f.Fuzz(func(t *testing.T, a, b string, choice uint64) {
		ca, okA := canonicalJSONText(a)
		if again, ok := canonicalJSONText(a); again != ca || ok != okA {
			t.Fatalf("canonicalJSONText(%q) is not deterministic: %q, then %q", a, ca, again)
		}
		if okA {
			if twice, ok := canonicalJSONText(ca); !ok || twice != ca {
				t.Fatalf("not idempotent: %q -> %q -> %q", a, ca, twice)
			}
		}
		if !equivalentJSONText(a, a) {
			t.Fatalf("%q is not equivalent to itself", a)
		}
		ab, ba := equivalentJSONText(a, b), equivalentJSONText(b, a)
		if ab != ba {
			t.Fatalf("not symmetric: (%q, %q) = %v, reversed %v", a, b, ab, ba)
		}
		cb, okB := canonicalJSONText(b)
		if want := a == b || okA && okB && ca == cb; ab != want {
			t.Fatalf("equivalent(%q, %q) = %v, but the canonical forms are %q (%v) and %q (%v)", a, b, ab, ca, okA, cb, okB)
		}
		if !okA {
			return
		}
		dec := json.NewDecoder(strings.NewReader(a))
		dec.UseNumber()
		var raw any
		if err := dec.Decode(&raw); err != nil {
			t.Fatalf("%q has a canonical form but does not decode: %v", a, err)
		}
		doc, err := normalizePolicyValue(raw)
		if err != nil {
			t.Fatalf("%q has a canonical form but does not normalise: %v", a, err)
		}
		indented := string(must(json.MarshalIndent(doc, "", "\t")))
		if !equivalentJSONText(a, indented) {
			t.Fatalf("%q written again as %q compares different", a, indented)
		}
		changed, what := changeOneValue(doc, rand.New(rand.NewPCG(choice, 1)))
		after := string(must(json.Marshal(changed)))
		if equivalentJSONText(a, after) {
			t.Fatalf("%s in %q gives %q, which compares equal", what, a, after)
		}
	})
}
