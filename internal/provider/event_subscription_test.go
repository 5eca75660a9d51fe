package provider

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testEventSubscriptionResource = "ngrok_event_subscription.test"

var eventSubscriptionIDPattern = regexp.MustCompile(`^esb_[0-9A-Za-z]{27}$`)

// testAccEventSubscriptionConfig is two destinations (a, b) and
// ngrok_event_subscription.test.
func testAccEventSubscriptionConfig(attrs ...string) string {
	dest := func(name string) string {
		return fmt.Sprintf("resource \"ngrok_event_destination\" %q {\n  %s\n}\n\n", name,
			strings.Replace(kinesisRole, "stream/s", "stream/"+name, 1))
	}
	return dest("a") + dest("b") + "resource \"ngrok_event_subscription\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// writesOfSubscriptions counts the API's writes to subscriptions and their
// sources since the journal was last cleared, and clears it.
func writesOfSubscriptions(mock *testMock) map[string]int {
	entries, _ := mock.server.Journal()
	mock.server.ClearJournal()
	out := map[string]int{}
	for _, e := range entries {
		if e.Method != http.MethodGet && strings.HasPrefix(e.Path, "/event_subscriptions") {
			out[e.Route]++
		}
	}
	return out
}

func TestEventSubscriptionModel(t *testing.T) {
	t.Parallel()
	m, err := eventSubscriptionModelFromAPI(&apiclient.EventSubscription{ID: "esb_1",
		Sources:      []apiclient.EventSource{{Type: "vault_created.v0"}, {Type: "secret_created.v0"}},
		Destinations: []apiclient.Ref{{ID: "ed_1"}}})
	if err != nil || len(m.Sources.Elements()) != 2 || len(m.DestinationIDs.Elements()) != 1 {
		t.Fatalf("model %+v, %v", m, err)
	}
	u := m.toUpdate()
	if b, _ := json.Marshal(u); string(b) != `{"description":"","metadata":"","sources":[{"type":"secret_created.v0"},{"type":"vault_created.v0"}],"destination_ids":["ed_1"]}` {
		t.Errorf("update %s", b)
	}
	m.DestinationIDs = mustStringSet(t)
	if b, _ := json.Marshal(m.toUpdate()); !strings.Contains(string(b), `"destination_ids":[]`) {
		t.Errorf("an update without destinations does not clear them: %s", b)
	}
}

// Sources and destinations change in place, each change in one request.
func TestAccEventSubscription_basic(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	onePatch := func() statecheck.StateCheck {
		return stateValuesCheck(func(map[string]map[string]any, map[string]any) error {
			if got := writesOfSubscriptions(mock); len(got) != 1 || got["PATCH /event_subscriptions/{id}"] != 1 {
				return fmt.Errorf("writes %v, want one PATCH", got)
			}
			return nil
		})
	}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0", "secret_created.v0"]`,
					`destination_ids = [ngrok_event_destination.a.id]`, `description = "vaults"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEventSubscriptionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEventSubscriptionResource, tfjsonpath.New("id"), knownvalue.StringRegexp(eventSubscriptionIDPattern)),
					statecheck.ExpectKnownValue(testEventSubscriptionResource, tfjsonpath.New("sources"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("vault_created.v0"), knownvalue.StringExact("secret_created.v0")})),
					statecheck.CompareValuePairs(testEventSubscriptionResource, tfjsonpath.New("destination_ids").AtSliceIndex(0),
						"ngrok_event_destination.a", tfjsonpath.New("id"), compare.ValuesSame()),
					stateValuesCheck(func(map[string]map[string]any, map[string]any) error {
						writesOfSubscriptions(mock)
						return nil
					}),
				},
			},
			{
				// One source added, one removed, a destination added: one PATCH.
				Config: mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0", "vault_deleted.v0"]`,
					`destination_ids = [ngrok_event_destination.a.id, ngrok_event_destination.b.id]`, `description = "vaults"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventSubscriptionResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEventSubscriptionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEventSubscriptionResource, tfjsonpath.New("sources"), knownvalue.SetExact([]knownvalue.Check{
						knownvalue.StringExact("vault_created.v0"), knownvalue.StringExact("vault_deleted.v0")})),
					statecheck.ExpectKnownValue(testEventSubscriptionResource, tfjsonpath.New("destination_ids"), knownvalue.SetSizeExact(2)),
					onePatch(),
				},
			},
			{
				// Destinations removed (the subscription keeps the destinations
				// from being deleted first: ERR_NGROK_5112).
				Config: mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0"]`, `description = "vaults"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventSubscriptionResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testEventSubscriptionResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEventSubscriptionResource, tfjsonpath.New("destination_ids"), knownvalue.SetSizeExact(0)),
					onePatch(),
				},
			},
			{ResourceName: testEventSubscriptionResource, ImportState: true, ImportStateVerify: true},
		},
	})
}

func TestAccEventSubscription_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0"]`)),
			Check: deleteObjectInAPI(testEventSubscriptionResource, func(ctx context.Context, id string) error {
				return apiclient.EventSubscriptions.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventSubscriptionResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccEventSubscription_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ attrs, want string }{
		"unknown event type": {`sources = ["vault_made.v0"]`, `(?s)value must be one of`},
		"not a destination":  {"sources = [\"vault_created.v0\"]\n  destination_ids = [\"ipp_2hHGVyb5ZT6WQm1uXnLfNc8Ykam\"]", `(?s)ed_`},
		"no sources":         {`description = "x"`, `(?s)The argument "sources" is required`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config("resource \"ngrok_event_subscription\" \"test\" {\n  "+tc.attrs+"\n}\n"), tc.want)
		})
	}
}

