package provider

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	fwprovider "github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	fwresource "github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

const testRDResource = "ngrok_reserved_domain.test"

var (
	rdIDPattern      = regexp.MustCompile(`^rd_[0-9A-Za-z]{27}$`)
	rdCertIDPattern  = regexp.MustCompile(`^cert_[0-9A-Za-z]{27}$`)
	rdTimePattern    = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$`)
	rdCNAMEPattern   = regexp.MustCompile(`^[0-9a-z]+\.[0-9a-z]+\.ngrok-cname\.com$`)
	rdProvisionMsg   = "Managed certificate provisioning in progress."
	rdTestClockStart = time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)
)

func testAccReservedDomainConfig(attrs ...string) string {
	return "resource \"ngrok_reserved_domain\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// rdClock is the mock server's clock in a test. With a step, every reading
// moves it on by that step, so that a managed certificate gets issued while
// the provider polls, without the test sleeping; without one, it moves only
// when the test says.
type rdClock struct {
	mu   sync.Mutex
	now  time.Time
	step time.Duration
}

func (c *rdClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now
	c.now = c.now.Add(c.step)
	return now
}

func (c *rdClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// newDomainTestMock is a mock server whose managed certificates are issued
// delay after their policy is attached, by clock.
func newDomainTestMock(t *testing.T, clock *rdClock, delay time.Duration) *testMock {
	t.Helper()
	return newTestMock(t, mockserver.WithClock(clock.Now), mockserver.WithCertificateIssueDelay(delay))
}

// fastPollFactories serve a provider whose reserved domains poll every
// millisecond while waiting for a certificate.
func fastPollFactories() map[string]func() (tfprotov6.ProviderServer, error) {
	return map[string]func() (tfprotov6.ProviderServer, error){
		"ngrok": providerserver.NewProtocol6WithError(fastPollProvider{New("test")()}),
	}
}

type fastPollProvider struct{ fwprovider.Provider }

func (p fastPollProvider) Resources(ctx context.Context) []func() fwresource.Resource {
	var out []func() fwresource.Resource
	for _, f := range p.Provider.Resources(ctx) {
		out = append(out, func() fwresource.Resource {
			r := f()
			if rd, ok := r.(*reservedDomainResource); ok {
				rd.pollInterval = time.Millisecond
			}
			return r
		})
	}
	return out
}

// expectAPIReservedDomain checks the domain of testRDResource as the API
// holds it.
func expectAPIReservedDomain(mock *testMock, check func(*apiclient.ReservedDomain) error) statecheck.StateCheck {
	return stateCheckFunc(func(ctx context.Context, id func(string) (string, error)) error {
		rdID, err := id(testRDResource)
		if err != nil {
			return err
		}
		d, err := mock.client.GetReservedDomain(ctx, rdID)
		if err != nil {
			return err
		}
		return check(d)
	})
}

func seedRDCertificate(t *testing.T, mock *testMock) string {
	t.Helper()
	id, err := mock.server.SeedTLSCertificate(mockserver.TLSCertificateSeed{Description: "uploaded in a test"})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func rdPath(names ...string) tfjsonpath.Path {
	p := tfjsonpath.New(names[0])
	for _, n := range names[1:] {
		p = p.AtMapKey(n)
	}
	return p
}

// A custom domain whose configuration says nothing about certificates gets
// ngrok's default, automatic certificates: the state shows the policy ngrok
// chose and its job, and the next plan is empty.
func TestAccReservedDomain_basic(t *testing.T) {
	t.Parallel()
	mock := newDomainTestMock(t, &rdClock{now: rdTestClockStart}, time.Hour)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionCreate),
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("wait_for_certificate"), knownvalue.Bool(false)),
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Bool(true)),
						// NOTE: ngrok chooses the policy; the plan leaves it to ngrok.
						plancheck.ExpectUnknownValue(testRDResource, tfjsonpath.New("certificate_management_policy")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("id"), knownvalue.StringRegexp(rdIDPattern)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("uri"), knownvalue.StringRegexp(
						regexp.MustCompile("^"+regexp.QuoteMeta(mock.url)+`/reserved_domains/rd_`))),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("created_at"), knownvalue.StringRegexp(rdTimePattern)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("app.example.com")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("cname_target"), knownvalue.StringRegexp(rdCNAMEPattern)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("acme_challenge_cname_target"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("region"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("description"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("metadata"), knownvalue.StringExact("")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_policy"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"authority": knownvalue.StringExact("letsencrypt"), "private_key_type": knownvalue.StringExact("ecdsa"),
					})),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate_management_status", "provisioning_job", "started_at"),
						knownvalue.StringExact("2025-09-04T10:11:14Z")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("http_endpoint_configuration_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("wait_for_certificate"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("timeouts"), knownvalue.Null()),
				},
			},
			{
				ResourceName:      testRDResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				// terraform plan -generate-config-out writes configuration
				// that imports with no change.
				ResourceName:    testRDResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// Domains reserved outside Terraform, in every shape, imported with the
// configuration that terraform plan -generate-config-out writes: the plan
// is empty. Their metadata is JSON formatted otherwise than jsonencode()
// would, which the generated configuration writes it with.
func TestAccReservedDomain_generatedConfig(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, time.Hour)
	ctx := context.Background()
	cert := seedRDCertificate(t, mock)
	ec, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, in := range []apiclient.ReservedDomainCreate{
		{Domain: "App.Example.COM", Description: "from the dashboard", Metadata: "{\"tier\": 1.0,\n \"team\": \"web\"}"},
		{Domain: "myapp.ngrok.app", Region: "eu"},
		{Domain: "*.example.net", CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{PrivateKeyType: "rsa"}},
		{Domain: "uploaded.example.org", CertificateID: cert, Metadata: "[1, 2]"},
	} {
		d, err := mock.client.CreateReservedDomain(ctx, &in)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.ID)
	}
	if _, err := mock.client.UpdateReservedDomain(ctx, ids[0], &apiclient.ReservedDomainUpdate{HTTPSEndpointConfigurationID: &ec}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps:                    generatedConfigImportSteps(mock.config(`data "ngrok_reserved_domains" "all" {}`), testRDResource, ids),
	})
}

// generatedConfigImportSteps imports each of ids, objects created outside
// Terraform, as address with the configuration that terraform plan
// -generate-config-out writes, and expects the plan to change nothing.
// config is a first step's configuration that reads something, since an
// import step cannot be the first.
func generatedConfigImportSteps(config, address string, ids []string) []resource.TestStep {
	steps := []resource.TestStep{{Config: config}}
	for _, id := range ids {
		steps = append(steps, resource.TestStep{
			ResourceName:    address,
			ImportState:     true,
			ImportStateId:   id,
			ImportStateKind: resource.ImportBlockWithID,
			GenerateConfig:  true,
		})
	}
	return steps
}

func TestAccReservedDomain_shapes(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		domain    string
		cname     knownvalue.Check
		acme      knownvalue.Check
		extraAttr string
	}{
		"service-owned": {"myapp.ngrok.app", knownvalue.Null(), knownvalue.Null(), ""},
		"wildcard custom": {"*.example.com", knownvalue.StringRegexp(rdCNAMEPattern),
			knownvalue.StringRegexp(regexp.MustCompile(`^_acme-challenge\.[0-9a-z.]+\.ngrok-cname\.com$`)),
			`certificate_management_policy = {}`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: mock.config(testAccReservedDomainConfig(fmt.Sprintf("domain = %q", tc.domain), tc.extraAttr)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("cname_target"), tc.cname),
						statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("acme_challenge_cname_target"), tc.acme),
					},
				}},
			})
		})
	}
}

func TestAccReservedDomain_updateInPlace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	httpEC, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "http"})
	if err != nil {
		t.Fatal(err)
	}
	httpsEC, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	if err != nil {
		t.Fatal(err)
	}
	sameID := statecheck.CompareValue(compare.ValuesSame())
	sameCNAME := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "first"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					sameCNAME.AddStateValue(testRDResource, tfjsonpath.New("cname_target")),
				},
			},
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "second"`,
					`metadata = jsonencode({ team = "web" })`,
					fmt.Sprintf("http_endpoint_configuration_id = %q", httpEC),
					fmt.Sprintf("https_endpoint_configuration_id = %q", httpsEC))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate),
						// A value the server never changes stays known in the plan.
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("cname_target"), knownvalue.StringRegexp(rdCNAMEPattern)),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					sameCNAME.AddStateValue(testRDResource, tfjsonpath.New("cname_target")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("description"), knownvalue.StringExact("second")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("metadata"), knownvalue.StringExact(`{"team":"web"}`)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("http_endpoint_configuration_id"), knownvalue.StringExact(httpEC)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("https_endpoint_configuration_id"), knownvalue.StringExact(httpsEC)),
				},
			},
			{
				// The same JSON metadata in another formatting is no change.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "second"`,
					`metadata = "{ \"team\" : \"web\" }\n"`,
					fmt.Sprintf("http_endpoint_configuration_id = %q", httpEC),
					fmt.Sprintf("https_endpoint_configuration_id = %q", httpsEC))),
				PlanOnly: true,
			},
			{
				// Removing them detaches and clears them in the API.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
						if d.Description != "" || d.Metadata != "" || d.HTTPEndpointConfiguration != nil || d.HTTPSEndpointConfiguration != nil {
							return fmt.Errorf("API still has %+v", d)
						}
						return nil
					}),
				},
			},
		},
	})
}

