package mockserver

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The whole handler under any request: the fuzzer picks the method, the
// target, the headers and the body, optionally on top of the headers a
// well-behaved client sends, against an account that holds one object of
// every kind.

// fuzzAccount is what fuzzServer holds: its objects' IDs, fixed because
// the server's clock and ID source are.
type fuzzAccount struct {
	sshCA, hostCert, userCert, domain, endpoint, ipRule string
}

const (
	fuzzEdgeID      = "edghts_2hHH9vYJ0qGQ4mQoTl5ZbLSK7pE"
	fuzzRouteID     = "edghtsrt_2hHHAi8xq3yYBv1bPpNWo4Yz2Tm"
	fuzzBackendID   = "bkdtg_2hHHCX2lOd6jOb4c1aUAuQqGRqZ"
	fuzzIPPolicyID  = "ipp_2hHHDdTq7ZJ1QqXgS1Dd3a0f0nM"
	fuzzCertID      = "cert_2hHHEl1zm3hSxNaEJ3yQzTmJ2Ka"
	fuzzEndpointCfg = "ec_2hHHG0kJq3hJoWj1w7Oq3wQ1BzZ"
	fuzzSSHKey      = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB9NgOfeJZbu/kEXWR4FzvNif2MB0A2hXKiiJxpCWCP2 root@web-1"
)

// fuzzServer is a server holding one object of every kind, the same every
// time: a fixed clock and a seeded ID source.
func fuzzServer(tb testing.TB) (*Server, fuzzAccount) {
	tb.Helper()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	s := New(WithClock(func() time.Time { return now }), WithIDSource(rand.NewChaCha8([32]byte{1})))
	f, err := ParseSeedFile([]byte(testSeedYAML))
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := s.Seed(f); err != nil {
		tb.Fatal(err)
	}
	var acct fuzzAccount
	create := func(path, body string) string {
		r := httptest.NewRequestWithContext(tb.Context(), http.MethodPost, path, strings.NewReader(body))
		r.Header.Set("Authorization", "Bearer "+DefaultAPIKey)
		r.Header.Set("Ngrok-Version", "2")
		r.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != http.StatusCreated && w.Code != http.StatusOK {
			tb.Fatalf("POST %s %s: %d %s", path, body, w.Code, w.Body)
		}
		var v struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || v.ID == "" {
			tb.Fatalf("POST %s: %s", path, w.Body)
		}
		return v.ID
	}
	acct.sshCA = create("/ssh_certificate_authorities", `{"private_key_type":"ed25519","description":"users"}`)
	acct.hostCert = create("/ssh_host_certificates", `{"ssh_certificate_authority_id":"`+acct.sshCA+`","public_key":"`+fuzzSSHKey+`","principals":["web-1.example.com"]}`)
	acct.userCert = create("/ssh_user_certificates", `{"ssh_certificate_authority_id":"`+acct.sshCA+`","public_key":"`+fuzzSSHKey+`","principals":["alice"],"critical_options":{"force-command":"/bin/true"},"extensions":{"permit-pty":""}}`)
	acct.domain = create("/reserved_domains", `{"domain":"api.example.com","metadata":"{\"team\":\"web\"}"}`)
	acct.endpoint = create("/endpoints", `{"type":"cloud","url":"https://api.example.com","traffic_policy":"on_http_request: [{actions: [{type: deny}]}]"}`)
	acct.ipRule = create("/ip_policy_rules", `{"ip_policy_id":"`+fuzzIPPolicyID+`","cidr":"192.0.2.0/24","action":"allow"}`)
	return s, acct
}

