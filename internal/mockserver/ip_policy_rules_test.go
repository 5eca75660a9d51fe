package mockserver

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var ipRuleIDPattern = regexp.MustCompile(`^ipr_[0-9A-Za-z]{27}$`)

func createIPRule(t *testing.T, s http.Handler, policyID, cidr, action string) ipPolicyRuleWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+policyID+`","cidr":"`+cidr+`","action":"`+action+`"}`)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[ipPolicyRuleWire](t, w)
}

type ipRuleList struct {
	Items       []ipPolicyRuleWire `json:"ip_policy_rules"`
	URI         string             `json:"uri"`
	NextPageURI *string            `json:"next_page_uri"`
}

func TestIPRuleCreateGetListPatchDelete(t *testing.T) {
	t.Parallel()
	s := New()
	policy := createIPPolicy(t, s, "")
	w := do(t, s, http.MethodPost, "/ip_policy_rules",
		`{"ip_policy_id":"`+policy.ID+`","cidr":"203.0.113.0/24","action":"deny","description":"nyc office","metadata":"m"}`)
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[ipPolicyRuleWire](t, w)
	if !ipRuleIDPattern.MatchString(created.ID) {
		t.Errorf("id = %q, want ipr_ and 27 base-62 characters", created.ID)
	}
	want := refWire{ID: policy.ID, URI: "http://example.com/ip_policies/" + policy.ID}
	if created.IPPolicy != want || created.CIDR != "203.0.113.0/24" || created.Action != "deny" ||
		created.Description != "nyc office" || created.Metadata != "m" {
		t.Errorf("created = %+v", created)
	}
	one := "/ip_policy_rules/" + created.ID
	if got := decodeBody[ipPolicyRuleWire](t, do(t, s, http.MethodGet, one, "")); got != created {
		t.Errorf("get = %+v, want %+v", got, created)
	}
	if page := decodeBody[ipRuleList](t, do(t, s, http.MethodGet, "/ip_policy_rules", "")); len(page.Items) != 1 || page.Items[0] != created {
		t.Errorf("list = %+v", page)
	}

	w = do(t, s, http.MethodPatch, one, `{"cidr":"2001:DB8:0::/32","description":""}`)
	wantStatus(t, w, http.StatusOK)
	patched := decodeBody[ipPolicyRuleWire](t, w)
	if patched.CIDR != "2001:db8::/32" || patched.Description != "" || patched.Metadata != "m" || patched.Action != "deny" {
		t.Errorf("patched = %+v", patched)
	}

	wantStatus(t, do(t, s, http.MethodDelete, one, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, one, ""), http.StatusNotFound, "")
	if got := decodeBody[ipPolicyWire](t, do(t, s, http.MethodGet, "/ip_policies/"+policy.ID, "")); got != policy {
		t.Errorf("deleting a rule changed its policy: %+v", got)
	}
}

