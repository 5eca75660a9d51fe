package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func createUser(t *testing.T, s http.Handler, coll, body string) serviceUserWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/"+coll, body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[serviceUserWire](t, w)
}

func TestServiceUserCreateGetPatchDelete(t *testing.T) {
	t.Parallel()
	s := New()
	u := createUser(t, s, collServiceUsers, `{"name":"ci"}`)
	if !wellFormedID(u.ID, prefixServiceUser) || u.Name != "ci" || !u.Active || u.URI != "http://example.com/service_users/"+u.ID {
		t.Errorf("created %+v", u)
	}
	w := do(t, s, http.MethodGet, "/service_users/"+u.ID, "")
	wantStatus(t, w, http.StatusOK)
	if strings.Contains(w.Body.String(), "description") || strings.Contains(w.Body.String(), "metadata") {
		t.Errorf("a user has no description or metadata: %s", w.Body)
	}
	w = do(t, s, http.MethodPatch, "/service_users/"+u.ID, `{"active":false}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[serviceUserWire](t, w); got.Active || got.Name != "ci" {
		t.Errorf("after deactivating: %+v", got)
	}
	wantStatus(t, do(t, s, http.MethodDelete, "/service_users/"+u.ID, ""), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/service_users/"+u.ID, ""), http.StatusNotFound, "")
}

func TestServiceUserValidation(t *testing.T) {
	t.Parallel()
	s := New()
	createUser(t, s, collServiceUsers, `{"name":"taken","active":false}`)
	other := createUser(t, s, collServiceUsers, `{"name":"other"}`)
	wantError(t, do(t, s, http.MethodPost, "/service_users", `{}`), http.StatusBadRequest, errUserNameMissing.code)
	wantError(t, do(t, s, http.MethodPost, "/service_users", `{"name":"`+strings.Repeat("n", 256)+`"}`), http.StatusBadRequest, errUserNameTooLong.code)
	wantError(t, do(t, s, http.MethodPost, "/service_users", `{"name":"taken"}`), http.StatusConflict, errUserNameTaken.code)
	wantError(t, do(t, s, http.MethodPatch, "/service_users/"+other.ID, `{"name":"taken"}`), http.StatusConflict, errUserNameTaken.code)
	wantError(t, do(t, s, http.MethodPatch, "/service_users/"+other.ID, `{"name":""}`), http.StatusBadRequest, errUserNameMissing.code)
	// A bot user may share a service user's name: they are two tables.
	createUser(t, s, collBotUsers, `{"name":"taken"}`)
}

func TestOwnerIDPrefixesNameEveryUserKind(t *testing.T) {
	t.Parallel()
	s := New()
	for _, id := range []string{createUser(t, s, collServiceUsers, `{"name":"a"}`).ID, createUser(t, s, collBotUsers, `{"name":"a"}`).ID} {
		found := false
		for _, p := range ownerIDPrefixes {
			found = found || wellFormedID(id, p)
		}
		if !found {
			t.Errorf("%s has no prefix of ownerIDPrefixes %v", id, ownerIDPrefixes)
		}
	}
}
