package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// UpgradeState upgrades ngrok/ngrok v0.7's ngrok_reserved_domain, and this
// provider's own state of version 0.
func (r *reservedDomainResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return upgradeFromVersion0("ngrok_reserved_domain", normalizeReservedDomainState)
}

// normalizeReservedDomainState brings a reserved domain's state to the
// current schema from what ngrok/ngrok v0.7 (ngrok_reserved_domain, on
// SDKv2) and v0.8 (ngrok_domain) wrote:
//
//   - v0.7's certificate_management_policy is a block, stored as a list of
//     at most one object; this provider's, and v0.8's, is one object;
//   - a policy attribute left out of v0.7's block is stored as "": the API
//     applied its default, which is this provider's default too;
//   - with a policy, their certificate_id is the managed certificate's ID,
//     which this provider shows in `certificate` (read by the refresh), so
//     that a configuration with a policy and no certificate_id plans no
//     change;
//   - "" where the API omitted a value is null here; v0.7's is_dev,
//     error_redirect_url and name are dropped (v0.7 could reserve by name
//     alone and stored the API's answer in domain);
//   - v0.8's resolves_to, a list of point-of-presence codes kept in the
//     configuration's order, is kept as this provider's set of them; null
//     (v0.8 read no answer) is left for the refresh to fill in.
func normalizeReservedDomainState(a stateAttrs) error {
	if a.str("domain") == "" && a.str("name") != "" {
		a["domain"] = a["name"]
	}
	if err := a.singleObject("certificate_management_policy"); err != nil {
		return err
	}
	if policy, ok := a["certificate_management_policy"].(map[string]any); ok {
		for key, def := range map[string]string{"authority": defaultCertAuthority, "private_key_type": defaultCertKeyType} {
			if s, _ := policy[key].(string); s == "" {
				policy[key] = def
			}
		}
		a["certificate_id"] = nil
	}
	a.nullIfEmpty("region", "certificate_id", "http_endpoint_configuration_id", "https_endpoint_configuration_id",
		"cname_target", "acme_challenge_cname_target", "uri", "created_at")
	a.emptyIfNull("description", "metadata")
	a.defaultIfNull("wait_for_certificate", false)
	a.defaultIfNull("deletion_protection", false)
	return nil
}
