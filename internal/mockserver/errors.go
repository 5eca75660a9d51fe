package mockserver

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
	ngrokerrors "github.com/tfedge/terraform-provider-ngrok/third_party/ngrok-errors"
)

// origin says whose an error's code and status are.
type origin int

const (
	// realAPI: the real API answers this situation with this code and status.
	realAPI origin = iota + 1
	// realCode: the code is the real API's; its status, or its use for some
	// of the situations listed, is ours.
	realCode
	// ours: the real API's answer is unknown; code and status are our
	// assignment, recorded because clients and tests match on them.
	ours
)

func (o origin) String() string {
	switch o {
	case realAPI:
		return "real"
	case realCode:
		return "real code"
	case ours:
		return "ours"
	}
	return fmt.Sprintf("origin(%d)", int(o))
}

// errorKind is one row of errorTable: an error code, the status it is
// answered with, whose they are, when the server answers it, and its
// message. A code of ngrok's error reference carries the reference's
// message template (third_party/ngrok-errors), whose placeholders the
// handler fills (with): a user who looks the code up reads what the
// message says. A row without a documented code ("" or a code the
// reference lacks) has a message of ours, the handler's (errorf).
type errorKind struct {
	code   string // "" for the statuses the real API answers without a code
	status int
	origin origin
	when   string
	// template is ngrok's message for code, "" on a row of ours; names are
	// its placeholders, each once, in their order.
	template string
	names    []string
}

// errorTable holds every error the server can answer, one row per code and
// status, in the order of the declarations below. Handlers build their
// errors from these rows only (with, errorf); the one exception is a fault
// rule's injected error (injectedError), whose code and status the rule
// chooses. internal/mockserver/README.md shows this table
// (TestREADMEErrorTable keeps it in step), and
// TestErrorTableFollowsNgroksReference holds it to ngrok's reference.
var errorTable []*errorKind

// defineError adds a row of a code of ngrok's error reference, with the
// reference's message. NOTE: a panic, as for a regexp.MustCompile: a code
// the reference lacks is a mistake of this file, which every test reports.
func defineError(code string, status int, o origin, when string) *errorKind {
	template, ok := ngrokerrors.Message(code)
	if !ok {
		panic(code + " is not in ngrok's error reference (third_party/ngrok-errors): define its row with defineOwnError")
	}
	k := &errorKind{code: code, status: status, origin: o, when: when, template: template}
	for _, m := range ngrokerrors.Placeholder.FindAllStringSubmatch(template, -1) {
		if !slices.Contains(k.names, m[1]) {
			k.names = append(k.names, m[1])
		}
	}
	errorTable = append(errorTable, k)
	return k
}

// defineOwnError adds a row whose code ngrok's reference does not document
// (TestErrorTableFollowsNgroksReference names each such code and why), or
// that has none: its handlers write the message (errorf).
func defineOwnError(code string, status int, o origin, when string) *errorKind {
	k := &errorKind{code: code, status: status, origin: o, when: when}
	errorTable = append(errorTable, k)
	return k
}

