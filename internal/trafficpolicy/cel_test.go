package trafficpolicy

import (
	"slices"
	"strings"
	"testing"
)

func TestCheckExpression(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		src  string
		want string // "" for valid
	}{
		{"req.url.path == '/'", ""},
		{"conn.client_ip == '192.0.2.1' || conn.client_ip.is_tor_node", ""},
		{"conn.tls.client.subject.common_name == 'x'", ""},
		{"conn.tls.client.subjet.common_name == 'x'", `conn.tls.client has no field "subjet"; did you mean "subject"?`},
		{"req.headers['x-a'][0] == 'b' && req.headers.x_b.size() > 0", ""},
		{"actions.ngrok.anything.at.all == 1", ""},
		{"time.now.getHours() > 8", ""},
		{"req.method.name == 'x'", "req.method has no fields, so req.method.name does not exist"},
		// A comprehension's variable hides a variable of the same name.
		{"[{'nope': 1}].exists(req, req.nope == 1)", ""},
		{"req.cookies.exists(k, req.url.nope == k)", `req.url has no field "nope"`},
		{"{'a': req.url.nope}.size() == 1", `req.url has no field "nope"`},
		{"[req.url.nope].size() == 1", `req.url has no field "nope"`},
		{"hash.md5(req.url.path) == '' && json.decode('{}').size() == 0 && 'a,b'.split(',').size() == 2", ""},
		{"base64.encode(b'x') != '' && lists.range(3).size() == 3 && req.url.path.lower() != ''", ""},
		{"1", "is of type int"},
		{"   ", "must not be empty"},
		{strings.Repeat("(", 200) + "true" + strings.Repeat(")", 200), "invalid CEL expression"},
	} {
		got := checkExpression(tc.src, true)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("checkExpression(%q) = %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestCheckInterpolations(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want string
	}{
		{"plain text, $ and {braces}", ""},
		{"${req.host}/${req.url.path}", ""},
		{"${{'a': '}'}['a']}", ""},
		{`${"}" + req.host}`, ""},
		{"${req.host", "is not closed"},
		{"${}", "must hold a CEL expression"},
		{"${req.hots}", `req has no field "hots"; did you mean "host"?`},
		{"ok ${req.host} then ${req.nope}", `req has no field "nope"`},
	} {
		got := checkInterpolations(tc.in, func(src string) string { return checkExpression(src, false) })
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("checkInterpolations(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSecretRefs(t *testing.T) {
	t.Parallel()
	doc := parse(t, `
on_http_request:
  - expressions: ["secrets.get('v1', 'a') == req.headers['x'][0]"]
    actions:
      - type: add-headers
        config:
          headers:
            x-a: "${secrets.get('v1', 'a')}"
            x-b: "prefix ${secrets.get(\"v2\", \"b\")} and ${secrets.get(vars.v, 'c')}"
      - type: custom-response
        config: {body: "secrets.get('not', 'cel') is text here"}
`)
	got := SecretRefs(doc)
	want := []SecretRef{{"v1", "a"}, {"v2", "b"}}
	if !slices.Equal(got, want) {
		t.Errorf("SecretRefs = %v, want %v", got, want)
	}
}
