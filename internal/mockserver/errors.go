package mockserver

import (
	"fmt"
	"net/http"
)

// Error codes the mock server answers with. Codes marked [real] are the real
// API's; the others are our assignment, recorded here because clients and
// tests match on them.
//
//	code             status  situation
//	ERR_NGROK_200    401     no Authorization header, or more than one [real code, status ours]
//	ERR_NGROK_202    403     Authorization not of the form "Bearer <token>" [real]
//	ERR_NGROK_203    403     well-formed but unknown API key [real]
//	ERR_NGROK_212    413     body larger than maxBodyBytes, or declared so by Content-Length (answered
//	                         before reading) [ours: the real limit and code are unknown]
//	ERR_NGROK_213    400     body is not valid JSON, or has a key twice in one object [real code]
//	ERR_NGROK_214    400     unknown field in body, matched case-sensitively [real]
//	ERR_NGROK_215    400     field of the wrong JSON type, body not an object, unknown before_id,
//	                         a filter that does not compile (CEL's message) or exceeds its cost
//	                         limit, OIDC scope not a scope token, a scope or IP policy listed
//	                         twice, more than 256 principals on an SSH certificate
//	                         (maxPrincipals; the limit is ours), a query string that does not
//	                         decode [real code]
//	ERR_NGROK_216    400     body without Content-Type application/json [real]
//	ERR_NGROK_216    415     any Content-Encoding header, identity included [status ours]
//	ERR_NGROK_217    400     Ngrok-Version other than 2 [real]
//	ERR_NGROK_218    400     no Ngrok-Version header [real]
//	ERR_NGROK_227    400     ID in the path, in before_id or in a body reference (backend_id,
//	                         ip_policy_ids) with the wrong prefix [real code]
//	ERR_NGROK_231    400     unknown query parameter [real]
//	ERR_NGROK_233    400     limit not an integer in 1..100 [real]
//	ERR_NGROK_248    400     endpoint type other than cloud on create; PATCH or DELETE of an
//	                         ephemeral or edge endpoint [real code for create; reuse for the
//	                         others ours]. Endpoints answer ERR_NGROK_215 for a missing or invalid
//	                         url, a missing or emptied traffic_policy, and invalid bindings.
//	                         Constants in endpoints.go.
//	ERR_NGROK_413    409     domain already reserved (compared after lower-casing) [real code, status ours]
//	ERR_NGROK_434    400     certificate_id and certificate_management_policy in one body [real]
//	ERR_NGROK_436    400     DELETE /reserved_domains/{id}/certificate while a policy is attached [real]
//	ERR_NGROK_439    400     certificate_management_policy on a service-owned domain [real code]
//	ERR_NGROK_440    400     certificate_id on a service-owned domain [real code]
//	ERR_NGROK_446    409     deleting a reserved domain that a cloud endpoint uses [real code, status ours]
//	                         Reserved domains answer ERR_NGROK_215 for an invalid domain, region,
//	                         authority or private_key_type, and a
//	                         certificate_id or endpoint configuration ID naming no object of the
//	                         account (or one of the wrong type); ERR_NGROK_227 for such an ID
//	                         with the wrong prefix. Constants in reserved_domains.go.
//	ERR_NGROK_1936   400     SSH CA private_key_type not rsa, ecdsa or ed25519
//	ERR_NGROK_1937   400     SSH CA elliptic_curve with a type other than ecdsa
//	ERR_NGROK_1938   400     SSH CA elliptic_curve not p256, p384 or p521
//	ERR_NGROK_1939   400     SSH CA key_size (even 0) with a type other than rsa
//	ERR_NGROK_1940   400     SSH CA key_size not 2048 or 4096 (0 included: only an absent or null
//	                         key_size takes the default)
//	ERR_NGROK_1941   400     description longer than 255 bytes
//	ERR_NGROK_1942   400     metadata longer than 4096 bytes
//	ERR_NGROK_1943   400     SSH certificate valid_until not after valid_after [real]
//	ERR_NGROK_1944   400     SSH certificate without ssh_certificate_authority_id
//	ERR_NGROK_1945   400     ssh_certificate_authority_id that names no authority of the account
//	                         (a 400, not a 404: the request's own path exists)
//	ERR_NGROK_1946   400     SSH certificate public_key missing, not an authorized-keys line, with
//	                         authorized_keys options, or more than one line
//	ERR_NGROK_1947   400     SSH certificate public_key of a type that cannot be certified (a
//	                         certificate, DSA, FIDO security key, RSA under 1024 bits)
//	ERR_NGROK_1948   400     SSH certificate valid_after or valid_until not RFC 3339, before 1970,
//	                         or (valid_until) after 9999-12-31T23:59:59Z
//	ERR_NGROK_1949   400     SSH certificate principal empty or with whitespace or control characters
//	ERR_NGROK_1950   400     SSH user certificate critical option other than force-command and
//	                         source-address, an empty force-command, or a source-address that is
//	                         not a comma-separated list of IP addresses and CIDR blocks
//	ERR_NGROK_1951   400     SSH user certificate extension neither an OpenSSH flag extension with
//	                         an empty value nor a vendor extension name@domain
//	ERR_NGROK_7170   400     edge route module without a required field: OIDC issuer, client_id or
//	                         client_secret; backend_id
//	ERR_NGROK_7171   400     OIDC issuer not an absolute https URL
//	ERR_NGROK_7172   400     request_headers: a name in add or remove that is not an HTTP token, a name
//	                         listed twice ignoring case, a value with CR, LF or NUL
//	ERR_NGROK_7173   400     ip_restriction with no ip_policy_ids
//	ERR_NGROK_7174   400     backend_id or an ip_policy_ids entry that names no object of the account
//	ERR_NGROK_7196   400     write to a route module while edges are read-only (SetEdgesReadOnly)
//	                         [real code, status ours]
//	ERR_NGROK_18002  400     traffic_policy neither JSON nor YAML, or not an object of phases
//	                         (on_http_request, on_http_response, on_tcp_connect) holding lists of
//	                         rule objects [real code for unparseable; the shape check ours]
//	ERR_NGROK_18005  400     PATCH that changes the scheme of an endpoint's url [real]
//	ERR_NGROK_18006  400     http, https or tls endpoint with the public binding on a host that is
//	                         not a reserved domain of the account [real]
//	ERR_NGROK_18009  409     a cloud endpoint already has this url [real code, status ours]
//	ERR_NGROK_27617  409     Idempotency-Key reused with another request [real]
//	(none)           404     unknown object or route, or a path not in canonical form ("//x",
//	                         "/x/..": never a redirect), msg "Resource not found" [real]
//	(none)           405     known path, method not served there [ours]
//	(none)           408     request body not received within the server's read timeout [ours]
//	(none)           500     the mock server itself failed (ID randomness exhausted, or no greater ID left to mint) [ours]
//
// The SSH CA codes ERR_NGROK_1936..1942 are the real range; which code stands
// for which rule is our assignment. ERR_NGROK_1943 is the real code for a
// certificate's non-positive validity; 1944..1951 continue the range as ours.
// The SSH certificate constants live in ssh_certificates.go, beside the note
// on deleting an authority that signed certificates (allowed).
const (
	codeNoAuthorization        = "ERR_NGROK_200"
	codeMalformedAPIKey        = "ERR_NGROK_202"
	codeUnknownAPIKey          = "ERR_NGROK_203"
	codeBodyTooLarge           = "ERR_NGROK_212"
	codeInvalidJSON            = "ERR_NGROK_213"
	codeUnknownField           = "ERR_NGROK_214"
	codeInvalidValue           = "ERR_NGROK_215"
	codeContentType            = "ERR_NGROK_216"
	codeUnsupportedVersion     = "ERR_NGROK_217"
	codeMissingVersion         = "ERR_NGROK_218"
	codeWrongIDPrefix          = "ERR_NGROK_227"
	codeUnknownQueryParameter  = "ERR_NGROK_231"
	codeInvalidLimit           = "ERR_NGROK_233"
	codeSSHCAKeyType           = "ERR_NGROK_1936"
	codeSSHCACurveWithoutECDSA = "ERR_NGROK_1937"
	codeSSHCACurve             = "ERR_NGROK_1938"
	codeSSHCASizeWithoutRSA    = "ERR_NGROK_1939"
	codeSSHCAKeySize           = "ERR_NGROK_1940"
	codeDescriptionTooLong     = "ERR_NGROK_1941"
	codeMetadataTooLong        = "ERR_NGROK_1942"
	codeIdempotencyMismatch    = "ERR_NGROK_27617"
)

// apiError is the error currency of handlers: everything needed to write the
// API's error body except the operation ID, which the adapter adds.
type apiError struct {
	status int
	code   string // empty for the real API's bare 404
	msg    string
}

func (e *apiError) Error() string {
	if e.code == "" {
		return fmt.Sprintf("%d: %s", e.status, e.msg)
	}
	return fmt.Sprintf("%d %s: %s", e.status, e.code, e.msg)
}

func newError(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

func badRequest(code, format string, args ...any) *apiError {
	return newError(http.StatusBadRequest, code, format, args...)
}

// errNotFound matches the real API byte for byte: no error_code, so clients
// must key on status_code rather than on a code.
func errNotFound() *apiError {
	return &apiError{status: http.StatusNotFound, msg: "Resource not found"}
}

func errInternal(format string, args ...any) *apiError {
	return newError(http.StatusInternalServerError, "", "Internal server error: "+format, args...)
}

// errorBody is the wire shape of every error response.
type errorBody struct {
	ErrorCode  string            `json:"error_code,omitempty"`
	StatusCode int               `json:"status_code"`
	Msg        string            `json:"msg"`
	Details    map[string]string `json:"details"`
}