// fuzzRequests are seeds of FuzzServeHTTP: a valid request to every route
// of the API and of the control API, and the mistakes of the unit tests.
func fuzzRequests(a fuzzAccount) [][3]string {
	mod := "/edges/https/" + fuzzEdgeID + "/routes/" + fuzzRouteID
	return [][3]string{
		{"GET", "/ssh_certificate_authorities?limit=1&filter=obj.description%20%3D%3D%20%22users%22", ""},
		{"GET", "/ssh_certificate_authorities/" + a.sshCA, ""},
		{"PATCH", "/ssh_certificate_authorities/" + a.sshCA, `{"description":"x","metadata":"{}"}`},
		{"DELETE", "/ssh_certificate_authorities/" + a.sshCA, ""},
		{"POST", "/ssh_certificate_authorities", `{"private_key_type":"ecdsa","elliptic_curve":"p384"}`},
		{"POST", "/ssh_certificate_authorities", `{"private_key_type":"dsa","private_key_type":"ed25519"}`},
		{"GET", "/ssh_host_certificates?before_id=" + a.hostCert, ""},
		{"GET", "/ssh_host_certificates/" + a.hostCert, ""},
		{"PATCH", "/ssh_host_certificates/" + a.hostCert, `{"description":"web"}`},
		{"DELETE", "/ssh_user_certificates/" + a.userCert, ""},
		{"POST", "/ssh_user_certificates", `{"ssh_certificate_authority_id":"` + a.sshCA + `","public_key":"` + fuzzSSHKey + `","valid_after":"2030-01-01T00:00:00Z","valid_until":"2031-01-01T00:00:00Z","critical_options":{"source-address":"10.0.0.0/8"}}`},
		{"GET", "/reserved_domains?filter=obj.domain.endsWith(%22.com%22)", ""},
		{"POST", "/reserved_domains", `{"domain":"b.example.com","certificate_management_policy":{"authority":"letsencrypt","private_key_type":"ecdsa"}}`},
		{"PATCH", "/reserved_domains/" + a.domain, `{"certificate_id":"` + fuzzCertID + `","https_endpoint_configuration_id":"` + fuzzEndpointCfg + `"}`},
		{"DELETE", "/reserved_domains/" + a.domain + "/certificate_management_policy", ""},
		{"DELETE", "/reserved_domains/" + a.domain + "/certificate", ""},
		{"DELETE", "/reserved_domains/" + a.domain, ""},
		{"GET", "/endpoints?filter=obj.type%20%3D%3D%20%22cloud%22&limit=100", ""},
		{"PATCH", "/endpoints/" + a.endpoint, `{"traffic_policy":"{\"on_tcp_connect\":[]}","bindings":["public"]}`},
		{"POST", "/endpoints", `{"type":"cloud","url":"https://api.example.com:8443","traffic_policy":"on_http_request: []","pooling_enabled":true}`},
		{"DELETE", "/endpoints/" + a.endpoint, ""},
		{"GET", "/ip_policies?filter=obj.description%20%3D%3D%20%22office%22", ""},
		{"POST", "/ip_policies", `{"description":"vpn"}`},
		{"PATCH", "/ip_policies/" + fuzzIPPolicyID, `{"metadata":"{}"}`},
		{"DELETE", "/ip_policies/" + fuzzIPPolicyID, ""},
		{"GET", "/ip_policy_rules?filter=obj.ip_policy.id%20%3D%3D%20%22" + fuzzIPPolicyID + "%22", ""},
		{"POST", "/ip_policy_rules", `{"ip_policy_id":"` + fuzzIPPolicyID + `","cidr":"2001:DB8::/32","action":"deny"}`},
		{"PATCH", "/ip_policy_rules/" + a.ipRule, `{"cidr":"10.1.0.0/16"}`},
		{"DELETE", "/ip_policy_rules/" + a.ipRule, ""},
		{"GET", "/tls_certificates?filter=obj.private_key_type%20%3D%3D%20%22ed25519%22", ""},
		{"POST", "/tls_certificates", fuzzCertificateBody()},
		{"PATCH", "/tls_certificates/" + fuzzCertID, `{"description":"x"}`},
		{"DELETE", "/tls_certificates/" + fuzzCertID, ""},
		{"PUT", mod + "/backend", `{"backend_id":"` + fuzzBackendID + `"}`},
		{"PUT", mod + "/ip_restriction", `{"ip_policy_ids":["` + fuzzIPPolicyID + `"]}`},
		{"PUT", mod + "/oidc", `{"issuer":"https://accounts.example.com","client_id":"c","client_secret":"s","scopes":["openid"]}`},
		{"PUT", mod + "/request_headers", `{"add":{"x-a":"1"},"remove":["x-b"]}`},
		{"GET", mod + "/backend", ""},
		{"DELETE", mod + "/oidc", ""},
		{"GET", "/_mock/state", ""},
		{"GET", "/_mock/journal", ""},
		{"POST", "/_mock/seed", "ip_policies: [{description: office}]"},
		{"POST", "/_mock/seed", "ip_policies: [{}, {id: rd_wrongprefix}]"},
		{"POST", "/_mock/faults", `{"method":"GET","status":502,"times":1}`},
		{"PATCH", "/_mock/objects/reserved_domains/" + a.domain, `{"description":"edited"}`},
		{"DELETE", "/_mock/objects/endpoints/" + a.endpoint, ""},
		{"POST", "/_mock/reset", ""},
		{"GET", "//ssh_certificate_authorities", ""},
		{"GET", "/ssh_certificate_authorities/../reserved_domains", ""},
		{"GET", "/reserved_domains?limit=%zz", ""},
		{"PUT", "/ssh_certificate_authorities", `{}`},
		{"GET", "/nope", ""},
	}
}

