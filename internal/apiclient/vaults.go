package apiclient

import (
	"context"
	"iter"
)

// Vault is a named container of secrets (Secret), which traffic policies
// read with secrets.get("vault", "secret"). Its name can change.
type Vault struct {
	ID            string `json:"id"`
	URI           string `json:"uri"`
	CreatedAt     string `json:"created_at"`
	UpdatedAt     string `json:"updated_at"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	Metadata      string `json:"metadata"`
	CreatedBy     string `json:"created_by"`
	LastUpdatedBy string `json:"last_updated_by"`
}

// VaultCreate is the body of a create.
type VaultCreate struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
}

// VaultUpdate is the body of an update: nil leaves a field unchanged, ""
// clears a description or metadata.
type VaultUpdate struct {
	Name        *string `json:"name,omitempty"`
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// Vaults is the collection of vaults.
var Vaults = newCollection[Vault, VaultCreate, VaultUpdate]("vaults", "vault", func(o *Vault) string { return o.ID })

// ListVaultSecrets iterates over the secrets of the vault id, newest first
// (/vaults/{id}/secrets, which takes no filter).
func ListVaultSecrets(ctx context.Context, c *Client, id string, opts *ListOptions) iter.Seq2[*Secret, error] {
	p, err := objectPath(Vaults.name, Vaults.noun, id)
	if err != nil {
		return func(yield func(*Secret, error) bool) { yield(nil, err) }
	}
	return list[Secret](ctx, c, p+"/secrets", "secrets", opts)
}
