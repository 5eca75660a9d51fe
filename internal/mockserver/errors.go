package mockserver

import (
	"fmt"
	"net/http"

	"github.com/tfedge/terraform-provider-ngrok/internal/apifilter"
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
// answered with, whose they are, and when the server answers it. The
// message is the caller's: one code covers situations that each say what
// was wrong in their own words.
type errorKind struct {
	code   string // "" for the statuses the real API answers without a code
	status int
	origin origin
	when   string
}

// errorTable holds every error the server can answer, one row per code and
// status, in the order of the declarations below. Handlers build their
// errors from these rows only (errorf); the one exception is a fault rule's
// injected error (injectedError), whose code and status the rule chooses.
// internal/mockserver/README.md shows this table (TestREADMEErrorTable keeps
// it in step).
var errorTable []*errorKind

// defineError adds a row to errorTable.
func defineError(code string, status int, o origin, when string) *errorKind {
	k := &errorKind{code: code, status: status, origin: o, when: when}
	errorTable = append(errorTable, k)
	return k
}

// The rows of errorTable. The IP policy rule codes 14xx and the TLS
// certificate codes 19xx below 1936 are the real API's, for the situations
// its documentation names. The SSH certificate authority codes 1936..1942 are
// the real API's range, but which code stands for which rule is our
// assignment; 1943 is the real code for a certificate's non-positive
// validity, and 1944..1951 continue the range as ours.
var (
	errNoAuthorization = defineError("ERR_NGROK_200", http.StatusUnauthorized, realCode,
		"no Authorization header, or more than one")
	errMalformedAPIKey = defineError("ERR_NGROK_202", http.StatusForbidden, realAPI,
		"an Authorization header that is not the word Bearer, one space and a key without spaces")
	errUnknownAPIKey = defineError("ERR_NGROK_203", http.StatusForbidden, realAPI,
		"a well-formed API key that the server does not accept")
	errBodyTooLarge = defineError("ERR_NGROK_212", http.StatusRequestEntityTooLarge, ours,
		"a body larger than 1 MiB, or declared so by Content-Length (refused before it is read)")
	errInvalidJSON = defineError("ERR_NGROK_213", http.StatusBadRequest, realCode,
		"a body that is not valid JSON, has a key twice in one object, nests deeper than 64 levels, or cannot be read")
	errUnknownField = defineError("ERR_NGROK_214", http.StatusBadRequest, realAPI,
		"a field the body's object does not have, names matched case-sensitively")
	errInvalidValue = defineError("ERR_NGROK_215", http.StatusBadRequest, realCode,
		"a value of the wrong JSON type, a body that is not an object, a query string that does not decode, "+
			"an invalid before_id, a filter stopped at run time by its limits, and every invalid value that has no code of its own")
	errContentType = defineError("ERR_NGROK_216", http.StatusBadRequest, realAPI,
		"a body without Content-Type application/json")
	errContentEncoding = defineError("ERR_NGROK_216", http.StatusUnsupportedMediaType, realCode,
		"any Content-Encoding header, identity included")
	errUnsupportedVersion = defineError("ERR_NGROK_217", http.StatusBadRequest, realAPI,
		"an Ngrok-Version other than 2")
	errMissingVersion = defineError("ERR_NGROK_218", http.StatusBadRequest, realAPI,
		"no Ngrok-Version header")
	errIPRestricted = defineError("ERR_NGROK_220", http.StatusForbidden, realCode,
		"a request from an address that an enforced api IP restriction of the account does not allow")
	errRateLimited = defineError("ERR_NGROK_226", http.StatusTooManyRequests, realAPI,
		"more requests in the rolling last minute, per API key, than the rate limit allows")
	errWrongIDPrefix = defineError("ERR_NGROK_227", http.StatusBadRequest, realCode,
		"an ID in the path, in before_id or in a body reference, with the wrong prefix")
	errUnknownQueryParameter = defineError("ERR_NGROK_231", http.StatusBadRequest, realAPI,
		"a query parameter the route does not take")
	errInvalidLimit = defineError("ERR_NGROK_233", http.StatusBadRequest, realAPI,
		"a limit that is not an integer from 1 to 100")
	// NOTE: not an ERR_NGROK_ code: the code docs api/api-filtering.mdx
	// documents for an invalid filter.
	errInvalidFilter = defineError(apifilter.ErrorCode, http.StatusBadRequest, realAPI,
		"a list filter outside the CEL subset ngrok documents, naming a field the list's filter does not take, "+
			"that does not parse or type-check, that is not a bool, or whose estimated cost is over the limit")
	errEventDestinationFormat = defineError("ERR_NGROK_235", http.StatusBadRequest, realAPI,
		"an event destination format other than json (any case)")
	errEventDestinationTarget = defineError("ERR_NGROK_236", http.StatusBadRequest, realCode,
		"an event destination target whose fields are missing: a stream or log group ARN, or an Azure field")
	errEventType = defineError("ERR_NGROK_238", http.StatusBadRequest, realAPI,
		"an event source type that is not one of the documented event types")
	errEndpointNotCloud = defineError("ERR_NGROK_248", http.StatusBadRequest, realCode,
		"creating an endpoint of a type other than cloud (real); changing or deleting an agent or edge endpoint (ours)")
	errReservedAddrEmptyUpdate = defineError("ERR_NGROK_506", http.StatusBadRequest, realAPI,
		"a reserved address PATCH without description or metadata")
	errInvalidRegion = defineError("ERR_NGROK_400", http.StatusBadRequest, realCode,
		"a reserved domain resolves_to value that is not a point of presence or \"global\", listed twice, or \"global\" beside another")
	errDomainTaken = defineError("ERR_NGROK_413", http.StatusConflict, realCode,
		"a domain the account has already reserved, compared after lower-casing")
	errCertificateAndPolicy = defineError("ERR_NGROK_434", http.StatusBadRequest, realAPI,
		"certificate_id and certificate_management_policy in one body")
	errDetachCertificateUnderPolicy = defineError("ERR_NGROK_436", http.StatusBadRequest, realAPI,
		"detaching the certificate of a reserved domain that has a certificate management policy")
	errPolicyOnServiceDomain = defineError("ERR_NGROK_439", http.StatusBadRequest, realCode,
		"a certificate management policy on a subdomain of an ngrok-owned domain")
	errCertificateOnServiceDomain = defineError("ERR_NGROK_440", http.StatusBadRequest, realCode,
		"a certificate_id on a subdomain of an ngrok-owned domain")
	errDomainInUse = defineError("ERR_NGROK_446", http.StatusConflict, realCode,
		"deleting a reserved domain that a cloud endpoint serves on, or that alone reserves an HTTPS or TLS edge's hostport")
	errACLRule = defineError("ERR_NGROK_600", http.StatusBadRequest, realAPI,
		"a credential or SSH credential acl rule that is neither * nor bind: and a domain, address or label")
	errOwnerID = defineError("ERR_NGROK_601", http.StatusBadRequest, ours,
		"a credential, API key or SSH credential owner_id that is not a user (usr_), service user (service_) or bot user (bot_) ID")
	errSSHCredentialKey = defineError("ERR_NGROK_602", http.StatusBadRequest, ours,
		"an SSH credential public_key that is missing or not one OpenSSH authorized-keys line without options")
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
	errIPPolicyInUse = defineError("ERR_NGROK_1420", http.StatusConflict, realCode,
		"deleting an IP policy that an IP restriction names")
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
	errTLSCertFormat = defineError("ERR_NGROK_1900", http.StatusBadRequest, realCode,
		"a TLS certificate_pem block that crypto/x509 cannot parse (real), or that is not a CERTIFICATE block (ours)")
	errTLSKeyMissing = defineError("ERR_NGROK_1901", http.StatusBadRequest, realAPI,
		"a TLS certificate without private_key_pem, or one that holds no PEM block")
	errTLSKeyEncrypted = defineError("ERR_NGROK_1902", http.StatusBadRequest, realAPI,
		"a TLS certificate private key that is encrypted")
	errTLSKeyFormat = defineError("ERR_NGROK_1903", http.StatusBadRequest, realAPI,
		"a TLS certificate private key that is not PKCS #8, PKCS #1 or SEC 1, or does not parse")
	errTLSKeyType = defineError("ERR_NGROK_1909", http.StatusBadRequest, realAPI,
		"a TLS certificate private key of a type other than rsa, ecdsa and ed25519 (an X25519 key)")
	errTLSPEMHeaders = defineError("ERR_NGROK_1910", http.StatusBadRequest, realAPI,
		"a TLS certificate or key PEM block with headers")
	errCANotCA = defineError("ERR_NGROK_1913", http.StatusBadRequest, realAPI,
		"a certificate authority ca_pem certificate whose Basic Constraints do not mark it as a CA")
	errTLSCertMissing = defineError("ERR_NGROK_1919", http.StatusBadRequest, realAPI,
		"a TLS certificate without certificate_pem")
	errTLSCertNoPEM = defineError("ERR_NGROK_1922", http.StatusBadRequest, realAPI,
		"a TLS certificate_pem that holds no PEM block")
	errTLSKeyMismatch = defineError("ERR_NGROK_1923", http.StatusBadRequest, realAPI,
		"a TLS certificate whose private key is not the key of its leaf certificate")
	errTLSKeyIsCertificate = defineError("ERR_NGROK_1924", http.StatusBadRequest, realAPI,
		"a TLS certificate private_key_pem that holds a certificate")
	errSSHCAKeyType = defineError("ERR_NGROK_1936", http.StatusBadRequest, ours,
		"an SSH certificate authority private_key_type other than rsa, ecdsa and ed25519")
	errSSHCACurveWithoutECDSA = defineError("ERR_NGROK_1937", http.StatusBadRequest, ours,
		"an SSH certificate authority elliptic_curve with a key type other than ecdsa")
	errSSHCACurve = defineError("ERR_NGROK_1938", http.StatusBadRequest, ours,
		"an SSH certificate authority elliptic_curve other than p256, p384 and p521")
	errSSHCASizeWithoutRSA = defineError("ERR_NGROK_1939", http.StatusBadRequest, ours,
		"an SSH certificate authority key_size (even 0) with a key type other than rsa")
	errSSHCAKeySize = defineError("ERR_NGROK_1940", http.StatusBadRequest, ours,
		"an SSH certificate authority key_size other than 2048 and 4096 (0 included)")
	errDescriptionTooLong = defineError("ERR_NGROK_1941", http.StatusBadRequest, ours,
		"a description longer than 255 bytes")
	errMetadataTooLong = defineError("ERR_NGROK_1942", http.StatusBadRequest, ours,
		"metadata longer than 4096 bytes")
	errSSHCertValidity = defineError("ERR_NGROK_1943", http.StatusBadRequest, realAPI,
		"an SSH certificate whose valid_until is not after its valid_after")
	errSSHCertNoAuthority = defineError("ERR_NGROK_1944", http.StatusBadRequest, ours,
		"an SSH certificate without ssh_certificate_authority_id")
	errSSHCertUnknownAuthority = defineError("ERR_NGROK_1945", http.StatusBadRequest, ours,
		"an ssh_certificate_authority_id that names no authority of the account")
	errSSHCertPublicKey = defineError("ERR_NGROK_1946", http.StatusBadRequest, ours,
		"an SSH certificate public_key that is missing, not one authorized-keys line, or has options")
	errSSHCertKeyType = defineError("ERR_NGROK_1947", http.StatusBadRequest, ours,
		"an SSH certificate public_key that cannot be certified: a certificate, DSA, a security key, RSA under 1024 bits")
	errSSHCertTime = defineError("ERR_NGROK_1948", http.StatusBadRequest, ours,
		"an SSH certificate valid_after or valid_until not RFC 3339, before 1970, or after 9999-12-31T23:59:59Z")
	errSSHCertPrincipal = defineError("ERR_NGROK_1949", http.StatusBadRequest, ours,
		"an SSH certificate principal that is empty or holds whitespace or control characters")
	errSSHCertCriticalOption = defineError("ERR_NGROK_1950", http.StatusBadRequest, ours,
		"an SSH user certificate critical option other than force-command and source-address, or an invalid value of one")
	errSSHCertExtension = defineError("ERR_NGROK_1951", http.StatusBadRequest, ours,
		"an SSH user certificate extension that is neither an OpenSSH flag with an empty value nor name@domain")
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
	errAgentIngressServiceDomain = defineError("ERR_NGROK_6705", http.StatusBadRequest, realAPI,
		"an agent ingress domain that ngrok owns (a subdomain of ngrok.app, ngrok.io, ...)")
	errAgentIngressTaken = defineError("ERR_NGROK_6706", http.StatusConflict, realCode,
		"an agent ingress domain the account already has, compared after lower-casing")
	errBackendUnknown = defineError("ERR_NGROK_6501", http.StatusBadRequest, realCode,
		"a failover or weighted backend naming a backend ID of no backend of the account")
	errBackendInUse = defineError("ERR_NGROK_6502", http.StatusBadRequest, realCode,
		"deleting a backend that a failover or weighted backend names (real), or that a route's backend module names (ours)")
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
		"an HTTP response backend header name that is not an HTTP token")
	errHeaderValueInvalid = defineError("ERR_NGROK_7024", http.StatusBadRequest, realCode,
		"an HTTP response backend header value with CR, LF or NUL")
	errHeaderTwice = defineError("ERR_NGROK_7069", http.StatusBadRequest, realCode,
		"an HTTP response backend header named twice ignoring case")
	errEdgesNotServed = defineError("ERR_NGROK_7008", http.StatusBadRequest, realCode,
		"a create, update or delete of an edge, a route or a backend while edges are not writable (SetEdgesWritable)")
	errEdgeModuleMissingField = defineError("ERR_NGROK_7170", http.StatusBadRequest, ours,
		"an edge route module without a required field: OIDC issuer, client_id or client_secret; backend_id; "+
			"a seeded module's (webhook provider or secret, OAuth provider or half a client, SAML idp_metadata, traffic policy value)")
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
	errEdgeOIDCIssuer = defineError("ERR_NGROK_7171", http.StatusBadRequest, ours,
		"an OIDC issuer that is not an absolute https URL")
	errEdgeHeaderName = defineError("ERR_NGROK_7172", http.StatusBadRequest, ours,
		"a request_headers name that is not an HTTP token or is listed twice ignoring case; a value with CR, LF or NUL")
	errEdgeNoIPPolicies = defineError("ERR_NGROK_7173", http.StatusBadRequest, ours,
		"an ip_restriction module without ip_policy_ids; a TLS edge mutual_tls module without certificate_authority_ids")
	errEdgeUnknownReference = defineError("ERR_NGROK_7174", http.StatusBadRequest, ours,
		"a backend_id or ip_policy_ids entry that names no object of the account")
	errEdgeUserAgentRegexp = defineError("ERR_NGROK_2090", http.StatusBadRequest, realCode,
		"a seeded user_agent_filter allow or deny entry that is not an RE2 regular expression")
	errEdgeHostportFormat = defineError("ERR_NGROK_7104", http.StatusBadRequest, realCode,
		"an edge hostport that is not host:port (real), or is listed twice in one edge (ours)")
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
	errEdgeTLSMinVersion = defineError("ERR_NGROK_7175", http.StatusBadRequest, ours,
		"a tls_termination min_version other than 1.0, 1.1, 1.2 or 1.3")
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
	errTrafficPolicyInvalid = defineError("ERR_NGROK_18002", http.StatusBadRequest, realCode,
		"a traffic_policy that is neither JSON nor YAML, or not a policy of ngrok's language as package trafficpolicy checks it (phases, rules, actions and their config, CEL)")
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
	errIdempotencyMismatch = defineError("ERR_NGROK_27617", http.StatusConflict, realAPI,
		"an Idempotency-Key reused with another method, path or body")
	errNotFound = defineError("", http.StatusNotFound, realAPI,
		`an unknown object or route, or a path not in canonical form ("//x", "/x/.."; never a redirect); `+
			"on the control API, also an unknown collection or object")
	errControlRequest = defineError("", http.StatusBadRequest, ours,
		"a control API request that is not valid: a fault rule, a seed file, an object edit")
	errMethodNotAllowed = defineError("", http.StatusMethodNotAllowed, ours,
		"a known path with a method not served there")
	errRequestTimeout = defineError("", http.StatusRequestTimeout, ours,
		"a body not received within the server's read timeout")
	errInternal = defineError("", http.StatusInternalServerError, ours,
		"the server itself failed: ID randomness exhausted, no greater ID left to mint, the state file not saved")
	errCancelled = defineError("", http.StatusServiceUnavailable, ours,
		"a request whose client went away while a latency fault or an earlier request with its Idempotency-Key held it")
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

// errorf is an error of kind k, with its message made from format.
func (k *errorKind) errorf(format string, args ...any) *apiError {
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
