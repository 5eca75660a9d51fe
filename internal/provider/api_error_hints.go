package provider

// The API's error codes that the provider explains beyond their status,
// and what it says about each: apiErrorHint gives a code's hint instead of
// its status's.
const (
	errCodeEndpointNotCloud      = "ERR_NGROK_248"
	errCodeDomainInUse           = "ERR_NGROK_446"
	errCodeEdgesReadOnly         = "ERR_NGROK_7196"
	errCodeEndpointDomainMissing = "ERR_NGROK_18006"
	errCodeEndpointURLTaken      = "ERR_NGROK_18009"
)

var apiErrorCodeHints = map[string]string{
	// NOTE: the status of ERR_NGROK_7196 is not documented; the hint follows
	// the code whatever the status.
	errCodeEdgesReadOnly: "ngrok has made edges read-only for this account (" + errCodeEdgesReadOnly + "): " +
		"HTTPS edges and their route modules can still be read, but no longer created, changed or deleted. " +
		"Cloud endpoints with a traffic policy replace them: move this route's behaviour (OIDC, IP restrictions, " +
		"header rewriting, forwarding) to a cloud endpoint's traffic policy. To stop managing this module " +
		"without changing it, remove it from the state with `terraform state rm`.",
	errCodeDomainInUse: "Cloud endpoints still serve on this reserved domain. Delete them first: remove them from " +
		"the configuration in the same apply (Terraform destroys them before the domain when they refer to it), " +
		"or delete them in the ngrok dashboard.",
	errCodeEndpointDomainMissing: "The url's host must be a reserved domain of this account. Reserve it with an " +
		"ngrok_reserved_domain resource and build the url from it (for example " +
		"url = \"https://${ngrok_reserved_domain.app.domain}\") so that the domain is reserved first; " +
		"or use a host ending in .internal for an endpoint that only other endpoints can reach.",
	errCodeEndpointURLTaken: "Another cloud endpoint already has this url. Import it (terraform import " +
		"ngrok_cloud_endpoint.<name> ep_...) or choose another url; the ngrok_endpoints data source " +
		"with url set finds its ID.",
	errCodeEndpointNotCloud: "Only cloud endpoints can be managed by ngrok_cloud_endpoint.",
}
