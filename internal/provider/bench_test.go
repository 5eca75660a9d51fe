package provider

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// BenchmarkReadStateSet is the state write of an SSH authority's Read: a
// whole-model State.Set (by reflection) against setStateValues, and the
// identity by a model against setIDIdentity's value.
func BenchmarkReadStateSet(b *testing.B) {
	ctx := context.Background()
	var sr resource.SchemaResponse
	(&sshCertificateAuthorityResource{}).Schema(ctx, resource.SchemaRequest{}, &sr)
	typ := sr.Schema.Type().TerraformType(ctx)
	m, err := sshCertificateAuthorityModelFromAPI(&apiclient.SSHCertificateAuthority{
		ID: "sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", URI: "https://api.ngrok.com/ssh_certificate_authorities/sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam",
		CreatedAt: "2026-11-25T10:00:00Z", Description: "d", Metadata: `{"a":1}`,
		PublicKey: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGv9VGUqvbHbVXvR3zJbDnGwcoZ0gTMm8dW9l0Yk6cAN", KeyType: "ed25519",
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("state/model-by-reflection", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			if d := st.Set(ctx, m); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("state/setStateValues", func(b *testing.B) {
		for b.Loop() {
			st := tfsdk.State{Schema: sr.Schema, Raw: tftypes.NewValue(typ, nil)}
			if d := setStateValues(ctx, &st, m.stateValues()); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	is := idIdentitySchema("SSH certificate authority", sshCertificateAuthorityIDPrefix)
	type idModel struct {
		ID types.String `tfsdk:"id"`
	}
	b.Run("identity/model-by-reflection", func(b *testing.B) {
		for b.Loop() {
			id := tfsdk.ResourceIdentity{Schema: is, Raw: tftypes.NewValue(idIdentityType, nil)}
			if d := id.Set(ctx, idModel{ID: types.StringValue(m.ID.ValueString())}); d.HasError() {
				b.Fatal(d)
			}
		}
	})
	b.Run("identity/setIDIdentity", func(b *testing.B) {
		for b.Loop() {
			id := tfsdk.ResourceIdentity{Schema: is, Raw: tftypes.NewValue(idIdentityType, nil)}
			if d := setIDIdentity(ctx, &id, m.ID.ValueString()); d.HasError() {
				b.Fatal(d)
			}
		}
	})
}