// stringSet is a knownvalue check of a set of strings.
func stringSet(values ...string) knownvalue.Check {
	checks := make([]knownvalue.Check, len(values))
	for i, v := range values {
		checks[i] = knownvalue.StringExact(v)
	}
	return knownvalue.SetExact(checks)
}

// expectAPIResolvesTo checks the points of presence the API holds for
// testRDResource, in the API's order.
func expectAPIResolvesTo(mock *testMock, want ...string) statecheck.StateCheck {
	return expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
		got := []string{}
		for _, e := range d.ResolvesTo {
			got = append(got, e.Value)
		}
		if !slices.Equal(got, append([]string{}, want...)) {
			return fmt.Errorf("the API holds resolves_to %q, want %q", got, want)
		}
		return nil
	})
}

// resolves_to is created, compared as a set, changed and cleared in place,
// and imported; every apply is followed by an empty plan.
func TestAccReservedDomain_resolvesTo(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := func(attrs ...string) string {
		return mock.config(testAccReservedDomainConfig(append([]string{`domain = "app.example.com"`}, attrs...)...))
	}
	sameID := statecheck.CompareValue(compare.ValuesSame())
	emptyAfter := resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	updateThenEmpty := resource.ConfigPlanChecks{
		PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
		PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:           config(`resolves_to = ["us-cal-1", "eu"]`),
				ConfigPlanChecks: emptyAfter,
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("resolves_to"), stringSet("eu", "us-cal-1")),
					expectAPIResolvesTo(mock, "eu", "us-cal-1"),
				},
			},
			// Another order is the same set.
			{Config: config(`resolves_to = ["eu", "us-cal-1"]`), PlanOnly: true},
			{
				Config:           config(`resolves_to = ["ap", "us"]`),
				ConfigPlanChecks: updateThenEmpty,
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("resolves_to"), stringSet("ap", "us")),
					expectAPIResolvesTo(mock, "ap", "us"),
				},
			},
			{ResourceName: testRDResource, ImportState: true, ImportStateVerify: true},
			{
				// Removing it un-pins the domain.
				Config:           config(),
				ConfigPlanChecks: updateThenEmpty,
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("resolves_to"), stringSet()),
					expectAPIResolvesTo(mock),
				},
			},
			// Global resolution in its other spellings is no change.
			{Config: config(`resolves_to = ["global"]`), PlanOnly: true},
			{Config: config(`resolves_to = []`), PlanOnly: true},
			{ResourceName: testRDResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

// ["global"] at create is kept as written, though the API answers it as no
// point of presence; leaving it out afterwards is no change either.
func TestAccReservedDomain_resolvesToGlobal(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:           mock.config(testAccReservedDomainConfig(`domain = "app.ngrok.app"`, `resolves_to = ["global"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("resolves_to"), stringSet("global")),
					expectAPIResolvesTo(mock),
				},
			},
			{Config: mock.config(testAccReservedDomainConfig(`domain = "app.ngrok.app"`)), PlanOnly: true},
			{
				// Pinned in place from there.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.ngrok.app"`, `resolves_to = ["jp"]`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{expectAPIResolvesTo(mock, "jp")},
			},
		},
	})
}

