package provider

// The API's error codes that the provider explains beyond their status,
// and what it says about each: apiErrorHint gives a code's hint instead of
// its status's.
const (
	errCodeEndpointNotCloud      = "ERR_NGROK_248"
	errCodeDomainInUse           = "ERR_NGROK_446"
	errCodeIPPolicyInUse         = "ERR_NGROK_1420"
	errCodeOnlyRuleOfDashboard   = "ERR_NGROK_1419"
	errCodeSSHCAHasCertificates  = "ERR_NGROK_1964"
	errCodeManagedCertificate    = "ERR_NGROK_1966"
	errCodeEdgesReadOnly         = "ERR_NGROK_7196"
	errCodeEdgesUnavailable      = "ERR_NGROK_7008"
	errCodeEndpointConfigs       = "ERR_NGROK_1608"
	errCodeEndpointDomainMissing = "ERR_NGROK_18006"
	errCodeEndpointURLTaken      = "ERR_NGROK_18009"
	errCodeUnknownOwner          = "ERR_NGROK_634"
)

// edgesGuide names the guide on moving from edges, and from endpoint
// configurations, to cloud endpoints (templates/guides).
const edgesGuide = `"Moving from edges to cloud endpoints"`

// The deprecation messages of what ngrok deprecated in favour of cloud
// endpoints, naming the guide.
const (
	edgesDeprecationMessage = "ngrok deprecated HTTPS edges, their routes and modules on 31 December 2025: " +
		"they are read-only on most accounts. Move the route's behaviour to a cloud endpoint's traffic policy " +
		"(the ngrok_https_edge_traffic_policy data source writes it); see the guide " + edgesGuide + "."
	backendsDeprecationMessage = "ngrok deprecated edges and their backends on 31 December 2025: they are read-only on most " +
		"accounts. Cloud endpoints route with a traffic policy instead (forward-internal, custom-response); see the guide " +
		edgesGuide + "."
	endpointConfigurationDeprecationMessage = "ngrok deprecated endpoint configurations (ERR_NGROK_1608): " +
		"use a cloud endpoint with a traffic policy on the domain instead; see the guide " + edgesGuide + "."
)