// FuzzServeHTTP checks what every answer of the server promises: never a
// 5xx (no fault rule is set); an error is JSON of the API's shape (the
// control API's own shape under /_mock/) with the answer's status and,
// for the API, the operation ID of the Ngrok-Operation-Id header; a
// success is JSON or empty; and a refused request changes nothing: the
// state (GET /_mock/state's view) and the fault rules are as before.
func FuzzServeHTTP(f *testing.F) {
	_, acct := fuzzServer(f)
	std := "Authorization: Bearer " + DefaultAPIKey + "\nNgrok-Version: 2\nContent-Type: application/json\n"
	for _, r := range fuzzRequests(acct) {
		f.Add(r[0], r[1], std, []byte(r[2]), false)
		f.Add(r[0], r[1], "", []byte(r[2]), true)
	}
	f.Add("POST", "/reserved_domains", "Content-Encoding: gzip\n", []byte(`{"domain":"c.example.com"}`), true)
	f.Add("POST", "/reserved_domains", "Content-Type: text/plain\n", []byte(`{"domain":"c.example.com"}`), true)
	f.Add("GET", "/reserved_domains", "Authorization: Bearer a\nAuthorization: Bearer b\n", []byte(nil), true)
	f.Add("GET", "/reserved_domains", "Ngrok-Version: 3\nAuthorization: bearer  x\n", []byte(nil), false)
	f.Add("POST", "/ssh_certificate_authorities", "Idempotency-Key: k\n", []byte(`{"description":"once"}`), true)
	f.Add("POST", "/_mock/seed", "Content-Length: 99999999\n", []byte("x"), true)
	f.Fuzz(func(t *testing.T, method, target, headers string, body []byte, standard bool) {
		req := fuzzRequest(method, target, headers, body, standard)
		if req == nil {
			return // net/http's server would have refused it before any handler
		}
		s, _ := fuzzServer(t)
		before := fuzzSnapshot(t, s)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		status := w.Code
		switch {
		case status >= 500:
			t.Fatalf("%s %s: %d %s", method, target, status, w.Body)
		case status >= 400:
			checkErrorShape(t, req, w)
			if after := fuzzSnapshot(t, s); !bytes.Equal(before, after) {
				t.Fatalf("%s %s was refused (%d %s) but changed the state:\nbefore %s\nafter  %s",
					method, target, status, w.Body, before, after)
			}
		case status == http.StatusNoContent:
			if w.Body.Len() != 0 {
				t.Fatalf("%s %s: 204 with a body %q", method, target, w.Body)
			}
		default:
			if w.Body.Len() > 0 && (w.Header().Get("Content-Type") != "application/json" || !json.Valid(w.Body.Bytes())) {
				t.Fatalf("%s %s: %d with Content-Type %q and body %q", method, target, status, w.Header().Get("Content-Type"), w.Body)
			}
		}
	})
}

