package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// UpgradeState upgrades ngrok/ngrok v0.8's ngrok_cloud_endpoint, and this
// provider's own state of version 0.
func (r *cloudEndpointResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return upgradeFromVersion0("ngrok_cloud_endpoint", normalizeCloudEndpointState)
}

// normalizeCloudEndpointState brings a cloud endpoint's state to the
// current schema from what ngrok/ngrok v0.8 wrote: its "" domain_id (an
// endpoint on no reserved domain) is null here, and its region and type
// (always "cloud") are dropped. proto, hostport and public_url, which it
// does not have, are read by the refresh.
func normalizeCloudEndpointState(a stateAttrs) error {
	a.nullIfEmpty("domain_id", "uri", "created_at", "updated_at", "proto", "hostport", "public_url")
	a.emptyIfNull("description", "metadata")
	a.defaultIfNull("pooling_enabled", false)
	return nil
}
