package mockserver

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"strconv"
	"strings"
	"time"
)

// Agent authtokens (README.md, section Credentials): /credentials, a
// declared collection (collection.go). The token is shown once, in the
// create's answer [real]; the server keeps only its SHA-256, as it does for
// API keys (api_keys.go). The ACL and the owner rules here are shared with
// API keys and SSH credentials. Choices of ours where the real API is
// silent:
//   - owner_id defaults to mockUserID, the account's one person, and must
//     name it, a service user or a bot user of the account (ERR_NGROK_634
//     [real code]); deleting a service or bot user deletes what it owns
//     [real: ngrok's docs].
//   - A PATCH's acl replaces the ACL whole; [] clears it, an absent or null
//     acl leaves it alone. The rules are kept as sent, in order.
//   - At most maxACLRules rules.

// maxACLRules bounds an ACL [ours: the real API's limit is not documented].
const maxACLRules = 100

type credential struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	ACL         []string  `json:"acl,omitempty"`
	OwnerID     string    `json:"owner_id"`
	TokenSHA256 string    `json:"token_sha256"` // hex; the token itself is never kept
}

func (c *credential) fields() objectFields {
	return objectFields{&c.ID, &c.CreatedAt, &c.Description, &c.Metadata}
}

// CredentialWire is a credential's answer; Token only in a create's.
// NOTE: exported for list filters (collection.go, WireHeader).
type CredentialWire struct {
	WireHeader
	Token   *string  `json:"token"`
	ACL     []string `json:"acl"`
	OwnerID string   `json:"owner_id"`
}

type credentialCreate struct {
	Description string   `json:"description"`
	Metadata    string   `json:"metadata"`
	ACL         []string `json:"acl"`
	OwnerID     *string  `json:"owner_id"`
}

// credentialUpdate is the PATCH body of credentials and SSH credentials:
// owner_id cannot change [real: the spec's update bodies have none].
type credentialUpdate struct {
	Description *string   `json:"description"`
	Metadata    *string   `json:"metadata"`
	ACL         *[]string `json:"acl"`
}

var credentialCollection = declare(collectionDecl[credential, CredentialWire, credentialCreate, credentialUpdate]{
	name: collCredentials, noun: "credential", prefix: prefixCredential,
	filter: "ngrok.Credential",
	fields: (*credential).fields,
	text:   textCodes{errCredentialDescription, errCredentialMetadata},
	wire: func(c *credential, origin string) CredentialWire {
		return CredentialWire{WireHeader: c.fields().header(origin, collCredentials), ACL: nonNil(c.ACL), OwnerID: c.OwnerID}
	},
	create: func(_ *Server, in *credentialCreate) (credential, *apiError) {
		acl, err := checkACL(in.ACL)
		if err != nil {
			return credential{}, err
		}
		owner, err := checkOwnerID(in.OwnerID)
		if err != nil {
			return credential{}, err
		}
		return credential{Description: in.Description, Metadata: in.Metadata, ACL: acl, OwnerID: owner}, nil
	},
	mint: func(_ *Server, c *credential) (func() func(w *CredentialWire), *apiError) {
		secret, err := mintSecret()
		if err != nil {
			return nil, err
		}
		return func() func(w *CredentialWire) {
			token := tokenOf(c.ID, secret)
			c.TokenSHA256 = tokenHash(token)
			return func(w *CredentialWire) { w.Token = &token }
		}, nil
	},
	// NOTE: indexed by the token's hash, so that authenticate tells an
	// authtoken sent as an API key (ERR_NGROK_206) in constant time.
	unique:      func(c *credential) string { return c.TokenSHA256 },
	check:       func(s *Server, c *credential) *apiError { return checkOwnerExists(s, c.ID, c.OwnerID) },
	emptyUpdate: errCredentialEmptyUpdate,
	update: func(_ *Server, in *credentialUpdate, c *credential) *apiError {
		return updateACLObject(in, &c.Description, &c.Metadata, &c.ACL)
	},
})

// updateACLObject applies a credential's or SSH credential's PATCH.
func updateACLObject(in *credentialUpdate, description, metadata *string, acl *[]string) *apiError {
	if in.ACL != nil {
		rules, err := checkACL(*in.ACL)
		if err != nil {
			return err
		}
		*acl = rules
	}
	assign(description, in.Description)
	assign(metadata, in.Metadata)
	return nil
}

// tokenSecretLen is the length of a token's secret part [real: the tokens of
// _credentials_create_response.md and _api_keys_create_response.md@3196b15].
const tokenSecretLen = 21

// mintSecret draws the secret part of a token: 21 base-62 characters from
// crypto/rand whatever the ID source.
func mintSecret() (string, *apiError) {
	var b strings.Builder
	for b.Len() < tokenSecretLen {
		var buf [1]byte
		if _, rerr := rand.Read(buf[:]); rerr != nil {
			return "", internalError("reading token randomness: %v", rerr)
		}
		// NOTE: rejecting bytes >= 248 keeps every character equally likely.
		if buf[0] < 4*62 {
			b.WriteByte(base62[buf[0]%62])
		}
	}
	return b.String(), nil
}

