package provider

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testReservedAddrResource = "ngrok_reserved_addr.test"

func testAccReservedAddrConfig(attrs ...string) string {
	return "resource \"ngrok_reserved_addr\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

func TestReservedAddrModel(t *testing.T) {
	t.Parallel()
	m, _ := reservedAddrModelFromAPI(&apiclient.ReservedAddr{ID: "ra_1", Addr: "1.tcp.ngrok.io:20000", Region: "eu", Description: "d"})
	if c := m.toCreate(); *c != (apiclient.ReservedAddrCreate{Description: "d", Region: "eu"}) {
		t.Errorf("create %+v", c)
	}
	if u := m.toUpdate(); *u.Description != "d" || *u.Metadata != "" {
		t.Errorf("update %+v", u)
	}
}

// The address ngrok assigns, a tcp:// cloud endpoint on it, a change in
// place, and a new region that replaces it (and so the endpoint).
func TestAccReservedAddr_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	newID := statecheck.CompareValue(compare.ValuesDiffer())
	endpoint := `
resource "ngrok_cloud_endpoint" "test" {
  url            = "tcp://${ngrok_reserved_addr.test.addr}"
  traffic_policy = "{}"
}
`
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedAddrConfig(`description = "ssh"`) + endpoint),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testReservedAddrResource, tfjsonpath.New("id")),
					newID.AddStateValue(testReservedAddrResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testReservedAddrResource, tfjsonpath.New("addr"),
						knownvalue.StringRegexp(regexp.MustCompile(`^1\.tcp\.ngrok\.io:[12]\d{4}$`))),
					statecheck.ExpectKnownValue(testReservedAddrResource, tfjsonpath.New("region"), knownvalue.StringExact("us")),
					statecheck.ExpectKnownValue(testEndpointResource, tfjsonpath.New("url"),
						knownvalue.StringRegexp(regexp.MustCompile(`^tcp://1\.tcp\.ngrok\.io:`))),
				},
			},
			{
				Config: mock.config(testAccReservedAddrConfig(`description = "ssh bastion"`, `metadata = "m"`) + endpoint),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testReservedAddrResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionNoop),
					},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testReservedAddrResource, tfjsonpath.New("id"))},
			},
			{
				Config: mock.config(testAccReservedAddrConfig(`description = "ssh bastion"`, `metadata = "m"`, `region = "eu"`) + endpoint),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testReservedAddrResource, plancheck.ResourceActionDestroyBeforeCreate),
						// NOTE: a tcp url to another tcp url changes in place.
						plancheck.ExpectResourceAction(testEndpointResource, plancheck.ResourceActionUpdate),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					newID.AddStateValue(testReservedAddrResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testReservedAddrResource, tfjsonpath.New("addr"),
						knownvalue.StringRegexp(regexp.MustCompile(`^1\.tcp\.eu\.ngrok\.io:`))),
				},
			},
			{ResourceName: testReservedAddrResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

// A tcp:// cloud endpoint on an address the account has not reserved is
// refused by the API, as by ngrok.
func TestAccReservedAddr_endpointNeedsOne(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      mock.config(testAccCloudEndpointConfig(`url = "tcp://1.tcp.ngrok.io:12345"`, `traffic_policy = "{}"`)),
			ExpectError: regexp.MustCompile(`ERR_NGROK_18006`),
		}},
	})
}

func TestAccReservedAddr_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccReservedAddrConfig()),
			Check: deleteObjectInAPI(testReservedAddrResource, func(ctx context.Context, id string) error {
				return apiclient.ReservedAddrs.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testReservedAddrResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccReservedAddr_invalidRegion(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	testAccExpectPlanError(t, mock.config(testAccReservedAddrConfig(`region = "mars"`)), `(?s)region.*value must be one of`)
}

func TestAccReservedAddr_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testReservedAddrResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(regexp.MustCompile(`^ra_`))},
			mock.config(testAccReservedAddrConfig(`description = "a"`)),
			mock.config(testAccReservedAddrConfig(`description = "b"`))),
	})
}

func TestAccReservedAddrDataSourcesAndList(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	a, err := apiclient.ReservedAddrs.Create(context.Background(), mock.client, &apiclient.ReservedAddrCreate{Region: "eu"})
	if err != nil {
		t.Fatal(err)
	}
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: mock.config(testAccReservedAddrConfig(`description = "us"`) + `
data "ngrok_reserved_addr" "test" {
  id = "` + a.ID + `"
}

data "ngrok_reserved_addrs" "eu" {
  filter     = "obj.region == 'eu'"
  depends_on = [ngrok_reserved_addr.test]
}
`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.ngrok_reserved_addr.test", tfjsonpath.New("addr"), knownvalue.StringExact(a.Addr)),
					statecheck.ExpectKnownValue("data.ngrok_reserved_addrs.eu", tfjsonpath.New("reserved_addrs"), knownvalue.ListSizeExact(1)),
				},
			},
			{
				Query:  true,
				Config: listBlock("ngrok_reserved_addr", "all", "  include_resource = true\n"),
				QueryResultChecks: []querycheck.QueryResultCheck{
					querycheck.ExpectLength("ngrok_reserved_addr.all", 2),
					querycheck.ExpectResourceDisplayName("ngrok_reserved_addr.all", byID(a.ID), knownvalue.StringExact(a.Addr)),
				},
			},
		},
	})
}