func TestIPRuleCIDR(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cidr, want, code string
	}{
		{"10.0.0.0/8", "10.0.0.0/8", ""},
		{"0.0.0.0/0", "0.0.0.0/0", ""},
		{"198.51.100.7/32", "198.51.100.7/32", ""},
		{"::/0", "::/0", ""},
		{"2001:DB8::/32", "2001:db8::/32", ""},
		{"2001:0db8:0000::/48", "2001:db8::/48", ""},
		{"::ffff:192.0.2.0/120", "::ffff:192.0.2.0/120", ""},
		{"10.0.0.1/8", "", errIPRuleHostBits.code},
		{"2001:db8::1/64", "", errIPRuleHostBits.code},
		{"10.0.0.1", "", errIPRuleNoMask.code},
		{"2001:db8::1", "", errIPRuleNoMask.code},
		{"", "", errIPRuleCIDR.code},
		{"10.0.0.0/33", "", errIPRuleCIDR.code},
		{"10.0.0/8", "", errIPRuleCIDR.code},
		{"010.0.0.0/8", "", errIPRuleCIDR.code},
		{" 10.0.0.0/8", "", errIPRuleCIDR.code},
		{"fe80::%eth0/64", "", errIPRuleCIDR.code},
		{"example.com/24", "", errIPRuleCIDR.code},
	}
	for _, tt := range tests {
		t.Run(tt.cidr, func(t *testing.T) {
			t.Parallel()
			s := New()
			policy := createIPPolicy(t, s, "")
			w := do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+policy.ID+`","cidr":"`+tt.cidr+`","action":"allow"}`)
			if tt.code != "" {
				wantError(t, w, http.StatusBadRequest, tt.code)
				return
			}
			wantStatus(t, w, http.StatusCreated)
			if got := decodeBody[ipPolicyRuleWire](t, w).CIDR; got != tt.want {
				t.Errorf("cidr = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestIPRuleHostBitsSuggestsTheRange(t *testing.T) {
	t.Parallel()
	s := New()
	policy := createIPPolicy(t, s, "")
	w := do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+policy.ID+`","cidr":"192.0.2.77/24","action":"allow"}`)
	wantError(t, w, http.StatusBadRequest, errIPRuleHostBits.code)
	if msg := decodeBody[errorBody](t, w).Msg; !strings.Contains(msg, "Did you mean 192.0.2.0/24?") {
		t.Errorf("message %q does not suggest 192.0.2.0/24", msg)
	}
}

func TestIPRuleCreateValidation(t *testing.T) {
	t.Parallel()
	const unknownPolicy = "ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"
	tests := []struct {
		name   string
		body   func(policy string) string
		status int
		code   string
	}{
		{"no ip_policy_id", func(string) string { return `{"cidr":"10.0.0.0/8","action":"allow"}` },
			http.StatusBadRequest, errIPRulePolicy.code},
		{"ip_policy_id of another kind", func(string) string {
			return `{"ip_policy_id":"sshca_2RfSBcv0nsy71XCHWOegjx1OoKh","cidr":"10.0.0.0/8","action":"allow"}`
		}, http.StatusBadRequest, errWrongIDPrefix.code},
		{"ip_policy_id of no policy", func(string) string {
			return `{"ip_policy_id":"` + unknownPolicy + `","cidr":"10.0.0.0/8","action":"allow"}`
		}, http.StatusBadRequest, errIPRulePolicy.code},
		{"no action", func(p string) string { return `{"ip_policy_id":"` + p + `","cidr":"10.0.0.0/8"}` },
			http.StatusBadRequest, errIPRuleAction.code},
		{"action in upper case", func(p string) string { return `{"ip_policy_id":"` + p + `","cidr":"10.0.0.0/8","action":"ALLOW"}` },
			http.StatusBadRequest, errIPRuleAction.code},
		{"action of another word", func(p string) string { return `{"ip_policy_id":"` + p + `","cidr":"10.0.0.0/8","action":"block"}` },
			http.StatusBadRequest, errIPRuleAction.code},
		{"no cidr", func(p string) string { return `{"ip_policy_id":"` + p + `","action":"allow"}` },
			http.StatusBadRequest, errIPRuleCIDR.code},
		{"description over 255 bytes", func(p string) string {
			return `{"ip_policy_id":"` + p + `","cidr":"10.0.0.0/8","action":"allow","description":"` + strings.Repeat("d", 256) + `"}`
		}, http.StatusBadRequest, errIPRuleDescription.code},
		{"the cidr of another rule of the policy", func(p string) string {
			return `{"ip_policy_id":"` + p + `","cidr":"192.0.2.0/24","action":"deny"}`
		}, http.StatusConflict, errIPRuleDuplicate.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			policy := createIPPolicy(t, s, "")
			createIPRule(t, s, policy.ID, "192.0.2.0/24", "allow")
			wantError(t, do(t, s, http.MethodPost, "/ip_policy_rules", tt.body(policy.ID)), tt.status, tt.code)
			if n := s.ipRules.len(); n != 1 {
				t.Errorf("a refused create left %d rules, want 1", n)
			}
		})
	}
}

func TestIPRuleDuplicatesAreCanonical(t *testing.T) {
	t.Parallel()
	s := New()
	a, b := createIPPolicy(t, s, ""), createIPPolicy(t, s, "")
	createIPRule(t, s, a.ID, "2001:db8::/32", "allow")
	createIPRule(t, s, b.ID, "2001:db8::/32", "allow") // another policy: allowed
	w := do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+a.ID+`","cidr":"2001:DB8:0::/32","action":"deny"}`)
	wantError(t, w, http.StatusConflict, errIPRuleDuplicate.code)
}