// The rows of errorTable. Each code is used for the meaning of its page of
// ngrok's error reference (errors/err_ngrok_<n>.mdx), whose message it
// sends; where no page documents a condition, the refusal is the generic
// ERR_NGROK_215, which names the request parameter. NOTE: where several
// pages carry one message for several collections (a description's limit:
// 1914 and 1916, 1945 and 1947), which collection a code is for is read
// from the codes around it, and the row says so.
var (
	errNoAuthorization = defineError("ERR_NGROK_200", http.StatusForbidden, realAPI,
		"no Authorization header, or an empty one")
	errAuthorizationUnparsable = defineError("ERR_NGROK_201", http.StatusForbidden, realCode,
		"an Authorization header that is neither Bearer and a token without spaces nor Basic and the base64 of user:password; "+
			"more than one Authorization header")
	errMalformedAPIKey = defineError("ERR_NGROK_202", http.StatusForbidden, realAPI,
		"a key that the server does not accept and that does not have an API key's form, FIRSTPART_SECONDPART in base-62")
	errUnknownAPIKey = defineError("ERR_NGROK_203", http.StatusForbidden, realAPI,
		"a key of an API key's form, FIRSTPART_SECONDPART, that the server does not accept")
	errAuthtokenAsAPIKey = defineError("ERR_NGROK_206", http.StatusForbidden, realCode,
		"the token of a credential (an agent authtoken) of the account instead of an API key")
	errAPIKeyIDAsAPIKey = defineError("ERR_NGROK_208", http.StatusForbidden, realCode,
		"an API key's ID (ak_ and 27 base-62 characters) instead of its token")
	errContentTypeUnsupported = defineError("ERR_NGROK_210", http.StatusBadRequest, realCode,
		"a body with a Content-Type other than application/json")
	errBodyNotExpected = defineError("ERR_NGROK_211", http.StatusBadRequest, realCode,
		"a body on a GET or a DELETE")
	errBodyTooLarge = defineError("ERR_NGROK_212", http.StatusRequestEntityTooLarge, realCode,
		"a body larger than 1 MiB, or declared so by Content-Length (refused before it is read)")
	errBodyUnreadable = defineError("ERR_NGROK_212", http.StatusBadRequest, realCode,
		"a body that could not be read to its end")
	errRequestTimeout = defineError("ERR_NGROK_212", http.StatusRequestTimeout, realCode,
		"a body not received within the server's read timeout")
	errInvalidJSON = defineError("ERR_NGROK_213", http.StatusBadRequest, realCode,
		"a body that is not valid JSON, is not a JSON object, has a key twice in one object, or nests deeper than 64 levels")
	errContentEncoding = defineError("ERR_NGROK_213", http.StatusUnsupportedMediaType, realCode,
		"any Content-Encoding header, identity included")
	errUnknownField = defineError("ERR_NGROK_214", http.StatusBadRequest, realAPI,
		"a field the body's object does not have, names matched case-sensitively")
	errInvalidValue = defineError("ERR_NGROK_215", http.StatusBadRequest, realCode,
		"a value of the wrong JSON type, an invalid before_id, and every invalid value (a missing one included) "+
			"that no page of ngrok's reference documents a code for")
	errContentType = defineError("ERR_NGROK_216", http.StatusBadRequest, realAPI,
		"a body without a Content-Type header")
	errUnsupportedVersion = defineError("ERR_NGROK_217", http.StatusBadRequest, realAPI,
		"an Ngrok-Version other than 2")
	errMissingVersion = defineError("ERR_NGROK_218", http.StatusBadRequest, realAPI,
		"no Ngrok-Version header")
	errIPRestricted = defineError("ERR_NGROK_220", http.StatusForbidden, realCode,
		"a request from an address that an enforced api IP restriction of the account does not allow")
	errRateLimited = defineError("ERR_NGROK_226", http.StatusTooManyRequests, realAPI,
		"more requests in the rolling last minute, by all the API keys of the account together, than the rate limit allows")
	errWrongIDPrefix = defineError("ERR_NGROK_227", http.StatusBadRequest, realCode,
		"an ID in the path, in before_id or in a body reference, with the wrong prefix")
	errQueryInvalid = defineError("ERR_NGROK_230", http.StatusBadRequest, realCode,
		"a query string that does not decode: an invalid escape, a semicolon")
	errUnknownQueryParameter = defineError("ERR_NGROK_231", http.StatusBadRequest, realAPI,
		"a query parameter the route does not take")
	errQueryParameterRepeated = defineError("ERR_NGROK_232", http.StatusBadRequest, realCode,
		"a query parameter given more than once (each of the API's takes one value)")
	errInvalidLimit = defineError("ERR_NGROK_233", http.StatusBadRequest, realAPI,
		"a limit that is not an integer from 1 to 100")
	// NOTE: the one code of the API that is not ERR_NGROK_<n> [real: docs
	// api/api-filtering.mdx, section Error handling].
	errInvalidFilter = defineOwnError(apifilter.ErrorCode, http.StatusBadRequest, realAPI,
		"a list filter outside the CEL subset ngrok documents, naming a field the list's filter does not take, "+
			"that does not parse or type-check, or that is not a bool; one over the mock's limits (the limits ours)")
	errTLSVersion = defineError("ERR_NGROK_219", http.StatusBadRequest, realCode,
		"an edge tls_termination min_version other than 1.0, 1.1, 1.2 or 1.3")
	errTerminateAt = defineError("ERR_NGROK_224", http.StatusBadRequest, realCode,
		"a TLS edge tls_termination terminate_at other than edge, agent and upstream")
	errInvalidTimestamp = defineError("ERR_NGROK_241", http.StatusBadRequest, realCode,
		"an SSH certificate valid_after or valid_until not RFC 3339 (real), or before 1970 or after 9999-12-31T23:59:59Z (ours)")
	errInvalidBackendID = defineError("ERR_NGROK_242", http.StatusBadRequest, realCode,
		"a route's backend module backend_id whose prefix is no backend's")
	errIDPrefixes = defineError("ERR_NGROK_243", http.StatusBadRequest, realCode,
		"a credential, API key or SSH credential owner_id that is not a user (usr_), service user (service_) or bot user (bot_) ID")
	errEventDestinationFormat = defineError("ERR_NGROK_235", http.StatusBadRequest, realAPI,
		"an event destination format other than json (any case)")
	errEventDestinationTarget = defineError("ERR_NGROK_236", http.StatusBadRequest, realCode,
		"an event destination target whose fields are missing: a stream or log group ARN, or an Azure field")
	errEventType = defineError("ERR_NGROK_238", http.StatusBadRequest, realAPI,
		"an event source type that is not one of the documented event types")
	errEndpointNotCloud = defineError("ERR_NGROK_248", http.StatusBadRequest, realAPI,
		"creating an endpoint of a type other than cloud")
	errReservedAddrEmptyUpdate = defineError("ERR_NGROK_506", http.StatusBadRequest, realAPI,
		"a reserved address PATCH without description or metadata")
	errReservedAddrRegion = defineError("ERR_NGROK_500", http.StatusBadRequest, realCode,
		"a reserved address region that is not one of the regions (us, eu, ap, au, sa, jp, in)")
	errReservedAddrDescription = defineError("ERR_NGROK_504", http.StatusBadRequest, realCode,
		"a reserved address description longer than 255 bytes")
	errReservedAddrMetadata = defineError("ERR_NGROK_505", http.StatusBadRequest, realCode,
		"a reserved address metadata longer than 4096 bytes")
	errInvalidRegion = defineError("ERR_NGROK_400", http.StatusBadRequest, realCode,
		"a reserved domain region that is not one of the regions (real); a resolves_to value that is not a point of presence or \"global\", "+
			"listed twice, or \"global\" beside another (ours)")
	errDomainWildcardPart = defineError("ERR_NGROK_402", http.StatusBadRequest, realAPI,
		"a domain to reserve with a * in a label other than the first")
	errDomainWildcardFirst = defineError("ERR_NGROK_403", http.StatusBadRequest, realAPI,
		"a domain to reserve whose first label holds a * but is not * alone")
	errDomainChar = defineError("ERR_NGROK_406", http.StatusBadRequest, realAPI,
		"a domain to reserve with a character other than a-z, A-Z, 0-9, ., * and -")
	errDomainFirstChar = defineError("ERR_NGROK_407", http.StatusBadRequest, realAPI,
		"a domain to reserve with a label that starts with a hyphen")
	errDomainLastChar = defineError("ERR_NGROK_408", http.StatusBadRequest, realAPI,
		"a domain to reserve with a label that ends with a hyphen")
	errDomainDots = defineError("ERR_NGROK_409", http.StatusBadRequest, realCode,
		"a domain to reserve with an empty label: two periods in a row (real), a leading period, or two trailing ones (ours)")
	errDomainWildcardAll = defineError("ERR_NGROK_416", http.StatusBadRequest, realCode,
		"a wildcard on a domain that ngrok owns, such as *.ngrok.app")
	errDomainEmptyUpdate = defineError("ERR_NGROK_422", http.StatusBadRequest, realCode,
		"a reserved domain PATCH that gives no field (an empty body, {}, only nulls)")
	errDomainDescription = defineError("ERR_NGROK_420", http.StatusBadRequest, realCode,
		"a reserved domain description longer than 255 bytes (the limit is ours)")
	errDomainMetadata = defineError("ERR_NGROK_421", http.StatusBadRequest, realCode,
		"a reserved domain metadata longer than 4096 bytes")
	errEndpointConfigType = defineError("ERR_NGROK_428", http.StatusBadRequest, realAPI,
		"a reserved domain http_endpoint_configuration_id or https_endpoint_configuration_id naming an endpoint configuration of the other type")
	errDomainUnderscore = defineError("ERR_NGROK_438", http.StatusBadRequest, realAPI,
		"a domain to reserve with an underscore")
	errDomainNotFQDN = defineError("ERR_NGROK_448", http.StatusBadRequest, realCode,
		"a domain to reserve of one label (real), or whose last label is numeric, as an IP address's is (ours)")
	errDomainLabelLength = defineError("ERR_NGROK_513", http.StatusBadRequest, realAPI,
		"a domain to reserve with a label longer than 63 bytes")
	errDomainLength = defineError("ERR_NGROK_514", http.StatusBadRequest, realAPI,
		"a domain to reserve longer than 253 bytes")
	errPolicyAuthority = defineError("ERR_NGROK_435", http.StatusBadRequest, realAPI,
		"a certificate management policy authority other than letsencrypt")
	errDomainTaken = defineError("ERR_NGROK_413", http.StatusConflict, realCode,
		"a domain the account has already reserved, compared after lower-casing")
	errCertificateAndPolicy = defineError("ERR_NGROK_434", http.StatusBadRequest, realAPI,
		"certificate_id and certificate_management_policy in one body")
	errDetachCertificateUnderPolicy = defineError("ERR_NGROK_436", http.StatusBadRequest, realAPI,
		"detaching the certificate of a reserved domain that has a certificate management policy")
	errPolicyOnServiceDomain = defineError("ERR_NGROK_439", http.StatusBadRequest, realCode,
		"a certificate management policy on a subdomain of an ngrok-owned domain")
	errCertificateUnknown = defineError("ERR_NGROK_1965", http.StatusBadRequest, realCode,
		"a reserved domain certificate_id that names no TLS certificate of the account")
	errCertificateOnServiceDomain = defineError("ERR_NGROK_440", http.StatusBadRequest, realCode,
		"a certificate_id on a subdomain of an ngrok-owned domain")
	errDomainInUse = defineError("ERR_NGROK_446", http.StatusConflict, realCode,
		"deleting a reserved domain that a cloud endpoint serves on, or that alone reserves an HTTPS or TLS edge's hostport")
	errACLRule = defineError("ERR_NGROK_600", http.StatusBadRequest, realAPI,
		"a credential or SSH credential acl rule that is neither * nor bind: and a domain, address or label")
	errCredentialEmptyUpdate = defineError("ERR_NGROK_606", http.StatusBadRequest, realCode,
		"a credential PATCH without description, metadata or acl")
	errCredentialDescription = defineError("ERR_NGROK_604", http.StatusBadRequest, realCode,
		"a credential, API key or SSH credential description longer than 255 bytes")
	errCredentialMetadata = defineError("ERR_NGROK_605", http.StatusBadRequest, realCode,
		"a credential, API key or SSH credential metadata longer than 4096 bytes")
	errSSHKeyMissing = defineError("ERR_NGROK_611", http.StatusBadRequest, realAPI,
		"an SSH credential without public_key, or with an empty one")
	errSSHKeyInvalid = defineError("ERR_NGROK_612", http.StatusBadRequest, realCode,
		"an SSH credential public_key that is not one OpenSSH authorized-keys line (real), or has options (ours)")
	errUnknownOwner = defineError("ERR_NGROK_634", http.StatusBadRequest, realCode,
		"a credential, API key or SSH credential owner_id that names no user of the account: its user, a service user or a bot user")
	errAgentCannotRestart = defineError("ERR_NGROK_804", http.StatusBadRequest, realCode,
		"a tunnel session restart of an agent on Windows")
	errAgentCannotUpdate = defineError("ERR_NGROK_806", http.StatusBadRequest, realCode,
		"a tunnel session update when no update is available, update checks are disabled, or an update awaits a restart")
	errSSHSessionUpdate = defineError("ERR_NGROK_1121", http.StatusBadRequest, realCode,
		"a tunnel session update of an SSH session")
	errSSHSessionRestart = defineError("ERR_NGROK_1122", http.StatusBadRequest, realCode,
		"a tunnel session restart of an SSH session")
	errEndpointConfigsDeprecated = defineError("ERR_NGROK_1608", http.StatusBadRequest, realCode,
		"an endpoint configuration ID on a reserved domain while SetEndpointConfigurationsDeprecated is on")
	errEndpointConfigUnknown = defineError("ERR_NGROK_1600", http.StatusBadRequest, realCode,
		"a reserved domain endpoint configuration ID that names no endpoint configuration of the account")
	errIPPolicyEmptyUpdate = defineError("ERR_NGROK_1400", http.StatusBadRequest, realCode,
		"an IP policy PATCH without description or metadata")
	errIPRuleEmptyUpdate = defineError("ERR_NGROK_1401", http.StatusBadRequest, realAPI,
		"an IP policy rule PATCH without description, metadata or cidr")
	errIPRuleCIDR = defineError("ERR_NGROK_1406", http.StatusBadRequest, realAPI,
		"an IP policy rule cidr that is not an IPv4 or IPv6 prefix (empty included)")
	errIPRuleDuplicate = defineError("ERR_NGROK_1408", http.StatusConflict, realCode,
		"an IP policy rule cidr that another rule of the same policy has")
	errIPRuleHostBits = defineError("ERR_NGROK_1409", http.StatusBadRequest, realAPI,
		"an IP policy rule cidr with host bits set (10.0.0.1/8: the lowest address of the range is 10.0.0.0)")
	errIPRuleNoMask = defineError("ERR_NGROK_1413", http.StatusBadRequest, realAPI,
		"an IP policy rule cidr that is a bare IP address, without a prefix length")
	errIPRulePolicy = defineError("ERR_NGROK_1414", http.StatusBadRequest, realCode,
		"an IP policy rule without ip_policy_id, or whose ip_policy_id names no policy of the account")
	errIPRuleOnlyOfDashboardRestriction = defineError("ERR_NGROK_1419", http.StatusConflict, realCode,
		"deleting the only rule of an IP policy that the dashboard IP restriction uses")
	errIPPolicyInUse = defineError("ERR_NGROK_1420", http.StatusConflict, realCode,
		"deleting an IP policy that an IP restriction names")
	errIPRuleDescription = defineError("ERR_NGROK_1421", http.StatusBadRequest, realAPI,
		"an IP policy rule description longer than 255 bytes")
	errIPRuleAction = defineError("ERR_NGROK_1422", http.StatusBadRequest, realAPI,
		"an IP policy rule action other than allow and deny (missing included)")
	errIPRestrictionPolicy = defineError("ERR_NGROK_1801", http.StatusBadRequest, realAPI,
		"an IP restriction ip_policy_ids entry that names no IP policy of the account")
	errIPRestrictionTypeTaken = defineError("ERR_NGROK_1802", http.StatusConflict, realCode,
		"an IP restriction of a type the account already has one of")
	errIPRestrictionType = defineError("ERR_NGROK_1803", http.StatusBadRequest, realAPI,
		"an IP restriction type other than dashboard, api, agent and endpoints (missing included)")
	errIPRestrictionNoPolicies = defineError("ERR_NGROK_1804", http.StatusBadRequest, realAPI,
		"an IP restriction without ip_policy_ids, or a PATCH that empties them")
	errTLSCertFormat = defineError("ERR_NGROK_1900", http.StatusBadRequest, realAPI,
		"a TLS certificate_pem block that crypto/x509 cannot parse")
	errTLSKeyMissing = defineError("ERR_NGROK_1901", http.StatusBadRequest, realAPI,
		"a TLS certificate without private_key_pem, or one that holds no PEM block")
	errTLSKeyEncrypted = defineError("ERR_NGROK_1902", http.StatusBadRequest, realAPI,
		"a TLS certificate private key that is encrypted")
	errTLSKeyFormat = defineError("ERR_NGROK_1903", http.StatusBadRequest, realAPI,
		"a TLS certificate private key that is not PKCS #8, PKCS #1 or SEC 1, or does not parse")
	errTLSKeyType = defineError("ERR_NGROK_1909", http.StatusBadRequest, realCode,
		"a TLS certificate private key of a type other than rsa, ecdsa and ed25519 (an X25519 key); "+
			"a certificate management policy private_key_type other than rsa and ecdsa")
	errTLSPEMHeaders = defineError("ERR_NGROK_1910", http.StatusBadRequest, realAPI,
		"a TLS certificate or key PEM block with headers")
	errTLSCertPEMType = defineError("ERR_NGROK_1911", http.StatusBadRequest, realAPI,
		"a TLS certificate_pem block that is not a CERTIFICATE block")
	errCANotCA = defineError("ERR_NGROK_1913", http.StatusBadRequest, realAPI,
		"a certificate authority ca_pem certificate whose Basic Constraints do not mark it as a CA")
	errTLSCertDescription = defineError("ERR_NGROK_1914", http.StatusBadRequest, realCode,
		"a TLS certificate description longer than 255 bytes (1914 rather than 1916: our reading)")
	errTLSCertMetadata = defineError("ERR_NGROK_1915", http.StatusBadRequest, realCode,
		"a TLS certificate metadata longer than 4096 bytes (1915 rather than 1917: our reading)")
	errCADescription = defineError("ERR_NGROK_1916", http.StatusBadRequest, realCode,
		"a certificate authority description longer than 255 bytes (1916 rather than 1914: our reading)")
	errCAMetadata = defineError("ERR_NGROK_1917", http.StatusBadRequest, realCode,
		"a certificate authority metadata longer than 4096 bytes (1917 rather than 1915: our reading)")
	errTLSCertMissing = defineError("ERR_NGROK_1919", http.StatusBadRequest, realAPI,
		"a TLS certificate without certificate_pem")
	errTLSCertNoPEM = defineError("ERR_NGROK_1922", http.StatusBadRequest, realAPI,
		"a TLS certificate_pem that holds no PEM block")
	errTLSKeyMismatch = defineError("ERR_NGROK_1923", http.StatusBadRequest, realAPI,
		"a TLS certificate whose private key is not the key of its leaf certificate")
	errTLSKeyIsCertificate = defineError("ERR_NGROK_1924", http.StatusBadRequest, realAPI,
		"a TLS certificate private_key_pem that holds a certificate")
	errSSHCertPublicKey = defineError("ERR_NGROK_1934", http.StatusBadRequest, realCode,
		"an SSH certificate public_key that is not one authorized-keys line (real), or has options (ours)")
	errSSHCAKeyType = defineError("ERR_NGROK_1936", http.StatusBadRequest, realAPI,
		"an SSH certificate authority private_key_type other than rsa, ecdsa and ed25519")
	errSSHCADescription = defineError("ERR_NGROK_1937", http.StatusBadRequest, realAPI,
		"an SSH certificate authority description longer than 255 bytes")
	errSSHCAMetadata = defineError("ERR_NGROK_1938", http.StatusBadRequest, realAPI,
		"an SSH certificate authority metadata longer than 4096 bytes")
	errSSHCAKeySize = defineError("ERR_NGROK_1939", http.StatusBadRequest, realAPI,
		"an SSH certificate authority key_size other than 2048 and 4096 (0 included)")
	errSSHCASizeWithoutRSA = defineError("ERR_NGROK_1940", http.StatusBadRequest, realAPI,
		"an SSH certificate authority key_size (even 0) with a key type other than rsa")
	errSSHCACurve = defineError("ERR_NGROK_1941", http.StatusBadRequest, realAPI,
		"an SSH certificate authority elliptic_curve other than p256, p384 and p521")
	errSSHCACurveWithoutECDSA = defineError("ERR_NGROK_1942", http.StatusBadRequest, realAPI,
		"an SSH certificate authority elliptic_curve with a key type other than ecdsa")
	errSSHCertValidity = defineError("ERR_NGROK_1943", http.StatusBadRequest, realAPI,
		"an SSH certificate whose valid_until is not after its valid_after")
	errSSHHostCertDescription = defineError("ERR_NGROK_1945", http.StatusBadRequest, realCode,
		"an SSH host certificate description longer than 255 bytes (1945 rather than 1947: our reading)")
	errSSHHostCertMetadata = defineError("ERR_NGROK_1946", http.StatusBadRequest, realCode,
		"an SSH host certificate metadata longer than 4096 bytes (1946 rather than 1948: our reading)")
	errSSHUserCertDescription = defineError("ERR_NGROK_1947", http.StatusBadRequest, realCode,
		"an SSH user certificate description longer than 255 bytes (1947 rather than 1945: our reading)")
	errSSHUserCertMetadata = defineError("ERR_NGROK_1948", http.StatusBadRequest, realCode,
		"an SSH user certificate metadata longer than 4096 bytes (1948 rather than 1946: our reading)")
	errSSHHostCertUnknownCA = defineError("ERR_NGROK_1949", http.StatusBadRequest, realCode,
		"an SSH host certificate ssh_certificate_authority_id that names no authority of the account (1949 rather than 1951: our reading)")
	errSSHCertKeyType = defineError("ERR_NGROK_1950", http.StatusBadRequest, realAPI,
		"an SSH certificate public_key that cannot be certified: a certificate, DSA, a security key, RSA under 1024 bits")
	errSSHUserCertUnknownCA = defineError("ERR_NGROK_1951", http.StatusBadRequest, realCode,
		"an SSH user certificate ssh_certificate_authority_id that names no authority of the account (1951 rather than 1949: our reading)")
	errSSHCertNoPublicKey = defineError("ERR_NGROK_1952", http.StatusBadRequest, realAPI,
		"an SSH certificate without public_key, or with a blank one")
	errSSHCAHasCertificates = defineError("ERR_NGROK_1964", http.StatusConflict, realCode,
		"deleting an SSH certificate authority that signed host or user certificates that still exist")
	errManagedCertificateDelete = defineError("ERR_NGROK_1966", http.StatusConflict, realCode,
		"deleting a TLS certificate that ngrok issued for a reserved domain's certificate management policy")
	errEventNoTarget = defineError("ERR_NGROK_5100", http.StatusBadRequest, realAPI,
		"an event destination without a target")
	errEventDestinationUnknown = defineError("ERR_NGROK_5103", http.StatusBadRequest, realCode,
		"an event subscription destination_ids entry that names no event destination of the account")
	errEventRoleARN = defineError("ERR_NGROK_5104", http.StatusBadRequest, realCode,
		"an AWS role_arn that is not an IAM role ARN (arn:aws...:iam::<12 digits>:role/<name>)")
	errEventNoAuth = defineError("ERR_NGROK_5106", http.StatusBadRequest, realAPI,
		"a firehose, kinesis or cloudwatch_logs target without auth")
	errEventAuthEmpty = defineError("ERR_NGROK_5107", http.StatusBadRequest, realAPI,
		"an AWS auth with neither role nor creds, or creds without both the access key ID and the secret")
	errEventTargetTypeChange = defineError("ERR_NGROK_5108", http.StatusBadRequest, realAPI,
		"a PATCH of an event destination's target to another kind of target")
	errEventDestinationInUse = defineError("ERR_NGROK_5112", http.StatusBadRequest, realCode,
		"deleting an event destination that an event subscription names")
	errEventTwoTargets = defineError("ERR_NGROK_5115", http.StatusBadRequest, realAPI,
		"an event destination target with more than one kind of target")
	errEventTwoAuths = defineError("ERR_NGROK_5116", http.StatusBadRequest, realAPI,
		"an AWS auth with both role and creds")
	errEventSourceNotFound = defineError("ERR_NGROK_5125", http.StatusNotFound, realCode,
		"a source type that the event subscription of the path does not have (GET, PATCH, DELETE of /sources/{type})")
	errEventSourceDuplicate = defineError("ERR_NGROK_5127", http.StatusBadRequest, realAPI,
		"an event subscription with one source type twice, or a source added that it has already")
	errEventDatadogAPIKey = defineError("ERR_NGROK_5133", http.StatusBadRequest, realAPI,
		"a datadog target without api_key")
	errEventDatadogSite = defineError("ERR_NGROK_5134", http.StatusBadRequest, realCode,
		"a datadog ddsite that is not one of Datadog's sites")
	errUserNameMissing = defineError("ERR_NGROK_4109", http.StatusBadRequest, realAPI,
		"a service or bot user without a name, or with an empty one")
	errUserNameTooLong = defineError("ERR_NGROK_4110", http.StatusBadRequest, realCode,
		"a service or bot user name longer than 255 bytes (the limit is ours)")
	errUserNameTaken = defineError("ERR_NGROK_4112", http.StatusConflict, realCode,
		"a service user name another service user of the account has (bot users likewise, among bot users)")
	errAgentIngressDescription = defineError("ERR_NGROK_6700", http.StatusBadRequest, realCode,
		"an agent ingress description longer than 255 bytes")
	errAgentIngressMetadata = defineError("ERR_NGROK_6701", http.StatusBadRequest, realCode,
		"an agent ingress metadata longer than 4096 bytes")
	errAgentIngressDomain = defineError("ERR_NGROK_6704", http.StatusBadRequest, realCode,
		"an agent ingress domain that is not a valid DNS name (a reservation's rules), or a wildcard (ours)")
	errAgentIngressServiceDomain = defineError("ERR_NGROK_6705", http.StatusBadRequest, realAPI,
		"an agent ingress domain that ngrok owns (a subdomain of ngrok.app, ngrok.io, ...)")
	errAgentIngressTaken = defineError("ERR_NGROK_6706", http.StatusConflict, realCode,
		"an agent ingress domain the account already has, compared after lower-casing")
	errBackendUnknown = defineError("ERR_NGROK_6501", http.StatusBadRequest, realCode,
		"a failover or weighted backend, or a route's backend module, naming a backend ID of no backend of the account")
	errBackendInUse = defineError("ERR_NGROK_6502", http.StatusBadRequest, realCode,
		"deleting a backend that a failover or weighted backend names (real), or that a route's backend module names (ours)")
	errBackendDescription = defineError("ERR_NGROK_6503", http.StatusBadRequest, realCode,
		"a backend description longer than 255 bytes")
	errBackendMetadata = defineError("ERR_NGROK_6504", http.StatusBadRequest, realCode,
		"a backend metadata longer than 4096 bytes")
	errStaticAddressMissing = defineError("ERR_NGROK_6505", http.StatusBadRequest, realCode,
		"a static backend without an address")
	errStaticAddressInvalid = defineError("ERR_NGROK_6506", http.StatusBadRequest, realCode,
		"a static backend address that is not host:port, or whose port is not 1 to 65535 (the range is ours)")
	errStaticAddressHost = defineError("ERR_NGROK_6507", http.StatusBadRequest, realCode,
		"a static backend address without a host")
	errTunnelGroupLabelCount = defineError("ERR_NGROK_6508", http.StatusBadRequest, realCode,
		"a tunnel-group backend with more than 10 labels (the limit is ours)")
	errTunnelGroupLabelKey = defineError("ERR_NGROK_6509", http.StatusBadRequest, realCode,
		"a tunnel-group label key empty or longer than 255 bytes (the limit is ours)")
	errTunnelGroupLabelValue = defineError("ERR_NGROK_6510", http.StatusBadRequest, realCode,
		"a tunnel-group label value empty or longer than 255 bytes (the limit is ours)")
	errWeightedBackendCount = defineError("ERR_NGROK_6511", http.StatusBadRequest, realCode,
		"a weighted backend naming more than 10 backends (the limit is ours)")
	errBackendWeight = defineError("ERR_NGROK_6512", http.StatusBadRequest, realCode,
		"a weighted backend's weight outside 0 to 10000")
	errFailoverBackendCount = defineError("ERR_NGROK_6513", http.StatusBadRequest, realCode,
		"a failover backend naming more than 10 backends (the limit is ours)")
	errHTTPResponseBody = defineError("ERR_NGROK_6516", http.StatusBadRequest, realCode,
		"an HTTP response backend body longer than 16384 bytes (the limit is ours)")
	errHTTPResponseStatus = defineError("ERR_NGROK_6517", http.StatusBadRequest, realCode,
		"an HTTP response backend status_code outside 100 to 599 (the range is ours)")
	errHeaderNameTooLong = defineError("ERR_NGROK_6522", http.StatusBadRequest, realCode,
		"an HTTP response backend header name longer than 255 bytes (the limit is ours)")
	errHeaderValueTooLong = defineError("ERR_NGROK_6523", http.StatusBadRequest, realCode,
		"an HTTP response backend header value longer than 4096 bytes (the limit is ours)")
	errWeightedBackendRefused = defineError("ERR_NGROK_6524", http.StatusBadRequest, realCode,
		"a weighted backend that names itself, or a backend that leads back to it (the rule is ours)")
	errFailoverBackendRefused = defineError("ERR_NGROK_6525", http.StatusBadRequest, realCode,
		"a failover backend that names itself, or a backend that leads back to it (the rule is ours)")
	errBackendIDInvalid = defineError("ERR_NGROK_6526", http.StatusBadRequest, realCode,
		"a failover or weighted backend naming an ID that is no backend's (a prefix other than bkdtg_, bkdhr_, bkdfo_, bkdwd_, bkdsc_)")
	errTunnelGroupLabelEquals = defineError("ERR_NGROK_6531", http.StatusBadRequest, realCode,
		"a tunnel-group label key or value holding '='")
	errHeaderNameInvalid = defineError("ERR_NGROK_7023", http.StatusBadRequest, realCode,
		"an HTTP response backend header name, or a request_headers name, that is not an HTTP token")
	errHeaderValueInvalid = defineError("ERR_NGROK_7024", http.StatusBadRequest, realCode,
		"an HTTP response backend header value, or a request_headers add value, with CR, LF or NUL")
	errHeaderTwice = defineError("ERR_NGROK_7069", http.StatusBadRequest, realCode,
		"an HTTP response backend header, or a request_headers add or remove name, named twice ignoring case")
	errEdgesNotServed = defineError("ERR_NGROK_7008", http.StatusBadRequest, realCode,
		"a create, update or delete of an edge, a route or a backend while edges are not writable (SetEdgesWritable)")
	errEdgeIPPolicyUnknown = defineError("ERR_NGROK_7007", http.StatusBadRequest, realAPI,
		"an ip_restriction module ip_policy_ids entry that names no IP policy of the account")
	errCircuitBreakerThreshold = defineError("ERR_NGROK_7011", http.StatusBadRequest, realAPI,
		"a seeded circuit_breaker module error_threshold_percentage outside 0 to 1")
	errIPRestrictionModuleEmpty = defineError("ERR_NGROK_7025", http.StatusBadRequest, realAPI,
		"an ip_restriction module without ip_policy_ids")
	errWebhookSecret = defineError("ERR_NGROK_7027", http.StatusBadRequest, realAPI,
		"a seeded webhook_verification module without secret, for a provider other than SNS")
	errWebhookProvider = defineError("ERR_NGROK_7029", http.StatusBadRequest, realAPI,
		"a seeded webhook_verification module without provider")
	errTLSTerminationParameter = defineError("ERR_NGROK_7032", http.StatusBadRequest, realCode,
		"a TLS edge tls_termination min_version when terminate_at is upstream")
	errOAuthClient = defineError("ERR_NGROK_7033", http.StatusBadRequest, realAPI,
		"a seeded oauth module provider with client_id or client_secret but not both")
	errOAuthManyProviders = defineError("ERR_NGROK_7036", http.StatusBadRequest, realAPI,
		"a seeded oauth module with more than one provider")
	errOAuthNoProvider = defineError("ERR_NGROK_7037", http.StatusBadRequest, realAPI,
		"a seeded oauth module with no provider")
	errEdgeDescription = defineError("ERR_NGROK_7073", http.StatusBadRequest, realCode,
		"an HTTPS, TCP or TLS edge, or an HTTPS edge route, description longer than 255 bytes")
	errEdgeMetadata = defineError("ERR_NGROK_7074", http.StatusBadRequest, realCode,
		"an HTTPS, TCP or TLS edge, or an HTTPS edge route, metadata longer than 4096 bytes")
	errSAMLMetadata = defineError("ERR_NGROK_7083", http.StatusBadRequest, realCode,
		"a seeded saml module idp_metadata that is not an XML document whose root is an EntityDescriptor")
	errOIDCIssuerMissing = defineError("ERR_NGROK_7088", http.StatusBadRequest, realAPI,
		"an oidc module without issuer")
	errOIDCClientIDMissing = defineError("ERR_NGROK_7089", http.StatusBadRequest, realAPI,
		"an oidc module without client_id")
	errOIDCClientSecretMissing = defineError("ERR_NGROK_7090", http.StatusBadRequest, realAPI,
		"an oidc module without client_secret")
	errSAMLMetadataMissing = defineError("ERR_NGROK_7091", http.StatusBadRequest, realAPI,
		"a seeded saml module without idp_metadata")
	errOAuthProvider = defineError("ERR_NGROK_7165", http.StatusBadRequest, realAPI,
		"a seeded oauth module provider other than google, github, microsoft, facebook, gitlab, linkedin, twitch and amazon")
	errEdgeAddrNotReserved = defineError("ERR_NGROK_7113", http.StatusBadRequest, realCode,
		"a TCP edge hostport that is no reserved address of the account")
	errEdgeTCPHostportDomain = defineError("ERR_NGROK_7120", http.StatusBadRequest, realCode,
		"a TCP edge hostport whose host is a reserved domain")
	errEdgeTLSHostportAddr = defineError("ERR_NGROK_7133", http.StatusBadRequest, realCode,
		"a TLS edge hostport that is a reserved address")
	errTLSEdgeUnknownCA = defineError("ERR_NGROK_1672", http.StatusBadRequest, realCode,
		"a TLS edge mutual_tls certificate_authority_ids entry that names no certificate authority of the account")
	errEdgeMutualTLSUpstream = defineError("ERR_NGROK_1694", http.StatusBadRequest, realCode,
		"a TLS edge with mutual_tls whose tls_termination terminates upstream")
	errEdgeUserAgentRegexp = defineError("ERR_NGROK_2090", http.StatusBadRequest, realCode,
		"a seeded user_agent_filter allow or deny entry that is not an RE2 regular expression")
	errEdgeHostportFormat = defineError("ERR_NGROK_7104", http.StatusBadRequest, realAPI,
		"an edge hostport that is not host:port")
	errEdgeHostportPort = defineError("ERR_NGROK_7112", http.StatusBadRequest, realCode,
		"an edge hostport whose port is not in 1-65535")
	errEdgeHostportNot443 = defineError("ERR_NGROK_7116", http.StatusBadRequest, realCode,
		"an HTTPS or TLS edge hostport whose port is not 443")
	errEdgeHostportNotReserved = defineError("ERR_NGROK_7117", http.StatusBadRequest, realCode,
		"an HTTPS or TLS edge hostport whose host no reserved domain of the account covers")
	errEdgeHostportTCP = defineError("ERR_NGROK_7121", http.StatusBadRequest, realCode,
		"an HTTPS edge hostport that is a reserved TCP address")
	errEdgeHostportTaken = defineError("ERR_NGROK_7122", http.StatusBadRequest, realCode,
		"an edge hostport that another edge (HTTPS, TCP or TLS) already has")
	errEdgeUnknownCA = defineError("ERR_NGROK_7072", http.StatusBadRequest, realCode,
		"an HTTPS edge mutual_tls certificate_authority_ids entry that names no certificate authority of the account")
	errRouteEdgeMismatch = defineError("ERR_NGROK_7110", http.StatusBadRequest, realCode,
		"a route create or update whose body's edge_id is not the edge of its path")
	errRouteMatchMissing = defineError("ERR_NGROK_7123", http.StatusBadRequest, realCode,
		"a route without a match")
	errRouteMatchTaken = defineError("ERR_NGROK_7126", http.StatusBadRequest, realCode,
		"a route whose match another route of the edge has, whatever its match_type")
	errRouteMatchType = defineError("ERR_NGROK_7130", http.StatusBadRequest, realCode,
		"a route match_type other than exact_path and path_prefix")
	errRouteMatchInvalid = defineError("ERR_NGROK_7131", http.StatusBadRequest, realCode,
		"a route match that is not a path starting with / (or holds a space, control character, ? or #: ours)")
	errRouteMatchTooLong = defineError("ERR_NGROK_7135", http.StatusBadRequest, realCode,
		"a route match longer than 255 bytes (the limit is ours)")
	errEdgesReadOnly = defineError("ERR_NGROK_7196", http.StatusBadRequest, realCode,
		"a write to an edge, a route, a route module or a backend while edges are read-only (SetEdgesReadOnly)")
	errCAFormat = defineError("ERR_NGROK_10026", http.StatusBadRequest, realCode,
		"a certificate authority ca_pem that is missing, holds no PEM block, a block other than CERTIFICATE, or one crypto/x509 cannot parse")
	errEndpointURLInvalid = defineError("ERR_NGROK_249", http.StatusBadRequest, realAPI,
		"a cloud endpoint url that is not an absolute http, https, tcp or tls URL of a host name (a port, for tcp), without path, query or fragment")
	errTrafficPolicyInvalid = defineError("ERR_NGROK_18002", http.StatusBadRequest, realCode,
		"a traffic_policy that is neither JSON nor YAML, or not a policy of ngrok's language as package trafficpolicy checks it (phases, rules, actions and their config, CEL)")
	// NOTE: the problems of a policy for which ngrok's error reference has
	// a code of its own (package trafficpolicy's Problem.Code) are
	// answered with it, the first such problem's, rather than with
	// ERR_NGROK_18002.
	errBasicAuthPassword = defineError("ERR_NGROK_360", http.StatusBadRequest, realCode,
		"a traffic policy's basic-auth credential whose password is not 8 to 128 characters")
	errPolicyCIDR = defineError("ERR_NGROK_2217", http.StatusBadRequest, realCode,
		"a traffic policy's restrict-ips allow or deny entry that is not a CIDR")
	errPolicyPhaseProtocol = defineError("ERR_NGROK_2230", http.StatusBadRequest, realCode,
		"a traffic policy with an HTTP phase (on_http_request, on_http_response, on_event_stream_message) on a tcp:// or tls:// endpoint")
	errPolicySetVars = defineError("ERR_NGROK_2252", http.StatusBadRequest, realCode,
		"a traffic policy's set-vars whose vars are not each a map of exactly one key")
	errEndpointBinding = defineError("ERR_NGROK_18007", http.StatusBadRequest, realCode,
		"cloud endpoint bindings that are not one binding of public, internal and kubernetes, or internal on a host outside .internal, "+
			"or another binding on one inside")
	errTrafficPolicyMissing = defineError("ERR_NGROK_18011", http.StatusBadRequest, realCode,
		"a cloud endpoint without traffic_policy, or a PATCH that empties it (real); a traffic_policy route module without value (ours)")
	errEndpointFieldMissing = defineError("ERR_NGROK_18015", http.StatusBadRequest, realAPI,
		"a cloud endpoint without url")
	errEndpointEmptyUpdate = defineError("ERR_NGROK_18004", http.StatusBadRequest, realCode,
		"a cloud endpoint PATCH that gives no field (an empty body, {}, only nulls)")
	errEndpointDescription = defineError("ERR_NGROK_18012", http.StatusBadRequest, realAPI,
		"a cloud endpoint description longer than 255 bytes")
	errEndpointMetadata = defineError("ERR_NGROK_18013", http.StatusBadRequest, realAPI,
		"a cloud endpoint metadata longer than 4096 bytes")
	errEndpointSchemeChange = defineError("ERR_NGROK_18005", http.StatusBadRequest, realAPI,
		"a PATCH that changes the scheme of an endpoint's url")
	errEndpointDomainMissing = defineError("ERR_NGROK_18006", http.StatusBadRequest, realAPI,
		"a public http, https or tls endpoint on a host that no reserved domain of the account covers; "+
			"a public tcp endpoint whose host and port are no reserved address of the account")
	errEndpointURLTaken = defineError("ERR_NGROK_18009", http.StatusConflict, realCode,
		"a url that another cloud endpoint of the account already has")
	errVaultName = defineError("ERR_NGROK_23000", http.StatusBadRequest, realAPI,
		"a vault name with a character other than a-z, A-Z, 0-9, _, / and . (real), and - (ours: the API's examples use it)")
	errVaultNameEmpty = defineError("ERR_NGROK_23001", http.StatusBadRequest, realAPI,
		"a vault without a name, or a PATCH to an empty name")
	errVaultNameLength = defineError("ERR_NGROK_23002", http.StatusBadRequest, realCode,
		"a vault name of more than 64 characters (the limit is ours)")
	errVaultNotEmpty = defineError("ERR_NGROK_23003", http.StatusBadRequest, realCode,
		"deleting a vault that holds secrets")
	errVaultNameTaken = defineError("ERR_NGROK_23004", http.StatusConflict, realCode,
		"a vault name that another vault of the account has")
	errSecretName = defineError("ERR_NGROK_24000", http.StatusBadRequest, realAPI,
		"a secret name with a character other than a-z, A-Z, 0-9, _, / and . (real), and - (ours)")
	errSecretNameEmpty = defineError("ERR_NGROK_24001", http.StatusBadRequest, realAPI,
		"a secret without a name, or a PATCH to an empty name")
	errSecretNameLength = defineError("ERR_NGROK_24002", http.StatusBadRequest, realCode,
		"a secret name of more than 64 characters (the limit is ours)")
	errSecretValueEmpty = defineError("ERR_NGROK_24003", http.StatusBadRequest, realAPI,
		"a secret without a value, or a PATCH to an empty value")
	errSecretValueLength = defineError("ERR_NGROK_24004", http.StatusBadRequest, realCode,
		"a secret value of more than 16384 bytes (the limit is ours)")
	errSecretNameTaken = defineError("ERR_NGROK_24005", http.StatusConflict, realCode,
		"a secret name that another secret of the vault has")
	errSecretVaultID = defineError("ERR_NGROK_24006", http.StatusBadRequest, realCode,
		"a secret whose vault_id names no vault of the account")
	errSecretNoVault = defineError("ERR_NGROK_24008", http.StatusBadRequest, realCode,
		"a secret with neither vault_id nor vault_name")
	errSecretVaultName = defineError("ERR_NGROK_24009", http.StatusBadRequest, realCode,
		"a secret whose vault_name names no vault of the account (without vault_id)")
	errIdempotencyMismatch = defineOwnError("ERR_NGROK_27617", http.StatusConflict, realAPI,
		"an Idempotency-Key reused with another method, path or body")
	errNotFound = defineOwnError("", http.StatusNotFound, realAPI,
		"an unknown object (msg Resource not found); "+
			`an unknown path, a path not in canonical form ("//x", "/x/.."; never a redirect) or a method not served on a known path `+
			"(msg Not Found, the path in details), answered before the version and the key are checked; "+
			"on the control API, an unknown collection, object or route")
	errControlRequest = defineOwnError("", http.StatusBadRequest, ours,
		"a control API request that is not valid: a fault rule, a seed file, an object edit")
	errMethodNotAllowed = defineOwnError("", http.StatusMethodNotAllowed, ours,
		"a control API path with a method not served there (the API answers Not Found)")
	errInternal = defineOwnError("", http.StatusInternalServerError, ours,
		"the server itself failed: ID randomness exhausted, no greater ID left to mint, the state file not saved")
	errCancelled = defineOwnError("", http.StatusServiceUnavailable, ours,
		"a request whose client went away while a latency fault or an earlier request with its Idempotency-Key held it")
)