func TestAccEventSubscription_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testEventSubscriptionResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(eventSubscriptionIDPattern)},
			mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0"]`)),
			mock.config(testAccEventSubscriptionConfig(`sources = ["vault_deleted.v0"]`))),
	})
}

func TestAccEventSubscriptionDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccEventSubscriptionConfig(`sources = ["vault_created.v0"]`) + `
resource "ngrok_event_subscription" "other" {
  sources = ["http_request_complete.v0"]
}

data "ngrok_event_subscription" "test" {
  id = ngrok_event_subscription.test.id
}

data "ngrok_event_subscriptions" "vaults" {
  filter     = "obj.id == '${ngrok_event_subscription.test.id}'"
  depends_on = [ngrok_event_subscription.test, ngrok_event_subscription.other]
}
`)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_event_subscription.test", tfjsonpath.New("sources"),
					knownvalue.SetExact([]knownvalue.Check{knownvalue.StringExact("vault_created.v0")})),
				statecheck.ExpectKnownValue("data.ngrok_event_subscriptions.vaults", tfjsonpath.New("event_subscriptions"), knownvalue.ListSizeExact(1)),
				statecheck.CompareValuePairs("data.ngrok_event_subscriptions.vaults", tfjsonpath.New("event_subscriptions").AtSliceIndex(0).AtMapKey("id"),
					testEventSubscriptionResource, tfjsonpath.New("id"), compare.ValuesSame()),
			},
		}},
	})
}

func TestAccEventSubscriptionListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	s, err := apiclient.EventSubscriptions.Create(context.Background(), mock.client, &apiclient.EventSubscriptionCreate{
		Description: "audit", Sources: []apiclient.EventSourceReplace{{Type: "vault_created.v0"}}})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Query:  true,
			Config: mock.config("") + listBlock("ngrok_event_subscription", "all", "  include_resource = true\n"),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("ngrok_event_subscription.all", 1),
				querycheck.ExpectResourceDisplayName("ngrok_event_subscription.all", byID(s.ID), knownvalue.StringExact("audit: "+s.ID)),
			},
		}},
	})
}
