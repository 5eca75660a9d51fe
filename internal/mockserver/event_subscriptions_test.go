package mockserver

import (
	"net/http"
	"slices"
	"testing"
)

func createEventSubscription(t *testing.T, s http.Handler, body string) eventSubscriptionWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/event_subscriptions", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[eventSubscriptionWire](t, w)
}

func sourceTypes(w eventSubscriptionWire) []string {
	var out []string
	for _, s := range w.Sources {
		out = append(out, s.Type)
	}
	return out
}

func TestEventSubscriptionSources(t *testing.T) {
	t.Parallel()
	s := New()
	d := createEventDestination(t, s, `{"target":`+kinesisRoleTarget+`}`)
	sub := createEventSubscription(t, s, `{"description":"ip policies","destination_ids":["`+d.ID+`","`+d.ID+`"],"sources":[{"type":"ip_policy_created.v0"}]}`)
	if len(sub.Destinations) != 1 || sub.Destinations[0].ID != d.ID {
		t.Errorf("destinations = %+v, want %s once", sub.Destinations, d.ID)
	}
	base := "/event_subscriptions/" + sub.ID + "/sources"
	if want := "http://example.com" + base + "/ip_policy_created.v0"; sub.Sources[0].URI != want {
		t.Errorf("source uri = %q, want %q", sub.Sources[0].URI, want)
	}

	w := do(t, s, http.MethodPost, base, `{"type":"ip_policy_updated.v0"}`)
	wantStatus(t, w, http.StatusCreated)
	wantError(t, do(t, s, http.MethodPost, base, `{"type":"ip_policy_updated.v0"}`), http.StatusBadRequest, "ERR_NGROK_5127")
	wantError(t, do(t, s, http.MethodPost, base, `{"type":"nope.v0"}`), http.StatusBadRequest, "ERR_NGROK_238")
	wantStatus(t, do(t, s, http.MethodGet, base+"/ip_policy_updated.v0", ""), http.StatusOK)
	wantStatus(t, do(t, s, http.MethodPatch, base+"/ip_policy_updated.v0", `{}`), http.StatusOK)
	list := decodeBody[eventSourceList](t, do(t, s, http.MethodGet, base, ""))
	if len(list.Sources) != 2 || list.URI != "http://example.com"+base {
		t.Errorf("sources = %+v", list)
	}

	wantStatus(t, do(t, s, http.MethodDelete, base+"/ip_policy_created.v0", ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodDelete, base+"/ip_policy_created.v0", ""), http.StatusNotFound, "ERR_NGROK_5125")
	wantError(t, do(t, s, http.MethodGet, base+"/ip_policy_created.v0", ""), http.StatusNotFound, "ERR_NGROK_5125")
	got := decodeBody[eventSubscriptionWire](t, do(t, s, http.MethodGet, "/event_subscriptions/"+sub.ID, ""))
	if !slices.Equal(sourceTypes(got), []string{"ip_policy_updated.v0"}) {
		t.Errorf("sources = %v, want ip_policy_updated.v0 alone", sourceTypes(got))
	}

	// A PATCH's sources replace the subscription's.
	w = do(t, s, http.MethodPatch, "/event_subscriptions/"+sub.ID, `{"sources":[{"type":"vault_created.v0"},{"type":"secret_created.v0"}]}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[eventSubscriptionWire](t, w); !slices.Equal(sourceTypes(got), []string{"vault_created.v0", "secret_created.v0"}) || got.Description != "ip policies" {
		t.Errorf("patched = %+v", got)
	}
	wantError(t, do(t, s, http.MethodPatch, "/event_subscriptions/"+sub.ID, `{"sources":[{"type":"vault_created.v0"},{"type":"vault_created.v0"}]}`),
		http.StatusBadRequest, "ERR_NGROK_5127")
	wantStatus(t, do(t, s, http.MethodGet, "/event_subscriptions/esb_2mockAccountUser00000000000/sources", ""), http.StatusNotFound)
}

func TestEventSubscriptionDestinations(t *testing.T) {
	t.Parallel()
	s := New()
	wantError(t, do(t, s, http.MethodPost, "/event_subscriptions", `{"destination_ids":["ed_2mockAccountUser00000000000"]}`), http.StatusBadRequest, "ERR_NGROK_5103")
	wantError(t, do(t, s, http.MethodPost, "/event_subscriptions", `{"destination_ids":["ipp_2mockAccountUser00000000000"]}`), http.StatusBadRequest, "ERR_NGROK_227")
}
