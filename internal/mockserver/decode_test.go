package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func TestDuplicateKeysAreInvalidJSON(t *testing.T) {
	t.Parallel()
	s := New()
	ca := newTestCA(t, s)
	for name, tc := range map[string]struct{ method, target, body string }{
		"top level, the refused value first": {http.MethodPost, "/ssh_certificate_authorities",
			`{"private_key_type":"dsa","private_key_type":"ed25519"}`},
		"top level, equal values": {http.MethodPost, "/ssh_certificate_authorities",
			`{"description":"a","description":"a"}`},
		"in a PATCH": {http.MethodPatch, "/ssh_certificate_authorities/" + ca,
			`{"description":"a","metadata":"","description":"b"}`},
		"in a nested object": {http.MethodPost, "/ssh_user_certificates",
			`{"ssh_certificate_authority_id":"` + ca + `","public_key":"x","critical_options":{"force-command":"/bin/a","force-command":"/bin/b"}}`},
		"with an escaped spelling": {http.MethodPost, "/ssh_certificate_authorities",
			`{"description":"a","descr\u0069ption":"b"}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			w := do(t, s, tc.method, tc.target, tc.body)
			wantError(t, w, http.StatusBadRequest, errInvalidJSON.code)
			if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "twice") {
				t.Errorf("msg %q does not say a key appears twice", msg)
			}
		})
	}
}

func TestDuplicateKey(t *testing.T) {
	t.Parallel()
	for body, want := range map[string]string{
		`{"a":1,"a":2}`:                           "a",
		`{"a":{"b":1,"c":{"d":[],"d":{}}}}`:       "a.c.d",
		`{"a":[{"b":1},{"b":1,"b":2}]}`:           "a.1.b",
		`[[{"x":1}],[{"y":1,"y":1}]]`:             "1.0.y",
		`{"a":{"a":1},"b":{"a":1},"c":[{"a":1}]}`: "",
		`{"a":[{"b":1},{"b":2}]}`:                 "",
		`{"a":"a","b":"a"}`:                       "",
		`{}`:                                      "",
		`"a"`:                                     "",
		`{"a":1,`:                                 "",
		`{"a":1} {"a":1,"a":1}`:                   "",
	} {
		got, found := duplicateKey([]byte(body))
		if got != want || found != (want != "") {
			t.Errorf("duplicateKey(%s) = %q, %v; want %q", body, got, found, want)
		}
	}
}
