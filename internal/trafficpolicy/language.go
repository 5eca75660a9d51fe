// Package trafficpolicy describes ngrok's traffic policy language and checks
// a policy document against it. The provider (plan-time validation of every
// attribute that takes a policy) and the mock (its refusal of an invalid
// policy with ERR_NGROK_18002) both use this package, so that they refuse
// exactly the same policies with the same words; it imports neither.
//
// # Where the description comes from
//
// The tables in this file are written from two of ngrok's publications:
//
//   - the Traffic Policy reference on ngrok.com/docs: "How it works" (phases,
//     phase rules: name, expressions, actions), each action's page under
//     /docs/traffic-policy/actions/<type> ("Supported phases", "Type",
//     "Configuration fields" with their types, which are required and which
//     support CEL interpolation), the variables pages under
//     /docs/traffic-policy/variables/ and the macros reference
//     /docs/traffic-policy/macros/;
//   - ngrok's JSON schema for policies (static/schemas/traffic-policy.json
//     of github.com/ngrok/ngrok-docs, $id https://ngrok.com/traffic-policy-schema),
//     which gives the same fields as JSON Schema types (objects closed by
//     "additionalProperties": false) and the enumerations.
//
// Where the two disagree the action reference wins: it is the newer (the
// schema predates close-connection, the body find-and-replace actions and
// on_event_stream_message, and calls oidc "openid-connect").
//
// # When ngrok adds an action, a field, a variable or a macro
//
// Add a row to actions (its type, the phases of its "Supported phases" and
// its configuration fields: type, required, CEL interpolation as the page
// marks them), a path to variablePaths, or a name to globalFunctions or
// memberFunctions; then add a valid example of it to
// testdata/cases.yaml, which the provider's and the mock's tests run too.
// Nothing else changes: both checkers read these tables.
package trafficpolicy

import "time"

// Phases are the top-level keys of a policy, in the order ngrok runs them.
var Phases = []string{"on_tcp_connect", "on_http_request", "on_http_response", "on_event_stream_message"}

// ruleFields are the keys of a phase rule.
var ruleFields = []string{"name", "expressions", "actions"}

// actionFields are the keys of an action.
var actionFields = []string{"type", "config"}

// kind is the JSON type a configuration value must have.
type kind int

const (
	kindString kind = iota + 1
	kindInt
	kindNumber
	kindBool
	kindList
	kindMap    // an object whose keys are the user's (header names, variables)
	kindObject // an object with the fields listed
	kindAny
	kindExpression // a string holding a CEL expression (rate-limit bucket keys)
	kindOneOf      // any of alternatives: where the reference's pages disagree on a shape
)

// valueType is the type of one configuration value.
type valueType struct {
	kind         kind
	elem         *valueType   // kindList, kindMap
	fields       []field      // kindObject
	alternatives []*valueType // kindOneOf
	enum         []string     // the values a string (or an integer, as text) may take; nil for any
	// cel marks values whose strings may hold ${...} interpolations, which
	// are parsed as CEL; elsewhere "${" is plain text.
	cel bool
	// meaning is what the reference says of the value beyond its type
	// (meaning.go): "" when it holds, else what is wrong and what to write.
	meaning constraint
}

// field is one field of a configuration object.
type field struct {
	name     string
	typ      *valueType
	required bool
}

// action is one action type of the reference.
type action struct {
	typ    string
	phases []string
	config []field
	// open: the reference does not list this action's fields (ai-gateway,
	// saml), so any config object is accepted.
	open bool
}

