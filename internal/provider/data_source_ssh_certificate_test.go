package provider

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
)

func TestAccSSHHostCertificateDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	const data = "data.ngrok_ssh_host_certificate.test"
	same := func(attr string) statecheck.StateCheck {
		return statecheck.CompareValuePairs(testHostCertificate, tfjsonpath.New(attr), data, tfjsonpath.New(attr), compare.ValuesSame())
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateConfig("host", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")),
				`principals = ["web-1.example.com"]`, `description = "web-1"`) + `
data "ngrok_ssh_host_certificate" "test" {
  id = ngrok_ssh_host_certificate.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				same("certificate"), same("public_key"), same("valid_after"), same("valid_until"), same("principals"),
				same("ssh_certificate_authority_id"), same("uri"), same("created_at"), same("key_type"),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("description"), knownvalue.StringExact("web-1")),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
			},
		}},
	})
}

func TestAccSSHHostCertificateDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_host_certificate\" \"test\" {\n  id = \"shcrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH Host Certificate.*404`),
		}},
	})
}

func TestAccSSHHostCertificateDataSource_invalidID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_host_certificate\" \"test\" {\n  id = \"sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)id.*starting with shcrt_`),
		}},
	})
}

func TestAccSSHUserCertificateDataSource_byID(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	const data = "data.ngrok_ssh_user_certificate.test"
	same := func(attr string) statecheck.StateCheck {
		return statecheck.CompareValuePairs(testUserCertificate, tfjsonpath.New(attr), data, tfjsonpath.New(attr), compare.ValuesSame())
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccSSHCertificateConfig("user", fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519")),
				`principals = ["alice"]`, `critical_options = { "source-address" = "192.0.2.0/24" }`) + `
data "ngrok_ssh_user_certificate" "test" {
  id = ngrok_ssh_user_certificate.test.id
}
`),
			ConfigStateChecks: []statecheck.StateCheck{
				same("certificate"), same("principals"), same("critical_options"), same("extensions"), same("valid_until"),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("critical_options"), knownvalue.MapExact(map[string]knownvalue.Check{
					"source-address": knownvalue.StringExact("192.0.2.0/24"),
				})),
				statecheck.ExpectKnownValue(data, tfjsonpath.New("extensions"), knownvalue.MapSizeExact(2)),
			},
		}},
	})
}

func TestAccSSHUserCertificateDataSource_notFound(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config("data \"ngrok_ssh_user_certificate\" \"test\" {\n  id = \"sucrt_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"\n}\n"),
			ExpectError: regexp.MustCompile(`(?s)Unable to Read SSH User Certificate.*404`),
		}},
	})
}
