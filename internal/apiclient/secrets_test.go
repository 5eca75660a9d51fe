package apiclient

import (
	"context"
	"testing"
)

// Against the spec-validated mock: a secret's value is sent, never
// returned, and replaced by an update; the list is read from the "secrets"
// property.
func TestMockSecretCRUD(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 0)
	ctx := context.Background()
	v, err := Vaults.Create(ctx, c, &VaultCreate{Name: "v"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := Secrets.Create(ctx, c, &SecretCreate{Name: "db-password", Value: "hunter2", VaultID: v.ID, Description: "d"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Vault.ID != v.ID || s.VaultName != "v" || s.CreatedBy.ID == "" || s.Name != "db-password" {
		t.Errorf("created %+v", s)
	}
	value, newName := "hunter3", "db.password"
	u, err := Secrets.Update(ctx, c, s.ID, &SecretUpdate{Value: &value, Name: &newName})
	if err != nil || u.Name != newName || u.Description != "d" {
		t.Errorf("update = %+v, %v", u, err)
	}
	n := 0
	for o, err := range Secrets.List(ctx, c, &ListOptions{Filter: `obj.name == "` + newName + `"`}) {
		if err != nil {
			t.Fatal(err)
		}
		if o.ID != s.ID {
			t.Errorf("listed %s", o.ID)
		}
		n++
	}
	if n != 1 {
		t.Errorf("listed %d secrets, want 1", n)
	}
	if err := Secrets.Delete(ctx, c, s.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := Secrets.Get(ctx, c, s.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
}

// Secrets are listed under "secrets", not their path's "vault_secrets":
// Gets past the first are answered from that list, in one request. NOTE:
// another client reads them, as a client reads what it wrote on its own.
func TestMockSecretsRefreshFromLists(t *testing.T) {
	t.Parallel()
	writer, gets := newMockClient(t, 0)
	c, err := New(WithBaseURL(writer.BaseURL()), WithAPIKey(mockKey), WithRetryPolicy(RetryPolicy{}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	v, err := Vaults.Create(ctx, writer, &VaultCreate{Name: "v"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, n := range []string{"a", "b", "c"} {
		s, err := Secrets.Create(ctx, writer, &SecretCreate{Name: n, Value: "x", VaultID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	gets.Store(0)
	for _, id := range ids {
		if s, err := Secrets.Get(ctx, c, id); err != nil || s.ID != id {
			t.Fatalf("get %s = %+v, %v", id, s, err)
		}
	}
	if n := gets.Load(); n != 2 {
		t.Errorf("%d GET requests for 3 secrets; want 2 (the first, then the list)", n)
	}
}
