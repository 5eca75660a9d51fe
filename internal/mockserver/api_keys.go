package mockserver

import "time"

// API keys (README.md, section API keys): /api_keys, a declared collection
// (collection.go), listed under "keys" [real]. The token is shown once, in
// the create's answer [real]; the server keeps only its SHA-256, and a key
// it minted authenticates requests, as the keys of WithAPIKeys do, until it
// is deleted [real] (authenticate, server.go). Owners as for credentials
// (credentials.go).

type apiKey struct {
	ID          string    `json:"id"`
	CreatedAt   time.Time `json:"created_at"`
	Description string    `json:"description,omitempty"`
	Metadata    string    `json:"metadata,omitempty"`
	OwnerID     string    `json:"owner_id"`
	TokenSHA256 string    `json:"token_sha256"` // hex; the token itself is never kept
}

func (k *apiKey) fields() objectFields {
	return objectFields{&k.ID, &k.CreatedAt, &k.Description, &k.Metadata}
}

// APIKeyWire is an API key's answer; Token only in a create's.
// NOTE: exported for list filters (collection.go, WireHeader).
type APIKeyWire struct {
	WireHeader
	Token   *string `json:"token"`
	OwnerID string  `json:"owner_id"`
}

type apiKeyCreate struct {
	Description string  `json:"description"`
	Metadata    string  `json:"metadata"`
	OwnerID     *string `json:"owner_id"`
}

var apiKeyCollection = declare(collectionDecl[apiKey, APIKeyWire, apiKeyCreate, freeTextUpdate]{
	name: collAPIKeys, noun: "API key", prefix: prefixAPIKey,
	property: "keys",
	filter:   "ngrok.APIKey",
	fields:   (*apiKey).fields,
	text:     textCodes{errCredentialDescription, errCredentialMetadata},
	wire: func(k *apiKey, origin string) APIKeyWire {
		return APIKeyWire{WireHeader: k.fields().header(origin, collAPIKeys), OwnerID: k.OwnerID}
	},
	create: func(_ *Server, in *apiKeyCreate) (apiKey, *apiError) {
		owner, err := checkOwnerID(in.OwnerID)
		if err != nil {
			return apiKey{}, err
		}
		return apiKey{Description: in.Description, Metadata: in.Metadata, OwnerID: owner}, nil
	},
	mint: func(_ *Server, k *apiKey) (func() func(w *APIKeyWire), *apiError) {
		secret, err := mintSecret()
		if err != nil {
			return nil, err
		}
		return func() func(w *APIKeyWire) {
			token := tokenOf(k.ID, secret)
			k.TokenSHA256 = tokenHash(token)
			return func(w *APIKeyWire) { w.Token = &token }
		}, nil
	},
	// NOTE: the hash is the table's unique key, so that authenticate finds
	// a key in constant time however many there are.
	unique: func(k *apiKey) string { return k.TokenSHA256 },
	check:  func(s *Server, k *apiKey) *apiError { return checkOwnerExists(s, k.ID, k.OwnerID) },
})

// mintedAPIKey reports whether token is an API key of the account.
func (s *Server) mintedAPIKey(token string) bool {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	_, ok := s.apiKeys.idByKeyLocked(tokenHash(token))
	return ok
}
