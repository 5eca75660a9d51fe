package trafficpolicy

import (
	"os"
	"testing"

	"go.yaml.in/yaml/v3"
)

// testCase is a row of testdata/cases.yaml.
type testCase struct {
	Name   string `yaml:"name"`
	Policy string `yaml:"policy"`
	Valid  bool   `yaml:"valid"`
	Error  string `yaml:"error"`
	// Scheme is the endpoint's URL scheme; "" for any.
	Scheme string `yaml:"scheme"`
	// Code is the code of ngrok's the API answers with; "" for
	// ERR_NGROK_18002.
	Code string `yaml:"code"`
}

func loadCases(t *testing.T) []testCase {
	t.Helper()
	b, err := os.ReadFile("testdata/cases.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cases []testCase
	if err := yaml.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	return cases
}

// parse reads a policy as YAML (of which JSON is a part), as the mock does.
func parse(t *testing.T, text string) any {
	t.Helper()
	var doc any
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatalf("parsing %q: %v", text, err)
	}
	return doc
}
