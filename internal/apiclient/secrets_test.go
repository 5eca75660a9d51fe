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
	for o, err := range Secrets.List(ctx, c, &ListOptions{Filter: `obj.vault.id == "` + v.ID + `"`}) {
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