// A domain pinned, or un-pinned, outside Terraform plans the update that
// puts the configuration back.
func TestAccReservedDomain_resolvesToDriftIsCorrected(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `resolves_to = ["eu"]`))
	unpin := func(s *terraform.State) error {
		_, err := mock.client.UpdateReservedDomain(context.Background(), s.RootModule().Resources[testRDResource].Primary.ID,
			&apiclient.ReservedDomainUpdate{ResolvesTo: []apiclient.ReservedDomainResolvesToEntry{{Value: apiclient.ResolvesToGlobal}}})
		return err
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  unpin,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
				},
				ExpectNonEmptyPlan: true,
			},
			{
				Config:            config,
				ConfigPlanChecks:  resource.ConfigPlanChecks{PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: []statecheck.StateCheck{expectAPIResolvesTo(mock, "eu")},
			},
		},
	})
}

func TestAccReservedDomain_replaceOnDomain(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:            mock.config(testAccReservedDomainConfig(`domain = "a.example.com"`)),
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testRDResource, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "b.example.com"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("b.example.com")),
				},
			},
		},
	})
}

// The API stores the domain in lower case without trailing dot; another
// spelling of the same name plans no change and never replaces.
func TestAccReservedDomain_domainSpelling(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "App.Example.COM."`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("App.Example.COM.")),
					expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
						if d.Domain != "app.example.com" {
							return fmt.Errorf("API domain = %q, want app.example.com", d.Domain)
						}
						return nil
					}),
				},
			},
			{
				// Respelling the domain is no change: the state keeps its spelling.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("App.Example.COM.")),
				},
			},
			{
				// Nor is it part of another change.
				Config: mock.config(testAccReservedDomainConfig(`domain = "APP.example.com"`, `description = "x"`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("App.Example.COM.")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("description"), knownvalue.StringExact("x")),
				},
			},
		},
	})
}

// A domain reserved outside Terraform, imported with a configuration that
// spells it otherwise, plans no change.
func TestAccReservedDomain_importWithOtherSpelling(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	d, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: "app.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	config := mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testRDResource, d.ID) +
		testAccReservedDomainConfig(`domain = "App.Example.COM."`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionNoop)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("id"), knownvalue.StringExact(d.ID)),
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("domain"), knownvalue.StringExact("app.example.com")),
			},
		}},
	})
}

// Each transition between an uploaded certificate, automatic certificates
// and neither is one in-place update, after which the plan is empty; saying
// nothing is ngrok's default, automatic certificates.
func TestAccReservedDomain_certificateTransitions(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	certA, certB := seedRDCertificate(t, mock), seedRDCertificate(t, mock)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	domain := `domain = "app.example.com"`
	policy := `certificate_management_policy = {}`
	off := `automatic_certificates = false`

	type apiWant struct {
		certificate string // "" none, "managed", or a certificate ID
		keyType     string // the policy's, "" without one
	}
	step := func(action plancheck.ResourceActionType, want apiWant, attrs ...string) resource.TestStep {
		checks := []statecheck.StateCheck{
			sameID.AddStateValue(testRDResource, tfjsonpath.New("id")),
			expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
				switch p := d.CertificateManagementPolicy; {
				case want.keyType == "" && p != nil:
					return fmt.Errorf("API policy = %+v, want none", p)
				case want.keyType != "" && (p == nil || p.PrivateKeyType != want.keyType):
					return fmt.Errorf("API policy = %+v, want one of key type %s", p, want.keyType)
				}
				switch got := d.Certificate; {
				case want.certificate == "" && got != nil:
					return fmt.Errorf("API certificate = %+v, want none", got)
				case want.certificate == "managed" && (got == nil || got.ID == certA || got.ID == certB):
					return fmt.Errorf("API certificate = %+v, want a managed one", got)
				case want.certificate != "" && want.certificate != "managed" && (got == nil || got.ID != want.certificate):
					return fmt.Errorf("API certificate = %+v, want %s", got, want.certificate)
				}
				return nil
			}),
			statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Bool(want.keyType != "")),
		}
		if want.certificate != "" && want.certificate != "managed" {
			checks = append(checks, statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_id"), knownvalue.StringExact(want.certificate)))
		} else {
			checks = append(checks, statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_id"), knownvalue.Null()))
		}
		if want.keyType == "" {
			checks = append(checks, statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), knownvalue.Null()))
		}
		return resource.TestStep{
			Config: mock.config(testAccReservedDomainConfig(append([]string{domain}, attrs...)...)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, action)},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: checks,
		}
	}
	update, noop := plancheck.ResourceActionUpdate, plancheck.ResourceActionNoop
	automatic, rsa := apiWant{certificate: "managed", keyType: "ecdsa"}, apiWant{certificate: "managed", keyType: "rsa"}

	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			step(plancheck.ResourceActionCreate, automatic),                                      // nothing said: ngrok's default
			step(update, apiWant{certificate: certA}, fmt.Sprintf("certificate_id = %q", certA)), // automatic → certificate
			step(update, apiWant{certificate: certB}, fmt.Sprintf("certificate_id = %q", certB)), // certificate → another
			step(update, automatic, policy),                                                      // certificate → policy
			step(noop, automatic),                                                                // the policy left out is kept
			step(update, apiWant{}, off),                                                         // automatic → off
			step(update, automatic),                                                              // off → nothing said: ngrok's default again
			step(update, rsa, `certificate_management_policy = { private_key_type = "rsa" }`),
			step(noop, rsa), // the policy left out is kept, key type and all
			step(update, apiWant{certificate: certA}, fmt.Sprintf("certificate_id = %q", certA), off), // policy → certificate
			step(update, apiWant{}, off), // certificate → off
			step(update, apiWant{certificate: certB}, fmt.Sprintf("certificate_id = %q", certB)), // off → certificate
			step(update, automatic), // certificate → nothing said: ngrok's default
		},
	})
}

// automatic_certificates = false at create detaches the policy that ngrok
// attaches to every new custom domain, and the domain keeps none; the plan
// is empty after each apply.
func TestAccReservedDomain_automaticCertificatesOff(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `automatic_certificates = false`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_policy"), knownvalue.Null()),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_policy"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate"), knownvalue.Null()),
					expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
						if d.CertificateManagementPolicy != nil || d.Certificate != nil {
							return fmt.Errorf("API policy %+v, certificate %+v: want neither", d.CertificateManagementPolicy, d.Certificate)
						}
						return nil
					}),
				},
			},
			{
				ResourceName:      testRDResource,
				ImportState:       true,
				ImportStateVerify: true,
			},
			{
				ResourceName:    testRDResource,
				ImportState:     true,
				ImportStateKind: resource.ImportBlockWithID,
				GenerateConfig:  true,
			},
		},
	})
}

// A subdomain of an ngrok domain has no certificate settings:
// automatic_certificates and the policy are null, and stay so.
func TestAccReservedDomain_serviceOwnedHasNoCertificateSettings(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedDomainConfig(`domain = "myapp.ngrok.app"`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Null()),
					plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_policy"), knownvalue.Null()),
				},
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Null()),
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), knownvalue.Null()),
			},
		}},
	})
}

// The status is read-only information that moves on the server: it is
// visible while the certificate is provisioned and after it is issued, and
// its moving never plans a change.
func TestAccReservedDomain_provisioningStatus(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, time.Hour)
	config := mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`,
		`certificate_management_policy = { private_key_type = "rsa" }`))
	managedCert := statecheck.CompareValue(compare.ValuesSame())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_policy"), knownvalue.ObjectExact(map[string]knownvalue.Check{
							"authority": knownvalue.StringExact("letsencrypt"), "private_key_type": knownvalue.StringExact("rsa"),
						})),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"renews_at": knownvalue.Null(),
						"provisioning_job": knownvalue.ObjectExact(map[string]knownvalue.Check{
							"error_code": knownvalue.Null(),
							"msg":        knownvalue.StringExact(rdProvisionMsg),
							"started_at": knownvalue.StringExact("2025-09-04T10:11:14Z"),
							"retries_at": knownvalue.Null(),
						}),
					})),
				},
			},
			{
				// An hour later the certificate is issued; the refresh shows it and plans nothing.
				PreConfig: func() { clock.Advance(time.Hour) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					managedCert.AddStateValue(testRDResource, rdPath("certificate", "id")),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate", "id"), knownvalue.StringRegexp(rdCertIDPattern)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), knownvalue.ObjectExact(map[string]knownvalue.Check{
						"renews_at":        knownvalue.StringExact("2025-11-03T11:11:14Z"),
						"provisioning_job": knownvalue.Null(),
					})),
				},
			},
			{
				// An update of something else keeps the certificate.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "x"`,
					`certificate_management_policy = { private_key_type = "rsa" }`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					managedCert.AddStateValue(testRDResource, rdPath("certificate", "id")),
				},
			},
		},
	})
}

