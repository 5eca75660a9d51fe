package main

import "slices"

// NOTE: the one place where the derived facts differ from ngrok's spec.
// The spec marks nothing nullable, yet the API sends null for many fields
// (wire-details.md: "nullable fields are present as explicit null"), and a
// validator that believed it would refuse those answers; it lists no error
// answer; it has defects a validator refuses or the wire contradicts; and
// where it contradicts the seed's documents (management-api.md,
// wire-details.md) for the seed's objects, the seed wins. Each row says what
// it settles and why; README.md beside the derived file lists the same rows.

// quirk is one row of the table: which fields or parameters it matches and
// what it settles about them.
type quirk struct {
	// property, when set, matches a property of a component schema, given
	// the property's description in ngrok's spec.
	property func(schema, field, description string) bool
	// parameter, when set, matches an operation's parameter, given its
	// schema's type and whether the schema has items.
	parameter func(path, name, typ string, hasItems bool) bool
	// body, when set, matches an operation's request body by the
	// properties of its schema and the operation's path parameters.
	body func(properties, pathParams []string) bool
	// unwrap: the request body is this property of the spec's schema.
	unwrap string
	// errors, when set, is the schema of the API's error body (named
	// Error), every operation's default response.
	errors string
	// schema, when set, names a component schema the row changes as a
	// whole: add and optional.
	schema string
	// add: properties the spec lacks, each as YAML (name, schema).
	add [][2]string
	// optional: properties the spec wrongly lists as required.
	optional []string
	// nullable: the property may be null.
	nullable bool
	// items: the type of an array's items the spec leaves out.
	items string
	why   string
}

// quirks is the table; of the rows of a kind, the first that matches wins.
var quirks = []quirk{
	{
		errors: `{type: object, required: [status_code, msg, details], properties: {
			error_code: {type: string}, status_code: {type: integer}, msg: {type: string},
			details: {type: object, required: [operation_id], additionalProperties: {type: string}}}}`,
		why: "the spec lists no error answer; wire-details.md §2 gives the API's error body [real]: " +
			"error_code (absent from some 404s), status_code, msg, and details of strings with operation_id",
	},
	{
		// NOTE: 23 operations, the Replace of every edge module.
		body: func(properties, pathParams []string) bool {
			return slices.Contains(properties, "module") && !slices.ContainsFunc(properties, func(p string) bool {
				return p != "module" && !slices.Contains(pathParams, p)
			})
		},
		unwrap: "module",
		why: "the spec's body of an edge module's Replace wraps the module with the path's IDs " +
			"(edge_id, id, module); on the wire the body is the module alone (ngrok's Go client sends arg.Module; " +
			"management-api.md's Replace bodies are the module's fields)",
	},
	{
		schema: "ReservedDomain",
		add: [][2]string{
			{"http_endpoint_configuration", nullableRef},
			{"https_endpoint_configuration", nullableRef},
			// NOTE: its type is not shown: string is our choice.
			{"error_redirect_url", "{type: string, nullable: true}"},
		},
		why: "management-api.md (the seed's contract, which wins for reserved domains) shows these fields " +
			"on every reserved domain, null when unset; the spec has dropped them",
	},
	{
		schema: "ReservedDomain",
		add:    [][2]string{{"is_dev", "{type: boolean}"}},
		why: "ngrok's recorded exchanges show it on every reserved domain, true on the account's dev domain " +
			"(ngrok-docs docs/api/resources/examples/_reserved_domains_list_response.md at 3196b15); the spec lacks it",
	},
	{
		schema: "ReservedDomainUpdate",
		add: [][2]string{
			{"http_endpoint_configuration_id", "{type: string}"},
			{"https_endpoint_configuration_id", "{type: string}"},
		},
		why: "management-api.md shows the update request carrying them; the spec has dropped them",
	},
	{
		schema:   "EndpointCreate",
		optional: []string{"type"},
		why: "wire-details.md: type defaults to cloud (and the spec's own description of the field says so), " +
			"yet the spec lists it as required",
	},
	{
		property: func(_, _, description string) bool { return descriptionSaysNull(description) },
		nullable: true,
		why:      `ngrok's description of the field says "or null" or "null if"`,
	},
	{
		property: func(schema, field, _ string) bool { return slices.Contains(recordedNulls[schema], field) },
		nullable: true,
		why: "ngrok's recorded answers (ngrok/ngrok-docs 3196b15, docs/api/resources/examples) have it null: " +
			"a TCP edge's hostports without any (_edges_tcp_get_response.md), an HTTP response backend's headers " +
			"without any (_http_response_backends_list_response.md)",
	},
	{
		property: func(schema, field, _ string) bool {
			_, ok := goClientPointers[schema+"."+field]
			return ok
		},
		nullable: true,
		why:      "ngrok's Go client (ngrok-api-go, datatypes.go) types the field as a pointer",
	},
	{
		// NOTE: GET /endpoints' deprecated filters id and url are arrays
		// without items, which is not valid OpenAPI 3.0 (a validator refuses
		// the whole document).
		parameter: func(_, _, typ string, hasItems bool) bool { return typ == "array" && !hasItems },
		items:     "string",
		why:       "the spec gives a list parameter no item type; ngrok's Go client types it []string (EndpointListArgs.ID, .URL)",
	},
}