func str() *valueType                     { return &valueType{kind: kindString} }
func celStr() *valueType                  { return &valueType{kind: kindString, cel: true} }
func enum(values ...string) *valueType    { return &valueType{kind: kindString, enum: values} }
func integer() *valueType                 { return &valueType{kind: kindInt} }
func intEnum(values ...string) *valueType { return &valueType{kind: kindInt, enum: values} }
func number() *valueType                  { return &valueType{kind: kindNumber} }
func boolean() *valueType                 { return &valueType{kind: kindBool} }
func listOf(t *valueType) *valueType      { return &valueType{kind: kindList, elem: t} }
func mapOf(t *valueType) *valueType       { return &valueType{kind: kindMap, elem: t} }
func celAny() *valueType                  { return &valueType{kind: kindAny, cel: true} }
func expression() *valueType              { return &valueType{kind: kindExpression} }
func object(fields ...field) *valueType   { return &valueType{kind: kindObject, fields: fields} }

func req(name string, t *valueType) field { return field{name: name, typ: t, required: true} }
func opt(name string, t *valueType) field { return field{name: name, typ: t} }

const (
	tcp      = "on_tcp_connect"
	request  = "on_http_request"
	response = "on_http_response"
	stream   = "on_event_stream_message"
)

func phases(p ...string) []string { return p }

// onError is the on_error field several actions share.
func onError() *valueType { return enum("halt", "continue") }

func replacements(withField bool) *valueType {
	fields := []field{req("from", celStr()), opt("to", celStr())}
	if withField {
		fields = append(fields, opt("field", str()))
	}
	return listOf(object(fields...))
}

func jwsKey() *valueType {
	source := object(req("additional_jkus", listOf(celStr())))
	return object(
		opt("identification", listOf(object(opt("token_claims", listOf(enum("kid")))))),
		req("sources", oneOf(listOf(source), source)),
	)
}

func identityProvider(issuerField, idleField string) []field {
	first := req(issuerField, str())
	return []field{
		first,
		opt("auth_id", str()),
		opt("client_id", celStr()),
		opt("client_secret", celStr()),
		opt("scopes", listOf(str())),
		opt("authz_url_params", mapOf(str())),
		opt("max_session_duration", str()),
		opt(idleField, str()),
		opt("userinfo_refresh_interval", str()),
		opt("allow_cors_preflight", boolean()),
		opt("auth_cookie_domain", str()),
	}
}

