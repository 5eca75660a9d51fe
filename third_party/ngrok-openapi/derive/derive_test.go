package main

import (
	"bytes"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	ngrokopenapi "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-openapi"
)

const sample = `# Code generated for API Clients. DO NOT EDIT.
openapi: 3.0.0
info:
  title: t
  version: 1.0.0
paths:
  /things/{id}:
    get:
      summary: Get
      description: >
        Get a thing.
      operationId: ThingsGet
      parameters:
        - name: id
          description: an id
          in: path
          required: true
          schema:
            type: string
        - name: url
          in: query
          required: false
          schema:
            type: array
      responses:
        200:
          description: the thing
          content:
            application/json:
              schema:
                $ref: "#/components/schemas/Thing"
components:
  schemas:
    Thing:
      type: object
      properties:
        description:
          description: what the thing is for
          type: string
        cname_target:
          description: a target, or null if there is none
          type: string
        certificate:
          description: the certificate, null if none
          $ref: "#/components/schemas/Ref"
        certificate_management_policy:
          description: a policy
          $ref: "#/components/schemas/Ref"
        nullish:
          description: not nullable although it says nullable
          type: string
`

func TestDeriveDropsProseAndKeepsFacts(t *testing.T) {
	t.Parallel()
	out, err := derive([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := yaml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	op := dig(t, got, "paths", "/things/{id}", "get")
	for _, key := range []string{"summary", "description"} {
		if _, ok := op[key]; ok {
			t.Errorf("the operation keeps its %s", key)
		}
	}
	if op["operationId"] != "ThingsGet" {
		t.Errorf("operationId = %v", op["operationId"])
	}
	params, _ := op["parameters"].([]any)
	if len(params) != 2 {
		t.Fatalf("parameters = %v", op["parameters"])
	}
	param, _ := params[0].(map[string]any)
	if _, ok := param["description"]; ok || param["name"] != "id" || param["required"] != true {
		t.Errorf("parameter = %v, want its facts without its description", param)
	}
	url, _ := params[1].(map[string]any)
	urlSchema, _ := url["schema"].(map[string]any)
	if !equalYAML(t, urlSchema, map[string]any{"type": "array", "items": map[string]any{"type": "string"}}) {
		t.Errorf("a list parameter without items: %v, want items of type string", url)
	}
	if r := dig(t, op, "responses", "200"); r["description"] != "" {
		t.Errorf("the response's description = %q, want empty (OpenAPI requires the key)", r["description"])
	}
	props := dig(t, got, "components", "schemas", "Thing", "properties")
	want := map[string]map[string]any{
		// NOTE: a property named description is a fact, its description prose.
		"description":  {"type": "string"},
		"cname_target": {"type": "string", "nullable": true},
		"certificate":  {"allOf": []any{map[string]any{"$ref": "#/components/schemas/Ref"}}, "nullable": true},
		// NOTE: no row of the table says so in the sample.
		"certificate_management_policy": {"$ref": "#/components/schemas/Ref"},
		"nullish":                       {"type": "string"},
	}
	for name, w := range want {
		p, _ := props[name].(map[string]any)
		if !equalYAML(t, p, w) {
			t.Errorf("property %s = %v, want %v", name, p, w)
		}
	}
	if strings.Contains(string(out), "Code generated for API Clients") || strings.Contains(string(out), "what the thing is for") {
		t.Errorf("the derived file keeps prose:\n%s", out)
	}
}

func TestDeriveMarksGoClientPointersNullable(t *testing.T) {
	t.Parallel()
	spec := strings.Replace(sample, "    Thing:\n", "    ReservedDomain:\n", 1)
	out, err := derive([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := yaml.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	p := dig(t, got, "components", "schemas", "ReservedDomain", "properties", "certificate_management_policy")
	if p["nullable"] != true {
		t.Errorf("ReservedDomain.certificate_management_policy = %v, want nullable (a pointer in ngrok's Go client)", p)
	}
}

func TestDeriveIsIdempotentOnTheCommittedFacts(t *testing.T) {
	t.Parallel()
	again, err := derive(ngrokopenapi.Facts)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(again, ngrokopenapi.Facts) {
		t.Error("deriving the committed facts again changes them: the derivation is not a fixed point")
	}
}

// Every row of the Go client's table names a property of the spec: a row
// that names nothing settles nothing, and means the table is stale.
func TestGoClientPointersNameSpecProperties(t *testing.T) {
	t.Parallel()
	var doc map[string]any
	if err := yaml.Unmarshal(ngrokopenapi.Facts, &doc); err != nil {
		t.Fatal(err)
	}
	schemas := dig(t, doc, "components", "schemas")
	for name, fields := range goClientPointerFields {
		s, _ := schemas[name].(map[string]any)
		props, _ := s["properties"].(map[string]any)
		for _, f := range fields {
			p, ok := props[f].(map[string]any)
			if !ok {
				t.Errorf("%s.%s is not a property of the spec", name, f)
				continue
			}
			if p["nullable"] != true {
				t.Errorf("%s.%s is not nullable in the facts", name, f)
			}
		}
	}
}

func TestDeriveRefusesWhatIsNotASpec(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"- a\n- b\n", "a: [", ""} {
		if _, err := derive([]byte(in)); err == nil {
			t.Errorf("derive(%q) succeeded", in)
		}
	}
}

func dig(t *testing.T, m map[string]any, keys ...string) map[string]any {
	t.Helper()
	for _, k := range keys {
		next, ok := m[k].(map[string]any)
		if !ok {
			t.Fatalf("no mapping at %q in %v", k, keys)
		}
		m = next
	}
	return m
}

func equalYAML(t *testing.T, got, want map[string]any) bool {
	t.Helper()
	g, err := yaml.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	w, err := yaml.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(g, w)
}

// The rows of the quirks table that change schemas and bodies, as the
// committed facts show them.
func TestCommittedFactsCarryTheQuirks(t *testing.T) {
	t.Parallel()
	var doc map[string]any
	if err := yaml.Unmarshal(ngrokopenapi.Facts, &doc); err != nil {
		t.Fatal(err)
	}
	body := dig(t, doc, "paths", "/edges/https/{edge_id}/routes/{id}/backend", "put", "requestBody", "content", "application/json", "schema")
	if body["$ref"] != "#/components/schemas/EndpointBackendMutate" {
		t.Errorf("the backend module's Replace body = %v, want the module alone", body)
	}
	schemas := dig(t, doc, "components", "schemas")
	create, _ := schemas["EndpointCreate"].(map[string]any)
	if required, _ := create["required"].([]any); len(required) != 2 || required[0] != "url" || required[1] != "traffic_policy" {
		t.Errorf("EndpointCreate requires %v, want url and traffic_policy (type defaults to cloud)", required)
	}
	rd := dig(t, schemas, "ReservedDomain", "properties", "https_endpoint_configuration")
	if rd["nullable"] != true {
		t.Errorf("ReservedDomain.https_endpoint_configuration = %v, want a nullable Ref", rd)
	}
	if p := dig(t, schemas, "ReservedDomainUpdate", "properties", "http_endpoint_configuration_id"); p["type"] != "string" {
		t.Errorf("ReservedDomainUpdate.http_endpoint_configuration_id = %v", p)
	}
}
