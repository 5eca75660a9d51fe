package mockserver

import (
	"net/http"
	"strings"
	"testing"
)

func createVault(t *testing.T, s http.Handler, body string) vaultWire {
	t.Helper()
	w := do(t, s, http.MethodPost, "/vaults", body)
	wantStatus(t, w, http.StatusCreated)
	return decodeBody[vaultWire](t, w)
}

type secretList struct {
	Items       []secretWire `json:"secrets"`
	URI         string       `json:"uri"`
	NextPageURI *string      `json:"next_page_uri"`
}

func TestVaultCreateRenameDelete(t *testing.T) {
	t.Parallel()
	s := New()
	v := createVault(t, s, `{"name":"prod-vault","description":"Production Vault"}`)
	if !strings.HasPrefix(v.ID, "vault_") || v.Name != "prod-vault" || v.CreatedBy != mockUserID || v.LastUpdatedBy != mockUserID {
		t.Errorf("created = %+v", v)
	}
	sec := postSecret(t, s, `{"name":"db-password","value":"hunter2","vault_id":"`+v.ID+`"}`)
	if sec.VaultName != "prod-vault" {
		t.Errorf("secret vault_name = %q, want prod-vault", sec.VaultName)
	}

	w := do(t, s, http.MethodPatch, "/vaults/"+v.ID, `{"name":"prod.vault"}`)
	wantStatus(t, w, http.StatusOK)
	if got := decodeBody[vaultWire](t, w); got.Name != "prod.vault" || got.Description != "Production Vault" {
		t.Errorf("renamed = %+v", got)
	}
	if got := decodeBody[secretWire](t, do(t, s, http.MethodGet, "/vault_secrets/"+sec.ID, "")); got.VaultName != "prod.vault" {
		t.Errorf("secret vault_name after rename = %q, want prod.vault", got.VaultName)
	}

	// A vault that holds secrets cannot go [real: ERR_NGROK_23003].
	wantError(t, do(t, s, http.MethodDelete, "/vaults/"+v.ID, ""), http.StatusBadRequest, "ERR_NGROK_23003")
	wantStatus(t, do(t, s, http.MethodDelete, "/vault_secrets/"+sec.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodDelete, "/vaults/"+v.ID, ""), http.StatusNoContent)
	wantStatus(t, do(t, s, http.MethodGet, "/vaults/"+v.ID, ""), http.StatusNotFound)
}

func TestVaultNameRules(t *testing.T) {
	t.Parallel()
	s := New()
	other := createVault(t, s, `{"name":"taken"}`)
	for body, code := range map[string]string{
		`{}`:                   "ERR_NGROK_23001",
		`{"name":"has space"}`: "ERR_NGROK_23000",
		`{"name":"` + strings.Repeat("a", 65) + `"}`: "ERR_NGROK_23002",
	} {
		w := do(t, s, http.MethodPost, "/vaults", body)
		wantError(t, w, http.StatusBadRequest, code)
	}
	wantError(t, do(t, s, http.MethodPost, "/vaults", `{"name":"taken"}`), http.StatusConflict, "ERR_NGROK_23004")
	v := createVault(t, s, `{"name":"mine"}`)
	wantError(t, do(t, s, http.MethodPatch, "/vaults/"+v.ID, `{"name":"taken"}`), http.StatusConflict, "ERR_NGROK_23004")
	// Renaming a vault to its own name is no conflict.
	wantStatus(t, do(t, s, http.MethodPatch, "/vaults/"+other.ID, `{"name":"taken"}`), http.StatusOK)
}

func TestVaultSecretsList(t *testing.T) {
	t.Parallel()
	s := New(WithPageSize(1))
	a := createVault(t, s, `{"name":"a"}`)
	b := createVault(t, s, `{"name":"b"}`)
	first := postSecret(t, s, `{"name":"one","value":"1","vault_id":"`+a.ID+`"}`)
	postSecret(t, s, `{"name":"other","value":"x","vault_id":"`+b.ID+`"}`)
	second := postSecret(t, s, `{"name":"two","value":"2","vault_name":"a"}`)

	page := decodeBody[secretList](t, do(t, s, http.MethodGet, "/vaults/"+a.ID+"/secrets", ""))
	if len(page.Items) != 1 || page.Items[0].ID != second.ID || page.NextPageURI == nil {
		t.Fatalf("first page = %+v, want the newest secret of vault a and a next page", page)
	}
	if want := "http://example.com/vaults/" + a.ID + "/secrets"; page.URI != want || !strings.HasPrefix(*page.NextPageURI, want+"?") {
		t.Errorf("uri = %q, next = %q, want under %s", page.URI, *page.NextPageURI, want)
	}
	page = decodeBody[secretList](t, do(t, s, http.MethodGet, strings.TrimPrefix(*page.NextPageURI, "http://example.com"), ""))
	if len(page.Items) != 1 || page.Items[0].ID != first.ID || page.NextPageURI != nil {
		t.Errorf("second page = %+v, want the older secret of vault a alone", page)
	}
	wantStatus(t, do(t, s, http.MethodGet, "/vaults/vault_2mockAccountUser00000000000/secrets", ""), http.StatusNotFound)
	wantError(t, do(t, s, http.MethodGet, "/vaults/"+first.ID+"/secrets", ""), http.StatusBadRequest, "ERR_NGROK_227")
}