func TestAccReservedDomain_dnsErrorStatus(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, 0)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.invalid"`, `certificate_management_policy = {}`)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate"), knownvalue.Null()),
				statecheck.ExpectKnownValue(testRDResource, rdPath("certificate_management_status", "provisioning_job"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"error_code": knownvalue.StringExact("DNS_ERROR"),
					"msg":        knownvalue.StringRegexp(regexp.MustCompile(`CNAME record for app\.example\.invalid pointing to `)),
					"started_at": knownvalue.StringExact("2025-09-04T10:11:14Z"),
					"retries_at": knownvalue.StringExact("2025-09-04T11:11:14Z"),
				})),
			},
		}},
	})
}

// With wait_for_certificate, create and update return only once the managed
// certificate is issued: without the wait, the state would show the job in
// progress, since the mock's clock moves only as the provider reads.
func TestAccReservedDomain_waitForCertificate(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart, step: 5 * time.Second}
	mock := newDomainTestMock(t, clock, time.Minute)
	issuedStatus := knownvalue.ObjectExact(map[string]knownvalue.Check{
		"renews_at":        knownvalue.StringRegexp(rdTimePattern),
		"provisioning_job": knownvalue.Null(),
	})
	certChanges := statecheck.CompareValue(compare.ValuesDiffer())
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: fastPollFactories(),
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`,
					`certificate_management_policy = {}`, `wait_for_certificate = true`, "timeouts {\n    create = \"2m\"\n  }")),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					certChanges.AddStateValue(testRDResource, rdPath("certificate", "id")),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate", "id"), knownvalue.StringRegexp(rdCertIDPattern)),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), issuedStatus),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("wait_for_certificate"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(testRDResource, rdPath("timeouts", "create"), knownvalue.StringExact("2m")),
				},
			},
			{
				// A new key type means a new certificate; the update waits for it.
				Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`,
					`certificate_management_policy = { private_key_type = "rsa" }`, `wait_for_certificate = true`)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					certChanges.AddStateValue(testRDResource, rdPath("certificate", "id")),
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_management_status"), issuedStatus),
				},
			},
		},
	})
}

