package ngrokexchanges

import (
	"encoding/json"
	"slices"
	"testing"
)

func decode(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestShapeForms(t *testing.T) {
	t.Parallel()
	// A host certificate of ngrok's recording: serial 0, key ID and comment
	// the object's ID.
	const hostCert = "ecdsa-sha2-nistp256-cert-v01@openssh.com AAAAKGVjZHNhLXNoYTItbmlzdHAyNTYtY2VydC12MDFAb3BlbnNzaC5jb20AAAAgMbq5eDtfxzMoOU2lDM3r9pq/3G+ku01yQoLC4uiGAgMAAAAIbmlzdHAyNTYAAABBBI3oSgxrOEJ+tIJ/n6VYtxQIFvynqlOHpfOAJ4x4OfmMYDkbf8dr6RAuUSf+ZC2HMCujta7EjZ9t+6v08Ue+CgkAAAAAAAAAAAAAAAIAAAAhc2hjcnRfMzM0QWZwOGFuVk9EMmhqOHo5cFhieVJMUDdJAAAAJAAAABNpbmNvbnNocmV2ZWFibGUuY29tAAAACTEwLjIuNDIuOQAAAABo0Za8AAAAAGlIPbwAAAAAAAAAAAAAAAAAAAAzAAAAC3NzaC1lZDI1NTE5AAAAILTVAu0kee4uNxzaqe0hQp5RYMWuscwnODQhOMfq/L3yAAAAUwAAAAtzc2gtZWQyNTUxOQAAAEBVIEdemMOaqz5ltMuzhB1QZIif/UaxXOZGo7FNieKPSztMkJto37Pg+rkqfznHn3WbK0kLV+sGeYjTP4zU63EB shcrt_334Afp8anVOD2hj8z9pXbyRLP7I"
	obj := map[string]any{
		"id":              "shcrt_334Afp8anVOD2hj8z9pXbyRLP7I",
		"certificate":     hostCert,
		"token":           "334Afp8anVOD2hj8z9pXbyRLP7I_3y9oE8r2Q8MzAs8WeTPhg",
		"other_token":     "2V1xXobpay4hBo6kggQDw_334Afp8anVOD2hj8z9pXbyRLP7I",
		"uri":             "https://api.ngrok.com/credentials/cr_334Ad4GePZPksnCjeczerLPnba7",
		"relative":        "/agent_ingresses/agin_334AfoFkBW2rlBxXsgz9tSnimmD",
		"public_url":      "tls://endpoint-example2.com",
		"upstream_url":    "http://localhost:80",
		"addr":            "1.tcp.ngrok.io:20000",
		"created_at":      "2025-09-22T18:34:14Z",
		"fraction":        "2025-09-22T18:34:14.5Z",
		"region":          "",
		"transport":       "ngrok/2",
		"bindings":        []any{"public", "public"},
		"empty":           "",
		"text":            "acme devices",
		"public_key":      "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBv5N1aJ3vj6Q4ZuXzmEq2kC3O/3l1rL4pM3r7ShT4pz x@y",
		"labels":          map[string]any{"a": "b", "c": 1.0},
		"headers":         map[string]any{},
		"ca_pem":          "-----BEGIN CERTIFICATE-----\nMAo=\n-----END CERTIFICATE-----\n",
		"nested":          map[string]any{"enabled": true, "n": 0.2, "x": nil},
		"ids":             []any{},
		"owner_id":        "usr_334AYsIkmQjz2Hz8mziqZ1kc26P",
		"not_an_id_space": "usr_334AYsIkmQjz2Hz8mziqZ1kc26",
	}
	want := map[string]any{
		"id":              "id:shcrt_",
		"certificate":     "ssh-cert:host:serial=0:key-id=id:comment=id",
		"token":           FormToken,
		"other_token":     FormString,
		"uri":             FormURIAPI,
		"relative":        FormURIRelative,
		"public_url":      "url:tls",
		"upstream_url":    "url:http:port",
		"addr":            FormHostport,
		"created_at":      FormTimestamp,
		"fraction":        "timestamp:other",
		"region":          "enum:",
		"transport":       "enum:ngrok/2",
		"bindings":        []any{"enum:public"},
		"empty":           FormEmptyString,
		"text":            FormString,
		"public_key":      "ssh-key:ssh-ed25519",
		"labels":          "map<number|string>",
		"headers":         "map<>",
		"ca_pem":          "pem:CERTIFICATE",
		"nested":          map[string]any{"enabled": FormBool, "n": FormNumber, "x": FormNull},
		"ids":             []any{},
		"owner_id":        "id:usr_",
		"not_an_id_space": FormString,
	}
	got := Shape(obj, Origin)
	for _, d := range Compare(want, got) {
		t.Error(d)
	}
}

func TestCompareNamesEachDifference(t *testing.T) {
	t.Parallel()
	recorded := decode(t, `{"keys":[{"id":"id:ak_","token":"null"},{"id":"id:ak_","token":"null","description":"string"}],
		"next_page_uri":"null","uri":"uri:api","scheme":"absent-in-recording"}`)
	tests := []struct {
		name string
		got  string
		want []string
	}{
		{"the same", `{"keys":[{"id":"id:ak_","token":"null"},{"id":"id:ak_","token":"null","description":"string"}],
			"next_page_uri":"null","uri":"uri:api","scheme":"absent-in-recording"}`, nil},
		{"a key more and a key less", `{"keys":[{"id":"id:ak_","token":"null"},{"id":"id:ak_","token":"null","description":"string"}],
			"next_page_uri":"null","uri":"uri:api","host":"string"}`, []string{"host", "scheme"}},
		{"another form", `{"keys":[{"id":"id:ak_","token":"null"},{"id":"id:ak_","token":"null","description":"string"}],
			"next_page_uri":"uri:api","uri":"uri:relative","scheme":"absent-in-recording"}`, []string{"next_page_uri", "uri"}},
		{"an element shape not recorded, compared with the nearest", `{"keys":[{"id":"id:ak_","token":"token:id"}],
			"next_page_uri":"null","uri":"uri:api","scheme":"absent-in-recording"}`, []string{"keys[0].token", "keys[1]"}},
		{"a recorded element shape not answered", `{"keys":[{"id":"id:ak_","token":"null"}],
			"next_page_uri":"null","uri":"uri:api","scheme":"absent-in-recording"}`, []string{"keys[1]"}},
		{"an empty list", `{"keys":[],"next_page_uri":"null","uri":"uri:api","scheme":"absent-in-recording"}`, []string{"keys"}},
		{"an object for a scalar", `{"keys":[{"id":"id:ak_","token":"null"},{"id":"id:ak_","token":"null","description":"string"}],
			"next_page_uri":{},"uri":"uri:api","scheme":"absent-in-recording"}`, []string{"next_page_uri"}},
	}
	for _, tt := range tests {
		var paths []string
		for _, d := range Compare(recorded, decode(t, tt.got)) {
			paths = append(paths, d.Path)
		}
		if !slices.Equal(paths, tt.want) {
			t.Errorf("%s: differences at %v, want %v", tt.name, paths, tt.want)
		}
	}
	if !Equal(nil, nil) || Equal(nil, "null") {
		t.Error("no body is not the same as a null body")
	}
}
