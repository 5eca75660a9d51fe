package provider

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// UpgradeState upgrades ngrok/ngrok v0.7's ngrok_ssh_host_certificate and
// ngrok_ssh_user_certificate, and this provider's own state of version 0.
func (r *sshCertificateResource[M, C, A]) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return upgradeFromVersion0("ngrok_"+r.ops.typeName, normalizeSSHCertificateState(r.ops.sshCertKind))
}

// normalizeSSHCertificateState brings a certificate's state to the current
// schema from what ngrok/ngrok v0.7 wrote, which has every attribute of this
// provider's but uri and created_at (read by the refresh); an empty list or
// map is never null here.
func normalizeSSHCertificateState(kind sshCertKind) stateNormalizer {
	return func(a stateAttrs) error {
		a.nullIfEmpty("uri", "created_at")
		a.emptyIfNull("description", "metadata")
		a.defaultIfNull("principals", []any{})
		if kind.options {
			a.defaultIfNull("critical_options", map[string]any{})
			a.defaultIfNull("extensions", map[string]any{})
		}
		return nil
	}
}
