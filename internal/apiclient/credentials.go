package apiclient

// Credential is an agent authtoken. Token is set only in the answer of its
// create: the API never shows it again.
type Credential struct {
	ID          string   `json:"id"`
	URI         string   `json:"uri"`
	CreatedAt   string   `json:"created_at"`
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	Token       *string  `json:"token"`
	ACL         []string `json:"acl"`
	OwnerID     *string  `json:"owner_id"`
}

// CredentialCreate is the body of a create.
type CredentialCreate struct {
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	ACL         []string `json:"acl,omitempty"`
	OwnerID     *string  `json:"owner_id,omitempty"`
}

// CredentialUpdate is the body of an update: nil leaves a field unchanged,
// "" clears a text, and an ACL pointing at an empty list clears the ACL.
//
// NOTE: ACL is a pointer so that [] is sent: ngrok's Go client declares it
// a slice with omitempty, which leaves an empty ACL out and so cannot clear
// one.
type CredentialUpdate struct {
	Description *string   `json:"description,omitempty"`
	Metadata    *string   `json:"metadata,omitempty"`
	ACL         *[]string `json:"acl,omitempty"`
}

// Credentials is the collection of agent authtokens.
var Credentials = newCollection[Credential, CredentialCreate, CredentialUpdate]("credentials", "credential",
	func(o *Credential) string { return o.ID })

// APIKey is an API key. Token is set only in the answer of its create.
type APIKey struct {
	ID          string  `json:"id"`
	URI         string  `json:"uri"`
	CreatedAt   string  `json:"created_at"`
	Description string  `json:"description"`
	Metadata    string  `json:"metadata"`
	Token       *string `json:"token"`
	OwnerID     *string `json:"owner_id"`
}

// APIKeyCreate is the body of a create.
type APIKeyCreate struct {
	Description string  `json:"description,omitempty"`
	Metadata    string  `json:"metadata,omitempty"`
	OwnerID     *string `json:"owner_id,omitempty"`
}

// APIKeyUpdate is the body of an update: nil leaves a field unchanged, ""
// clears it.
type APIKeyUpdate struct {
	Description *string `json:"description,omitempty"`
	Metadata    *string `json:"metadata,omitempty"`
}

// APIKeys is the collection of API keys, listed under "keys".
var APIKeys = newCollection[APIKey, APIKeyCreate, APIKeyUpdate]("api_keys", "API key",
	func(o *APIKey) string { return o.ID }).listedAs("keys")

// SSHCredential is a public key that may start SSH reverse tunnels.
type SSHCredential struct {
	ID          string   `json:"id"`
	URI         string   `json:"uri"`
	CreatedAt   string   `json:"created_at"`
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	PublicKey   string   `json:"public_key"`
	ACL         []string `json:"acl"`
	OwnerID     *string  `json:"owner_id"`
}

// SSHCredentialCreate is the body of a create.
type SSHCredentialCreate struct {
	Description string   `json:"description,omitempty"`
	Metadata    string   `json:"metadata,omitempty"`
	ACL         []string `json:"acl,omitempty"`
	PublicKey   string   `json:"public_key"`
	OwnerID     *string  `json:"owner_id,omitempty"`
}

// SSHCredentialUpdate is the body of an update, as CredentialUpdate's.
type SSHCredentialUpdate struct {
	Description *string   `json:"description,omitempty"`
	Metadata    *string   `json:"metadata,omitempty"`
	ACL         *[]string `json:"acl,omitempty"`
}

// SSHCredentials is the collection of SSH credentials.
var SSHCredentials = newCollection[SSHCredential, SSHCredentialCreate, SSHCredentialUpdate]("ssh_credentials", "SSH credential",
	func(o *SSHCredential) string { return o.ID })
