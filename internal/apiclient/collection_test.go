package apiclient

import (
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// fakeRules is a collection of IP policy rules on the wire: enough of the
// API to prove that a Collection sends each call where and as it should.
type fakeRules struct {
	mu       sync.Mutex
	requests []string // "METHOD path?query body"
}

func (f *fakeRules) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	line := r.Method + " " + r.URL.RequestURI()
	if len(body) > 0 {
		line += " " + strings.TrimSpace(string(body))
	}
	f.requests = append(f.requests, line)
	rule := func(id string) map[string]any {
		return map[string]any{"id": id, "uri": "u", "created_at": "t", "cidr": "10.0.0.0/8", "action": "allow",
			"ip_policy": map[string]any{"id": "ipp_1", "uri": "p"}, "description": "", "metadata": ""}
	}
	switch {
	case r.Method == http.MethodPost:
		writeJSON(w, http.StatusCreated, rule("ipr_new"))
	case r.Method == http.MethodGet && r.URL.Path == "/ip_policy_rules":
		page := []any{rule("ipr_1"), rule("ipr_2")}
		var next any
		if r.URL.Query().Get("before_id") == "" {
			next = "/ip_policy_rules?before_id=ipr_2"
		} else {
			page = []any{rule("ipr_3")}
		}
		writeJSON(w, http.StatusOK, map[string]any{"ip_policy_rules": page, "uri": "u", "next_page_uri": next})
	case r.Method == http.MethodGet:
		writeJSON(w, http.StatusOK, rule(strings.TrimPrefix(r.URL.Path, "/ip_policy_rules/")))
	case r.Method == http.MethodPatch:
		writeJSON(w, http.StatusOK, rule(strings.TrimPrefix(r.URL.Path, "/ip_policy_rules/")))
	case r.Method == http.MethodDelete:
		w.WriteHeader(http.StatusNoContent)
	}
}

func (f *fakeRules) log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.requests...)
}