// recordedNulls are the properties, by schema, that ngrok's recorded
// answers have null (third_party/ngrok-exchanges). NOTE: TLSEdge as
// TCPEdge: the mock answers both alike.
var recordedNulls = map[string][]string{
	"TCPEdge":             {"hostports"},
	"TLSEdge":             {"hostports"},
	"HTTPResponseBackend": {"headers"},
}

// nullableRef is a nullable reference to another resource (Ref).
const nullableRef = `{allOf: [{$ref: "#/components/schemas/Ref"}], nullable: true}`

// errorQuirk is the row that gives the error body, or nil.
func errorQuirk() *quirk {
	for i := range quirks {
		if quirks[i].errors != "" {
			return &quirks[i]
		}
	}
	return nil
}

// schemaQuirks are the rows that change the component schema name.
func schemaQuirks(name string) []*quirk {
	var rows []*quirk
	for i := range quirks {
		if quirks[i].schema == name {
			rows = append(rows, &quirks[i])
		}
	}
	return rows
}

// bodyQuirk is the first request body row that matches, or nil.
func bodyQuirk(properties, pathParams []string) *quirk {
	for i := range quirks {
		if quirks[i].body != nil && quirks[i].body(properties, pathParams) {
			return &quirks[i]
		}
	}
	return nil
}

// propertyQuirk is the first property row that matches, or nil.
func propertyQuirk(schema, field, description string) *quirk {
	for i := range quirks {
		if quirks[i].property != nil && quirks[i].property(schema, field, description) {
			return &quirks[i]
		}
	}
	return nil
}

// parameterQuirk is the first parameter row that matches, or nil.
func parameterQuirk(path, name, typ string, hasItems bool) *quirk {
	for i := range quirks {
		if quirks[i].parameter != nil && quirks[i].parameter(path, name, typ, hasItems) {
			return &quirks[i]
		}
	}
	return nil
}

// goClientPointers holds "Schema.field" for every field of pointer type in
// github.com/ngrok/ngrok-api-go's datatypes.go (commit aed5dfcebefa, 2026-03-06)
// whose struct and JSON name are a schema and property of the spec. It was
// read off that file (struct name and json tag of each *T field), and is
// facts, not ngrok's code.
var goClientPointers = func() map[string]struct{} {
	set := map[string]struct{}{}
	for schema, fields := range goClientPointerFields {
		for _, f := range fields {
			set[schema+"."+f] = struct{}{}
		}
	}
	return set
}()

