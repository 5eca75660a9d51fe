package apiclient

// Secret is a named value in a vault. The API never returns the value.
// Its name and value can change; its vault cannot.
type Secret struct {
	ID            string `json:"id"`
	URI           string `json:"uri"`
	CreatedAt     string `json:"created_at"`
	UpdatedAt     string `json:"updated_at"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	Metadata      string `json:"metadata"`
	CreatedBy     Ref    `json:"created_by"`
	LastUpdatedBy Ref    `json:"last_updated_by"`
	Vault         Ref    `json:"vault"`
	VaultName     string `json:"vault_name"`
}

// SecretCreate is the body of a create. Value is a secret: it is sent and
// never logged.
type SecretCreate struct {
	Name        string `json:"name"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Metadata    string `json:"metadata,omitempty"`
	VaultID     string `json:"vault_id"`
}

// SecretUpdate is the body of an update: nil leaves a field unchanged. A
// Value replaces the secret's value.
type SecretUpdate struct {
	Name        *string `json:"name,omitempty"`
	Value       *string `json:"value,omitempty"`
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// Secrets is the collection of secrets, /vault_secrets, listed as
// "secrets".
var Secrets = newCollection[Secret, SecretCreate, SecretUpdate]("vault_secrets", "secret",
	func(o *Secret) string { return o.ID }).listedAs("secrets")