// actions is every action type of the reference, alphabetically.
var actions = []action{
	{typ: "add-headers", phases: phases(request, response), config: []field{
		req("headers", with(mapOf(celStr()), count(1, 10, "headers"))),
	}},
	{typ: "ai-gateway", phases: phases(request), open: true},
	{typ: "basic-auth", phases: phases(request), config: []field{
		// NOTE: the action's page writes a credential "user:password"; the
		// "Add authentication" example writes {username, password}.
		req("credentials", with(listOf(oneOf(
			withCode(celStr(), basicAuthCredential),
			withCode(object(req("username", celStr()), req("password", celStr())), basicAuthObject),
		)), count(1, 10, "credentials"))),
		opt("realm", str()),
		opt("enforce", boolean()),
	}},
	{typ: "circuit-breaker", phases: phases(request), config: []field{
		req("error_threshold", with(number(), between(0, 1))),
		opt("volume_threshold", with(integer(), between(1, 2e9))),
		opt("window_duration", with(str(), duration(time.Second, 2*time.Minute, 0))),
		opt("tripped_duration", with(str(), duration(time.Second, 2*time.Minute, 0))),
		opt("num_buckets", intEnum("10")),
		opt("enforce", boolean()),
	}},
	{typ: "close-connection", phases: phases(request, tcp)},
	{typ: "compress-response", phases: phases(request, response), config: []field{
		opt("algorithms", with(listOf(enum("br", "compress", "deflate", "gzip")), unique)),
	}},
	{typ: "custom-response", phases: phases(request, response), config: []field{
		opt("status_code", with(integer(), httpStatus)),
		opt("body", celStr()),
		opt("headers", with(mapOf(celStr()), count(0, 10, "headers"))),
		// NOTE: body's former name, deprecated in the reference (2025) and
		// still in policies written from its older examples.
		opt("content", celStr()),
	}},
	{typ: "deny", phases: phases(request, tcp), config: []field{
		opt("status_code", with(integer(), httpStatus)),
	}},
	{typ: "forward-internal", phases: phases(request, tcp), config: []field{
		req("url", with(celStr(), internalURL)),
		opt("on_error", onError()),
	}},
	{typ: "http-request", phases: phases(request, response), config: []field{
		req("url", with(celStr(), absoluteURL)),
		opt("method", enum("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD")),
		opt("query_params", with(listOf(object(req("key", with(celStr(), maxLength(128))), req("value", with(celStr(), maxLength(8192))))), count(0, 32, "query parameters"))),
		opt("headers", with(mapOf(celStr()), count(0, 10, "headers"))),
		opt("body", celStr()),
		opt("max_redirects", with(integer(), between(0, 5))),
		opt("timeout", with(str(), duration(time.Second, 30*time.Second, 0))),
		opt("retry_condition", celStr()),
		opt("on_error", onError()),
	}},
	{typ: "jwt-validation", phases: phases(request), config: []field{
		req("issuer", object(req("allow_list", with(listOf(object(req("value", celStr()))), count(1, 1<<30, "issuers"))))),
		opt("audience", object(opt("allow_list", with(listOf(object(req("value", celStr()))), count(1, 1<<30, "audiences"))))),
		req("http", object(req("tokens", with(listOf(object(
			req("type", enum("id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt")),
			req("method", enum("header", "body")),
			req("name", celStr()),
			opt("prefix", celStr()),
		)), count(1, 1<<30, "tokens"))))),
		req("jws", object(
			req("allowed_algorithms", with(listOf(with(str(), notNone)), count(1, 1<<30, "algorithms"))),
			// NOTE: the field reference says keys and sources are lists of
			// objects; every example of the reference writes one object.
			req("keys", oneOf(listOf(jwsKey()), jwsKey())),
		)),
	}},
	{typ: "log", phases: phases(request, response, tcp), config: []field{
		req("metadata", mapOf(celAny())),
	}},
	{typ: "oauth", phases: phases(request), config: identityProvider("provider", "idle_session_timeout")},
	{typ: "oidc", phases: phases(request), config: identityProvider("issuer_url", "idle_session_duration")},
	// NOTE: the action's page names it oidc; its examples, the gallery and
	// the JSON schema write openid-connect. Both are accepted.
	{typ: "openid-connect", phases: phases(request), config: identityProvider("issuer_url", "idle_session_duration")},
	{typ: "owasp-crs-request", phases: phases(request), config: []field{
		req("on_error", onError()),
		opt("process_body", boolean()),
		opt("exclude_rule_ids", listOf(with(integer(), between(900000, 999999)))),
	}},
	{typ: "owasp-crs-response", phases: phases(response), config: []field{
		req("on_error", onError()),
		opt("process_body", boolean()),
		opt("exclude_rule_ids", listOf(with(integer(), between(900000, 999999)))),
	}},
	{typ: "rate-limit", phases: phases(request), config: []field{
		req("name", with(str(), maxLength(1023))),
		opt("enforce", boolean()),
		// NOTE: the reference marks algorithm required and its schema gives
		// it a default; its own examples write it, and so must a policy.
		req("algorithm", enum("sliding_window")),
		req("capacity", with(integer(), between(1, 2e9))),
		req("rate", with(str(), duration(time.Minute, 24*time.Hour, 10*time.Second))),
		req("bucket_key", with(listOf(expression()), count(1, 10, "bucket keys"))),
	}},
	{typ: "redirect", phases: phases(request), config: []field{
		opt("from", celStr()),
		req("to", celStr()),
		opt("status_code", intEnum("301", "302", "303", "307", "308")),
		opt("headers", with(mapOf(celStr()), count(0, 10, "headers"))),
	}},
	{typ: "remove-headers", phases: phases(request, response), config: []field{
		req("headers", with(listOf(str()), count(1, 10, "headers"))),
	}},
	{typ: "request-body-find-replace", phases: phases(request), config: []field{
		req("replacements", replacements(false)),
	}},
	{typ: "response-body-find-replace", phases: phases(response), config: []field{
		req("replacements", replacements(false)),
	}},
	{typ: "restrict-ips", phases: phases(request, response, tcp), config: []field{
		// NOTE: the reference marks enforce required, its schema gives it the
		// default true, and the reference's own examples leave it out: the
		// schema's reading is the one that accepts those examples.
		opt("enforce", boolean()),
		opt("allow", listOf(withCode(celStr(), cidr))),
		opt("deny", listOf(withCode(celStr(), cidr))),
		opt("ip_policies", listOf(with(str(), ipPolicyID))),
	}},
	{typ: "saml", phases: phases(request), open: true},
	{typ: "set-vars", phases: phases(request, response, tcp), config: []field{
		req("vars", listOf(withCode(mapOf(celAny()), oneKey))),
	}},
	{typ: "sse-find-replace", phases: phases(stream), config: []field{
		req("replacements", replacements(true)),
	}},
	// NOTE: the action takes TLS 1.2 and 1.3 only (ngrok's action
	// reference), although edges' tls_termination took 1.0 and 1.1.
	{typ: "terminate-tls", phases: phases(tcp), config: []field{
		opt("min_version", enum("1.2", "1.3")),
		opt("max_version", enum("1.2", "1.3")),
		opt("server_private_key", celStr()),
		opt("server_certificate", celStr()),
		opt("mutual_tls_certificate_authorities", listOf(celStr())),
		opt("mutual_tls_verification_strategy", enum("require-and-verify", "require-any", "request")),
	}},
	{typ: "url-rewrite", phases: phases(request), config: []field{
		opt("from", celStr()),
		req("to", celStr()),
	}},
	{typ: "verify-webhook", phases: phases(request), config: []field{
		req("provider", str()),
		req("secret", celStr()),
		opt("enforce", boolean()),
	}},
}