func TestAccReservedDomain_waitFailsOnDNSErrorAtCreate(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart, step: 5 * time.Second}
	mock := newDomainTestMock(t, clock, time.Minute)
	config := mock.config(testAccReservedDomainConfig(`domain = "*.example.invalid"`,
		`certificate_management_policy = {}`, `wait_for_certificate = true`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: fastPollFactories(),
		Steps: []resource.TestStep{
			{
				Config: config,
				ExpectError: regexp.MustCompile(`(?s)Managed Certificate Not Issued.*\*\.example\.invalid: DNS_ERROR:.*` +
					`_acme-challenge\.example\.invalid CNAME _acme-challenge\..*terraform untaint`),
			},
			{
				// The domain was saved (tainted): the next plan replaces it rather than creating a second one.
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ExpectError: regexp.MustCompile(`DNS_ERROR`),
			},
		},
	})
}

func TestAccReservedDomain_waitFailsOnDNSErrorAtUpdate(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart, step: 5 * time.Second}
	mock := newDomainTestMock(t, clock, time.Minute)
	waiting := mock.config(testAccReservedDomainConfig(`domain = "app.example.invalid"`,
		`certificate_management_policy = {}`, `wait_for_certificate = true`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: fastPollFactories(),
		Steps: []resource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.invalid"`))},
			{
				Config:      waiting,
				ExpectError: regexp.MustCompile(`(?s)Managed Certificate Not Issued.*DNS_ERROR.*app\.example\.invalid CNAME .*The next apply waits again`),
			},
			{
				// The failed wait is not recorded as done: the next apply waits (and fails) again.
				Config: waiting,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)},
				},
				ExpectError: regexp.MustCompile(`DNS_ERROR`),
			},
		},
	})
}