// apiError is the error currency of handlers: everything needed to write the
// API's error body except the operation ID, which the adapter adds.
type apiError struct {
	status int
	code   string // empty for the real API's bare 404
	msg    string
	// details are sent in the body's details beside operation_id: the
	// path of an unknown route (routeNotFound).
	details map[string]string
}

func (e *apiError) Error() string {
	if e.code == "" {
		return fmt.Sprintf("%d: %s", e.status, e.msg)
	}
	return fmt.Sprintf("%d %s: %s", e.status, e.code, e.msg)
}

// with is an error of kind k, its message ngrok's template with the
// placeholders filled by values, in the order they first appear (fmt's %v).
// NOTE: a handler that passes another number of values, or calls with on a
// row of ours, is a bug of the mock: it answers 500, which every test of
// the path reports, rather than a message ngrok would not send.
func (k *errorKind) with(values ...any) *apiError {
	if k.template == "" {
		return internalError("%s %d has no template of ngrok's: its message is written with errorf", k.code, k.status)
	}
	if len(values) != len(k.names) {
		return internalError("%s's message takes %d values (%s), the handler gave %d",
			k.code, len(k.names), strings.Join(k.names, ", "), len(values))
	}
	msg := ngrokerrors.Placeholder.ReplaceAllStringFunc(k.template, func(p string) string {
		return fmt.Sprint(values[slices.Index(k.names, p[1:len(p)-1])])
	})
	return &apiError{status: k.status, code: k.code, msg: msg}
}

