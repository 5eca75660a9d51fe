package trafficpolicy

import (
	"os"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// FuzzCheck: on any document YAML can decode, Check returns (no panic), at
// most maxProblems problems, the same ones every time, each with words and
// in valid UTF-8 when the policy is.
func FuzzCheck(f *testing.F) {
	b, err := os.ReadFile("testdata/cases.yaml")
	if err != nil {
		f.Fatal(err)
	}
	var cases []testCase
	if err := yaml.Unmarshal(b, &cases); err != nil {
		f.Fatal(err)
	}
	for _, tc := range cases {
		f.Add(tc.Policy)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var doc any
		if yaml.Unmarshal([]byte(text), &doc) != nil {
			return
		}
		first := Check(doc)
		if len(first) > maxProblems {
			t.Fatalf("%d problems, over %d", len(first), maxProblems)
		}
		if again := Message(Check(doc)); again != Message(first) {
			t.Fatalf("not deterministic:\n%s\n%s", Message(first), again)
		}
		for _, p := range first {
			if p.What == "" {
				t.Fatalf("a problem without words at %q", p.Where)
			}
			if utf8.ValidString(text) && !utf8.ValidString(p.String()) {
				t.Fatalf("not UTF-8: %q", p.String())
			}
		}
	})
}
