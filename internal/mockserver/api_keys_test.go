package mockserver

import (
	"net/http"
	"testing"
)

type apiKeyList struct {
	Items []APIKeyWire `json:"keys"`
}

func TestAPIKeyAuthenticatesUntilDeleted(t *testing.T) {
	t.Parallel()
	s := New()
	w := do(t, s, http.MethodPost, "/api_keys", `{"description":"pipeline"}`)
	wantStatus(t, w, http.StatusCreated)
	created := decodeBody[APIKeyWire](t, w)
	if created.Token == nil || !tokenPattern.MatchString(*created.Token) || created.OwnerID != mockUserID {
		t.Fatalf("created = %+v, want a token and the account's user as owner", created)
	}
	bearer := withHeader("Authorization", "Bearer "+*created.Token)
	w = do(t, s, http.MethodGet, "/api_keys", "", bearer)
	wantStatus(t, w, http.StatusOK)
	page := decodeBody[apiKeyList](t, w)
	if len(page.Items) != 1 || page.Items[0].ID != created.ID || page.Items[0].Token != nil {
		t.Errorf("list under \"keys\" = %+v, want the key without its token", page)
	}
	// The minted key may delete itself; afterwards it is refused.
	wantStatus(t, do(t, s, http.MethodDelete, "/api_keys/"+created.ID, "", bearer), http.StatusNoContent)
	wantError(t, do(t, s, http.MethodGet, "/api_keys", "", bearer), http.StatusForbidden, "ERR_NGROK_203")
	wantError(t, do(t, s, http.MethodGet, "/api_keys", "", withHeader("Authorization", "Bearer wrong"+*created.Token)),
		http.StatusForbidden, "ERR_NGROK_203")
}

func TestAPIKeyPatchAndOwner(t *testing.T) {
	t.Parallel()
	s := New()
	bot := createUser(t, s, collBotUsers, `{"name":"deploy"}`)
	created := decodeBody[APIKeyWire](t, do(t, s, http.MethodPost, "/api_keys", `{"owner_id":"`+bot.ID+`"}`))
	if created.OwnerID != bot.ID {
		t.Errorf("owner_id = %q", created.OwnerID)
	}
	w := do(t, s, http.MethodPatch, "/api_keys/"+created.ID, `{"metadata":"m"}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[APIKeyWire](t, w); got.Metadata != "m" || got.Token != nil {
		t.Errorf("patched = %+v", got)
	}
	wantError(t, do(t, s, http.MethodPost, "/api_keys", `{"owner_id":"cr_2mockAccountUser00000000000"}`), http.StatusBadRequest, "ERR_NGROK_243")
}