var apiErrorCodeHints = map[string]string{
	// NOTE: the status of ERR_NGROK_7196 is not documented; the hint follows
	// the code whatever the status.
	errCodeEdgesReadOnly: "ngrok has made edges read-only for this account (" + errCodeEdgesReadOnly + "): " +
		"edges (HTTPS, TCP and TLS), their routes, modules and backends can still be read, but no longer created, " +
		"changed or deleted. Cloud endpoints with a traffic policy replace them: move this object's behaviour " +
		"(OIDC, IP restrictions, header rewriting, TLS termination, forwarding) to a cloud endpoint's traffic policy: " +
		"the ngrok_https_edge_traffic_policy, ngrok_tcp_edge_traffic_policy and ngrok_tls_edge_traffic_policy data " +
		"sources write that policy from the edge (guide: " + edgesGuide + "). To stop managing this object " +
		"without changing it, remove it from the state with `terraform state rm`.",
	errCodeEdgesUnavailable: "ngrok no longer offers edges to this account (" + errCodeEdgesUnavailable + "): " +
		"edges, their routes, modules and backends cannot be created or used. Serve the traffic from cloud " +
		"endpoints with a traffic policy instead: the ngrok_https_edge_traffic_policy, ngrok_tcp_edge_traffic_policy " +
		"and ngrok_tls_edge_traffic_policy data sources write that policy from an existing edge (guide: " + edgesGuide + "); remove the edge's resources from the configuration, " +
		"or from the state with `terraform state rm` where the API no longer answers for them.",
	errCodeEndpointConfigs: "ngrok no longer serves endpoint configurations (" + errCodeEndpointConfigs + "): " +
		"a reserved domain's http_endpoint_configuration_id and https_endpoint_configuration_id cannot be set. " +
		"Remove them from the configuration, and give the domain's traffic a cloud endpoint (ngrok_cloud_endpoint " +
		"with url = \"https://<domain>\") whose traffic_policy does what the configuration did (guide: " + edgesGuide + ").",
	// NOTE: applying twice the change that failed fails twice: Terraform
	// again deletes the domain before it updates its users.
	errCodeDomainInUse: "Cloud endpoints still serve on this reserved domain, or an edge still lists it in its hostports. " +
		"Delete them first: remove them from the configuration in the same apply (Terraform destroys them before " +
		"the domain when they refer to it, as url = \"https://${ngrok_reserved_domain.app.domain}\" does), or " +
		"delete them in the ngrok dashboard. When they stay and only stop using the domain, Terraform deletes the " +
		"domain before it updates them: give the domain lifecycle { create_before_destroy = true } (Terraform then " +
		"updates them first), or change them in one apply and remove the domain in the next.",
	errCodeIPPolicyInUse: "An IP restriction (ngrok_ip_restriction) still names this IP policy. When the restriction " +
		"stays and only stops naming the policy, Terraform deletes the policy before it updates the restriction: " +
		"give the policy lifecycle { create_before_destroy = true } (Terraform then updates the restriction first), " +
		"or remove the policy from the restriction's ip_policy_ids in one apply and delete it in the next. " +
		"A restriction made outside Terraform must let go of it in the ngrok dashboard.",
	// NOTE: create_before_destroy cannot replace the rule: its successor has
	// its cidr, which the policy holds until the old rule goes (ERR_NGROK_1408).
	errCodeOnlyRuleOfDashboard: "This rule is the last of an IP policy that the dashboard IP restriction names, and ngrok " +
		"keeps it while the restriction does. Add another rule to the policy in an earlier apply, then delete this one " +
		"or replace it (a new action replaces a rule); or, in one apply, have the restriction name other policies in " +
		"ip_policy_ids instead (or delete it), and delete the rule in the next. When the restriction goes with the rule, " +
		"give the restriction depends_on = [ngrok_ip_policy_rule.<name>] so that Terraform deletes the restriction first.",
	errCodeSSHCAHasCertificates: "Host or user certificates signed by this SSH certificate authority still exist, and " +
		"ngrok keeps the authority while they do. ngrok_ssh_host_certificate and ngrok_ssh_user_certificate resources that " +
		"name the authority are destroyed before it; delete the others (made outside Terraform) in the ngrok dashboard " +
		"or with the API, then apply again. Deleting a certificate's object revokes nothing.",
	errCodeManagedCertificate: "This TLS certificate is the one ngrok obtained for a reserved domain's automatic " +
		"certificates, and goes only with them or with the domain: set automatic_certificates = false on the domain " +
		"(ngrok_reserved_domain), or delete the domain. To stop managing the certificate without deleting it, replace " +
		"its resource with a removed block with lifecycle { destroy = false } (or run terraform state rm).",
	errCodeEndpointDomainMissing: "The url's host must be a reserved domain of this account. Reserve it with an " +
		"ngrok_reserved_domain resource and build the url from it (for example " +
		"url = \"https://${ngrok_reserved_domain.app.domain}\") so that the domain is reserved first; " +
		"or use a host ending in .internal for an endpoint that only other endpoints can reach.",
	errCodeEndpointURLTaken: "Another cloud endpoint already has this url. Import it (terraform import " +
		"ngrok_cloud_endpoint.<name> ep_...) or choose another url; the ngrok_endpoints data source " +
		"with url set finds its ID.",
	errCodeEndpointNotCloud: "Only cloud endpoints can be managed by ngrok_cloud_endpoint.",
	errCodeUnknownOwner: "owner_id must name a user of this account: a person, or a service or bot user that exists " +
		"(a deleted one no longer does). Create the owner with an ngrok_service_user resource and refer to it " +
		"(owner_id = ngrok_service_user.ci.id), so that it exists first; or leave owner_id unset for the API key's owner.",
}
