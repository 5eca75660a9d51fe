package provider

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/config"
	tfresource "github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/querycheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

const testSecretResource = "ngrok_secret.test"

var secretIDPattern = regexp.MustCompile(`^secret_[0-9A-Za-z]{27}$`)

// testAccSecretConfig is a vault named v and ngrok_secret.test in it.
func testAccSecretConfig(attrs ...string) string {
	return testAccSecretConfigIn("v", attrs...)
}

// testAccSecretConfigIn is testAccSecretConfig with the vault's name.
func testAccSecretConfigIn(vault string, attrs ...string) string {
	return fmt.Sprintf("resource \"ngrok_vault\" \"test\" {\n  name = %q\n}\n\n", vault) +
		"resource \"ngrok_secret\" \"test\" {\n  vault_id = ngrok_vault.test.id\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

// secretWO is a write-only value at version 1.
func secretWO(value string) []string {
	return []string{fmt.Sprintf("value_wo = %q", value), "value_wo_version = 1"}
}

// secretNotInState fails when secret appears anywhere in the state.
func valueNotInState(secret string) statecheck.StateCheck {
	return stateCheckRaw(func(state any) error {
		b, err := json.Marshal(state)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), secret) {
			return fmt.Errorf("the state holds the secret value")
		}
		return nil
	})
}

type stateCheckRaw func(state any) error

func (f stateCheckRaw) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	resp.Error = f(req.State)
}

