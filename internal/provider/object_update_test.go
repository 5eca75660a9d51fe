package provider

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// An update that changes nothing the API holds (here the key version an
// import records) reads the object instead of sending a PATCH, which would
// give nothing new, and which the API refuses of some objects when it gives
// no field (ERR_NGROK_1400, 1401, 606, 422, 18004).
func TestAccObject_updateOfNothingTheAPIHoldsSendsNoPatch(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert, key := testTLSCertificate(t, "imported.example.com")
	c, err := apiclient.TLSCertificates.Create(context.Background(), mock.client, &apiclient.TLSCertificateCreate{
		CertificatePEM: cert, PrivateKeyPEM: key, Description: "uploaded in the dashboard",
	})
	if err != nil {
		t.Fatal(err)
	}
	mock.server.ClearJournal()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testTLSResource, c.ID) +
				testAccTLSCertificateConfig(tlsAttrs(cert, key, 1, `description = "uploaded in the dashboard"`)...)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testTLSResource, plancheck.ResourceActionUpdate)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			Check: onlyReads(mock),
		}},
	})
}

// An update that changes a field still sends it.
func TestAccObject_updateSendsWhatChanges(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config("resource \"ngrok_ip_policy\" \"test\" {\n  description = \"one\"\n}\n")},
			{
				PreConfig: mock.server.ClearJournal,
				Config:    mock.config("resource \"ngrok_ip_policy\" \"test\" {\n  description = \"two\"\n}\n"),
				Check: func(*terraform.State) error {
					entries, _ := mock.server.Journal()
					for _, e := range entries {
						if e.Method == http.MethodPatch && e.Status == http.StatusOK {
							return nil
						}
					}
					return fmt.Errorf("the apply sent no PATCH")
				},
			},
		},
	})
}

// A reserved domain whose update changes only wait_for_certificate reads
// the domain: the PATCH would give nothing new (ERR_NGROK_422 when empty).
func TestAccReservedDomain_updateOfWaitSendsNoPatch(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`))},
			{
				PreConfig: mock.server.ClearJournal,
				Config:    mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `wait_for_certificate = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: onlyReads(mock),
			},
		},
	})
}

// onlyReads fails when the mock's journal holds a request other than a GET.
func onlyReads(mock *testMock) resource.TestCheckFunc {
	return func(*terraform.State) error {
		entries, _ := mock.server.Journal()
		for _, e := range entries {
			if e.Method != http.MethodGet {
				return fmt.Errorf("the apply sent %s %s; want reads only", e.Method, e.Path)
			}
		}
		return nil
	}
}
