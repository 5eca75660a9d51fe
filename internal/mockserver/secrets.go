package mockserver

import (
	"crypto/sha256"
	"encoding/hex"
	"time"
)

// Secrets (README.md, section Vaults and secrets): /vault_secrets, a
// declared collection (collection.go) listed as "secrets" [real]. A secret
// is a named value in a vault (vaults.go). The API never returns a secret's
// value [real: "The ngrok API never returns secret values in response
// payloads"]; rules [real] from ngrok's error documentation
// (ERR_NGROK_24000..24009): a name as a vault's, unique in its vault, a
// value that is not empty, and a vault named by vault_id or vault_name.
// Choices of ours where the real API is silent:
//   - The mock keeps the SHA-256 of the value, never the value: nothing in
//     the mock reads a secret (traffic policies are not run), and the hash
//     lets a test see that a new value arrived (the control API shows the
//     stored row) without the state file holding the value in clear.
//   - A value is at most 16384 bytes.
//   - vault_id wins over vault_name when both are given; a secret cannot
//     move to another vault (the update body has neither [real]).
//   - A traffic policy whose secrets.get("vault", "name") names a secret
//     that does not exist is accepted, as the real API is documented to
//     evaluate secrets at run time and lists no error for it.
//   - Secret names are unique within their vault, compared
//     case-sensitively.

const maxSecretValueBytes = 16384

type secret struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Name        string    `json:"name"`
	VaultID     string    `json:"vault_id"`
	// VaultName follows the vault's name (a rename updates it), so that an
	// answer needs no other table.
	VaultName string `json:"vault_name"`
	// ValueSHA256 is the hex SHA-256 of the value; the value itself is
	// dropped once hashed.
	ValueSHA256 string `json:"value_sha256"`
}

func (v *secret) fields() objectFields {
	return objectFields{&v.ID, &v.CreatedAt, &v.Description, &v.Metadata}
}

// vaultName is the secret's unique key: no two secrets of a vault share a
// name.
func (v *secret) vaultName() string { return v.VaultID + " " + v.Name }

type secretWire struct {
	WireHeader
	UpdatedAt     apiTime `json:"updated_at"`
	Name          string  `json:"name"`
	CreatedBy     refWire `json:"created_by"`
	LastUpdatedBy refWire `json:"last_updated_by"`
	Vault         refWire `json:"vault"`
	VaultName     string  `json:"vault_name"`
}

type secretCreate struct {
	Name        string `json:"name"`
	Value       string `json:"value"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
	VaultID     string `json:"vault_id"`
	VaultName   string `json:"vault_name"`
}

type secretUpdate struct {
	Name        *string `json:"name"`
	Value       *string `json:"value"`
	Description *string `json:"description"`
	Metadata    *string `json:"metadata"`
}

var secretCollection = declare(collectionDecl[secret, secretWire, secretCreate, secretUpdate]{
	name: collSecrets, property: "secrets", noun: "secret", prefix: prefixSecret,
	filter: "ngrok.Secret",
	fields: (*secret).fields,
	wire:   (*secret).wire,
	create: createSecret,
	update: func(s *Server, in *secretUpdate, v *secret) *apiError {
		if in.Name != nil {
			if err := checkSecretName(*in.Name); err != nil {
				return err
			}
			v.Name = *in.Name
		}
		if in.Value != nil {
			sum, err := hashSecretValue(*in.Value)
			if err != nil {
				return err
			}
			v.ValueSHA256 = sum
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		v.UpdatedAt = s.timestamp()
		return nil
	},
	unique: (*secret).vaultName,
	check:  checkSecret,
})

func (v *secret) wire(origin string) secretWire {
	user := refWire{ID: mockUserID, URI: ""} // [real: ngrok's example answers an empty uri]
	return secretWire{
		WireHeader: v.fields().header(origin, collSecrets),
		UpdatedAt:  wireTime(v.UpdatedAt), Name: v.Name, CreatedBy: user, LastUpdatedBy: user,
		Vault:     refWire{ID: v.VaultID, URI: objectURI(origin, collVaults, v.VaultID)},
		VaultName: v.VaultName,
	}
}

func createSecret(s *Server, in *secretCreate) (secret, *apiError) {
	if err := checkSecretName(in.Name); err != nil {
		return secret{}, err
	}
	sum, err := hashSecretValue(in.Value)
	if err != nil {
		return secret{}, err
	}
	v := secret{Name: in.Name, Description: in.Description, Metadata: in.Metadata, ValueSHA256: sum, UpdatedAt: s.timestamp()}
	switch {
	case in.VaultID != "":
		if err := checkIDPrefix(in.VaultID, s.vaults.kind()); err != nil {
			return secret{}, err
		}
		v.VaultID = in.VaultID
	case in.VaultName != "":
		// NOTE: resolved to an ID here and checked again under the lock
		// (checkSecret), as a vault may go in between.
		id, ok := s.vaultIDByName(in.VaultName)
		if !ok {
			return secret{}, errSecretVaultName.with(in.VaultName)
		}
		v.VaultID = id
	default:
		return secret{}, errSecretNoVault.with()
	}
	return v, nil
}

// checkSecret holds, when a secret is stored, that its vault exists and no
// other secret of the vault has its name.
func checkSecret(s *Server, v *secret) *apiError {
	vr, ok := s.vaults.rows[v.VaultID]
	if !ok {
		return errSecretVaultID.with(v.VaultID)
	}
	v.VaultName = vr.val.Name
	if id, ok := s.secrets.idByKeyLocked(v.vaultName()); ok && id != v.ID {
		return errSecretNameTaken.with()
	}
	return nil
}

func checkSecretName(name string) *apiError {
	return checkName(name, errSecretName, errSecretNameEmpty, errSecretNameLength)
}

// hashSecretValue checks a value and returns its hash. NOTE: messages
// never quote the value.
func hashSecretValue(value string) (string, *apiError) {
	if value == "" {
		return "", errSecretValueEmpty.with()
	}
	if len(value) > maxSecretValueBytes {
		return "", errSecretValueLength.with(maxSecretValueBytes + 1)
	}
	sum := sha256.Sum256([]byte(value))
	return hex.EncodeToString(sum[:]), nil
}

// vaultIDByName is the ID of the vault named name.
func (s *Server) vaultIDByName(name string) (string, bool) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	return s.vaults.idByKeyLocked(name)
}