// mockSecretHash is the hash the mock keeps of the secret id's value, read
// from the mock's whole state (the control API's GET /_mock/state).
func mockSecretHash(mock *testMock, id string) (string, error) {
	raw, err := mock.server.MarshalState()
	if err != nil {
		return "", err
	}
	var st struct {
		Collections map[string][]struct {
			ID          string `json:"id"`
			ValueSHA256 string `json:"value_sha256"`
		} `json:"collections"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		return "", err
	}
	for _, row := range st.Collections["vault_secrets"] {
		if row.ID == id {
			return row.ValueSHA256, nil
		}
	}
	return "", fmt.Errorf("the mock holds no secret %s", id)
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// mockHoldsValue checks that the API received value for the secret.
func mockHoldsValue(mock *testMock, value string) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		id, err := attrString(resources, testSecretResource, "id")
		if err != nil {
			return err
		}
		got, err := mockSecretHash(mock, id)
		if err != nil {
			return err
		}
		if got != sha256Hex(value) {
			return fmt.Errorf("the API holds another value than the configuration's")
		}
		return nil
	})
}

func TestSecretModel(t *testing.T) {
	t.Parallel()
	m, err := secretModelFromAPI(&apiclient.Secret{ID: "secret_1", Name: "pw", VaultName: "v", Vault: apiclient.Ref{ID: "vault_1"},
		CreatedBy: apiclient.Ref{ID: "usr_1"}, LastUpdatedBy: apiclient.Ref{ID: "usr_2"}})
	if err != nil || m.VaultID.ValueString() != "vault_1" || m.CreatedByID.ValueString() != "usr_1" || !m.Value.IsNull() || !m.ValueWOVersion.IsNull() {
		t.Fatalf("model %+v, %v", m, err)
	}
	m.Value = stringValue("stored")
	if c := m.toCreate(); c.Value != "stored" || c.VaultID != "vault_1" || c.Name != "pw" {
		t.Errorf("create %+v", c)
	}
	m.ValueWO = stringValue("write-only")
	if u := m.toUpdate(); *u.Value != "write-only" || *u.Name != "pw" {
		t.Errorf("update %+v", u)
	}
	for key, ok := range map[string]bool{"prod/pw": true, "team/prod/pw": true, "pw": false, "prod/": false, "/pw": false, "a b/pw": false} {
		if got := checkSecretKey(key) == nil; got != ok {
			t.Errorf("checkSecretKey(%q) ok = %v, want %v", key, got, ok)
		}
	}
	if v, n, _ := splitSecretKey("team/prod/pw"); v != "team/prod" || n != "pw" {
		t.Errorf("split = %q %q", v, n)
	}
}

// The value never reaches the state, a plan file or the logs at trace
// level, Terraform's and the provider's: not when the secret is created,
// nor when a new value_wo_version sends a new value in place.
//
// NOTE: not parallel: TF_ACC_LOG_PATH, which plugin-testing reads for both
// Terraform's log and the provider's, is process-wide.
func TestAccSecret_valueNeverStoredPlannedOrLogged(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "trace.log")
	t.Setenv("TF_ACC_LOG_PATH", logPath)
	t.Setenv("TF_ACC_LOG", "TRACE")
	mock := newTestMock(t)
	const first, second = "first-S3CR3T-value", "second-S3CR3T-value"
	// NOTE: the value comes from an ephemeral variable, as in a real
	// configuration: a literal would be in the configuration, which
	// plugin-testing logs and the plan file copies.
	secretConfig := func(version int) string {
		return "variable \"secret\" {\n  type      = string\n  ephemeral = true\n  sensitive = true\n}\n\n" +
			testAccSecretConfig(`name = "pw"`, `value_wo = var.secret`, fmt.Sprintf("value_wo_version = %d", version))
	}
	sameID := statecheck.CompareValue(compare.ValuesSame())
	// NOTE: secretNotInPlan reads the whole plan file but the copy of the
	// configuration, which quotes this test's literal value as written.
	noValue := []plancheck.PlanCheck{secretNotInPlan(first, second)}
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config:          mock.config(secretConfig(1)),
				ConfigVariables: config.Variables{"secret": config.StringVariable(first)},
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             append([]plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionCreate)}, noValue...),
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value"), knownvalue.Null()),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value_wo_version"), knownvalue.Int64Exact(1)),
					valueNotInState(first), mockHoldsValue(mock, first),
				},
			},
			{
				// A new version sends the new value, in place; the plan
				// shows the version, not the value.
				Config:          mock.config(secretConfig(2)),
				ConfigVariables: config.Variables{"secret": config.StringVariable(second)},
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply: append([]plancheck.PlanCheck{
						plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value_wo_version"), knownvalue.Int64Exact(2)),
					}, noValue...),
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					valueNotInState(second), mockHoldsValue(mock, second),
				},
			},
		},
	})
	log, err := os.ReadFile(logPath)
	if err != nil {
		t.Fatal(err)
	}
	// NOTE: proof that the log is the trace of both: Terraform's core and
	// the provider's requests.
	for _, want := range []string{"[TRACE]", "ngrok_secret", "POST", "/vault_secrets"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("the trace log (%d bytes) lacks %q: it is not the log of this test's runs", len(log), want)
		}
	}
	for _, secret := range []string{first, second} {
		if strings.Contains(string(log), secret) {
			t.Errorf("the trace log holds the value %q", secret)
		}
	}
}

// A configuration moved from ngrok/ngrok keeps value, sensitive, in the
// state; a new value there is sent in place; moving to value_wo keeps the
// secret and drops the value from the state.
func TestAccSecret_sensitiveValue(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	sameID := statecheck.CompareValue(compare.ValuesSame())
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccSecretConfig(`name = "pw"`, `value = "legacy-1"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value"), knownvalue.StringExact("legacy-1")),
					mockHoldsValue(mock, "legacy-1"),
				},
			},
			{
				Config: mock.config(testAccSecretConfig(`name = "pw"`, `value = "legacy-2"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")), mockHoldsValue(mock, "legacy-2")},
			},
			{
				Config: mock.config(testAccSecretConfig(append(secretWO("legacy-2"), `name = "pw"`)...)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("value"), knownvalue.Null()),
					valueNotInState("legacy-2"),
				},
			},
		},
	})
}

// Renaming changes in place; another vault replaces the secret.
func TestAccSecret_renameAndMove(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	vault, otherVault := mock.acc.Name("v"), mock.acc.Name("other")
	sameID := statecheck.CompareValue(compare.ValuesSame())
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	other := fmt.Sprintf(`
resource "ngrok_vault" "other" {
  name = %q
}
`, otherVault)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccSecretConfigIn(vault, append(secretWO("x"), `name = "pw"`, mock.description("d"))...) + other),
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					differentID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("id"), knownvalue.StringRegexp(secretIDPattern)),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("vault_name"), knownvalue.StringExact(vault)),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("created_by_id"), knownvalue.StringRegexp(regexp.MustCompile(`^(usr|bot)_`))),
				},
			},
			{
				Config: mock.config(testAccSecretConfigIn(vault, append(secretWO("x"), `name = "password"`, mock.description("d"))...) + other),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					sameID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("name"), knownvalue.StringExact("password")),
				},
			},
			{
				Config: mock.config(strings.Replace(testAccSecretConfigIn(vault, append(secretWO("x"), `name = "password"`, mock.description("d"))...),
					"ngrok_vault.test.id", "ngrok_vault.other.id", 1) + other),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testSecretResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testSecretResource, tfjsonpath.New("vault_name"), knownvalue.StringExact(otherVault)),
				},
			},
			{
				ResourceName: testSecretResource, ImportState: true, ImportStateVerify: true,
				// NOTE: the API never returns the value, so an import cannot
				// know the configuration's version.
				ImportStateVerifyIgnore: []string{"value_wo_version"},
			},
		},
	})
}

// A secret is imported by vault_name/name with one filtered list; the
// apply that imports it records the configuration's version in place.
func TestAccSecret_importByName(t *testing.T) {
	t.Parallel()
	mock, proxy := newListProxyMock(t, false)
	ctx := context.Background()
	v, err := apiclient.Vaults.Create(ctx, mock.client, &apiclient.VaultCreate{Name: "team/prod"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := apiclient.Secrets.Create(ctx, mock.client, &apiclient.SecretCreate{Name: "db-password", Value: "x", VaultID: v.ID})
	if err != nil {
		t.Fatal(err)
	}
	config := fmt.Sprintf("resource \"ngrok_secret\" \"test\" {\n  vault_id = %q\n  name = \"db-password\"\n  value = \"x\"\n}\n", v.ID)
	step := naturalKeyImportStep(mock, proxy, testSecretResource, "team/prod/db-password", config, s.ID,
		"/vault_secrets", `obj.name == "db-password"`)
	// NOTE: the import records the value in place (the API cannot read it).
	step.ConfigPlanChecks.PreApply = []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate)}
	tfresource.Test(t, tfresource.TestCase{ProtoV6ProviderFactories: testAccProtoV6ProviderFactories, Steps: []tfresource.TestStep{step}})
}

func TestAccSecret_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestAccount(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccSecretConfigIn(mock.acc.Name("v"), append(secretWO("x"), `name = "pw"`, mock.description("gone"))...)),
			Check: deleteObjectInAPI(testSecretResource, func(ctx context.Context, id string) error {
				return apiclient.Secrets.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccSecret_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"both values":             {append(secretWO("a"), `name = "pw"`, `value = "a"`), `(?s)Exactly one of these attributes must be\s+configured:\s+\[value,value_wo\]`},
		"no value":                {[]string{`name = "pw"`}, `(?s)Exactly one of these attributes must be\s+configured`},
		"write-only, no version":  {[]string{`name = "pw"`, `value_wo = "a"`}, `(?s)must be configured together:\s+\[value_wo,value_wo_version\]`},
		"empty value":             {[]string{`name = "pw"`, `value = ""`}, `(?s)string length must be between 1 and 16384`},
		"name with a space":       {append(secretWO("a"), `name = "a b"`), `(?s)must hold only the characters`},
		"version with the stored": {[]string{`name = "pw"`, `value = "a"`, `value_wo_version = 1`}, `(?s)cannot be configured together:\s+\[value,value_wo_version\]`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccSecretConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccSecret_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: append(identitySteps(testSecretResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(secretIDPattern)},
			mock.config(testAccSecretConfig(append(secretWO("x"), `name = "a"`)...)),
			mock.config(testAccSecretConfig(append(secretWO("x"), `name = "b"`)...)))[:2],
			tfresource.TestStep{
				ResourceName:       testSecretResource,
				ImportState:        true,
				ImportStateKind:    tfresource.ImportBlockWithResourceIdentity,
				ExpectNonEmptyPlan: true,
				ImportPlanChecks: tfresource.ImportPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testSecretResource, plancheck.ResourceActionUpdate)},
				},
			}),
	})
}

func TestAccSecretDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccSecretConfig(append(secretWO("value-of-pw"), `name = "pw"`)...) + `
data "ngrok_secret" "test" {
  id = ngrok_secret.test.id
}

data "ngrok_secrets" "in_vault" {
  vault_id   = ngrok_vault.test.id
  depends_on = [ngrok_secret.test]
}
`)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_secret.test", tfjsonpath.New("name"), knownvalue.StringExact("pw")),
				statecheck.ExpectKnownValue("data.ngrok_secrets.in_vault", tfjsonpath.New("secrets"), knownvalue.ListSizeExact(1)),
				statecheck.CompareValuePairs("data.ngrok_secrets.in_vault", tfjsonpath.New("secrets").AtSliceIndex(0).AtMapKey("id"),
					testSecretResource, tfjsonpath.New("id"), compare.ValuesSame()),
				valueNotInState("value-of-pw"),
			},
		}},
	})
}

func TestAccSecretListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	ctx := context.Background()
	v, err := apiclient.Vaults.Create(ctx, mock.client, &apiclient.VaultCreate{Name: "v"})
	if err != nil {
		t.Fatal(err)
	}
	s, err := apiclient.Secrets.Create(ctx, mock.client, &apiclient.SecretCreate{Name: "pw", Value: "listed-value", VaultID: v.ID})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Query:  true,
			Config: mock.config("") + listBlock("ngrok_secret", "all", "  include_resource = true\n"),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("ngrok_secret.all", 1),
				querycheck.ExpectResourceDisplayName("ngrok_secret.all", byID(s.ID), knownvalue.StringExact("v/pw")),
				querycheck.ExpectResourceKnownValues("ngrok_secret.all", byID(s.ID), []querycheck.KnownValueCheck{
					knownValue("value", knownvalue.Null()),
				}),
			},
		}},
	})
}
