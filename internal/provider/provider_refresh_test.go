package provider

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

func TestBoolOrEnv(t *testing.T) {
	// NOTE: not parallel: t.Setenv.
	const env = "NGROK_TEST_BOOL_OR_ENV"
	for _, tc := range []struct {
		value   types.Bool
		env     string
		def     bool
		want    bool
		wantErr bool
	}{
		{value: types.BoolNull(), env: "", def: true, want: true},
		{value: types.BoolNull(), env: "", def: false, want: false},
		{value: types.BoolNull(), env: "false", def: true, want: false},
		{value: types.BoolNull(), env: " 1 ", def: false, want: true},
		{value: types.BoolValue(true), env: "false", def: false, want: true},
		{value: types.BoolValue(false), env: "true", def: true, want: false},
		{value: types.BoolNull(), env: "off", def: true, wantErr: true},
	} {
		t.Setenv(env, tc.env)
		got, err := boolOrEnv(tc.value, env, tc.def)
		if tc.wantErr {
			if err == nil || !strings.Contains(err.Error(), env) || !strings.Contains(err.Error(), `"off"`) {
				t.Errorf("%v, env %q: err = %v, want one naming the variable and its value", tc.value, tc.env, err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%v, env %q, default %v: got %v, %v; want %v", tc.value, tc.env, tc.def, got, err, tc.want)
		}
	}
}

// TestAccProvider_refreshFromLists refreshes three authorities with the
// setting on (its default) and off, and looks for list requests in the
// mock's journal.
func TestAccProvider_refreshFromLists(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		setting   string
		wantLists bool
	}{
		"default": {"", true},
		"off":     {"refresh_from_lists = false", false},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			config := fmt.Sprintf("provider \"ngrok\" {\n  api_key      = %q\n  api_base_url = %q\n  %s\n}\n\n%s",
				testAPIKey, mock.url, tc.setting, `resource "ngrok_ssh_certificate_authority" "test" {
  count       = 3
  description = "authority ${count.index}"
}`)
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []resource.TestStep{{
					Config: config,
					Check: func(*terraform.State) error {
						// NOTE: after the apply, the test framework has not
						// refreshed yet; the next step's plan does.
						mock.server.ClearJournal()
						return nil
					},
				}, {
					Config:   config,
					PlanOnly: true,
				}, {
					Config: config,
					Check: func(*terraform.State) error {
						_, counts := mock.server.Journal()
						lists := counts[http.MethodGet+" /ssh_certificate_authorities"]
						gets := counts[http.MethodGet+" /ssh_certificate_authorities/{id}"]
						if lists > 0 != tc.wantLists || gets == 0 {
							return fmt.Errorf("refreshes made %d list and %d GET requests; want lists: %v", lists, gets, tc.wantLists)
						}
						return nil
					},
				}},
			})
		})
	}
}

// TestAccProvider_refreshFromListsDisappears deletes one of three
// authorities behind Terraform's back: the refresh, which reads them from
// the list, must confirm the missing one with a GET (404) and plan to create
// it again, and keep the other two.
func TestAccProvider_refreshFromListsDisappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(`resource "ngrok_ssh_certificate_authority" "test" {
  count       = 3
  description = "authority ${count.index}"
}`)
	var gone string
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: func(s *terraform.State) error {
				gone = s.RootModule().Resources["ngrok_ssh_certificate_authority.test.1"].Primary.ID
				return nil
			},
		}, {
			PreConfig: func() {
				if err := mock.server.DeleteObject("ssh_certificate_authorities", gone); err != nil {
					t.Fatal(err)
				}
				mock.server.ClearJournal()
			},
			Config: config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[0]", plancheck.ResourceActionNoop),
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[1]", plancheck.ResourceActionCreate),
					plancheck.ExpectResourceAction("ngrok_ssh_certificate_authority.test[2]", plancheck.ResourceActionNoop),
				},
			},
			Check: func(*terraform.State) error {
				entries, counts := mock.server.Journal()
				if counts[http.MethodGet+" /ssh_certificate_authorities"] == 0 {
					return fmt.Errorf("the refresh read no list: %v", counts)
				}
				for _, e := range entries {
					if e.Method == http.MethodGet && e.Path == "/ssh_certificate_authorities/"+gone && e.Status == http.StatusNotFound {
						return nil
					}
				}
				return fmt.Errorf("no GET confirmed that %s is gone: %v", gone, counts)
			},
		}},
	})
}
