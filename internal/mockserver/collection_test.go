package mockserver

import (
	"cmp"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// declaredFixture makes one object of a declared collection on s and
// returns its ID.
type declaredFixture func(t *testing.T, s *Server) string

// declaredFixtures holds a fixture per declared collection: every test
// below runs over all of them, and TestEveryDeclaredCollectionIsTested
// fails when a collection has none.
var declaredFixtures = map[string]declaredFixture{
	collSSHCAs: func(t *testing.T, s *Server) string { return newTestCA(t, s) },
	collIPPolicies: func(t *testing.T, s *Server) string {
		return createIPPolicy(t, s, `{"description":"x"}`).ID
	},
	collIPPolicyRules: func(t *testing.T, s *Server) string {
		return createIPRule(t, s, createIPPolicy(t, s, "").ID, "192.0.2.0/24", "allow").ID
	},
	collVaults: func(t *testing.T, s *Server) string {
		return createVault(t, s, `{"name":"fixture-`+fixtureSuffix()+`"}`).ID
	},
	collSecrets: func(t *testing.T, s *Server) string {
		return postSecret(t, s, `{"name":"fixture","value":"v","vault_id":"`+createVault(t, s, `{"name":"fixture-`+fixtureSuffix()+`"}`).ID+`"}`).ID
	},
	collEventDestinations: func(t *testing.T, s *Server) string {
		return createEventDestination(t, s, `{"target":`+kinesisRoleTarget+`}`).ID
	},
	collEventSubscriptions: func(t *testing.T, s *Server) string {
		return createEventSubscription(t, s, `{"sources":[{"type":"vault_created.v0"}]}`).ID
	},
	collTLSCertificates: func(t *testing.T, s *Server) string {
		return createCert(t, s, newTestCert(t, keyTypeEd25519, nil, nil), "").ID
	},
	collCredentials: func(t *testing.T, s *Server) string {
		return decodeBody[CredentialWire](t, do(t, s, http.MethodPost, "/credentials", `{"acl":["bind:x.example.com"]}`)).ID
	},
	collAPIKeys: func(t *testing.T, s *Server) string {
		return decodeBody[APIKeyWire](t, do(t, s, http.MethodPost, "/api_keys", `{"description":"x"}`)).ID
	},
	collSSHCredentials: func(t *testing.T, s *Server) string {
		return decodeBody[SSHCredentialWire](t, do(t, s, http.MethodPost, "/ssh_credentials",
			`{"public_key":`+strconv.Quote(testAuthorizedKey(t))+`}`)).ID
	},
	collServiceUsers: func(t *testing.T, s *Server) string {
		return createUser(t, s, collServiceUsers, `{"name":"ci"}`).ID
	},
	collBotUsers: func(t *testing.T, s *Server) string {
		return createUser(t, s, collBotUsers, `{"name":"ci"}`).ID
	},
	collAgentIngresses: func(t *testing.T, s *Server) string {
		return createAgentIngress(t, s, `{"domain":"connect.example.com"}`).ID
	},
	collReservedAddrs: func(t *testing.T, s *Server) string {
		return createReservedAddr(t, s, `{}`).ID
	},
	collIPRestrictions: func(t *testing.T, s *Server) string {
		return createIPRestriction(t, s, `{"type":"dashboard","ip_policy_ids":["`+createIPPolicy(t, s, "").ID+`"]}`).ID
	},
	collCertificateAuthorities: func(t *testing.T, s *Server) string {
		return createCertificateAuthority(t, s, newTestCACert(t, "ca").certPEM).ID
	},
	collTunnelGroupBackends: func(t *testing.T, s *Server) string {
		return createBackend(t, s, collTunnelGroupBackends, `{"labels":{"app":"web"}}`)
	},
	collHTTPResponseBackends: func(t *testing.T, s *Server) string {
		return createBackend(t, s, collHTTPResponseBackends, `{"status_code":404}`)
	},
	collFailoverBackends: func(t *testing.T, s *Server) string {
		return createBackend(t, s, collFailoverBackends, `{"backends":["`+createBackend(t, s, collHTTPResponseBackends, `{}`)+`"]}`)
	},
	collWeightedBackends: func(t *testing.T, s *Server) string {
		return createBackend(t, s, collWeightedBackends, `{"backends":{"`+createBackend(t, s, collHTTPResponseBackends, `{}`)+`":1}}`)
	},
	collStaticBackends: func(t *testing.T, s *Server) string {
		return createBackend(t, s, collStaticBackends, `{"address":"example.com:443"}`)
	},
}

// unfilteredCollections are the declared collections whose lists take no
// filter [real: the spec]: backends and bot users.
var unfilteredCollections = map[string]bool{
	collTunnelGroupBackends: true, collHTTPResponseBackends: true, collFailoverBackends: true,
	collWeightedBackends: true, collStaticBackends: true, collBotUsers: true,
}

// tableOf is the control API's name of a declared collection's table.
func tableOf(name string) string { return cmp.Or(declaredTables[name], name) }

var fixtureCount atomic.Int64

// fixtureSuffix makes the names of fixtures unique, for collections whose
// names must be.
func fixtureSuffix() string { return strconv.FormatInt(fixtureCount.Add(1), 10) }

// descriptionCodes are the codes of a too long description where ngrok's
// reference documents the collection's [real: errors/err_ngrok_<n>.mdx];
// the rest answer the generic ERR_NGROK_215.
var descriptionCodes = map[string]*errorKind{
	collSSHCAs: errSSHCADescription, collIPPolicyRules: errIPRuleDescription,
	collCredentials: errCredentialDescription, collAPIKeys: errCredentialDescription, collSSHCredentials: errCredentialDescription,
	collTLSCertificates: errTLSCertDescription, collCertificateAuthorities: errCADescription,
	collReservedAddrs: errReservedAddrDescription, collAgentIngresses: errAgentIngressDescription,
	collFailoverBackends: errBackendDescription, collHTTPResponseBackends: errBackendDescription,
	collStaticBackends: errBackendDescription, collTunnelGroupBackends: errBackendDescription,
	collWeightedBackends: errBackendDescription,
}

// withoutFreeText are the declared collections whose objects have no
// description and metadata: users.
var withoutFreeText = map[string]bool{collServiceUsers: true, collBotUsers: true}

func TestEveryDeclaredCollectionIsTested(t *testing.T) {
	t.Parallel()
	got := slices.Sorted(maps.Keys(declaredFixtures))
	if want := slices.Sorted(slices.Values(declaredCollections)); !slices.Equal(got, want) {
		t.Errorf("fixtures for %v, declared collections %v", got, want)
	}
}

func TestDeclaredRoutes(t *testing.T) {
	t.Parallel()
	for _, name := range declaredCollections {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := New()
			id := declaredFixtures[name](t, s)
			list, one := "/"+name, "/"+name+"/"+id
			for target, allow := range map[string]string{list: "POST, GET", one: "GET, PATCH, DELETE"} {
				wantRouteNotFound(t, do(t, s, http.MethodPut, target, `{}`), target)
				w := do(t, s, http.MethodOptions, target, "",
					withHeader("Origin", "https://app.example.com"), withHeader("Access-Control-Request-Method", "PUT"))
				wantStatus(t, w, http.StatusNoContent)
				if got := w.Header().Get("Access-Control-Allow-Methods"); got != allow {
					t.Errorf("Access-Control-Allow-Methods on %s = %q, want %q", target, got, allow)
				}
			}
			wantError(t, do(t, s, http.MethodGet, list+"?sort=asc", ""), http.StatusBadRequest, errUnknownQueryParameter.code)
			wantError(t, do(t, s, http.MethodGet, "/"+name+"/op_2RfSBcv0nsy71XCHWOegjx1OoKh", ""), http.StatusBadRequest, errWrongIDPrefix.code)
			if withoutFreeText[name] {
				wantError(t, do(t, s, http.MethodPatch, one, `{"description":"x"}`), http.StatusBadRequest, errUnknownField.code)
			} else {
				wantError(t, do(t, s, http.MethodPatch, one, `{"id":"`+id+`"}`), http.StatusBadRequest, errUnknownField.code)
				wantError(t, do(t, s, http.MethodPatch, one, `{"description":"`+strings.Repeat("d", 256)+`"}`), http.StatusBadRequest,
					cmp.Or(descriptionCodes[name], errInvalidValue).code)
			}
			if unfilteredCollections[name] {
				wantError(t, do(t, s, http.MethodGet, list+"?filter=true", ""), http.StatusBadRequest, errUnknownQueryParameter.code)
				return
			}
			w := do(t, s, http.MethodGet, list+"?limit=1&filter=obj.id%20%3D%3D%20%22"+id+"%22", "")
			wantStatus(t, w, http.StatusOK)
			var page []map[string]any
			if err := json.Unmarshal(decodeBody[map[string]json.RawMessage](t, w)[cmp.Or(declaredProperties[name], name)], &page); err != nil || len(page) != 1 || page[0]["id"] != id {
				t.Errorf("the filter on id listed %v", page)
			}
		})
	}
}