// variablePaths are the variables ngrok documents, as dotted paths. A path
// ending in ".*" is a map (headers, cookies, query parameters) or a set of
// names the policy makes itself (vars, actions): anything below it is
// accepted. A variable that has fields and is also a value itself
// (conn.client_ip, req.url, req.content_type, req.user_agent) is both a
// leaf and the parent of its fields.
var variablePaths = []string{
	// HTTP request (/docs/traffic-policy/variables/req)
	"req.content_encoding", "req.content_length", "req.content_type", "req.content_type.parameters.*",
	"req.content_type.raw", "req.cookies.*", "req.headers.*", "req.host", "req.location", "req.method",
	"req.trailers.*", "req.ts.body_received", "req.ts.header_received",
	"req.url", "req.url.authority", "req.url.host", "req.url.path", "req.url.port", "req.url.query",
	"req.url.query_params.*", "req.url.raw", "req.url.raw_path", "req.url.scheme", "req.url.uri",
	"req.url.user_password", "req.version",
	"req.user_agent", "req.user_agent.name", "req.user_agent.version", "req.user_agent.os",
	"req.user_agent.os_version", "req.user_agent.device", "req.user_agent.is_mobile", "req.user_agent.is_tablet",
	"req.user_agent.is_desktop", "req.user_agent.is_bot", "req.user_agent.url",
	// HTTP response (/docs/traffic-policy/variables/res)
	"res.content_encoding", "res.content_length", "res.content_type", "res.content_type.parameters.*",
	"res.content_type.raw", "res.cookies.*", "res.headers.*", "res.location", "res.status_code", "res.trailers.*",
	// Connection (/docs/traffic-policy/variables/connection)
	"conn.bytes_in", "conn.bytes_out", "conn.client_ip", "conn.client_port", "conn.server_ip", "conn.server_port",
	"conn.server_region", "conn.ts.start",
	"conn.geo.city", "conn.geo.country", "conn.geo.country_code", "conn.geo.latitude", "conn.geo.longitude",
	"conn.geo.radius", "conn.geo.subdivision",
	"conn.k8s.pod.id", "conn.k8s.pod.metadata.name", "conn.k8s.pod.metadata.namespace",
	"conn.k8s.pod.metadata.annotations.*", "conn.k8s.pod.metadata.error_code", "conn.k8s.pod.metadata.error_message",
	"conn.tls.cipher_suite", "conn.tls.ja4_fingerprint", "conn.tls.negotiated_alpn", "conn.tls.session_resumed",
	"conn.tls.sni", "conn.tls.version",
	// Endpoint (/docs/traffic-policy/variables/endpoint)
	"endpoint.addr", "endpoint.host", "endpoint.id", "endpoint.port", "endpoint.protocol", "endpoint.url",
	// Time (/docs/traffic-policy/variables/time)
	"time.now",
	// What actions record (/docs/traffic-policy/variables/action) and what
	// set-vars defines.
	"actions.*", "vars.*",
}