func TestAccReservedDomain_waitTimesOut(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, time.Hour) // the clock stands still: never issued
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: fastPollFactories(),
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`,
				`certificate_management_policy = {}`, `wait_for_certificate = true`, "timeouts {\n    create = \"200ms\"\n  }")),
			ExpectError: regexp.MustCompile(`(?s)Timed Out Waiting for Managed Certificate.*within 200ms.*provisioning in progress`),
		}},
	})
}

// Configuration is the truth: a change made outside Terraform is undone.
func TestAccReservedDomain_driftIsCorrected(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	cert := seedRDCertificate(t, mock)
	config := mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `certificate_management_policy = {}`))
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources[testRDResource].Primary.ID
					return nil
				},
			},
			{
				// Someone uploads a certificate in the dashboard, replacing the policy.
				PreConfig: func() {
					if _, err := mock.client.UpdateReservedDomain(context.Background(), id, &apiclient.ReservedDomainUpdate{CertificateID: &cert}); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("certificate_id"), knownvalue.Null()),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					expectAPIReservedDomain(mock, func(d *apiclient.ReservedDomain) error {
						if d.CertificateManagementPolicy == nil || d.Certificate == nil || d.Certificate.ID == cert {
							return fmt.Errorf("API policy %+v, certificate %+v: want the policy and a managed certificate back", d.CertificateManagementPolicy, d.Certificate)
						}
						return nil
					}),
				},
			},
		},
	})
}

// Automatic certificates turned off outside Terraform (the policy
// detached) are turned on again when the configuration says nothing: that
// is ngrok's default, and turning them off is said in the configuration.
// The update waits for the certificate without a policy in the
// configuration, through the null status that follows the PATCH.
func TestAccReservedDomain_detachedPolicyIsRestored(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart, step: 5 * time.Second}
	mock := newDomainTestMock(t, clock, time.Minute)
	config := mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `wait_for_certificate = true`))
	var id string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: fastPollFactories(),
		Steps: []resource.TestStep{
			{
				Config: config,
				Check: func(s *terraform.State) error {
					id = s.RootModule().Resources[testRDResource].Primary.ID
					return nil
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate", "id"), knownvalue.StringRegexp(rdCertIDPattern)),
				},
			},
			{
				PreConfig: func() {
					if err := mock.client.DeleteReservedDomainCertificateManagementPolicy(context.Background(), id); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testRDResource, tfjsonpath.New("automatic_certificates"), knownvalue.Bool(true)),
						plancheck.ExpectUnknownValue(testRDResource, tfjsonpath.New("certificate_management_policy")),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate_management_policy", "private_key_type"), knownvalue.StringExact("ecdsa")),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate", "id"), knownvalue.StringRegexp(rdCertIDPattern)),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate_management_status", "provisioning_job"), knownvalue.Null()),
				},
			},
		},
	})
}

func TestAccReservedDomain_region(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	withRegion := func(region string) resource.TestStep {
		attrs := []string{`domain = "app.example.com"`}
		if region != "" {
			attrs = append(attrs, fmt.Sprintf("region = %q", region))
		}
		var want knownvalue.Check = knownvalue.Null()
		if region != "" {
			want = knownvalue.StringExact(region)
		}
		return resource.TestStep{
			Config: mock.config(testAccReservedDomainConfig(attrs...)),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("region"), want),
			},
		}
	}
	create := withRegion("eu")
	create.ConfigStateChecks = append(create.ConfigStateChecks, sameID.AddStateValue(testRDResource, tfjsonpath.New("id")))
	// Removing the deprecated attribute does not replace the reservation.
	remove := withRegion("")
	remove.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)}
	remove.ConfigStateChecks = append(remove.ConfigStateChecks, sameID.AddStateValue(testRDResource, tfjsonpath.New("id")))
	add := withRegion("us")
	add.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)}
	add.ConfigStateChecks = append(add.ConfigStateChecks, sameID.AddStateValue(testRDResource, tfjsonpath.New("id")))
	// Nor does changing it from one region to another: ngrok ignores it, and
	// a new reservation would get a new cname_target.
	change := withRegion("jp")
	change.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionUpdate)}
	change.ConfigStateChecks = append(change.ConfigStateChecks, sameID.AddStateValue(testRDResource, tfjsonpath.New("id")))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps:                    []resource.TestStep{create, remove, add, change},
	})
}

// A domain with a policy, reserved outside Terraform and imported with a
// configuration that states it, plans no change.
func TestAccReservedDomain_importWithPolicyPlansNoChange(t *testing.T) {
	t.Parallel()
	clock := &rdClock{now: rdTestClockStart}
	mock := newDomainTestMock(t, clock, time.Minute)
	d, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{
		Domain: "app.example.com", Description: "from the dashboard",
		CertificateManagementPolicy: &apiclient.ReservedDomainCertPolicy{PrivateKeyType: "rsa"},
	})
	if err != nil {
		t.Fatal(err)
	}
	config := mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testRDResource, d.ID) +
		testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "from the dashboard"`,
			`certificate_management_policy = { private_key_type = "rsa" }`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionNoop)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("id"), knownvalue.StringExact(d.ID)),
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate_management_status", "provisioning_job", "msg"), knownvalue.StringExact(rdProvisionMsg)),
				},
			},
			{
				PreConfig: func() { clock.Advance(time.Minute) },
				Config:    config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionNoop)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, rdPath("certificate", "id"), knownvalue.StringRegexp(rdCertIDPattern)),
				},
			},
		},
	})
}

func TestAccReservedDomain_importByName(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	cert := seedRDCertificate(t, mock)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, fmt.Sprintf("certificate_id = %q", cert)))},
			{
				ResourceName:      testRDResource,
				ImportState:       true,
				ImportStateId:     "App.Example.com.",
				ImportStateVerify: true,
			},
		},
	})
}

func TestAccReservedDomain_importInvalidID(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ id, want string }{
		"wrong prefix":  {"sshca_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", `(?s)Invalid Import ID.*rd_.*app\.example\.com`},
		"unknown name":  {"nothing.example.com", `(?s)Reserved Domain Not Found.*has the name\s+"nothing\.example\.com"`},
		"unknown ID":    {"rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam", `Cannot import non-existent remote object`},
		"not a domain!": {"not a domain", `Invalid Import ID`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: mock.config(fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", testRDResource, tc.id) +
						testAccReservedDomainConfig(`domain = "app.example.com"`)),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

func TestAccReservedDomain_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `certificate_management_policy = {}`))
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				// NOTE: the state keeps the object the Check deleted, so the destroy
				// that ends the test deletes it once more and must take the API's 404
				// as success.
				Config: config,
				Check:  deleteReservedDomainInAPI(mock, testRDResource),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionCreate)},
				},
				ExpectNonEmptyPlan: true,
			},
		},
	})
}

func deleteReservedDomainInAPI(mock *testMock, address string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		rs, ok := s.RootModule().Resources[address]
		if !ok {
			return fmt.Errorf("%s not in state", address)
		}
		return mock.client.DeleteReservedDomain(context.Background(), rs.Primary.ID)
	}
}

