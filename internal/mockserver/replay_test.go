package mockserver

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	ngrokexchanges "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-exchanges"
)

// replayDifference is a row of replayDifferences: a place where the mock's
// answer to a recorded request differs from ngrok's recorded answer, and
// why it is left so.
type replayDifference struct {
	// exchange is an exchange's name, or a pattern (path.Match) of names.
	exchange string
	// field is the place: "status", or a Difference's Path.
	field  string
	reason string
}

// replayDifferences is every remaining difference between ngrok's recorded
// exchanges and the mock's answers to the same requests. The test fails on
// a difference that is not a row, and on a row (for each exchange its
// pattern names) that no longer differs.
var replayDifferences = []replayDifference{
	// Collections the mock does not serve.
	{"abuse_reports_*", "status", reasonNotServed + "abuse reports, outside the provider's scope [ours]"},
	{"kubernetes_operators_*", "status", reasonNotServed + "Kubernetes operators, outside the provider's scope [ours]"},
	{"self", "status", reasonNotServed + "GET /self [ours]"},
	{"endpoint_configurations_*", "status", reasonNotServed + reasonEndpointConfigurations},
	{"endpoint_*_module_*", "status", reasonNotServed + reasonEndpointConfigurations},
	{"reserved_addrs_delete_endpoint_config", "status", reasonNotServed + reasonEndpointConfigurations},
	{"reserved_domains_delete_http_endpoint_config", "status", reasonNotServed + reasonEndpointConfigurations},
	{"reserved_domains_delete_https_endpoint_config", "status", reasonNotServed + reasonEndpointConfigurations},
	{"reserved_addrs_update", "status", "its body sets endpoint_configuration_id, refused (ERR_NGROK_214): " + reasonEndpointConfigurations},
	{"reserved_addrs_get", "metadata", "set by the recorded PATCH, which the mock refuses (reserved_addrs_update)"},
	{"reserved_addrs_create", "endpoint_configuration", reasonRecordedOnly + "a reserved address's endpoint_configuration (" + reasonEndpointConfigurations + ")"},
	{"reserved_addrs_get", "endpoint_configuration", reasonRecordedOnly + "a reserved address's endpoint_configuration (" + reasonEndpointConfigurations + ")"},
	{"reserved_addrs_list", "reserved_addrs[0].endpoint_configuration", reasonRecordedOnly + "a reserved address's endpoint_configuration (" + reasonEndpointConfigurations + ")"},
	// HTTPS edge route modules the mock serves by seeding only.
	{"edge_route_circuit_breaker_module_*", "status", reasonRouteModules},
	{"edge_route_compression_module_*", "status", reasonRouteModules},
	{"edge_route_o_auth_module_*", "status", reasonRouteModules},
	{"edge_route_response_headers_module_*", "status", reasonRouteModules},
	{"edge_route_saml_module_*", "status", reasonRouteModules},
	{"edge_route_traffic_policy_module_*", "status", reasonRouteModules},
	{"edge_route_user_agent_filter_module_*", "status", reasonRouteModules},
	{"edge_route_webhook_verification_module_*", "status", reasonRouteModules},
	{"edge_route_websocket_tcp_converter_module_*", "status", reasonRouteModules},
	// The edges' policy module, which traffic_policy replaced.
	{"edges_https_routes_create", "policy", reasonEdgePolicy},
	{"edges_https_routes_get", "policy", reasonEdgePolicy},
	{"edges_https_routes_update", "policy", reasonEdgePolicy},
	{"edges_tcp_create", "policy", reasonEdgePolicy},
	{"edges_tcp_get", "policy", reasonEdgePolicy},
	{"edges_tcp_list", "tcp_edges[0].policy", reasonEdgePolicy},
	{"edges_tcp_update", "policy", reasonEdgePolicy},
	{"edges_tls_create", "policy", reasonEdgePolicy},
	{"edges_tls_get", "policy", reasonEdgePolicy},
	{"edges_tls_list", "tls_edges[0].policy", reasonEdgePolicy},
	{"edges_tls_list", "tls_edges[1].policy", reasonEdgePolicy},
	{"edges_tls_update", "policy", reasonEdgePolicy},
	// Fields newer than the recordings.
	{"reserved_domains_create", "resolves_to", reasonResolvesTo},
	{"reserved_domains_get", "resolves_to", reasonResolvesTo},
	{"reserved_domains_list", "reserved_domains[1].resolves_to", reasonResolvesTo},
	{"reserved_domains_list", "reserved_domains[2].resolves_to", reasonResolvesTo},
	{"reserved_domains_update", "resolves_to", reasonResolvesTo},
	{"secrets_create", "vault_name", reasonVaultName},
	{"secrets_get", "vault_name", reasonVaultName},
	{"secrets_list", "secrets[0].vault_name", reasonVaultName},
	{"secrets_update", "vault_name", reasonVaultName},
	// Another part of issue 30.
	{"reserved_domains_create", "is_dev", reasonIsDev},
	{"reserved_domains_get", "is_dev", reasonIsDev},
	{"reserved_domains_list", "reserved_domains[1].is_dev", reasonIsDev},
	{"reserved_domains_list", "reserved_domains[2].is_dev", reasonIsDev},
	{"reserved_domains_update", "is_dev", reasonIsDev},
	{"reserved_domains_list", "reserved_domains[0]", reasonIsDev + "; the account's dev domain, which the mock does not make"},
	{"reserved_domains_get", "certificate_management_status", reasonStatusAfterPatch},
	{"reserved_domains_update", "certificate_management_status", reasonStatusAfterPatch},
	{"reserved_domains_delete_certificate", "status", "another part of issue 30, reserved domains' certificates: " +
		"the recorded DELETE of the certificate of a domain whose PATCH set a policy answered 204; the mock refuses it (ERR_NGROK_436)"},
	// The real API of the recordings.
	{"failover_backends_update", "backends", reasonBackendsCleared},
	{"weighted_backends_update", "backends", reasonBackendsCleared},
}

