package mockserver

import (
	"net/http"
	"strings"
	"time"
)

// Vaults (README.md, section Vaults and secrets): /vaults, a declared
// collection (collection.go) of named containers of secrets (secrets.go),
// and /vaults/{id}/secrets, a vault's secrets. Rules [real] from ngrok's
// error documentation (ERR_NGROK_23000..23004): a name is required, of the
// characters a-z, A-Z, 0-9, "_", "/" and ".", unique in the account, and a
// vault must be empty to be deleted. Choices of ours where the real API is
// silent:
//   - "-" is accepted in names too: the API's own examples name vaults
//     "prod-vault" and secrets "db-password".
//   - Names are at most 64 characters (the real limit is not documented)
//     and compared case-sensitively.
//   - created_by and last_updated_by name the account's one user,
//     mockUserID: the mock has API keys, not users.

// maxVaultNameLength bounds vault and secret names [ours].
const maxVaultNameLength = 64

type vault struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	Name        string    `json:"name"`
}

func (v *vault) fields() objectFields {
	return objectFields{&v.ID, &v.CreatedAt, &v.Description, &v.Metadata}
}

type vaultWire struct {
	WireHeader
	UpdatedAt     apiTime `json:"updated_at"`
	Name          string  `json:"name"`
	CreatedBy     string  `json:"created_by"`
	LastUpdatedBy string  `json:"last_updated_by"`
}

type vaultCreate struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Metadata    string `json:"metadata"`
}

type vaultUpdate struct {
	Name        *string `json:"name"`
	Description *string `json:"description"`
	Metadata    *string `json:"metadata"`
}

var vaultCollection = declare(collectionDecl[vault, vaultWire, vaultCreate, vaultUpdate]{
	name: collVaults, noun: "vault", prefix: prefixVault,
	filter: "ngrok.Vault",
	fields: (*vault).fields,
	wire: func(v *vault, origin string) vaultWire {
		return vaultWire{
			WireHeader: v.fields().header(origin, collVaults),
			UpdatedAt:  wireTime(v.UpdatedAt), Name: v.Name, CreatedBy: mockUserID, LastUpdatedBy: mockUserID,
		}
	},
	create: func(s *Server, in *vaultCreate) (vault, *apiError) {
		if err := checkVaultName(in.Name); err != nil {
			return vault{}, err
		}
		return vault{Name: in.Name, Description: in.Description, Metadata: in.Metadata, UpdatedAt: s.timestamp()}, nil
	},
	update: func(s *Server, in *vaultUpdate, v *vault) *apiError {
		if in.Name != nil {
			if err := checkVaultName(*in.Name); err != nil {
				return err
			}
			if id, ok := s.vaults.idByKeyLocked(*in.Name); ok && id != v.ID {
				return errVaultNameTaken.with()
			}
			v.Name = *in.Name
			renameVaultOfSecrets(s, v)
		}
		assign(&v.Description, in.Description)
		assign(&v.Metadata, in.Metadata)
		v.UpdatedAt = s.timestamp()
		return nil
	},
	unique: func(v *vault) string { return v.Name },
	check: func(s *Server, v *vault) *apiError {
		if id, ok := s.vaults.idByKeyLocked(v.Name); ok && id != v.ID {
			return errVaultNameTaken.with()
		}
		return nil
	},
	removable: func(s *Server, v *vault) *apiError {
		for _, r := range s.secrets.rows {
			if r.val.VaultID == v.ID {
				return errVaultNotEmpty.with()
			}
		}
		return nil
	},
	// NOTE: the control API deletes a vault whatever it holds; its secrets
	// go with it, as no secret outlives its vault.
	removed: func(s *Server, v *vault) {
		var ids []string
		for id, r := range s.secrets.rows {
			if r.val.VaultID == v.ID {
				ids = append(ids, id)
			}
		}
		for _, id := range ids {
			s.secrets.removeLocked(id)
		}
	},
})

// renameVaultOfSecrets gives a renamed vault's secrets its new name. NOTE:
// the rename is checked first, as the vault's update stores its copy only
// when check passes, while this writes the secrets' rows at once.
func renameVaultOfSecrets(s *Server, v *vault) {
	for id, r := range s.secrets.rows {
		if r.val.VaultID == v.ID {
			c := r.val
			c.VaultName = v.Name
			s.secrets.putLocked(id, c)
		}
	}
}

// checkName checks a vault's or secret's name as the real API does, with
// the codes of kind's names.
func checkName(name string, invalid, empty, long *errorKind) *apiError {
	if name == "" {
		return empty.with()
	}
	if len(name) > maxVaultNameLength {
		return long.with(maxVaultNameLength + 1)
	}
	if strings.Trim(name, base62+"_/.-") != "" {
		return invalid.with(name)
	}
	return nil
}

func checkVaultName(name string) *apiError {
	return checkName(name, errVaultName, errVaultNameEmpty, errVaultNameLength)
}

// vaultSecretRoutes serves /vaults/{id}/secrets: the vault's secrets,
// newest first, paged as every list (no filter [real: the spec takes none]).
func (s *Server) vaultSecretRoutes() []route {
	return []route{{
		method: http.MethodGet, path: "/vaults/{id}/secrets", ids: map[string]idKind{"id": s.vaults.kind()},
		query: unfilteredListQuery, handle: s.listVaultSecrets,
	}}
}

func (s *Server) listVaultSecrets(rq *request) (any, int, *apiError) {
	id := rq.r.PathValue("id")
	if _, err := s.vaults.get(id); err != nil {
		return nil, 0, err
	}
	return listObjectsIn(s, rq, s.secrets, secretCollection.wire, listScope[secret]{
		property: "secrets", path: "/" + collVaults + "/" + id + "/secrets",
		keep: func(v *secret) bool { return v.VaultID == id },
	})
}