// errorf is an error of kind k, a row of ours, with its message made from
// format; a row of ngrok's code answers 500 (see with).
func (k *errorKind) errorf(format string, args ...any) *apiError {
	if k.template != "" {
		return internalError("%s has ngrok's message: fill it with with", k.code)
	}
	return &apiError{status: k.status, code: k.code, msg: fmt.Sprintf(format, args...)}
}

// notFound matches the real API byte for byte: no error_code, so clients
// must key on status_code rather than on a code.
func notFound() *apiError { return errNotFound.errorf("Resource not found") }

func internalError(format string, args ...any) *apiError {
	return errInternal.errorf("Internal server error: "+format, args...)
}

// injectedError is a fault rule's error (faults.go): the one error whose
// status and code are not a row of errorTable but what the rule asks for.
func injectedError(status int, code, msg string) *apiError {
	return &apiError{status: status, code: code, msg: msg}
}

// controlErrorBody is the wire shape of the control API's errors: the
// control API is the mock's own and keeps its answers short.
type controlErrorBody struct {
	Msg        string `json:"msg"`
	StatusCode int    `json:"status_code"`
}

// errorBody is the wire shape of every error response of the API.
type errorBody struct {
	ErrorCode  string            `json:"error_code,omitempty"`
	StatusCode int               `json:"status_code"`
	Msg        string            `json:"msg"`
	Details    map[string]string `json:"details"`
}
