package mockserver

import (
	"maps"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var ipPolicyIDPattern = regexp.MustCompile(`^ipp_[0-9A-Za-z]{27}$`)

func createIPPolicy(t *testing.T, s http.Handler, body string) ipPolicyWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ip_policies", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[ipPolicyWire](t, w)
}

type ipPolicyList struct {
	Items       []ipPolicyWire `json:"ip_policies"`
	URI         string         `json:"uri"`
	NextPageURI *string        `json:"next_page_uri"`
}

func TestIPPolicyCreateGetListPatchDelete(t *testing.T) {
	t.Parallel()
	s := New()
	created := createIPPolicy(t, s, `{"description":"office","metadata":"{\"team\":\"net\"}"}`)
	if !ipPolicyIDPattern.MatchString(created.ID) {
		t.Errorf("id = %q, want ipp_ and 27 base-62 characters", created.ID)
	}
	if want := "http://example.com/ip_policies/" + created.ID; created.URI != want {
		t.Errorf("uri = %q, want %q", created.URI, want)
	}
	if created.Description != "office" || created.Metadata != `{"team":"net"}` {
		t.Errorf("created = %+v", created)
	}
	one := "/ip_policies/" + created.ID
	if got := decodeBody[ipPolicyWire](t, do(t, s, http.MethodGet, one, "")); got != created {
		t.Errorf("get = %+v, want the created %+v", got, created)
	}
	page := decodeBody[ipPolicyList](t, do(t, s, http.MethodGet, "/ip_policies", ""))
	if len(page.Items) != 1 || page.Items[0] != created || page.NextPageURI != nil {
		t.Errorf("list = %+v, want the created policy alone", page)
	}

	w := do(t, s, http.MethodPatch, one, `{"description":"head office"}`)
	wantStatus(t, w, http.StatusOK)
	patched := decodeBody[ipPolicyWire](t, w)
	if patched.Description != "head office" || patched.Metadata != created.Metadata || patched.CreatedAt != created.CreatedAt {
		t.Errorf("patched = %+v, want only the description changed from %+v", patched, created)
	}
	if got := decodeBody[ipPolicyWire](t, do(t, s, http.MethodGet, one, "")); got != patched {
		t.Errorf("get after patch = %+v, want %+v", got, patched)
	}

	wantStatus(t, do(t, s, http.MethodDelete, one, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, one, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodDelete, one, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodPatch, one, `{"description":"x"}`), http.StatusNotFound, "")
}

func TestIPPolicyResponseFields(t *testing.T) {
	t.Parallel()
	w := do(t, New(), http.MethodPost, "/ip_policies", "")
	wantStatus(t, w, http.StatusCreated)
	got := slices.Sorted(maps.Keys(decodeBody[map[string]any](t, w)))
	if want := []string{"created_at", "id", "uri"}; !slices.Equal(got, want) {
		t.Errorf("fields of a policy without description or metadata = %v, want %v", got, want)
	}
}

func TestIPPolicyValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, body, code string
	}{
		{"create: description over 255 bytes", http.MethodPost, `{"description":"` + strings.Repeat("d", 256) + `"}`, errDescriptionTooLong.code},
		{"create: metadata over 4096 bytes", http.MethodPost, `{"metadata":"` + strings.Repeat("m", 4097) + `"}`, errMetadataTooLong.code},
		{"create: a field the spec does not have", http.MethodPost, `{"action":"allow"}`, errUnknownField.code},
		{"patch: description over 255 bytes", http.MethodPatch, `{"description":"` + strings.Repeat("d", 256) + `"}`, errDescriptionTooLong.code},
		{"patch: the id is the path's", http.MethodPatch, `{"id":"ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, errUnknownField.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			kept := createIPPolicy(t, s, `{"description":"kept"}`)
			target := "/ip_policies"
			if tt.method == http.MethodPatch {
				target += "/" + kept.ID
			}
			wantError(t, do(t, s, tt.method, target, tt.body), http.StatusBadRequest, tt.code)
			page := decodeBody[ipPolicyList](t, do(t, s, http.MethodGet, "/ip_policies", ""))
			if len(page.Items) != 1 || page.Items[0] != kept {
				t.Errorf("after a refused %s the policies are %+v, want only %+v", tt.method, page.Items, kept)
			}
		})
	}
}

func TestIPPolicyListFilterAndPages(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(2))
	var office []string
	for i, d := range []string{"office", "vpn", "office", "office"} {
		p := createIPPolicy(t, s, `{"description":"`+d+`","metadata":"`+strings.Repeat("x", i)+`"}`)
		if d == "office" {
			office = append(office, p.ID)
		}
	}
	slices.Reverse(office) // newest first
	var got []string
	next := "/ip_policies?filter=" + url.QueryEscape(`obj.description == "office"`)
	for next != "" {
		page := decodeBody[ipPolicyList](t, do(t, s, http.MethodGet, next, ""))
		for _, p := range page.Items {
			got = append(got, p.ID)
		}
		next = ""
		if page.NextPageURI != nil {
			next = *page.NextPageURI
		}
	}
	if !slices.Equal(got, office) {
		t.Errorf("filtered pages = %v, want %v", got, office)
	}
	wantError(t, do(t, s, http.MethodGet, "/ip_policies?filter="+url.QueryEscape(`obj.cidr == "x"`), ""),
		http.StatusBadRequest, errInvalidFilter.code)
}

func TestIPPolicyDeleteTakesItsRules(t *testing.T) {
	t.Parallel()
	s := New()
	doomed := createIPPolicy(t, s, "")
	other := createIPPolicy(t, s, "")
	createIPRule(t, s, doomed.ID, "10.0.0.0/8", "allow")
	createIPRule(t, s, doomed.ID, "192.0.2.0/24", "deny")
	kept := createIPRule(t, s, other.ID, "10.0.0.0/8", "allow")

	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policies/"+doomed.ID, ""), http.StatusNoContent)
	page := decodeBody[ipRuleList](t, do(t, s, http.MethodGet, "/ip_policy_rules", ""))
	if len(page.Items) != 1 || page.Items[0] != kept {
		t.Errorf("rules after deleting their policy = %+v, want only the other policy's %+v", page.Items, kept)
	}

	// The control API's delete, as in the dashboard, takes them too.
	if err := s.DeleteObject(collIPPolicies, other.ID); err != nil {
		t.Fatal(err)
	}
	if n := s.ipRules.len(); n != 0 {
		t.Errorf("%d rules left after the control API deleted their policy", n)
	}
}

// A policy that an IP restriction module names can be deleted, and the
// module goes on naming it [real].
func TestIPPolicyDeleteLeavesIPRestriction(t *testing.T) {
	t.Parallel()
	f := newEdgeFixture(t)
	policy := createIPPolicy(t, f.s, "")
	path := f.modulePath(ModuleIPRestriction)
	wantStatus(t, do(t, f.s, http.MethodPut, path, `{"ip_policy_ids":["`+policy.ID+`","`+f.policyA+`"]}`), http.StatusOK)
	wantStatus(t, do(t, f.s, http.MethodDelete, "/ip_policies/"+policy.ID, ""), http.StatusNoContent)
	w := do(t, f.s, http.MethodGet, path, "")
	wantStatus(t, w, http.StatusOK)
	got := decodeBody[ipRestrictionWire](t, w)
	if len(got.IPPolicies) != 2 || got.IPPolicies[0].ID != policy.ID {
		t.Errorf("module after its policy was deleted = %+v, want it to name %s still", got, policy.ID)
	}
}

func TestIPPolicySeededIsServed(t *testing.T) {
	t.Parallel()
	s := New()
	id, err := s.SeedIPPolicy(IPPolicySeed{ID: "ipp_2hHHDdTq7ZJ1QqXgS1Dd3a0f0nM", Description: "seeded"})
	if err != nil {
		t.Fatal(err)
	}
	got := decodeBody[ipPolicyWire](t, do(t, s, http.MethodGet, "/ip_policies/"+id, ""))
	if got.ID != id || got.Description != "seeded" {
		t.Errorf("seeded policy = %+v", got)
	}
	createIPRule(t, s, id, "198.51.100.0/24", "allow")
	later := createIPPolicy(t, s, "")
	if later.ID <= id {
		t.Errorf("a policy created after the seed has ID %s, not after the seeded %s", later.ID, id)
	}
}

func TestIPPolicyIdempotentCreate(t *testing.T) {
	t.Parallel()
	s := New()
	key := withHeader(headerIdempotency, "policy-1")
	first := do(t, s, http.MethodPost, "/ip_policies", `{"description":"a"}`, key)
	wantStatus(t, first, http.StatusCreated)
	again := do(t, s, http.MethodPost, "/ip_policies", `{"description":"a"}`, key)
	if again.Code != http.StatusCreated || again.Body.String() != first.Body.String() {
		t.Errorf("replay = %d %s, want the first answer %s", again.Code, again.Body, first.Body)
	}
	wantError(t, do(t, s, http.MethodPost, "/ip_policies", `{"description":"b"}`, key), http.StatusConflict, errIdempotencyMismatch.code)
	if n := s.edges.ipPolicies.len(); n != 1 {
		t.Errorf("%d policies, want 1", n)
	}
}

func TestIPPolicyStateFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	gone := createIPPolicy(t, s, `{"description":"gone"}`)
	kept := createIPPolicy(t, s, `{"description":"kept"}`)
	rule := createIPRule(t, s, gone.ID, "10.0.0.0/8", "allow")
	wantStatus(t, do(t, s, http.MethodPatch, "/ip_policies/"+kept.ID, `{"metadata":"m"}`), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policies/"+gone.ID, ""), http.StatusNoContent)

	s = restart(t, s, path)
	got := decodeBody[ipPolicyWire](t, do(t, s, http.MethodGet, "/ip_policies/"+kept.ID, ""))
	if got.Description != "kept" || got.Metadata != "m" {
		t.Errorf("after a restart the policy is %+v", got)
	}
	wantError(t, do(t, s, http.MethodGet, "/ip_policies/"+gone.ID, ""), http.StatusNotFound, "")
	wantError(t, do(t, s, http.MethodGet, "/ip_policy_rules/"+rule.ID, ""), http.StatusNotFound, "")
}