// ipIntelFields are the IP intelligence fields of conn.client_ip and
// conn.server_ip (/docs/traffic-policy/variables/ip-intel).
var ipIntelFields = []string{
	"categories", "is_on_blocklist", "is_tor_node", "as.number", "as.organization",
	"geo.location.city", "geo.location.continent", "geo.location.country", "geo.location.country_code",
	"geo.location.is_eu", "geo.location.latitude", "geo.location.longitude", "geo.location.metro_code",
	"geo.location.postal_code", "geo.location.radius", "geo.location.subdivision", "geo.location.timezone",
	"geo.registered_location.city", "geo.registered_location.continent", "geo.registered_location.country",
	"geo.registered_location.country_code", "geo.registered_location.is_eu", "geo.registered_location.subdivision",
	"geo.registered_location.metro_code", "geo.registered_location.timezone",
}

// certificateFields are the fields of conn.tls.client and conn.tls.server
// (/docs/traffic-policy/variables/connection, TLS).
var certificateFields = []string{
	"extensions", "issuer", "pem", "san", "san.dns_names", "san.email_addresses", "san.ip_addresses", "san.uris",
	"serial_number", "signature_algorithm", "subject", "validity.not_after", "validity.not_before",
	"issuer.common_name", "issuer.country", "issuer.locality", "issuer.organization", "issuer.organizational_unit",
	"issuer.postal_code", "issuer.province", "issuer.street_address",
	"subject.common_name", "subject.country", "subject.locality", "subject.organization",
	"subject.organizational_unit", "subject.postal_code", "subject.province", "subject.street_address",
}

// globalFunctions are the macros ngrok adds that are called as functions,
// namespaced or not (/docs/traffic-policy/macros). Those of CEL's standard
// library and of cel-go's strings, encoders and lists extensions, which
// ngrok's macros reference lists as well, come from cel-go.
var globalFunctions = []string{
	"getReqCookie", "getReqHeader", "getQueryParam", "hasQueryParam", "hasReqCookie", "hasReqHeader",
	"getResCookie", "getResHeader", "hasResCookie", "hasResHeader", "inCidrRange", "inCidrRanges",
	"basic_auth.encode", "hash.crc32", "hash.crc64", "hash.md5", "hash.sha1", "hash.sha256", "hash.sha512",
	"hash.xxhash64", "json.decode", "json.encode", "queryString.decode", "queryString.encode",
	"rand.double", "rand.int", "secrets.get", "url.escape", "url.parse", "url.unescape",
}

// memberFunctions are ngrok's macros called on a value (x.f(...)).
var memberFunctions = []string{
	"encodeJson", "encodeQueryString", "decodeBase64", "decodeJson", "decodeQueryString", "encodeBase64",
	"escapeUrl", "isJson", "isPrivateIp", "isQueryString", "isURL", "lower", "upper", "parseUrl", "unescapeUrl",
	"md5", "sha1", "sha256", "sha512", "crc32", "crc64", "xxhash64",
}

func oneOf(alternatives ...*valueType) *valueType {
	return &valueType{kind: kindOneOf, alternatives: alternatives}
}
