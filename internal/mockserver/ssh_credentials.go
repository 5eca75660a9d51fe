package mockserver

import (
	"strings"
	"time"

	"golang.org/x/crypto/ssh"
)

// SSH credentials (README.md, section SSH credentials): /ssh_credentials, a
// declared collection (collection.go): a public key that may start SSH
// reverse tunnels, with an ACL and an owner as credentials have
// (credentials.go). The public key cannot change [real: the update body has
// none]. Choices of ours where the real API is silent:
//   - public_key must be one OpenSSH authorized-keys line without options,
//     of any key type x/crypto/ssh reads; it is answered as sent, trimmed.

type sshCredential struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	PublicKey   string    `json:"public_key"`
	ACL         []string  `json:"acl,omitempty"`
	OwnerID     string    `json:"owner_id"`
}

func (c *sshCredential) fields() objectFields {
	return objectFields{&c.ID, &c.CreatedAt, &c.Description, &c.Metadata}
}

// SSHCredentialWire is an SSH credential's answer.
// NOTE: exported for list filters (collection.go, WireHeader).
type SSHCredentialWire struct {
	WireHeader
	PublicKey string   `json:"public_key"`
	ACL       []string `json:"acl"`
	OwnerID   string   `json:"owner_id"`
}

type sshCredentialCreate struct {
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	ACL         []string `json:"acl"`
	PublicKey   string   `json:"public_key"`
	OwnerID     *string  `json:"owner_id"`
}

var sshCredentialCollection = declare(collectionDecl[sshCredential, SSHCredentialWire, sshCredentialCreate, credentialUpdate]{
	name: collSSHCredentials, noun: "SSH credential", prefix: prefixSSHCredential,
	filter: "ngrok.SSHCredential",
	fields: (*sshCredential).fields,
	text:   textCodes{errCredentialDescription, errCredentialMetadata},
	wire: func(c *sshCredential, origin string) SSHCredentialWire {
		return SSHCredentialWire{WireHeader: c.fields().header(origin, collSSHCredentials),
			PublicKey: c.PublicKey, ACL: nonNil(c.ACL), OwnerID: c.OwnerID}
	},
	create: func(_ *Server, in *sshCredentialCreate) (sshCredential, *apiError) {
		key, err := checkSSHCredentialKey(in.PublicKey)
		if err != nil {
			return sshCredential{}, err
		}
		acl, err := checkACL(in.ACL)
		if err != nil {
			return sshCredential{}, err
		}
		owner, err := checkOwnerID(in.OwnerID)
		if err != nil {
			return sshCredential{}, err
		}
		return sshCredential{Description: in.Description, Metadata: in.Metadata, PublicKey: key, ACL: acl, OwnerID: owner}, nil
	},
	check: func(s *Server, c *sshCredential) *apiError { return checkOwnerExists(s, c.ID, c.OwnerID) },
	update: func(_ *Server, in *credentialUpdate, c *sshCredential) *apiError {
		return updateACLObject(in, &c.Description, &c.Metadata, &c.ACL)
	},
})

// checkSSHCredentialKey checks a public key: one authorized-keys line
// without options. It returns the line trimmed.
func checkSSHCredentialKey(text string) (string, *apiError) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", errSSHKeyMissing.with()
	}
	_, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return "", errSSHKeyInvalid.with(text, err)
	}
	if len(options) > 0 {
		return "", errSSHKeyInvalid.with(text, "authorized_keys options are not allowed")
	}
	if len(strings.TrimSpace(string(rest))) > 0 {
		return "", errSSHKeyInvalid.with(text, "more than one line")
	}
	return text, nil
}
