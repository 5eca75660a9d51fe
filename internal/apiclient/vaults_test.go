package apiclient

import (
	"context"
	"strings"
	"testing"
)

// Against the spec-validated mock: a vault is created, renamed, listed by
// name, and lists its secrets through /vaults/{id}/secrets.
func TestMockVaultCRUDAndSecrets(t *testing.T) {
	t.Parallel()
	c, _ := newMockClient(t, 1)
	ctx := context.Background()

	v, err := Vaults.Create(ctx, c, &VaultCreate{Name: "prod-vault", Description: "Production Vault"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v.ID, "vault_") || v.Name != "prod-vault" || v.CreatedBy == "" || v.UpdatedAt == "" {
		t.Errorf("created %+v", v)
	}
	name := "prod.vault"
	u, err := Vaults.Update(ctx, c, v.ID, &VaultUpdate{Name: &name})
	if err != nil || u.Name != name || u.Description != "Production Vault" {
		t.Errorf("update = %+v, %v", u, err)
	}
	var listed []string
	for o, err := range Vaults.List(ctx, c, &ListOptions{Filter: `obj.name == "prod.vault"`}) {
		if err != nil {
			t.Fatal(err)
		}
		listed = append(listed, o.ID)
	}
	if len(listed) != 1 || listed[0] != v.ID {
		t.Errorf("filtered list = %v", listed)
	}

	var made []string
	for _, n := range []string{"one", "two"} {
		s, err := Secrets.Create(ctx, c, &SecretCreate{Name: n, Value: "v-" + n, VaultID: v.ID})
		if err != nil {
			t.Fatal(err)
		}
		made = append([]string{s.ID}, made...)
	}
	var inVault []string
	for s, err := range ListVaultSecrets(ctx, c, v.ID, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if s.VaultName != name || s.Vault.ID != v.ID {
			t.Errorf("secret %+v", s)
		}
		inVault = append(inVault, s.ID)
	}
	if strings.Join(inVault, ",") != strings.Join(made, ",") {
		t.Errorf("the vault's secrets = %v, want %v (newest first, over pages of one)", inVault, made)
	}
	for _, id := range made {
		if err := Secrets.Delete(ctx, c, id); err != nil {
			t.Fatal(err)
		}
	}
	if err := Vaults.Delete(ctx, c, v.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := Vaults.Get(ctx, c, v.ID); !IsNotFound(err) {
		t.Errorf("get after delete: %v", err)
	}
}