// fuzzRequest builds the request as net/http's server would read it from
// the wire, or nil when the server would refuse it before any handler.
func fuzzRequest(method, target, headers string, body []byte, standard bool) *http.Request {
	var raw bytes.Buffer
	raw.WriteString(method + " " + target + " HTTP/1.1\r\nHost: mock.test\r\n")
	if standard {
		raw.WriteString("Authorization: Bearer " + DefaultAPIKey + "\r\nNgrok-Version: 2\r\n")
		if len(body) > 0 {
			raw.WriteString("Content-Type: application/json\r\n")
		}
	}
	framed := false
	for line := range strings.Lines(headers) {
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			continue
		}
		name, _, _ := strings.Cut(line, ":")
		if n := strings.ToLower(strings.TrimSpace(name)); n == "content-length" || n == "transfer-encoding" {
			framed = true
		}
		raw.WriteString(line + "\r\n")
	}
	if !framed {
		raw.WriteString("Content-Length: " + strconv.Itoa(len(body)) + "\r\n")
	}
	raw.WriteString("\r\n")
	raw.Write(body)
	req, err := http.ReadRequest(bufio.NewReader(&raw))
	if err != nil {
		return nil
	}
	return req
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// fuzzSnapshot is everything a request could change that the API or the
// control API shows: the state view, and the pending fault rules.
func fuzzSnapshot(t *testing.T, s *Server) []byte {
	t.Helper()
	state, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	faults := map[string]faultRuleWire{}
	for id, r := range s.PendingFaults() {
		faults[id] = faultRuleToWire(r)
	}
	return append(state, must(json.Marshal(faults))...)
}

// checkErrorShape checks an error answer: JSON of the API's error shape, or
// under /_mock/ of the control API's.
func checkErrorShape(t *testing.T, req *http.Request, w *httptest.ResponseRecorder) {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Fatalf("%s %s: %d with Content-Type %q: %q", req.Method, req.URL, w.Code, ct, w.Body)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(w.Body.Bytes(), &fields); err != nil {
		t.Fatalf("%s %s: %d with a body that is not a JSON object: %q", req.Method, req.URL, w.Code, w.Body)
	}
	var body errorBody
	if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil || body.StatusCode != w.Code || body.Msg == "" {
		t.Fatalf("%s %s: %d with the error body %q", req.Method, req.URL, w.Code, w.Body)
	}
	want := []string{"details", "error_code", "msg", "status_code"}
	if strings.HasPrefix(req.URL.Path, adminPrefix) {
		want = []string{"msg", "status_code"}
	} else {
		if op := w.Header().Get(headerOperationID); !opIDPattern.MatchString(op) || body.Details["operation_id"] != op {
			t.Fatalf("%s %s: operation ID %q in the header, %q in the body", req.Method, req.URL, op, body.Details["operation_id"])
		}
		if body.ErrorCode == "" {
			want = slices.DeleteFunc(want, func(k string) bool { return k == "error_code" })
		}
	}
	for k := range fields {
		if !slices.Contains(want, k) {
			t.Fatalf("%s %s: unexpected field %q in the error body %q", req.Method, req.URL, k, w.Body)
		}
	}
	if len(fields) != len(want) {
		t.Fatalf("%s %s: the error body %q lacks one of %v", req.Method, req.URL, w.Body, want)
	}
}

// fuzzCertificateBody is a TLS certificate create, the same every time: an
// Ed25519 key from a fixed seed signs deterministically.
func fuzzCertificateBody() string {
	key := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "api.example.com"},
		DNSNames: []string{"api.example.com"}, NotBefore: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), NotAfter: time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC)}
	der, err := x509.CreateCertificate(nil, tmpl, tmpl, key.Public(), key)
	if err != nil {
		panic(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		panic(err)
	}
	return certBody(string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8})), "")
}