// tokenOf is the token of the object id with the given secret: the ID
// without its prefix, an underscore, the secret [real: cr_334Ad4… answers
// 334Ad4…_3y9oE8…, _credentials_create_response.md@3196b15; an API key's
// likewise, _api_keys_create_response.md@3196b15].
func tokenOf(id, secret string) string {
	return id[strings.IndexByte(id, '_')+1:] + "_" + secret
}

// tokenHash is the hex SHA-256 of a token: all the server keeps of it.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// checkOwnerID checks an owner_id: absent is the account's user.
func checkOwnerID(id *string) (string, *apiError) {
	if id == nil || *id == "" {
		return mockUserID, nil
	}
	for _, p := range ownerIDPrefixes {
		if wellFormedID(*id, p) {
			return *id, nil
		}
	}
	return "", errIDPrefixes.with(*id, strings.Join(ownerIDPrefixes, ", "))
}

// checkOwnerExists refuses, on a create (id is ""), an owner that is no
// user of the account: its person (mockUserID), a service user or a bot
// user [real: ERR_NGROK_634, "No credential owner could be determined"].
// The owner cannot change, so a PATCH is not checked again. Under the store
// lock.
func checkOwnerExists(s *Server, id, owner string) *apiError {
	if id != "" || owner == mockUserID {
		return nil
	}
	for _, t := range []*table[serviceUser]{s.serviceUsers, s.botUsers} {
		if strings.HasPrefix(owner, t.prefix) {
			if _, ok := t.rows[owner]; ok {
				return nil
			}
		}
	}
	return errUnknownOwner.with()
}

// removeOwnedBy deletes what the user owner owns, as the API does when a
// service user is deleted [real: ngrok's docs, "all credentials owned by
// the user are immediately revoked and deleted"]: its authtokens, API keys
// (which stop authenticating) and SSH credentials. Under the store lock.
func removeOwnedBy(s *Server, owner string) {
	removeWhere(s.credentials, func(c *credential) bool { return c.OwnerID == owner })
	removeWhere(s.apiKeys, func(k *apiKey) bool { return k.OwnerID == owner })
	removeWhere(s.sshCredentials, func(c *sshCredential) bool { return c.OwnerID == owner })
}

// removeWhere deletes the rows of t that match; under the store lock.
func removeWhere[T any](t *table[T], match func(v *T) bool) {
	var ids []string
	for id, r := range t.rows {
		if match(&r.val) {
			ids = append(ids, id)
		}
	}
	for _, id := range ids {
		t.removeLocked(id)
	}
}

// checkACL checks the rules of an ACL [real: ERR_NGROK_600's message]:
// each is "*" or "bind:" and a domain (a leading "*." wildcard allowed), an
// address (host:port) or a label (key=value, either side "*"). An empty
// ACL is stored as none.
func checkACL(rules []string) ([]string, *apiError) {
	if len(rules) > maxACLRules {
		return nil, errInvalidValue.with("acl")
	}
	for _, r := range rules {
		if !validACLRule(r) {
			return nil, errACLRule.with(r)
		}
	}
	if len(rules) == 0 {
		return nil, nil
	}
	return rules, nil
}

func validACLRule(r string) bool {
	if r == "*" {
		return true
	}
	v, ok := strings.CutPrefix(r, "bind:")
	if !ok || v == "" {
		return false
	}
	if key, value, isLabel := strings.Cut(v, "="); isLabel {
		return validLabelPart(key) && validLabelPart(value)
	}
	if host, port, isAddr := strings.Cut(v, ":"); isAddr {
		n, err := strconv.Atoi(port)
		return err == nil && n >= 1 && n <= 65535 && port[0] != '0' && validHostname(host)
	}
	if v == "*" {
		return true
	}
	return validHostname(strings.TrimPrefix(v, "*."))
}

// validLabelPart is a label's key or value: "*", or letters, digits and
// . _ - /.
func validLabelPart(s string) bool {
	if s == "*" {
		return true
	}
	if s == "" || len(s) > 253 {
		return false
	}
	for _, c := range []byte(s) {
		if !isAlnum(c) && !strings.ContainsRune("._-/", rune(c)) {
			return false
		}
	}
	return true
}

// validHostname is a DNS name: labels of 1 to 63 letters, digits and
// hyphens, neither first nor last a hyphen, 253 bytes at most.
func validHostname(h string) bool {
	if h == "" || len(h) > 253 {
		return false
	}
	for label := range strings.SplitSeq(h, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range []byte(label) {
			if !isAlnum(c) && c != '-' {
				return false
			}
		}
	}
	return true
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