// Reasons shared by rows of replayDifferences.
const (
	reasonNotServed              = "not served by the mock: "
	reasonEndpointConfigurations = "endpoint configurations, which ngrok deprecated (ERR_NGROK_1608) and the provider does not manage; " +
		"the mock seeds them for reserved domains and serves no route for them [ours]"
	reasonRecordedOnly = "a field the spec and ngrok's Go client no longer have, which the mock leaves out: "
	reasonRouteModules = "another part of issue 30, HTTPS edge route modules: the mock serves the route's other modules by seeding only, " +
		"without PUT, GET or DELETE (README.md, HTTPS edges and backends)"
	reasonEdgePolicy = reasonRecordedOnly + "policy, the module traffic_policy replaced, null in every recording; " +
		"ngrok's Go client dropped it in 2024 (ngrok-api-go d02578f)"
	reasonResolvesTo = "newer than the recordings: ngrok's Go client added resolves_to on 2026-01-23 (ngrok-api-go a358699), " +
		"and the spec the mock follows has it"
	reasonVaultName = "newer than the recordings: ngrok's Go client added vault_name on 2025-12-16 (ngrok-api-go 82ef30b), " +
		"and the spec the mock follows has it"
	reasonIsDev            = "another part of issue 30: is_dev"
	reasonStatusAfterPatch = "another part of issue 30: a PATCH that attaches a policy answers certificate_management_status null, " +
		"in its answer and the next GET"
	reasonBackendsCleared = "the recorded PATCH, of metadata only, answered the backends empty: the API of 2025-09 cleared them; " +
		"the mock keeps them, as a PATCH keeps what it does not name [ours]"
)

// replayEpoch is when ngrok recorded the exchanges (their created_at): the
// replaying server's clock, so that what the recordings ask for in the
// future of that day (an SSH certificate's valid_until) still is.
var replayEpoch = time.Date(2025, 9, 22, 18, 34, 0, 0, time.UTC)

// replayOrder is the order in which a collection's exchanges are replayed
// on one server: the order ngrok recorded them in, as their answers show
// (a list answers the object as created, a get as updated).
var replayOrder = []string{
	"create", "list", "replace", "update", "get", "get_secrets_by_vault", "get_bound_endpoints",
	"restart", "stop", "delete_certificate", "delete_certificate_management_policy",
	"delete_http_endpoint_config", "delete_https_endpoint_config", "delete_endpoint_config", "delete",
}

