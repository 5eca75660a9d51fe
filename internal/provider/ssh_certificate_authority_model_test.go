package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// stateValues, through setStateValues, writes the very state that State.Set
// of the model writes, for each key type (null and known key options).
func TestSSHCertificateAuthorityStateValuesAreTheModel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var sr resource.SchemaResponse
	(&sshCertificateAuthorityResource{}).Schema(ctx, resource.SchemaRequest{}, &sr)
	for keyType, kind := range map[string]string{"ed25519": "ed25519", "ecdsa": "p384", "rsa": "rsa2048"} {
		t.Run(keyType, func(t *testing.T) {
			t.Parallel()
			ca := &apiclient.SSHCertificateAuthority{
				ID: "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URI: "https://api.ngrok.com/ssh_certificate_authorities/sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
				CreatedAt: "2026-11-25T10:00:00Z", Description: "d", Metadata: `{"a":1}`,
				PublicKey: testSSHPublicKey(t, kind), KeyType: keyType,
			}
			m, err := sshCertificateAuthorityModelFromAPI(ca)
			if err != nil {
				t.Fatal(err)
			}
			byModel := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), nil)}
			if diags := byModel.Set(ctx, m); diags.HasError() {
				t.Fatal(diags)
			}
			byValues := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(sr.Schema.Type().TerraformType(ctx), nil)}
			if diags := setStateValues(ctx, &byValues, m.stateValues()); diags.HasError() {
				t.Fatal(diags)
			}
			if !byValues.Raw.Equal(byModel.Raw) {
				t.Errorf("setStateValues wrote\n%s\nState.Set of the model\n%s", byValues.Raw, byModel.Raw)
			}
		})
	}
}
