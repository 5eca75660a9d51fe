package provider

import (
	"context"
	"fmt"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/trafficpolicy"
)

// A policy that reads secrets.get('vault', 'name') of a secret the account
// does not have is accepted by the API, which reads secrets when traffic
// arrives: the request then fails. The plan warns instead.

// accountSecrets is what the account holds: one listing of its vaults and
// one of its secrets, made at most once per client (one provider process:
// one plan), whatever the number of endpoints that read secrets.
type accountSecrets struct {
	once    sync.Once
	vaults  map[string]bool
	secrets map[trafficpolicy.SecretRef]bool
	err     error
}

// secretIndexes holds each client's accountSecrets.
var secretIndexes sync.Map // *apiclient.Client → *accountSecrets

func secretsOf(ctx context.Context, client *apiclient.Client) *accountSecrets {
	v, _ := secretIndexes.LoadOrStore(client, &accountSecrets{})
	a := v.(*accountSecrets)
	a.once.Do(func() {
		a.vaults, a.secrets = map[string]bool{}, map[trafficpolicy.SecretRef]bool{}
		for vault, err := range apiclient.Vaults.List(ctx, client, nil) {
			if err != nil {
				a.err = err
				return
			}
			a.vaults[vault.Name] = true
		}
		for s, err := range apiclient.Secrets.List(ctx, client, nil) {
			if err != nil {
				a.err = err
				return
			}
			a.secrets[trafficpolicy.SecretRef{Vault: s.VaultName, Name: s.Name}] = true
		}
	})
	return a
}

// warnMissingSecrets warns of each secret the policy reads by name that
// the account does not have. A policy not known yet, a client not
// configured, or a listing the API refuses (a key without access to
// vaults) adds nothing: the warning is advice, never a reason to fail.
func warnMissingSecrets(ctx context.Context, client *apiclient.Client, policy trafficPolicyValue, at path.Path, diags *diag.Diagnostics) {
	if client == nil || policy.IsNull() || policy.IsUnknown() {
		return
	}
	doc, err := parseTrafficPolicy(policy.ValueString())
	if err != nil {
		return
	}
	refs := trafficpolicy.SecretRefs(doc)
	if len(refs) == 0 {
		return
	}
	account := secretsOf(ctx, client)
	if account.err != nil {
		tflog.Debug(ctx, "the account's vaults and secrets could not be listed; the policy's secrets are not looked up", map[string]any{"error": account.err.Error()})
		return
	}
	for _, r := range refs {
		if account.secrets[r] {
			continue
		}
		what := fmt.Sprintf("the vault %q has no secret %q", r.Vault, r.Name)
		if !account.vaults[r.Vault] {
			what = fmt.Sprintf("the account has no vault %q", r.Vault)
		}
		diags.AddAttributeWarning(at, "Traffic Policy Reads a Missing Secret",
			fmt.Sprintf("The traffic policy reads secrets.get(%q, %q), but %s. ngrok reads secrets when traffic arrives, "+
				"so the endpoint is created and each request that evaluates this call fails. Create it with "+
				"ngrok_vault and ngrok_secret (this plan may be creating them, in which case all is well), "+
				"or correct the vault and secret names.", r.Vault, r.Name, what))
	}
}