// replayCreators name, by ID prefix, the recorded exchange whose request
// makes an object of that kind: the replay makes the objects a request
// names (in its path or body) with them before sending it.
var replayCreators = map[string]string{
	prefixAgentIngress:         "agent_ingresses_create",
	prefixAPIKey:               "api_keys_create",
	prefixBotUser:              "bot_users_create",
	prefixCertificateAuthority: "certificate_authorities_create",
	prefixCredential:           "credentials_create",
	prefixEdgeHTTPS:            "edges_https_create",
	prefixEdgeHTTPSRoute:       "edges_https_routes_create",
	prefixEdgeTCP:              "edges_tcp_create",
	prefixEdgeTLS:              "edges_tls_create",
	prefixEndpoint:             "endpoints_create",
	prefixEventDestination:     "event_destinations_create",
	prefixEventSubscription:    "event_subscriptions_create",
	prefixFailoverBackend:      "failover_backends_create",
	prefixHTTPResponseBackend:  "http_response_backends_create",
	prefixIPPolicy:             "ip_policies_create",
	prefixIPPolicyRule:         "ip_policy_rules_create",
	prefixIPRestriction:        "ip_restrictions_create",
	prefixReservedAddr:         "reserved_addrs_create",
	prefixReservedDomain:       "reserved_domains_create",
	prefixSecret:               "secrets_create",
	prefixSSHCA:                "ssh_certificate_authorities_create",
	prefixSSHCredential:        "ssh_credentials_create",
	prefixSSHHostCert:          "ssh_host_certificates_create",
	prefixSSHUserCert:          "ssh_user_certificates_create",
	prefixStaticBackend:        "static_backends_create",
	prefixTLSCertificate:       "tls_certificates_create",
	prefixTunnelGroupBackend:   "tunnel_group_backends_create",
	prefixVault:                "vaults_create",
	prefixWeightedBackend:      "weighted_backends_create",
}

// replayGivens make, before a collection's exchanges, what the recording's
// account held that they need or that its lists answer, and that no
// recorded exchange makes; every collection but reserved_domains (whose
// list would answer them) gets replayDomains first.
var replayGivens = map[string]func(r *replayer){
	// NOTE: the account's own API key, which made the recordings (no
	// metadata).
	"api_keys": func(r *replayer) { r.post("/api_keys", `{"description":"api key for example generation"}`) },
	// NOTE: a second bot user, so that the list of one has a next page.
	"bot_users": func(r *replayer) { r.post("/bot_users", `{"name":"API example bot user"}`) },
	"certificate_authorities": func(r *replayer) {
		var create struct {
			CAPEM string `json:"ca_pem"`
		}
		if err := json.Unmarshal(r.byName["certificate_authorities_create"].Body, &create); err != nil {
			r.t.Fatal(err)
		}
		pem, _ := json.Marshal(create.CAPEM)
		r.post("/certificate_authorities", `{"ca_pem":`+string(pem)+`,"description":"Device Connectivity Authority"}`)
		r.post("/certificate_authorities", `{"ca_pem":`+string(pem)+`}`)
	},
	"credentials": func(r *replayer) {
		r.post("/credentials", `{"acl":["bind:1.tcp.ngrok.io:20002","bind:132.devices.company.com"],"description":"for device #132"}`)
	},
	"edges_tls": func(r *replayer) {
		backend := r.post("/backends/http_response", `{"body":"one","status_code":200}`)["id"]
		r.post("/edges/tls", fmt.Sprintf(`{"description":"acme tls edge","hostports":["endpoint-example2.com:443"],"backend":{"backend_id":%q}}`, backend))
	},
	// NOTE: an agent's endpoint and an edge's, which the list answers.
	"endpoints": func(r *replayer) {
		if _, err := r.s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://5e4b4e4a30dd.ngrok.app", Name: "command_line"}); err != nil {
			r.t.Fatal(err)
		}
		if _, err := r.s.SeedEdgeEndpoint(EdgeEndpointSeed{URL: "tls://endpoint-example2.com", EdgeID: "edgtls_334AeyMbE9VtCT4F375in8TmkQr"}); err != nil {
			r.t.Fatal(err)
		}
	},
	"http_response_backends": func(r *replayer) { r.post("/backends/http_response", `{"body":"one","status_code":200}`) },
	// NOTE: a domain of the account with a policy, whose certificate is
	// being provisioned, which the list answers.
	"reserved_domains": func(r *replayer) {
		r.post("/reserved_domains", `{"domain":"manage-0002.app.example.com","description":"Device 0001 Dashboard",`+
			`"metadata":"{\"service\": \"dashboard\"}","certificate_management_policy":{"authority":"letsencrypt","private_key_type":"ecdsa"}}`)
	},
	// NOTE: the session the get names, started with a credential.
	"tunnel_sessions": func(r *replayer) {
		id, err := r.s.SeedTunnelSession(TunnelSessionSeed{CredentialID: r.ensure("cr_334AeHbsqlb7v3zBOf6OPnt6tig", "")})
		if err != nil {
			r.t.Fatal(err)
		}
		r.ids["ts_334AeguNPwngGnMIrd3SZLE7pdZ"] = id
	},
	// NOTE: the tunnel the get names, of an agent endpoint, and a tunnel of
	// a labeled (edge) agent.
	"tunnels": func(r *replayer) {
		session, err := r.s.SeedTunnelSession(TunnelSessionSeed{})
		if err != nil {
			r.t.Fatal(err)
		}
		endpoint, err := r.s.SeedAgentEndpoint(AgentEndpointSeed{URL: "https://0a8813bbdb2b.ngrok.app", TunnelSessionID: session})
		if err != nil {
			r.t.Fatal(err)
		}
		id, err := r.s.SeedTunnel(TunnelSeed{TunnelSessionID: session, PublicURL: "https://0a8813bbdb2b.ngrok.app", EndpointID: endpoint})
		if err != nil {
			r.t.Fatal(err)
		}
		r.ids["tn_334AdxVTnXuuSdnxdzbv1DQunTe"] = id
		if _, err := r.s.SeedTunnel(TunnelSeed{TunnelSessionID: session, Labels: map[string]string{"baz": "qux", "foo": "bar"}}); err != nil {
			r.t.Fatal(err)
		}
	},
}

