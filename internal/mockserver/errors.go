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
//	ERR_NGROK_200    401     no Authorization header [real code, status ours]
//	ERR_NGROK_202    403     Authorization not of the form "Bearer <token>" [real]
//	ERR_NGROK_203    403     well-formed but unknown API key [real]
//	ERR_NGROK_212    413     body larger than maxBodyBytes [ours: the real limit and code are unknown]
//	ERR_NGROK_213    400     body is not valid JSON [real]
//	ERR_NGROK_214    400     unknown field in body, matched case-sensitively [real]
//	ERR_NGROK_215    400     field of the wrong JSON type, body not an object, unknown before_id,
//	                         filter syntax error [real code]
//	ERR_NGROK_216    400     body without Content-Type application/json [real]
//	ERR_NGROK_217    400     Ngrok-Version other than 2 [real]
//	ERR_NGROK_218    400     no Ngrok-Version header [real]
//	ERR_NGROK_227    400     ID in the path or in before_id with the wrong prefix [real]
//	ERR_NGROK_231    400     unknown query parameter [real]
//	ERR_NGROK_233    400     limit not an integer in 1..100 [real]
//	ERR_NGROK_1936   400     SSH CA private_key_type not rsa, ecdsa or ed25519
//	ERR_NGROK_1937   400     SSH CA elliptic_curve with a type other than ecdsa
//	ERR_NGROK_1938   400     SSH CA elliptic_curve not p256, p384 or p521
//	ERR_NGROK_1939   400     SSH CA key_size with a type other than rsa
//	ERR_NGROK_1940   400     SSH CA key_size not 2048 or 4096
//	ERR_NGROK_1941   400     description longer than 255 bytes
//	ERR_NGROK_1942   400     metadata longer than 4096 bytes
//	ERR_NGROK_27617  409     Idempotency-Key reused with another request [real]
//	(none)           404     unknown object or route, msg "Resource not found" [real]
//	(none)           405     known path, method not served there [ours]
//	(none)           500     the mock server itself failed (ID randomness exhausted) [ours]
//
// The SSH CA codes ERR_NGROK_1936..1942 are the real range; which code stands
// for which rule is our assignment.
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