func TestAccReservedDomain_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"domain with scheme":    {[]string{`domain = "https://app.example.com"`}, `(?s)Invalid Domain Name.*characters\s+other\s+than\s+letters`},
		"domain with one label": {[]string{`domain = "localhost"`}, `(?s)Invalid Domain Name.*at least two labels`},
		"wildcard inside":       {[]string{`domain = "app.*.example.com"`}, `(?s)Invalid Domain Name.*wildcard`},
		"IP address":            {[]string{`domain = "192.0.2.1"`}, `(?s)Invalid Domain Name.*IP address`},
		"service domain":        {[]string{`domain = "ngrok.app"`}, `(?s)Invalid Domain Name.*belongs to ngrok`},
		"unknown region":        {[]string{`domain = "a.example.com"`, `region = "mars"`}, `(?s)region.*value\s+must\s+be\s+one\s+of`},
		"certificate and policy": {[]string{`domain = "a.example.com"`, `certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`,
			`certificate_management_policy = {}`}, `(?s)Two Certificates for One Domain.*Remove\s+certificate_management_policy\s+to\s+serve\s+the\s+uploaded\s+certificate,\s+or\s+remove\s+certificate_id\s+to\s+let\s+ngrok\s+manage`},
		"unknown authority": {[]string{`domain = "a.example.com"`, `certificate_management_policy = { authority = "zerossl" }`},
			`(?s)authority.*value\s+must\s+be\s+one\s+of`},
		"unknown key type": {[]string{`domain = "a.example.com"`, `certificate_management_policy = { private_key_type = "ed25519" }`},
			`(?s)private_key_type\s+value\s+must\s+be\s+one\s+of`},
		"certificate ID prefix": {[]string{`domain = "a.example.com"`, `certificate_id = "ec_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`},
			`(?s)certificate_id.*uploaded\s+TLS\s+certificate`},
		"endpoint configuration ID prefix": {[]string{`domain = "a.example.com"`, `https_endpoint_configuration_id = "cert_x"`},
			`(?s)https_endpoint_configuration_id\s+must\s+be\s+the\s+ID\s+of\s+an\s+endpoint\s+configuration`},
		"policy on a service-owned domain": {[]string{`domain = "a.ngrok.app"`, `certificate_management_policy = {}`},
			`(?s)certificate_management_policy is not available on "a\.ngrok\.app"`},
		"certificate on a service-owned domain": {[]string{`domain = "a.ngrok-free.dev"`, `certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`},
			`(?s)certificate_id is not available on`},
		"wait with automatic certificates off": {[]string{`domain = "a.example.com"`, `automatic_certificates = false`, `wait_for_certificate = true`},
			`(?s)wait_for_certificate.*waits\s+for\s+a\s+certificate\s+that\s+ngrok\s+manages`},
		"wait with an uploaded certificate": {[]string{`domain = "a.example.com"`, `certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`, `wait_for_certificate = true`},
			`(?s)wait_for_certificate.*waits\s+for\s+a\s+certificate\s+that\s+ngrok\s+manages`},
		"wait on a service-owned domain": {[]string{`domain = "a.ngrok.app"`, `wait_for_certificate = true`},
			`(?s)wait_for_certificate.*waits\s+for\s+a\s+certificate\s+that\s+ngrok\s+manages`},
		"automatic certificates off with a policy": {[]string{`domain = "a.example.com"`, `automatic_certificates = false`, `certificate_management_policy = {}`},
			`(?s)automatic_certificates = false turns off.*Remove\s+certificate_management_policy`},
		"automatic certificates on with a certificate": {[]string{`domain = "a.example.com"`, `automatic_certificates = true`,
			`certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`}, `(?s)automatic_certificates = true.*Remove\s+certificate_id`},
		"automatic certificates on a service-owned domain": {[]string{`domain = "a.ngrok.app"`, `automatic_certificates = false`},
			`(?s)automatic_certificates is not available on "a\.ngrok\.app"`},
		"timeout not a duration": {[]string{`domain = "a.example.com"`, "timeouts {\n    create = \"ten minutes\"\n  }"},
			`(?s)Invalid Duration.*"ten minutes" is not a duration`},
		"timeout zero": {[]string{`domain = "a.example.com"`, "timeouts {\n    update = \"0s\"\n  }"},
			`(?s)Invalid Duration.*not greater than zero`},
		// 128 two-byte characters: 128 characters but 256 bytes.
		"description too long": {[]string{`domain = "a.example.com"`, `description = "` + strings.Repeat("é", 128) + `"`}, `(?s)description.*at most 255`},
		"metadata too long":    {[]string{`domain = "a.example.com"`, `metadata = "` + strings.Repeat("x", 4097) + `"`}, `(?s)metadata.*at most 4096`},
		"unknown point of presence": {[]string{`domain = "a.example.com"`, `resolves_to = ["eu", "mars"]`},
			`(?s)resolves_to.*value\s+must\s+be\s+one\s+of.*"us-cal-1"`},
		"global beside another": {[]string{`domain = "a.example.com"`, `resolves_to = ["global", "eu"]`},
			`(?s)Invalid Attribute Value.*"global"\s+stands\s+for\s+every\s+point\s+of\s+presence`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccReservedDomainConfig(tc.attrs...)), tc.want)
		})
	}
}