// The operational parts apply to declared collections without their
// knowing: the control API's PATCH and delete, fault rules, the journal.
func TestDeclaredCollectionsMeetTheControlAPI(t *testing.T) {
	t.Parallel()
	for _, name := range declaredCollections {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := New()
			id := declaredFixtures[name](t, s)
			edit := `{"metadata":"edited"}`
			if withoutFreeText[name] {
				edit = `{"name":"edited"}`
			}
			rec := s.EditObject(nil, tableOf(name), id, []byte(edit))
			if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), strings.Trim(edit, "{}")) {
				t.Errorf("control PATCH = %d %s", rec.Code, rec.Body)
			}
			if _, err := s.AddFault(FaultRule{Method: http.MethodGet, Path: "/" + name + "/*", Status: http.StatusBadGateway}); err != nil {
				t.Fatal(err)
			}
			wantInjectedError(t, do(t, s, http.MethodGet, "/"+name+"/"+id, ""), http.StatusBadGateway, "")
			wantStatus(t, do(t, s, http.MethodGet, "/"+name+"/"+id, ""), http.StatusOK)
			if _, counts := s.Journal(); counts["GET /"+name+"/{id}"] != 2 {
				t.Errorf("journal counts %v, want 2 under GET /%s/{id}", counts, name)
			}
			if err := s.DeleteObject(tableOf(name), id); err != nil {
				t.Fatal(err)
			}
			wantError(t, do(t, s, http.MethodGet, "/"+name+"/"+id, ""), http.StatusNotFound, "")
		})
	}
}

// A declaration's fields must point into the object it is given, or the
// machinery would set an ID and a creation time nobody stores.
func TestDeclaredFieldsPointIntoTheObject(t *testing.T) {
	t.Parallel()
	s := New()
	for _, name := range declaredCollections {
		id := declaredFixtures[name](t, s)
		state, err := s.MarshalState()
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(state), `"id": "`+id+`"`) || !strings.Contains(string(state), `"created_at": "`) {
			t.Errorf("%s: the stored object does not hold the ID %s and a creation time", name, id)
		}
	}
}
