package provider

import (
	"context"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// After `terraform state replace-provider`, ngrok_domain carries this
// provider's address until a moved block renames it.
func TestReservedDomainMoveState_acceptsSources(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	server := providerserver.NewProtocol6(New("test")())()
	domain := fixtureInstance(t, "v0.8.0", "ngrok_domain.sub")
	for _, tc := range []struct {
		address, sourceType string
		version             int64
		wantError           string
	}{
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_domain"},
		{address: "registry.terraform.io/tfedge/ngrok", sourceType: "ngrok_domain"},
		{address: "registry.opentofu.org/ngrok/ngrok", sourceType: "ngrok_domain"},
		// NOTE: OpenTofu 1.11 sends the provider's type alone.
		{address: "ngrok", sourceType: "ngrok_domain"},
		{address: "aws", sourceType: "ngrok_domain",
			wantError: "does not include support for the given source resource"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_reserved_domain"},
		{address: "registry.terraform.io/hashicorp/aws", sourceType: "ngrok_domain",
			wantError: "does not include support for the given source resource"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_cloud_endpoint",
			wantError: "does not include support for the given source resource"},
		{address: "registry.terraform.io/ngrok/ngrok", sourceType: "ngrok_domain", version: 1,
			wantError: "this state is at version 1"},
	} {
		resp, err := server.MoveResourceState(ctx, &tfprotov6.MoveResourceStateRequest{
			SourceProviderAddress: tc.address,
			SourceTypeName:        tc.sourceType,
			SourceSchemaVersion:   tc.version,
			SourceState:           &tfprotov6.RawState{JSON: domain},
			TargetTypeName:        "ngrok_reserved_domain",
		})
		if err != nil {
			t.Fatal(err)
		}
		diags := diagnosticsText(resp.Diagnostics)
		switch {
		case tc.wantError == "" && (diags != "" || resp.TargetState == nil):
			t.Errorf("%s %s v%d: %s; want it moved", tc.address, tc.sourceType, tc.version, diags)
		case tc.wantError != "" && !strings.Contains(diags, tc.wantError):
			t.Errorf("%s %s v%d: diagnostics %q, want %q", tc.address, tc.sourceType, tc.version, diags, tc.wantError)
		}
	}
}