// Errors only the API can find are reported with its code and message.
func TestAccReservedDomain_apiErrors(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		config string
		want   string
	}{
		"unknown certificate": {
			testAccReservedDomainConfig(`domain = "a.example.com"`, `certificate_id = "cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`),
			`(?s)Unable to Create Reserved Domain.*400 Bad Request with ERR_NGROK_1965.*The\s+certificate\s+cert_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\s+does\s+not\s+exist.*Operation ID: op_`,
		},
		"domain reserved twice": {
			testAccReservedDomainConfig(`domain = "a.example.com"`) +
				"resource \"ngrok_reserved_domain\" \"again\" {\n  domain = \"A.example.com\"\n  depends_on = [ngrok_reserved_domain.test]\n}\n",
			`(?s)Unable to Create Reserved Domain.*409 Conflict with ERR_NGROK_413.*already reserved.*terraform import`,
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(tc.config),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// When the create succeeds but attaching an endpoint configuration fails,
// the domain is kept in the state (tainted) rather than orphaned.
func TestAccReservedDomain_partialCreateKeepsTheDomain(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ec, err := mock.server.SeedEndpointConfiguration(mockserver.EndpointConfigurationSeed{Type: "https"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "a.example.com"`,
					`https_endpoint_configuration_id = "ec_2hHGVyb5ZT6WQm1uXnLfNc8Ykam"`)),
				ExpectError: regexp.MustCompile(`(?s)Unable to Attach Endpoint Configurations to Reserved Domain.*ERR_NGROK_1600`),
			},
			{
				Config: mock.config(testAccReservedDomainConfig(`domain = "a.example.com"`, fmt.Sprintf("https_endpoint_configuration_id = %q", ec))),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testRDResource, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(testRDResource, tfjsonpath.New("https_endpoint_configuration_id"), knownvalue.StringExact(ec)),
				},
			},
		},
	})
}

// A domain that a cloud endpoint uses cannot be deleted; the error says what
// to do.
func TestAccReservedDomain_deleteRefusedWhileInUse(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	domain := testAccReservedDomainConfig(`domain = "app.example.com"`)
	endpoint := `
resource "ngrok_cloud_endpoint" "app" {
  url            = "https://app.example.com"
  traffic_policy = jsonencode({ on_http_request = [{ actions = [{ type = "deny" }] }] })
}
`
	var endpointID string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{Config: mock.config(domain)},
			{
				Config: mock.config(domain + endpoint),
				Check: func(s *terraform.State) error {
					endpointID = s.RootModule().Resources["ngrok_cloud_endpoint.app"].Primary.ID
					return nil
				},
			},
			{
				Config:      mock.config(endpoint),
				ExpectError: regexp.MustCompile(`(?s)Unable to Delete Reserved Domain.*409 Conflict with ERR_NGROK_446.*Cloud endpoints still serve on this reserved domain`),
			},
			{
				// With the endpoint gone, the domain can go too (at the end of the test).
				PreConfig: func() {
					if err := mock.client.DeleteEndpoint(context.Background(), endpointID); err != nil {
						t.Fatal(err)
					}
				},
				Config: mock.config(domain),
			},
		},
	})
}

func TestAccReservedDomain_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testRDResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(rdIDPattern)},
			mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `certificate_management_policy = {}`)),
			mock.config(testAccReservedDomainConfig(`domain = "app.example.com"`, `description = "web"`))),
	})
}

// A domain reserved outside Terraform, imported by its name (a natural
// key): wildcards included, in any spelling of the name.
func TestAccReservedDomain_importByNaturalKey(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ domain, key string }{
		"name":           {"app.example.com", "app.example.com"},
		"other spelling": {"app.example.com", "App.Example.COM."},
		"wildcard":       {"*.example.com", "*.example.com"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock, proxy := newListProxyMock(t, false)
			ctx := context.Background()
			// NOTE: another domain of each shape, which the lookup must not take.
			for _, other := range []string{"other.example.com", "*.other.example.com", "example.com"} {
				if _, err := mock.client.CreateReservedDomain(ctx, &apiclient.ReservedDomainCreate{Domain: other}); err != nil {
					t.Fatal(err)
				}
			}
			d, err := mock.client.CreateReservedDomain(ctx, &apiclient.ReservedDomainCreate{Domain: tc.domain, Description: "from the dashboard"})
			if err != nil {
				t.Fatal(err)
			}
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{naturalKeyImportStep(mock, proxy, testRDResource, tc.key,
					testAccReservedDomainConfig(fmt.Sprintf("domain = %q", tc.domain), `description = "from the dashboard"`),
					d.ID, "/reserved_domains", fmt.Sprintf("obj.domain == %q", tc.domain))},
			})
		})
	}
}

func TestAccReservedDomain_importByNaturalKeyMissing(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	if _, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: "*.example.com"}); err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			// NOTE: a name that the wildcard covers is not the wildcard's name.
			Config: mock.config(importBlock(testRDResource, "app.example.com") + testAccReservedDomainConfig(`domain = "app.example.com"`)),
			ExpectError: diagnosticPattern("Reserved Domain Not Found", `No reserved domain of this account has the name "app.example.com"`,
				`filter obj.domain == "app.example.com"`, "such as *.example.com", "import by ID (rd_...)"),
		}},
	})
}

func TestAccReservedDomain_importByNaturalKeyAmbiguous(t *testing.T) {
	t.Parallel()
	mock, _ := newListProxyMock(t, true)
	d, err := mock.client.CreateReservedDomain(context.Background(), &apiclient.ReservedDomainCreate{Domain: "app.example.com"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(importBlock(testRDResource, "app.example.com") + testAccReservedDomainConfig(`domain = "app.example.com"`)),
			ExpectError: diagnosticPattern("Ambiguous Reserved Domain Name",
				`2 reserved domains of this account have the name "app.example.com": `+d.ID+", rd_2hHGVyb5ZT6WQm1uXnLfNc8Ykam.",
				"Import the one to manage by its ID instead."),
		}},
	})
}