func TestCollectionCalls(t *testing.T) {
	t.Parallel()
	f := &fakeRules{}
	c, _ := newTestClient(t, newServer(t, f.serve).URL, WithRefreshFromLists(false))
	ctx := context.Background()

	created, err := IPPolicyRules.Create(ctx, c, &IPPolicyRuleCreate{CIDR: "10.0.0.0/8", IPPolicyID: "ipp_1", Action: "allow"})
	if err != nil || created.ID != "ipr_new" || created.IPPolicy.ID != "ipp_1" {
		t.Fatalf("create = %+v, %v", created, err)
	}
	if got, err := IPPolicyRules.Get(ctx, c, "ipr_1"); err != nil || got.ID != "ipr_1" {
		t.Fatalf("get = %+v, %v", got, err)
	}
	cidr := "10.1.0.0/16"
	if _, err := IPPolicyRules.Update(ctx, c, "ipr_1", &IPPolicyRuleUpdate{CIDR: &cidr}); err != nil {
		t.Fatal(err)
	}
	if err := IPPolicyRules.Delete(ctx, c, "ipr_1"); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for r, err := range IPPolicyRules.List(ctx, c, &ListOptions{Filter: `obj.ip_policy.id == "ipp_1"`}) {
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, IPPolicyRules.ID(r))
	}
	if strings.Join(ids, ",") != "ipr_1,ipr_2,ipr_3" {
		t.Errorf("listed %v", ids)
	}
	if _, err := IPPolicyRules.Get(ctx, c, ""); err == nil || !strings.Contains(err.Error(), "empty IP policy rule ID") {
		t.Errorf("empty ID: %v", err)
	}

	want := []string{
		`POST /ip_policy_rules {"cidr":"10.0.0.0/8","ip_policy_id":"ipp_1","action":"allow"}`,
		`GET /ip_policy_rules/ipr_1`,
		`PATCH /ip_policy_rules/ipr_1 {"cidr":"10.1.0.0/16"}`,
		`DELETE /ip_policy_rules/ipr_1`,
		`GET /ip_policy_rules?filter=obj.ip_policy.id+%3D%3D+%22ipp_1%22`,
		`GET /ip_policy_rules?before_id=ipr_2&filter=obj.ip_policy.id+%3D%3D+%22ipp_1%22`,
	}
	if got := f.log(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("requests:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestCollectionNilBodies: a nil create or update body is sent as an empty
// object, as the seed's types do.
func TestCollectionNilBodies(t *testing.T) {
	t.Parallel()
	f := &fakeRules{}
	c, _ := newTestClient(t, newServer(t, f.serve).URL)
	ctx := context.Background()
	if _, err := IPPolicies.Create(ctx, c, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := IPPolicies.Update(ctx, c, "ipp_1", nil); err != nil {
		t.Fatal(err)
	}
	got := f.log()
	if len(got) != 2 || got[0] != "POST /ip_policies {}" || got[1] != "PATCH /ip_policies/ipp_1 {}" {
		t.Errorf("requests %q", got)
	}
}

// TestCollectionRefreshFromLists: a collection's Gets are answered from its
// list past the first, as the seed's listable types' are, and its writes
// are never answered from a list read before them.
func TestCollectionRefreshFromLists(t *testing.T) {
	t.Parallel()
	f := &fakeRules{}
	c, _ := newTestClient(t, newServer(t, f.serve).URL)
	ctx := context.Background()
	for _, id := range []string{"ipr_1", "ipr_2", "ipr_3"} {
		got, err := IPPolicyRules.Get(ctx, c, id)
		if err != nil || got.ID != id {
			t.Fatalf("get %s = %+v, %v", id, got, err)
		}
	}
	want := "GET /ip_policy_rules/ipr_1\nGET /ip_policy_rules?limit=100\nGET /ip_policy_rules?before_id=ipr_2&limit=100"
	if got := strings.Join(f.log(), "\n"); got != want {
		t.Errorf("requests:\n%s\nwant:\n%s", got, want)
	}
	if lc := genericListCache(c, IPPolicyRules.name, "", IPPolicyRules.id); lc != IPPolicyRules.snapshot(c) {
		t.Error("a collection's cache is not made once per client")
	}
	// NOTE: a second read of an ID goes to the API.
	if _, err := IPPolicyRules.Get(ctx, c, "ipr_2"); err != nil {
		t.Fatal(err)
	}
	if got := f.log(); got[len(got)-1] != "GET /ip_policy_rules/ipr_2" {
		t.Errorf("repeated read: %q", got[len(got)-1])
	}
}

// TestCollectionGetInListsWithTheFilter: GetIn answers from the list
// narrowed by its filter, and a write of the client sends the written
// object to the API whatever list holds it.
func TestCollectionGetInListsWithTheFilter(t *testing.T) {
	t.Parallel()
	f := &fakeRules{}
	c, _ := newTestClient(t, newServer(t, f.serve).URL)
	ctx := context.Background()
	const filter = `obj.ip_policy.id == "ipp_1"`
	for _, id := range []string{"ipr_1", "ipr_2"} {
		if got, err := IPPolicyRules.GetIn(ctx, c, id, filter); err != nil || got.ID != id {
			t.Fatalf("get %s = %+v, %v", id, got, err)
		}
	}
	cidr := "10.0.0.0/8"
	if _, err := IPPolicyRules.Update(ctx, c, "ipr_3", &IPPolicyRuleUpdate{CIDR: &cidr}); err != nil {
		t.Fatal(err)
	}
	if _, err := IPPolicyRules.GetIn(ctx, c, "ipr_3", filter); err != nil {
		t.Fatal(err)
	}
	want := "GET /ip_policy_rules/ipr_1\n" +
		"GET /ip_policy_rules?filter=obj.ip_policy.id+%3D%3D+%22ipp_1%22&limit=100\n" +
		`PATCH /ip_policy_rules/ipr_3 {"cidr":"10.0.0.0/8"}` + "\n" +
		"GET /ip_policy_rules/ipr_3"
	if got := strings.Join(f.log(), "\n"); got != want {
		t.Errorf("requests:\n%s\nwant:\n%s", got, want)
	}
}