func TestIPRulePatchValidation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		body   string
		status int
		code   string
	}{
		{"empty body", ``, http.StatusBadRequest, errIPRuleEmptyUpdate.code},
		{"empty object", `{}`, http.StatusBadRequest, errIPRuleEmptyUpdate.code},
		{"nulls only", `{"description":null,"cidr":null}`, http.StatusBadRequest, errIPRuleEmptyUpdate.code},
		{"action cannot change", `{"action":"deny"}`, http.StatusBadRequest, errUnknownField.code},
		{"policy cannot change", `{"ip_policy_id":"ipp_2RfSBcv0nsy71XCHWOegjx1OoKh"}`, http.StatusBadRequest, errUnknownField.code},
		{"invalid cidr", `{"cidr":"10.0.0.1/8"}`, http.StatusBadRequest, errIPRuleHostBits.code},
		{"the cidr of another rule", `{"cidr":"198.51.100.0/24"}`, http.StatusConflict, errIPRuleDuplicate.code},
		{"metadata over 4096 bytes", `{"metadata":"` + strings.Repeat("m", 4097) + `"}`, http.StatusBadRequest, errInvalidValue.code},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := New()
			policy := createIPPolicy(t, s, "")
			rule := createIPRule(t, s, policy.ID, "192.0.2.0/24", "allow")
			createIPRule(t, s, policy.ID, "198.51.100.0/24", "allow")
			one := "/ip_policy_rules/" + rule.ID
			wantError(t, do(t, s, http.MethodPatch, one, tt.body), tt.status, tt.code)
			if got := decodeBody[ipPolicyRuleWire](t, do(t, s, http.MethodGet, one, "")); got != rule {
				t.Errorf("a refused patch changed the rule to %+v", got)
			}
		})
	}
}

// The rules of one policy are listed through a filter on the policy's
// reference, page by page.
func TestIPRuleListByPolicy(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(3))
	mine, other := createIPPolicy(t, s, ""), createIPPolicy(t, s, "")
	var want []string
	for i := range 7 {
		cidr := "10.0." + string(rune('0'+i)) + ".0/24"
		want = append(want, createIPRule(t, s, mine.ID, cidr, "allow").ID)
		createIPRule(t, s, other.ID, cidr, "deny")
	}
	slices.Reverse(want)
	var got []string
	next := "/ip_policy_rules?filter=" + url.QueryEscape(`obj.ip_policy.id == "`+mine.ID+`"`)
	for pages := 0; next != ""; pages++ {
		if pages > 3 {
			t.Fatalf("more than 3 pages: %v", got)
		}
		page := decodeBody[ipRuleList](t, do(t, s, http.MethodGet, next, ""))
		for _, r := range page.Items {
			if r.IPPolicy.ID != mine.ID {
				t.Errorf("the filter let through %+v", r)
			}
			got = append(got, r.ID)
		}
		next = ""
		if page.NextPageURI != nil {
			next = *page.NextPageURI
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("rules of the policy = %v, want %v", got, want)
	}
	w := do(t, s, http.MethodGet, "/ip_policy_rules?filter="+url.QueryEscape(`obj.action == "deny" && obj.cidr.startsWith("10.0.6.")`), "")
	if page := decodeBody[ipRuleList](t, w); len(page.Items) != 1 || page.Items[0].IPPolicy.ID != other.ID {
		t.Errorf("filter on action and cidr = %+v", page.Items)
	}
}

func TestIPRuleIdempotentCreate(t *testing.T) {
	t.Parallel()
	s := New()
	policy := createIPPolicy(t, s, "")
	body := `{"ip_policy_id":"` + policy.ID + `","cidr":"10.0.0.0/8","action":"allow"}`
	key := withHeader(headerIdempotency, "rule-1")
	first := do(t, s, http.MethodPost, "/ip_policy_rules", body, key)
	wantStatus(t, first, http.StatusCreated)
	// NOTE: without the key, the same body is a duplicate cidr; with it, a replay.
	again := do(t, s, http.MethodPost, "/ip_policy_rules", body, key)
	if again.Code != http.StatusCreated || again.Body.String() != first.Body.String() {
		t.Errorf("replay = %d %s, want %s", again.Code, again.Body, first.Body)
	}
	if n := s.ipRules.len(); n != 1 {
		t.Errorf("%d rules, want 1", n)
	}
}

func TestIPRuleStateFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "state")
	s := openState(t, path)
	policy := createIPPolicy(t, s, "")
	rule := createIPRule(t, s, policy.ID, "10.0.0.0/8", "allow")
	w := do(t, s, http.MethodPatch, "/ip_policy_rules/"+rule.ID, `{"cidr":"10.1.0.0/16"}`)
	wantStatus(t, w, http.StatusOK)
	patched := decodeBody[ipPolicyRuleWire](t, w)

	s = restart(t, s, path)
	if got := decodeBody[ipPolicyRuleWire](t, do(t, s, http.MethodGet, "/ip_policy_rules/"+rule.ID, "")); got != patched {
		t.Errorf("after a restart the rule is %+v, want %+v", got, patched)
	}
	// The rule's cidr is still taken in its policy after the restart.
	w = do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+policy.ID+`","cidr":"10.1.0.0/16","action":"deny"}`)
	wantError(t, w, http.StatusConflict, errIPRuleDuplicate.code)
}

// A cidr is taken while a rule of the policy has it, and free again once
// the rule moves to another cidr, is deleted, or the server is reset.
func TestIPRuleCIDRIsFreedByPatchDeleteAndReset(t *testing.T) {
	t.Parallel()
	s := New()
	policy := createIPPolicy(t, s, "")
	rule := createIPRule(t, s, policy.ID, "10.0.0.0/8", "allow")
	post := func(cidr string) *httptest.ResponseRecorder {
		return do(t, s, http.MethodPost, "/ip_policy_rules", `{"ip_policy_id":"`+policy.ID+`","cidr":"`+cidr+`","action":"deny"}`)
	}
	wantStatus(t, do(t, s, http.MethodPatch, "/ip_policy_rules/"+rule.ID, `{"cidr":"172.16.0.0/12"}`), http.StatusOK)
	wantError(t, post("172.16.0.0/12"), http.StatusConflict, errIPRuleDuplicate.code)
	w := post("10.0.0.0/8")
	wantStatus(t, w, http.StatusCreated)
	moved := decodeBody[ipPolicyRuleWire](t, w)
	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policy_rules/"+moved.ID, ""), http.StatusNoContent)
	wantStatus(t, post("10.0.0.0/8"), http.StatusCreated)

	s.Reset()
	policy = createIPPolicy(t, s, "")
	wantStatus(t, post("172.16.0.0/12"), http.StatusCreated)
}

// The only rule of a policy that the dashboard IP restriction uses cannot be
// deleted [real: errors/err_ngrok_1419.mdx]; one of several can, and so can
// the only rule of a policy that another kind of restriction uses.
func TestIPRuleOnlyRuleOfDashboardRestriction(t *testing.T) {
	t.Parallel()
	s := New()
	dashboard, api := createIPPolicy(t, s, ""), createIPPolicy(t, s, "")
	first := createIPRule(t, s, dashboard.ID, "203.0.113.0/24", "allow")
	second := createIPRule(t, s, dashboard.ID, "198.51.100.0/24", "allow")
	apiRule := createIPRule(t, s, api.ID, "192.0.2.0/24", "allow")
	restriction := createIPRestriction(t, s, `{"type":"dashboard","ip_policy_ids":["`+dashboard.ID+`"]}`)
	createIPRestriction(t, s, `{"type":"api","ip_policy_ids":["`+api.ID+`"]}`)

	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policy_rules/"+first.ID, ""), http.StatusNoContent)
	w := do(t, s, http.MethodDelete, "/ip_policy_rules/"+second.ID, "")
	wantError(t, w, http.StatusConflict, errIPRuleOnlyOfDashboardRestriction.code)
	want := "Cannot delete only rule (" + second.ID + ") in use by dashboard IP Restriction (" + restriction.ID + ")."
	if msg := decodeBody[errorBody](t, w).Msg; !strings.HasPrefix(msg, want) {
		t.Errorf("message %q, want it to start with %q", msg, want)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/ip_policy_rules/"+second.ID, ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policy_rules/"+apiRule.ID, ""), http.StatusNoContent)

	// Detached from the restriction, the policy's last rule can go.
	wantStatus(t, do(t, s, http.MethodPatch, "/ip_restrictions/"+restriction.ID, `{"ip_policy_ids":["`+api.ID+`"]}`), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodDelete, "/ip_policy_rules/"+second.ID, ""), http.StatusNoContent)
}
