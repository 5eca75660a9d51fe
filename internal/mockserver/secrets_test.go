package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func postSecret(t *testing.T, s http.Handler, body string) secretWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/vault_secrets", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[secretWire](t, w)
}

// storedSecretHash is the hash the mock keeps of a secret's value.
func storedSecretHash(t *testing.T, s *Server, id string) string {
	t.Helper()
	v, err := s.secrets.get(id)
	if err != nil {
		t.Fatal(err)
	}
	return v.ValueSHA256
}

func TestSecretValueIsNeverAnsweredNorStored(t *testing.T) {
	t.Parallel()
	s := New()
	v := createVault(t, s, `{"name":"v"}`)
	const value = "correct-horse-battery-staple"
	w := do(t, s, http.MethodPost, "/vault_secrets", `{"name":"pw","value":"`+value+`","vault_id":"`+v.ID+`"}`)
	wantStatus(t, w, http.StatusCreated)
	sec := decodeBody[secretWire](t, w)
	hash := storedSecretHash(t, s, sec.ID)
	bodies := []string{w.Body.String()}
	for _, target := range []string{"/vault_secrets/" + sec.ID, "/vault_secrets", "/vaults/" + v.ID + "/secrets"} {
		r := do(t, s, http.MethodGet, target, "")
		wantStatus(t, r, http.StatusOK)
		bodies = append(bodies, r.Body.String())
	}
	w = do(t, s, http.MethodPatch, "/vault_secrets/"+sec.ID, `{"value":"another `+value+`"}`)
	wantStatus(t, w, http.StatusOK)
	bodies = append(bodies, w.Body.String())
	state, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	bodies = append(bodies, string(state))
	for i, b := range bodies {
		if strings.Contains(b, value) {
			t.Errorf("body %d holds the value: %s", i, b)
		}
	}
	if after := storedSecretHash(t, s, sec.ID); after == hash || after == "" {
		t.Errorf("the value's hash %q did not change with the value (was %q)", after, hash)
	}
	if got := decodeBody[secretWire](t, w); got.CreatedBy.ID != mockUserID || got.Vault.ID != v.ID || got.VaultName != "v" {
		t.Errorf("patched = %+v", got)
	}
}

func TestSecretRules(t *testing.T) {
	t.Parallel()
	s := New()
	v := createVault(t, s, `{"name":"v"}`)
	postSecret(t, s, `{"name":"taken","value":"x","vault_id":"`+v.ID+`"}`)
	for _, c := range []struct {
		body   string
		status int
		code   string
	}{
		{`{"value":"x","vault_id":"` + v.ID + `"}`, http.StatusBadRequest, "ERR_NGROK_24001"},
		{`{"name":"a b","value":"x","vault_id":"` + v.ID + `"}`, http.StatusBadRequest, "ERR_NGROK_24000"},
		{`{"name":"` + strings.Repeat("n", 65) + `","value":"x","vault_id":"` + v.ID + `"}`, http.StatusBadRequest, "ERR_NGROK_24002"},
		{`{"name":"n","vault_id":"` + v.ID + `"}`, http.StatusBadRequest, "ERR_NGROK_24003"},
		{`{"name":"n","value":"` + strings.Repeat("v", maxSecretValueBytes+1) + `","vault_id":"` + v.ID + `"}`, http.StatusBadRequest, "ERR_NGROK_24004"},
		{`{"name":"taken","value":"x","vault_id":"` + v.ID + `"}`, http.StatusConflict, "ERR_NGROK_24005"},
		{`{"name":"n","value":"x","vault_id":"vault_2mockAccountUser00000000000"}`, http.StatusBadRequest, "ERR_NGROK_24006"},
		{`{"name":"n","value":"x"}`, http.StatusBadRequest, "ERR_NGROK_24008"},
		{`{"name":"n","value":"x","vault_name":"nope"}`, http.StatusBadRequest, "ERR_NGROK_24009"},
		{`{"name":"n","value":"x","vault_id":"ipp_2mockAccountUser00000000000"}`, http.StatusBadRequest, "ERR_NGROK_227"},
	} {
		w := do(t, s, http.MethodPost, "/vault_secrets", c.body)
		wantError(t, w, c.status, c.code)
		if strings.Contains(w.Body.String(), `"value":"x"`) {
			t.Errorf("error quotes the body: %s", w.Body)
		}
	}
	// The same name in another vault is no conflict.
	other := createVault(t, s, `{"name":"other"}`)
	postSecret(t, s, `{"name":"taken","value":"x","vault_id":"`+other.ID+`"}`)
}
