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
// one plan), whatever the number of endpoints that read secrets; and what
// the plan creates or keeps, as ngrok_vault and ngrok_secret plan it.
// Terraform plans them before an endpoint whose policy refers to them
// (`${ngrok_vault.prod.name}`); a policy that names them in literal text
// may be planned first, and warns then.
type accountSecrets struct {
	once       sync.Once
	vaults     map[string]bool
	vaultNames map[string]string // ID → name
	secrets    map[trafficpolicy.SecretRef]bool
	err        error

	mu             sync.Mutex
	plannedVaults  map[string]bool                  // by name
	plannedSecrets map[trafficpolicy.SecretRef]bool // Vault is the vault's name, or its ID when only that is known
}

func (a *accountSecrets) planVault(name string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.plannedVaults == nil {
		a.plannedVaults = map[string]bool{}
	}
	a.plannedVaults[name] = true
}

func (a *accountSecrets) planSecret(vault, name string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.plannedSecrets == nil {
		a.plannedSecrets = map[trafficpolicy.SecretRef]bool{}
	}
	a.plannedSecrets[trafficpolicy.SecretRef{Vault: vault, Name: name}] = true
}

// planned reports whether this plan creates or keeps the vault of r (then
// any secret of it may be made in the same plan) or r itself.
func (a *accountSecrets) planned(r trafficpolicy.SecretRef) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.plannedVaults[r.Vault] || a.plannedSecrets[r] {
		return true
	}
	for id, name := range a.vaultNames {
		if name == r.Vault && a.plannedSecrets[trafficpolicy.SecretRef{Vault: id, Name: r.Name}] {
			return true
		}
	}
	return false
}

// accountSecretsOf is the client's accountSecrets, not listed yet.
func accountSecretsOf(client *apiclient.Client) *accountSecrets {
	v, _ := secretIndexes.LoadOrStore(client, &accountSecrets{})
	a, _ := v.(*accountSecrets)
	return a
}

// planVault and planSecret are ngrok_vault's and ngrok_secret's planned
// hooks (objectType.planned).
func planVault(c *apiclient.Client, m vaultModel) {
	if !m.Name.IsNull() && !m.Name.IsUnknown() {
		accountSecretsOf(c).planVault(m.Name.ValueString())
	}
}

func planSecret(c *apiclient.Client, m secretModel) {
	if m.Name.IsNull() || m.Name.IsUnknown() {
		return
	}
	switch {
	case !m.VaultName.IsNull() && !m.VaultName.IsUnknown():
		accountSecretsOf(c).planSecret(m.VaultName.ValueString(), m.Name.ValueString())
	case !m.VaultID.IsNull() && !m.VaultID.IsUnknown():
		accountSecretsOf(c).planSecret(m.VaultID.ValueString(), m.Name.ValueString())
	}
}

// secretIndexes holds each client's accountSecrets.
var secretIndexes sync.Map // *apiclient.Client → *accountSecrets

func secretsOf(ctx context.Context, client *apiclient.Client) *accountSecrets {
	a := accountSecretsOf(client)
	a.once.Do(func() {
		vaults, vaultNames, secrets := map[string]bool{}, map[string]string{}, map[trafficpolicy.SecretRef]bool{}
		defer func() {
			a.mu.Lock()
			a.vaults, a.vaultNames, a.secrets = vaults, vaultNames, secrets
			a.mu.Unlock()
		}()
		for vault, err := range apiclient.Vaults.List(ctx, client, nil) {
			if err != nil {
				a.err = err
				return
			}
			vaults[vault.Name] = true
			vaultNames[vault.ID] = vault.Name
		}
		for s, err := range apiclient.Secrets.List(ctx, client, nil) {
			if err != nil {
				a.err = err
				return
			}
			secrets[trafficpolicy.SecretRef{Vault: s.VaultName, Name: s.Name}] = true
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
		if account.secrets[r] || account.planned(r) {
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