// replayDomains reserves the domains the recordings' edges and endpoints are
// on (example.com:443, https://endpoint-example2.com:443), which the
// recording's account had reserved (the endpoint's answer names its domain).
func replayDomains(r *replayer) {
	for _, domain := range []string{"example.com", "endpoint-example2.com"} {
		r.post("/reserved_domains", `{"domain":"`+domain+`"}`)
	}
}

var recordedIDPattern = regexp.MustCompile(`[a-z][a-z0-9]*_[0-9A-Za-z]{27}`)

// TestReplayRecordedExchanges sends every request ngrok recorded for its API
// reference (third_party/ngrok-exchanges) to the mock, a collection's
// exchanges in order on one server, and compares the status and the shape
// of the answer with the recorded ones: every difference is a row of
// replayDifferences, and every row a difference.
func TestReplayRecordedExchanges(t *testing.T) {
	t.Parallel()
	corpus, err := ngrokexchanges.Load()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]ngrokexchanges.Exchange{}
	scenarios := map[string][]ngrokexchanges.Exchange{}
	for _, x := range corpus.Exchanges {
		byName[x.Name] = x
		collection, _ := replayOperation(x.Name)
		scenarios[collection] = append(scenarios[collection], x)
	}
	var mu sync.Mutex
	got := map[string][]ngrokexchanges.Difference{}
	t.Run("collections", func(t *testing.T) {
		for collection, xs := range scenarios {
			slices.SortFunc(xs, func(a, b ngrokexchanges.Exchange) int {
				_, opA := replayOperation(a.Name)
				_, opB := replayOperation(b.Name)
				return slices.Index(replayOrder, opA) - slices.Index(replayOrder, opB)
			})
			t.Run(collection, func(t *testing.T) {
				t.Parallel()
				r := newReplayer(t, byName)
				if collection != "reserved_domains" {
					replayDomains(r)
				}
				if given := replayGivens[collection]; given != nil {
					given(r)
				}
				for _, x := range xs {
					diffs := r.replay(x)
					mu.Lock()
					got[x.Name] = diffs
					mu.Unlock()
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	matched := 0
	for _, x := range corpus.Exchanges {
		if len(got[x.Name]) == 0 {
			matched++
		}
		for _, d := range got[x.Name] {
			if !slices.ContainsFunc(replayDifferences, func(row replayDifference) bool { return row.covers(x.Name, d.Path) }) {
				t.Errorf("%s (%s %s): %s", x.Name, x.Method, x.Path, d)
			}
		}
	}
	for _, row := range replayDifferences {
		named := 0
		for _, x := range corpus.Exchanges {
			if ok, _ := path.Match(row.exchange, x.Name); !ok {
				continue
			}
			named++
			if !slices.ContainsFunc(got[x.Name], func(d ngrokexchanges.Difference) bool { return d.Path == row.field }) {
				t.Errorf("row %s %s no longer differs in %s: remove it, or narrow its pattern", row.exchange, row.field, x.Name)
			}
		}
		if named == 0 {
			t.Errorf("row %s %s names no recorded exchange", row.exchange, row.field)
		}
	}
	t.Logf("%d recorded exchanges (%d unrecorded), %d answered as recorded; %d rows of differences",
		len(corpus.Exchanges), len(corpus.Unrecorded), matched, len(replayDifferences))
}

func (row replayDifference) covers(name, field string) bool {
	ok, _ := path.Match(row.exchange, name)
	return ok && row.field == field
}

// replayOperation splits an exchange's name into its collection and its
// operation (one of replayOrder; "" for an exchange without one: self).
func replayOperation(name string) (collection, op string) {
	best := ""
	for _, o := range replayOrder {
		if strings.HasSuffix(name, "_"+o) && len(o) > len(best) {
			best = o
		}
	}
	if best == "" {
		return name, ""
	}
	return strings.TrimSuffix(name, "_"+best), best
}

// replayer replays exchanges on one server, keeping which of its objects
// stands for each recorded ID.
type replayer struct {
	t      *testing.T
	s      *Server
	byName map[string]ngrokexchanges.Exchange
	ids    map[string]string // recorded ID → the mock's
	made   map[string]bool   // the mock's IDs among them
}

func newReplayer(t *testing.T, byName map[string]ngrokexchanges.Exchange) *replayer {
	s := New(WithClock(func() time.Time { return replayEpoch }))
	// NOTE: the recordings' account could still write edges.
	s.SetEdgesWritable(true)
	return &replayer{t: t, s: s, byName: byName, ids: map[string]string{}, made: map[string]bool{}}
}

// replay sends x and compares the answer with the recorded one.
func (r *replayer) replay(x ngrokexchanges.Exchange) []ngrokexchanges.Difference {
	status, body, raw := r.send(x)
	if status != x.Status {
		return []ngrokexchanges.Difference{{Path: "status", Want: fmt.Sprint(x.Status), Got: fmt.Sprintf("%d %s", status, raw)}}
	}
	if x.ObjectID != "" && x.Method == http.MethodPost {
		if id, ok := idOf(body); ok {
			r.ids[x.ObjectID], r.made[id] = id, true
		}
	}
	if x.Method == http.MethodDelete {
		delete(r.ids, path.Base(x.Path))
	}
	var shape any
	if body != nil {
		shape = ngrokexchanges.Shape(body, ngrokexchanges.Origin)
	}
	return ngrokexchanges.Compare(x.Response, shape)
}

// send sends x's request with the mock's IDs for the recorded ones, made
// first where the mock has none; for a request ngrok recorded as naming
// what does not exist (a 404), the recorded IDs are sent as they are.
func (r *replayer) send(x ngrokexchanges.Exchange) (status int, body any, raw string) {
	r.t.Helper()
	target, reqBody := x.Path, string(x.Body)
	if x.Status != http.StatusNotFound {
		segments := strings.Split(x.Path, "/")
		for i, seg := range segments {
			if recordedIDPattern.MatchString(seg) {
				parent := ""
				if i >= 2 {
					parent = segments[i-2]
				}
				segments[i] = r.ensure(seg, parent)
			}
		}
		target = strings.Join(segments, "/")
		for key, id := range bodyIDs(r.t, x.Body) {
			reqBody = strings.ReplaceAll(reqBody, id, r.ensure(id, key))
		}
	}
	if x.Query != "" {
		target += "?" + x.Query
	}
	w := do(r.t, r.s, x.Method, ngrokexchanges.Origin+target, reqBody)
	raw = w.Body.String()
	if w.Body.Len() > 0 {
		if err := json.Unmarshal(w.Body.Bytes(), &body); err != nil {
			r.t.Fatalf("%s: the answer is not JSON: %v: %s", x.Name, err, raw)
		}
	}
	return w.Code, body, raw
}

// idOf is the id of a decoded answer.
func idOf(body any) (string, bool) {
	obj, ok := body.(map[string]any)
	if !ok {
		return "", false
	}
	id, ok := obj["id"].(string)
	return id, ok
}

// post sends a request of a given, which must succeed, and returns its
// answer.
func (r *replayer) post(path, body string) map[string]any {
	r.t.Helper()
	w := do(r.t, r.s, http.MethodPost, ngrokexchanges.Origin+path, body)
	if w.Code != http.StatusCreated {
		r.t.Fatalf("POST %s %s: %d %s", path, body, w.Code, w.Body)
	}
	return decodeBody[map[string]any](r.t, w)
}

// bodyIDs are the recorded IDs a request body names, by the key they are
// the value of (a map's key for a weighted backend's backends).
func bodyIDs(t *testing.T, body json.RawMessage) map[string]string {
	if len(body) == 0 {
		return nil
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	var walk func(key string, v any)
	walk = func(key string, v any) {
		switch v := v.(type) {
		case string:
			if recordedIDPattern.MatchString(v) && len(v) == len(recordedIDPattern.FindString(v)) {
				out[key] = v
			}
		case []any:
			for i, e := range v {
				walk(fmt.Sprintf("%s[%d]", key, i), e)
			}
		case map[string]any:
			for k, e := range v {
				if recordedIDPattern.MatchString(k) && len(k) == len(recordedIDPattern.FindString(k)) {
					out[key+"."+k] = k
				}
				walk(k, e)
			}
		}
	}
	walk("", v)
	// NOTE: keyed by place, answered by ID: one ID at two places is one.
	byID := map[string]string{}
	for k, id := range out {
		byID[id] = k
	}
	out = map[string]string{}
	for id, k := range byID {
		out[k] = id
	}
	return out
}

// ensure is the mock's ID for a recorded one, made first when the mock has
// none: by the recorded exchange that creates its kind (replayCreators), or
// by seeding what the API cannot create. parent is what names it: the path
// segment before its collection's, or the body's key. A prefix the replay
// does not make (a user's, an operation's) is sent as recorded.
func (r *replayer) ensure(id, parent string) string {
	r.t.Helper()
	if m, ok := r.ids[id]; ok {
		return m
	}
	if r.made[id] {
		return id
	}
	prefix := id[:strings.Index(id, "_")+1]
	var made string
	var err error
	switch prefix {
	case prefixEndpointConfiguration:
		typ := endpointConfigurationHTTPS
		if strings.HasPrefix(parent, "http_") {
			typ = endpointConfigurationHTTP
		}
		made, err = r.s.SeedEndpointConfiguration(EndpointConfigurationSeed{Type: typ})
	case prefixTunnelSession:
		made, err = r.s.SeedTunnelSession(TunnelSessionSeed{})
	case prefixTunnel:
		var session string
		if session, err = r.s.SeedTunnelSession(TunnelSessionSeed{}); err == nil {
			made, err = r.s.SeedTunnel(TunnelSeed{TunnelSessionID: session, PublicURL: "https://0a8813bbdb2b.ngrok.app"})
		}
	default:
		name, ok := replayCreators[prefix]
		if !ok {
			return id
		}
		x := r.byName[name]
		if prefix == prefixEdgeHTTPSRoute {
			x.Path = "/edges/https/" + parent + "/routes"
		}
		status, body, raw := r.send(x)
		if status != http.StatusCreated {
			r.t.Fatalf("making %s for %s by %s: %d %s", prefix, id, name, status, raw)
		}
		made, _ = idOf(body)
	}
	if err != nil {
		r.t.Fatalf("seeding %s for %s: %v", prefix, id, err)
	}
	r.ids[id], r.made[made] = made, true
	return made
}
