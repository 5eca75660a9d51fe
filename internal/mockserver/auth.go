package mockserver

import (
	"cmp"
	"crypto/subtle"
	"encoding/base64"
	"net/http"
	"strings"
)

// Authentication (README.md, section Requests): the Authorization header is
// read as ngrok's error reference describes it (errors/err_ngrok_200.mdx to
// err_ngrok_208.mdx), and a key the server does not accept is told apart by
// what it is instead: an API key's ID (208), an agent authtoken of the
// account (206), a key of an API key's form (203), anything else (202).

// apiKeysPage is where ngrok's messages send a user for their API keys.
const apiKeysPage = "https://dashboard.ngrok.com/api-keys"

// authenticate checks the Authorization header, returning the API key.
func (s *Server) authenticate(r *http.Request) (string, *apiError) {
	vals := r.Header["Authorization"]
	if len(vals) == 0 || len(vals) == 1 && strings.TrimSpace(vals[0]) == "" {
		return "", errNoAuthorization.errorf("The ngrok API requires that you set the Authorization header for authentication. "+
			"Your API keys and instructions are available on your dashboard: %s", apiKeysPage)
	}
	// NOTE: net/http keeps every Authorization header and Get returns the
	// first; a proxy or client that added a second, different one would
	// otherwise be authenticated by whichever came first [ours].
	if len(vals) > 1 {
		return "", unparsableAuthorization(strings.Join(vals, ", "))
	}
	token, ok := credentialOf(vals[0])
	if !ok {
		return "", unparsableAuthorization(vals[0])
	}
	for _, k := range s.keys {
		if subtle.ConstantTimeCompare([]byte(k), []byte(token)) == 1 {
			return k, nil
		}
	}
	// NOTE: a key minted by POST /api_keys is found by its hash, until it
	// is deleted [real: exchange _api_keys_create_response.md@3196b15].
	if s.mintedAPIKey(token) {
		return token, nil
	}
	return "", s.refusedKey(token)
}

// credentialOf reads an Authorization header's value: "Bearer <key>", or
// "Basic <base64 of user:password>" whose user name is the key (or, with
// an empty user name, the password) [ours: ngrok's reference says Basic is
// accepted, errors/err_ngrok_201.mdx, not which part holds the key]. The
// scheme is matched case-insensitively, as RFC 9110 requires.
func credentialOf(header string) (string, bool) {
	scheme, rest, ok := strings.Cut(header, " ")
	if !ok || rest == "" || strings.ContainsAny(rest, " \t") {
		return "", false
	}
	switch {
	case strings.EqualFold(scheme, "Bearer"):
		return rest, true
	case strings.EqualFold(scheme, "Basic"):
		raw, err := base64.StdEncoding.DecodeString(rest)
		if err != nil {
			return "", false
		}
		user, password, ok := strings.Cut(string(raw), ":")
		key := cmp.Or(user, password)
		return key, ok && key != ""
	}
	return "", false
}

func unparsableAuthorization(header string) *apiError {
	return errAuthorizationUnparsable.errorf("The ngrok API requires that you use Basic or Bearer authentication via the "+
		"Authorization header. It could not parse the header in this request. Authorization Header: %s. "+
		"API keys and instructions are available on your dashboard: %s", header, apiKeysPage)
}

// refusedKey says what a key the server does not accept is instead.
func (s *Server) refusedKey(token string) *apiError {
	switch {
	case wellFormedID(token, prefixAPIKey):
		return errAPIKeyIDAsAPIKey.errorf("The authentication you specified is actually an API key ID, not an API key token. "+
			"Your credential: %s. Check your records for an API key with the form FIRSTPART_SECONDPART. "+
			"API keys and instructions are available on your dashboard: %s", token, apiKeysPage)
	case s.credentialToken(token):
		return errAuthtokenAsAPIKey.errorf("The authentication you specified is actually an authtoken. Your credential: %s. "+
			"Check your records for an API key. API keys and instructions are available on your dashboard: %s", token, apiKeysPage)
	case apiKeyForm(token):
		return errUnknownAPIKey.errorf("The API authentication you specified is properly formed, but it is invalid. "+
			"Your authentication: %s. API keys and instructions are available on your dashboard: %s", token, apiKeysPage)
	}
	return errMalformedAPIKey.errorf("The API authentication you specified does not look like a valid credential. "+
		"Your credential: %s. API keys and instructions are available on your dashboard: %s", token, apiKeysPage)
}

// apiKeyForm reports whether token has an API key's form, FIRSTPART_SECONDPART
// [real: errors/err_ngrok_207.mdx, err_ngrok_208.mdx]: two runs of base-62
// characters joined by one underscore, as the API mints them (mintToken).
func apiKeyForm(token string) bool {
	first, second, ok := strings.Cut(token, "_")
	return ok && first != "" && second != "" && strings.Trim(first, base62) == "" && strings.Trim(second, base62) == ""
}

// credentialToken reports whether token is the token of a credential (an
// agent authtoken) of the account, found by its hash.
func (s *Server) credentialToken(token string) bool {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	_, ok := s.credentials.idByKeyLocked(tokenHash(token))
	return ok
}
