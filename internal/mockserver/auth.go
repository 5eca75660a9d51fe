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

// authenticate checks the Authorization header, returning the API key.
func (s *Server) authenticate(r *http.Request) (string, *apiError) {
	vals := r.Header["Authorization"]
	if len(vals) == 0 || len(vals) == 1 && strings.TrimSpace(vals[0]) == "" {
		return "", errNoAuthorization.with()
	}
	// NOTE: net/http keeps every Authorization header and Get returns the
	// first; a proxy or client that added a second, different one would
	// otherwise be authenticated by whichever came first [ours].
	if len(vals) > 1 {
		return "", unparsableAuthorization(vals...)
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

// unparsableAuthorization is ERR_NGROK_201 for the Authorization headers
// sent. NOTE: ngrok's message quotes the header; the mock quotes each one's
// scheme and the start of its credential (partialSecret), so that a client
// that shows the message does not print a key [ours].
func unparsableAuthorization(headers ...string) *apiError {
	quoted := make([]string, len(headers))
	for i, h := range headers {
		if scheme, credential, ok := strings.Cut(h, " "); ok {
			quoted[i] = scheme + " " + partialSecret(credential)
		} else {
			quoted[i] = partialSecret(h)
		}
	}
	return errAuthorizationUnparsable.with(strings.Join(quoted, ", "))
}

// refusedKey says what a key the server does not accept is instead.
func (s *Server) refusedKey(token string) *apiError {
	switch {
	case wellFormedID(token, prefixAPIKey):
		return errAPIKeyIDAsAPIKey.with(token)
	case s.credentialToken(token):
		return errAuthtokenAsAPIKey.with(partialSecret(token))
	case apiKeyForm(token):
		return errUnknownAPIKey.with(partialSecret(token))
	}
	return errMalformedAPIKey.with(partialSecret(token))
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
