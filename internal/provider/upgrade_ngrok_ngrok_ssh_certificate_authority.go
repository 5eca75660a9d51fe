package provider

import (
	"context"
	"encoding/json"

	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// UpgradeState upgrades ngrok/ngrok v0.7's and v0.8's
// ngrok_ssh_certificate_authority, and this provider's own state of
// version 0.
func (r *sshCertificateAuthorityResource) UpgradeState(context.Context) map[int64]resource.StateUpgrader {
	return upgradeFromVersion0("ngrok_ssh_certificate_authority", normalizeSSHCertificateAuthorityState)
}

// normalizeSSHCertificateAuthorityState brings an authority's state to the
// current schema from what ngrok/ngrok v0.7 and v0.8 wrote. The key options
// are read from the public key, as this provider's Read does, whatever the
// other provider stored for them: v0.8 stores key_size 0 and
// elliptic_curve "" for the key types they do not apply to (null here),
// and an imported authority has none. Only a state without a readable
// public key keeps the stored options, with those placeholders made null;
// the refresh then reads them.
func normalizeSSHCertificateAuthorityState(a stateAttrs) error {
	a.nullIfEmpty("uri", "created_at", "private_key_type", "elliptic_curve")
	a.emptyIfNull("description", "metadata")
	if n, ok := a["key_size"].(json.Number); ok && n.String() == "0" {
		a["key_size"] = nil
	}
	if opts, err := caKeyOptionsFromPublicKey(a.str("public_key")); err == nil {
		a["private_key_type"], a["elliptic_curve"], a["key_size"] = opts.keyType, nil, nil
		if opts.curve != "" {
			a["elliptic_curve"] = opts.curve
		}
		if opts.size != 0 {
			a["key_size"] = opts.size
		}
	}
	return nil
}