var goClientPointerFields = map[string][]string{
	"Paging":                        {"before_id", "limit"},
	"FilteredPaging":                {"before_id", "limit", "filter"},
	"ItemPaging":                    {"before_id", "limit"},
	"AgentIngressCreate":            {"certificate_management_policy"},
	"AgentIngressUpdate":            {"description", "metadata", "certificate_management_policy"},
	"AgentIngress":                  {"certificate_management_policy", "certificate_management_status"},
	"AgentIngressList":              {"next_page_uri"},
	"AgentIngressCertStatus":        {"renews_at", "provisioning_job"},
	"AgentIngressCertJob":           {"error_code", "retries_at"},
	"APIKeyCreate":                  {"owner_id"},
	"APIKeyUpdate":                  {"description", "metadata"},
	"APIKey":                        {"token", "owner_id"},
	"APIKeyList":                    {"next_page_uri"},
	"ApplicationSession":            {"application_user", "endpoint", "edge", "route"},
	"ApplicationSessionList":        {"next_page_uri"},
	"BrowserSession":                {"location"},
	"Location":                      {"country_code", "latitude", "longitude", "lat_long_radius_km"},
	"ApplicationUserList":           {"next_page_uri"},
	"TunnelSessionList":             {"next_page_uri"},
	"FailoverBackendUpdate":         {"description", "metadata"},
	"FailoverBackendList":           {"next_page_uri"},
	"HTTPResponseBackendCreate":     {"status_code"},
	"HTTPResponseBackendUpdate":     {"description", "metadata", "body", "status_code"},
	"HTTPResponseBackendList":       {"next_page_uri"},
	"StaticBackendUpdate":           {"description", "metadata"},
	"StaticBackendList":             {"next_page_uri"},
	"TunnelGroupBackendUpdate":      {"description", "metadata"},
	"TunnelGroupBackendList":        {"next_page_uri"},
	"WeightedBackendUpdate":         {"description", "metadata"},
	"WeightedBackendList":           {"next_page_uri"},
	"BotUserCreate":                 {"active"},
	"BotUserUpdate":                 {"name", "active"},
	"BotUserList":                   {"next_page_uri"},
	"CertificateAuthorityUpdate":    {"description", "metadata"},
	"CertificateAuthorityList":      {"next_page_uri"},
	"CredentialCreate":              {"owner_id"},
	"CredentialUpdate":              {"description", "metadata"},
	"Credential":                    {"token", "owner_id"},
	"CredentialList":                {"next_page_uri"},
	"EndpointWebhookValidation":     {"enabled"},
	"EndpointCompression":           {"enabled"},
	"EndpointMutualTLS":             {"enabled"},
	"EndpointMutualTLSMutate":       {"enabled"},
	"EndpointTLSTermination":        {"enabled", "min_version"},
	"EndpointTLSTerminationAtEdge":  {"enabled", "min_version"},
	"EndpointRequestHeaders":        {"enabled"},
	"EndpointResponseHeaders":       {"enabled"},
	"EndpointIPPolicy":              {"enabled"},
	"EndpointIPPolicyMutate":        {"enabled"},
	"EndpointCircuitBreaker":        {"enabled"},
	"EndpointOAuth":                 {"enabled"},
	"EndpointOAuthProvider":         {"github", "facebook", "microsoft", "google", "linkedin", "gitlab", "twitch", "amazon"},
	"EndpointOAuthGitHub":           {"client_id", "client_secret"},
	"EndpointOAuthFacebook":         {"client_id", "client_secret"},
	"EndpointOAuthMicrosoft":        {"client_id", "client_secret"},
	"EndpointOAuthGoogle":           {"client_id", "client_secret"},
	"EndpointOAuthLinkedIn":         {"client_id", "client_secret"},
	"EndpointOAuthGitLab":           {"client_id", "client_secret"},
	"EndpointOAuthTwitch":           {"client_id", "client_secret"},
	"EndpointOAuthAmazon":           {"client_id", "client_secret"},
	"EndpointSAML":                  {"enabled", "allow_idp_initiated"},
	"EndpointSAMLMutate":            {"enabled", "allow_idp_initiated"},
	"EndpointOIDC":                  {"enabled"},
	"EndpointBackend":               {"enabled"},
	"EndpointBackendMutate":         {"enabled"},
	"EndpointWebsocketTCPConverter": {"enabled"},
	"EndpointUserAgentFilter":       {"enabled"},
	"EndpointTrafficPolicy":         {"enabled"},
	"HTTPSEdgeRouteCreate":          {"backend", "ip_restriction", "circuit_breaker", "compression", "request_headers", "response_headers", "webhook_verification", "oauth", "saml", "oidc", "websocket_tcp_converter", "user_agent_filter", "traffic_policy"},
	"HTTPSEdgeRouteUpdate":          {"backend", "ip_restriction", "circuit_breaker", "compression", "request_headers", "response_headers", "webhook_verification", "oauth", "saml", "oidc", "websocket_tcp_converter", "user_agent_filter", "traffic_policy"},
	"HTTPSEdgeRoute":                {"backend", "ip_restriction", "circuit_breaker", "compression", "request_headers", "response_headers", "webhook_verification", "oauth", "saml", "oidc", "websocket_tcp_converter", "user_agent_filter", "traffic_policy"},
	"HTTPSEdgeList":                 {"next_page_uri"},
	"HTTPSEdgeCreate":               {"mutual_tls", "tls_termination"},
	"HTTPSEdgeUpdate":               {"description", "metadata", "mutual_tls", "tls_termination"},
	"HTTPSEdge":                     {"mutual_tls", "tls_termination"},
	"TCPEdgeList":                   {"next_page_uri"},
	"TCPEdgeCreate":                 {"backend", "ip_restriction", "traffic_policy"},
	"TCPEdgeUpdate":                 {"description", "metadata", "backend", "ip_restriction", "traffic_policy"},
	"TCPEdge":                       {"backend", "ip_restriction", "traffic_policy"},
	"TLSEdgeList":                   {"next_page_uri"},
	"TLSEdgeCreate":                 {"backend", "ip_restriction", "mutual_tls", "tls_termination", "traffic_policy"},
	"TLSEdgeUpdate":                 {"description", "metadata", "backend", "ip_restriction", "mutual_tls", "tls_termination", "traffic_policy"},
	"TLSEdge":                       {"backend", "ip_restriction", "mutual_tls", "tls_termination", "traffic_policy"},
	"Endpoint":                      {"domain", "tcp_addr", "tunnel", "edge", "principal", "tunnel_session"},
	"EndpointList":                  {"next_page_uri"},
	"EndpointCreate":                {"description", "metadata", "pooling_enabled"},
	"EndpointListArgs":              {"before_id", "limit", "filter"},
	"EndpointUpdate":                {"url", "traffic_policy", "description", "metadata", "pooling_enabled"},
	"EventDestinationUpdate":        {"metadata", "description", "format", "target"},
	"EventDestinationList":          {"next_page_uri"},
	"EventTarget":                   {"firehose", "kinesis", "cloudwatch_logs", "datadog", "azure_logs_ingestion"},
	"EventTargetDatadog":            {"api_key", "ddtags", "service", "ddsite"},
	"AWSAuth":                       {"role", "creds"},
	"AWSCredentials":                {"aws_secret_access_key"},
	"EventSubscriptionUpdate":       {"metadata", "description"},
	"EventSubscriptionList":         {"next_page_uri"},
	"IPPolicyUpdate":                {"description", "metadata"},
	"IPPolicyList":                  {"next_page_uri"},
	"IPPolicyRuleCreate":            {"action"},
	"IPPolicyRuleUpdate":            {"description", "metadata", "cidr"},
	"IPPolicyRuleList":              {"next_page_uri"},
	"IPRestrictionUpdate":           {"description", "metadata", "enforced"},
	"IPRestrictionList":             {"next_page_uri"},
	"ReservedAddrUpdate":            {"description", "metadata"},
	"ReservedAddrList":              {"next_page_uri"},
	"ReservedDomainCreate":          {"certificate_id", "certificate_management_policy"},
	"ReservedDomainUpdate":          {"description", "metadata", "certificate_id", "certificate_management_policy"},
	"ReservedDomain":                {"cname_target", "certificate", "certificate_management_policy", "certificate_management_status", "acme_challenge_cname_target"},
	"ReservedDomainList":            {"next_page_uri"},
	"ReservedDomainCertStatus":      {"renews_at", "provisioning_job"},
	"ReservedDomainCertJob":         {"error_code", "retries_at"},
	"SecretUpdate":                  {"name", "value", "metadata", "description"},
	"SecretList":                    {"next_page_uri"},
	"ServiceUserCreate":             {"active"},
	"ServiceUserUpdate":             {"name", "active"},
	"ServiceUserList":               {"next_page_uri"},
	"SSHCertificateAuthorityUpdate": {"description", "metadata"},
	"SSHCertificateAuthorityList":   {"next_page_uri"},
	"SSHCredentialCreate":           {"owner_id"},
	"SSHCredentialUpdate":           {"description", "metadata"},
	"SSHCredential":                 {"owner_id"},
	"SSHCredentialList":             {"next_page_uri"},
	"SSHHostCertificateUpdate":      {"description", "metadata"},
	"SSHHostCertificateList":        {"next_page_uri"},
	"SSHUserCertificateUpdate":      {"description", "metadata"},
	"SSHUserCertificateList":        {"next_page_uri"},
	"TLSCertificateUpdate":          {"description", "metadata"},
	"TLSCertificate":                {"issued_at"},
	"TLSCertificateList":            {"next_page_uri"},
	"Tunnel":                        {"endpoint"},
	"TunnelList":                    {"next_page_uri"},
	"VaultUpdate":                   {"name", "metadata", "description"},
	"VaultList":                     {"next_page_uri"},
}
