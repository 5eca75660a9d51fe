package provider

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// seedAgent seeds an online agent with one tunnel and returns the IDs of
// its session and tunnel.
func seedAgent(t *testing.T, mock *testMock, in mockserver.TunnelSessionSeed, publicURL string) (session, tunnel string) {
	t.Helper()
	session, err := mock.server.SeedTunnelSession(in)
	if err != nil {
		t.Fatal(err)
	}
	tunnel, err = mock.server.SeedTunnel(mockserver.TunnelSeed{TunnelSessionID: session, PublicURL: publicURL, Metadata: in.Metadata})
	if err != nil {
		t.Fatal(err)
	}
	return session, tunnel
}

// The data sources of the read-only objects read what agents and visitors
// made: one by ID, all, and (tunnel sessions only, as the API) filtered.
func TestAccReadOnlyObjectDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	web, webTunnel := seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "web", AgentVersion: "3.2.0",
		CredentialID: "cr_2hHHEdGjzhqHoCeqNd9sYaUbMmT"}, "https://web.ngrok.app")
	seedAgent(t, mock, mockserver.TunnelSessionSeed{Metadata: "db", OS: "darwin"}, "tcp://1.tcp.ngrok.io:20000")
	user, err := mock.server.SeedApplicationUser(mockserver.ApplicationUserSeed{Email: "ada@example.com", Name: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	session, err := mock.server.SeedApplicationSession(mockserver.ApplicationSessionSeed{ApplicationUserID: user,
		PublicURL: "https://app.example.com", CountryCode: "GB"})
	if err != nil {
		t.Fatal(err)
	}

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(`
data "ngrok_tunnel_session" "web" {
  id = "` + web + `"
}
data "ngrok_tunnel_sessions" "all" {}
data "ngrok_tunnel_sessions" "mac" {
  filter = "obj.os == 'darwin'"
}
data "ngrok_tunnel" "web" {
  id = "` + webTunnel + `"
}
data "ngrok_tunnels" "all" {}
data "ngrok_application_user" "ada" {
  id = "` + user + `"
}
data "ngrok_application_users" "all" {}
data "ngrok_application_session" "ada" {
  id = "` + session + `"
}
data "ngrok_application_sessions" "all" {}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_tunnel_session.web", tfjsonpath.New("agent_version"), knownvalue.StringExact("3.2.0")),
				statecheck.ExpectKnownValue("data.ngrok_tunnel_session.web", tfjsonpath.New("credential_id"),
					knownvalue.StringExact("cr_2hHHEdGjzhqHoCeqNd9sYaUbMmT")),
				statecheck.ExpectKnownValue("data.ngrok_tunnel_session.web", tfjsonpath.New("transport"), knownvalue.StringExact("ngrok/2")),
				statecheck.ExpectKnownValue("data.ngrok_tunnel_sessions.all", tfjsonpath.New("tunnel_sessions"), knownvalue.ListSizeExact(2)),
				statecheck.ExpectKnownValue("data.ngrok_tunnel_sessions.mac", tfjsonpath.New("tunnel_sessions"), knownvalue.ListExact([]knownvalue.Check{
					knownvalue.ObjectPartial(map[string]knownvalue.Check{"metadata": knownvalue.StringExact("db"), "credential_id": knownvalue.Null()}),
				})),
				statecheck.ExpectKnownValue("data.ngrok_tunnel.web", tfjsonpath.New("tunnel_session_id"), knownvalue.StringExact(web)),
				statecheck.ExpectKnownValue("data.ngrok_tunnel.web", tfjsonpath.New("proto"), knownvalue.StringExact("https")),
				statecheck.ExpectKnownValue("data.ngrok_tunnel.web", tfjsonpath.New("labels"), knownvalue.MapSizeExact(0)),
				statecheck.ExpectKnownValue("data.ngrok_tunnels.all", tfjsonpath.New("tunnels").AtSliceIndex(0).AtMapKey("proto"),
					knownvalue.StringExact("tcp")),
				statecheck.ExpectKnownValue("data.ngrok_application_user.ada", tfjsonpath.New("email"), knownvalue.StringExact("ada@example.com")),
				statecheck.ExpectKnownValue("data.ngrok_application_user.ada", tfjsonpath.New("identity_provider_name"), knownvalue.StringExact("Google")),
				statecheck.ExpectKnownValue("data.ngrok_application_users.all", tfjsonpath.New("application_users"), knownvalue.ListSizeExact(1)),
				statecheck.ExpectKnownValue("data.ngrok_application_session.ada", tfjsonpath.New("application_user_id"), knownvalue.StringExact(user)),
				statecheck.ExpectKnownValue("data.ngrok_application_session.ada", tfjsonpath.New("country_code"), knownvalue.StringExact("GB")),
				statecheck.ExpectKnownValue("data.ngrok_application_sessions.all", tfjsonpath.New("application_sessions").AtSliceIndex(0).AtMapKey("id"),
					knownvalue.StringExact(session)),
			},
		}},
	})
}

// A tunnel list takes no filter, as the API's: configuration that gives one
// fails at plan time.
func TestAccTunnelsDataSource_noFilter(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_tunnels" "x" { filter = "true" }`),
			ExpectError: regexp.MustCompile(`An argument named "filter" is not expected here`),
		}},
	})
}

// An ID of another kind fails at plan time.
func TestAccTunnelSessionDataSource_invalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(`data "ngrok_tunnel_session" "x" { id = "tn_2hHHEdGjzhqHoCeqNd9sYaUbMmT" }`),
			ExpectError: regexp.MustCompile(`ts_`),
		}},
	})
}

// Every read-only type's data sources have valid schemas, every attribute
// described, and the model of an empty API object fits the schema (a tfsdk
// tag that names no attribute fails here, before Terraform sees it).
func TestReadOnlyTypeSchemas(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, reg := range readOnlyTypes {
		for _, ds := range []datasource.DataSource{reg.newDataSource(), reg.newPluralDataSource()} {
			var meta datasource.MetadataResponse
			ds.Metadata(ctx, datasource.MetadataRequest{ProviderTypeName: "ngrok"}, &meta)
			var resp datasource.SchemaResponse
			ds.Schema(ctx, datasource.SchemaRequest{}, &resp)
			if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() {
				t.Errorf("%s: %v", meta.TypeName, diags)
			}
			if resp.Schema.Description == "" {
				t.Errorf("%s has no description", meta.TypeName)
			}
			for name, a := range resp.Schema.Attributes {
				if a.GetDescription() == "" {
					t.Errorf("%s.%s has no description", meta.TypeName, name)
				}
			}
		}
	}
	var diags diag.Diagnostics
	for _, v := range []tftypes.Value{
		tunnelSessionType.value(ctx, &apiclient.TunnelSession{}, &diags),
		tunnelType.value(ctx, &apiclient.Tunnel{}, &diags),
		applicationUserType.value(ctx, &apiclient.ApplicationUser{}, &diags),
		applicationSessionType.value(ctx, &apiclient.ApplicationSession{}, &diags),
	} {
		if !v.IsKnown() || v.IsNull() {
			t.Errorf("an empty object's value is %v", v)
		}
	}
	if diags.HasError() {
		t.Errorf("an empty object does not fit its schema: %v", diags)
	}
}
