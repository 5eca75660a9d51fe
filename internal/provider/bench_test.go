package provider

import (
	"context"
	"net/http/httptest"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// BenchmarkResourceRead measures the refresh of one object (the Read that
// every plan calls for every object) through the object machinery, against
// a floor measured in the same run: the same API read and model conversion
// without the framework's state handling. The ratio is the plan CPU that
// the resource adds per object.
//
//	go test -run '^$' -bench BenchmarkResourceRead -benchmem ./internal/provider/
func BenchmarkResourceRead(b *testing.B) {
	ctx := context.Background()
	server := mockserver.New(mockserver.WithAPIKeys(testAPIKey))
	srv := httptest.NewServer(server)
	b.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		b.Fatal(err)
	}
	ca, err := client.CreateSSHCertificateAuthority(ctx, &apiclient.SSHCertificateAuthorityCreate{Description: "bench"})
	if err != nil {
		b.Fatal(err)
	}
	p, err := apiclient.IPPolicies.Create(ctx, client, &apiclient.IPPolicyCreate{Description: "bench"})
	if err != nil {
		b.Fatal(err)
	}

	b.Run("floor", func(b *testing.B) {
		for b.Loop() {
			got, err := client.GetSSHCertificateAuthority(ctx, ca.ID)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := sshCertificateAuthorityModelFromAPI(got); err != nil {
				b.Fatal(err)
			}
		}
	})
	for name, tc := range map[string]struct {
		newResource func() resource.Resource
		id          string
	}{
		"ssh_certificate_authority": {sshCertificateAuthorityType.newResource, ca.ID},
		"ip_policy":                 {ipPolicyType.newResource, p.ID},
	} {
		b.Run(name, func(b *testing.B) {
			r := tc.newResource()
			var schemaResp resource.SchemaResponse
			r.Schema(ctx, resource.SchemaRequest{}, &schemaResp)
			implementation[resource.ResourceWithConfigure](b, r).Configure(ctx, resource.ConfigureRequest{ProviderData: client}, &resource.ConfigureResponse{})
			stateType, ok := schemaResp.Schema.Type().TerraformType(ctx).(tftypes.Object)
			if !ok {
				b.Fatal("the schema is not an object")
			}
			values := map[string]tftypes.Value{}
			for name, typ := range stateType.AttributeTypes {
				values[name] = tftypes.NewValue(typ, nil)
			}
			values["id"] = tftypes.NewValue(tftypes.String, tc.id)
			prior := tfsdk.State{Schema: schemaResp.Schema, Raw: tftypes.NewValue(stateType, values)}
			for b.Loop() {
				resp := &resource.ReadResponse{State: tfsdk.State{Schema: prior.Schema, Raw: prior.Raw.Copy()}}
				r.Read(ctx, resource.ReadRequest{State: prior}, resp)
				if resp.Diagnostics.HasError() {
					b.Fatal(resp.Diagnostics)
				}
			}
		})
	}
}
