package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// TestWarnMissingSecrets: a secret the account lacks is a warning that
// says whether its vault is missing too; one the account has is not; the
// account is listed once per client.
func TestWarnMissingSecrets(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mock := newTestMock(t)
	v, err := apiclient.Vaults.Create(ctx, mock.client, &apiclient.VaultCreate{Name: "prod"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := apiclient.Secrets.Create(ctx, mock.client, &apiclient.SecretCreate{Name: "db", Value: "x", VaultID: v.ID}); err != nil {
		t.Fatal(err)
	}
	policy := `on_http_request:
  - expressions: ["secrets.get('prod', 'db') != ''"]
    actions:
      - type: add-headers
        config: {headers: {x-a: "${secrets.get('prod', 'api')}", x-b: "${secrets.get('staging', 'db')}"}}
`
	warnings := func() []string {
		var diags diag.Diagnostics
		warnMissingSecrets(ctx, mock.client, newTrafficPolicyValue(&policy), path.Root("traffic_policy"), &diags)
		if diags.HasError() {
			t.Fatalf("errors: %v", diags)
		}
		var out []string
		for _, d := range diags.Warnings() {
			out = append(out, d.Detail())
		}
		return out
	}
	got := warnings()
	if len(got) != 2 || !strings.Contains(got[0], `secrets.get("prod", "api"), but the vault "prod" has no secret "api"`) ||
		!strings.Contains(got[1], `secrets.get("staging", "db"), but the account has no vault "staging"`) {
		t.Fatalf("warnings: %q", got)
	}
	// NOTE: listed once: a secret created since is not seen by this client.
	if _, err := apiclient.Secrets.Create(ctx, mock.client, &apiclient.SecretCreate{Name: "api", Value: "x", VaultID: v.ID}); err != nil {
		t.Fatal(err)
	}
	if again := warnings(); len(again) != 2 {
		t.Errorf("the account was listed again: %q", again)
	}
	// A vault that this plan makes, and a secret it makes in a vault known
	// by its ID, as ngrok_vault and ngrok_secret planned them, are no
	// missing ones.
	planVault(mock.client, vaultModel{Name: types.StringValue("staging")})
	planSecret(mock.client, secretModel{Name: types.StringValue("api"), VaultID: types.StringValue(v.ID), VaultName: types.StringUnknown()})
	if again := warnings(); len(again) != 0 {
		t.Errorf("warnings of what the plan makes: %q", again)
	}
}
