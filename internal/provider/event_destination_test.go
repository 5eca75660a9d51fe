package provider

import (
	"context"
	"encoding/json"
	"fmt"
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

const testEventDestinationResource = "ngrok_event_destination.test"

var eventDestinationIDPattern = regexp.MustCompile(`^ed_[0-9A-Za-z]{27}$`)

func testAccEventDestinationConfig(attrs ...string) string {
	return "resource \"ngrok_event_destination\" \"test\" {\n  " + strings.Join(attrs, "\n  ") + "\n}\n"
}

const (
	kinesisRole = `target = { kinesis = { stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/s", auth = { role = { role_arn = "arn:aws:iam::123456789012:role/ngrok" } } } }`
	kinesisKey  = `target = { kinesis = { stream_arn = "arn:aws:kinesis:us-east-1:123456789012:stream/s", auth = { creds = { aws_access_key_id = "AKIAEXAMPLE" } } } }`
	datadogEU   = `target = { datadog = { ddsite = "datadoghq.eu", service = "ngrok" } }`
	azureLogs   = `target = { azure_logs_ingestion = { tenant_id = "t", client_id = "c", logs_ingestion_uri = "https://x.ingest.monitor.azure.com", data_collection_rule_id = "dcr-1", data_collection_stream_name = "Custom-ngrok" } }`
)

// mockDestinationHash is the hash the mock keeps of a destination's
// credential.
func mockDestinationHash(mock *testMock, id string) (string, error) {
	raw, err := mock.server.MarshalState()
	if err != nil {
		return "", err
	}
	var st struct {
		Collections map[string][]struct {
			ID           string `json:"id"`
			SecretSHA256 string `json:"secret_sha256"`
		} `json:"collections"`
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		return "", err
	}
	for _, row := range st.Collections["event_destinations"] {
		if row.ID == id {
			return row.SecretSHA256, nil
		}
	}
	return "", fmt.Errorf("the mock holds no event destination %s", id)
}

// mockHoldsCredential checks that the API received credential.
func mockHoldsCredential(mock *testMock, credential string) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		id, err := attrString(resources, testEventDestinationResource, "id")
		if err != nil {
			return err
		}
		got, err := mockDestinationHash(mock, id)
		if err != nil {
			return err
		}
		if got != sha256Hex(credential) {
			return fmt.Errorf("the API holds another credential than the configuration's")
		}
		return nil
	})
}

func TestEventDestinationModel(t *testing.T) {
	t.Parallel()
	site := "datadoghq.eu"
	m, err := eventDestinationModelFromAPI(&apiclient.EventDestination{ID: "ed_1", Format: "json",
		Target: apiclient.EventTarget{Datadog: &apiclient.EventTargetDatadog{DDSite: &site}}})
	if err != nil || m.Target.Datadog == nil || m.Target.Datadog.DDSite.ValueString() != site || !m.Target.Datadog.Service.IsNull() || !m.APIKey.IsNull() {
		t.Fatalf("model %+v, %v", m, err)
	}
	m.APIKeyWO = stringValue("dd-key")
	if c := m.toCreate(); c.Target.Datadog == nil || *c.Target.Datadog.APIKey != "dd-key" || c.Format != "json" {
		t.Errorf("create %+v", c)
	}
	if _, err := eventDestinationModelFromAPI(&apiclient.EventDestination{ID: "ed_2"}); err == nil {
		t.Errorf("a destination without a target converts")
	}
	k, _ := eventDestinationModelFromAPI(&apiclient.EventDestination{ID: "ed_3", Target: apiclient.EventTarget{Kinesis: &apiclient.EventTargetKinesis{
		StreamARN: "arn:s", Auth: apiclient.AWSAuth{Creds: &apiclient.AWSCredentials{AWSAccessKeyID: "AKIA"}}}}})
	k.AWSSecretAccessKey = stringValue("stored")
	if u := k.toUpdate(); u.Target.Kinesis.Auth.Creds.AWSAccessKeyID != "AKIA" || *u.Target.Kinesis.Auth.Creds.AWSSecretAccessKey != "stored" {
		t.Errorf("update %+v", u.Target.Kinesis)
	}
}

func TestNormalizeEventDestinationState(t *testing.T) {
	t.Parallel()
	for name, in := range map[string]string{
		"v0.8": `{"id":"ed_1","format":"json","target":{"datadog":{"api_key":"dd","ddsite":"","ddtags":null,"service":"s"},"kinesis":null}}`,
		"v0.7": `{"id":"ed_1","target":[{"datadog":[{"api_key":"dd","ddsite":"","service":"s"}],"kinesis":[]}]}`,
	} {
		a := stateAttrs{}
		if err := json.Unmarshal([]byte(in), &a); err != nil {
			t.Fatal(err)
		}
		if err := normalizeEventDestinationState(a); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		dd, _ := a["target"].(map[string]any)["datadog"].(map[string]any)
		if a["api_key"] != "dd" || dd == nil || dd["api_key"] != nil || dd["ddsite"] != nil || dd["service"] != "s" || a["format"] != "json" {
			t.Errorf("%s: %v", name, a)
		}
	}
	aws := stateAttrs{}
	if err := json.Unmarshal([]byte(`{"id":"ed_1","target":{"firehose":{"delivery_stream_arn":"a","auth":{"creds":{"aws_access_key_id":"k","aws_secret_access_key":"s"},"role":null}}}}`), &aws); err != nil {
		t.Fatal(err)
	}
	if err := normalizeEventDestinationState(aws); err != nil || aws["aws_secret_access_key"] != "s" {
		t.Errorf("%v, %v", aws, err)
	}
}

// Each kind of target, its credential write-only: in no state or plan,
// received by the API, and sent again in place by a new version.
func TestAccEventDestination_credentials(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct{ target, attr string }{
		"datadog": {datadogEU, "api_key"},
		"kinesis": {kinesisKey, "aws_secret_access_key"},
		"azure":   {azureLogs, "client_secret"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			first, second := name+"-FIRST-credential", name+"-SECOND-credential"
			cfg := func(value string, version int) string {
				return mock.config(testAccEventDestinationConfig(tc.target, fmt.Sprintf("%s_wo = %q", tc.attr, value),
					fmt.Sprintf("%s_wo_version = %d", tc.attr, version)))
			}
			sameID := statecheck.CompareValue(compare.ValuesSame())
			tfresource.Test(t, tfresource.TestCase{
				ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
				Steps: []tfresource.TestStep{
					{
						Config: cfg(first, 1),
						ConfigPlanChecks: tfresource.ConfigPlanChecks{
							PreApply:             []plancheck.PlanCheck{secretNotInPlan(first)},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							sameID.AddStateValue(testEventDestinationResource, tfjsonpath.New("id")),
							statecheck.ExpectKnownValue(testEventDestinationResource, tfjsonpath.New("id"), knownvalue.StringRegexp(eventDestinationIDPattern)),
							statecheck.ExpectKnownValue(testEventDestinationResource, tfjsonpath.New("format"), knownvalue.StringExact("json")),
							valueNotInState(first), mockHoldsCredential(mock, first),
						},
					},
					{
						Config: cfg(second, 2),
						ConfigPlanChecks: tfresource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{
								plancheck.ExpectResourceAction(testEventDestinationResource, plancheck.ResourceActionUpdate), secretNotInPlan(first, second),
							},
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							sameID.AddStateValue(testEventDestinationResource, tfjsonpath.New("id")),
							valueNotInState(second), mockHoldsCredential(mock, second),
						},
					},
					{
						ResourceName: testEventDestinationResource, ImportState: true, ImportStateVerify: true,
						// NOTE: the API never returns the credential.
						ImportStateVerifyIgnore: []string{tc.attr + "_wo_version"},
					},
				},
			})
		})
	}
}

// A role changes in place; another kind of target replaces the
// destination (the API refuses to change it, ERR_NGROK_5108).
func TestAccEventDestination_updateAndReplace(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	differentID := statecheck.CompareValue(compare.ValuesDiffer())
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{
			{
				Config: mock.config(testAccEventDestinationConfig(kinesisRole, `description = "audit"`)),
				ConfigStateChecks: []statecheck.StateCheck{
					differentID.AddStateValue(testEventDestinationResource, tfjsonpath.New("id")),
					statecheck.ExpectKnownValue(testEventDestinationResource, tfjsonpath.New("target").AtMapKey("kinesis").AtMapKey("auth").AtMapKey("role").AtMapKey("role_arn"),
						knownvalue.StringExact("arn:aws:iam::123456789012:role/ngrok")),
					statecheck.ExpectKnownValue(testEventDestinationResource, tfjsonpath.New("target").AtMapKey("datadog"), knownvalue.Null()),
				},
			},
			{
				Config: mock.config(testAccEventDestinationConfig(strings.Replace(kinesisRole, "role/ngrok", "role/other", 1), `description = "audit"`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventDestinationResource, plancheck.ResourceActionUpdate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				Config: mock.config(testAccEventDestinationConfig(datadogEU, `api_key_wo = "k"`, `api_key_wo_version = 1`)),
				ConfigPlanChecks: tfresource.ConfigPlanChecks{
					PreApply:             []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventDestinationResource, plancheck.ResourceActionDestroyBeforeCreate)},
					PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{differentID.AddStateValue(testEventDestinationResource, tfjsonpath.New("id"))},
			},
		},
	})
}

// A configuration moved from ngrok/ngrok keeps the credential, sensitive,
// in the state.
func TestAccEventDestination_sensitiveCredential(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccEventDestinationConfig(datadogEU, `api_key = "legacy-key"`)),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
			},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(testEventDestinationResource, tfjsonpath.New("api_key"), knownvalue.StringExact("legacy-key")),
				mockHoldsCredential(mock, "legacy-key"),
			},
		}},
	})
}

func TestAccEventDestination_disappears(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: mock.config(testAccEventDestinationConfig(kinesisRole)),
			Check: deleteObjectInAPI(testEventDestinationResource, func(ctx context.Context, id string) error {
				return apiclient.EventDestinations.Delete(ctx, mock.client, id)
			}),
			ConfigPlanChecks: tfresource.ConfigPlanChecks{
				PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(testEventDestinationResource, plancheck.ResourceActionCreate)},
			},
			ExpectNonEmptyPlan: true,
		}},
	})
}

func TestAccEventDestination_invalidConfig(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"no kind of target":  {[]string{`target = {}`}, `(?s)Exactly one of these attributes must be\s+configured`},
		"two kinds":          {[]string{`target = { datadog = {}, azure_logs_ingestion = { tenant_id = "t", client_id = "c", logs_ingestion_uri = "u", data_collection_rule_id = "d", data_collection_stream_name = "s" } }`, `api_key = "k"`, `client_secret = "s"`}, `(?s)Exactly one of these attributes must be\s+configured`},
		"role and creds":     {[]string{`target = { kinesis = { stream_arn = "arn:aws:kinesis:us-east-1:1:stream/s", auth = { role = { role_arn = "arn:aws:iam::123456789012:role/r" }, creds = { aws_access_key_id = "k" } } } }`, `aws_secret_access_key = "s"`}, `(?s)2 attributes specified when one \(and only one\) of`},
		"no auth kind":       {[]string{`target = { kinesis = { stream_arn = "arn:aws:kinesis:us-east-1:1:stream/s", auth = {} } }`}, `(?s)No attribute specified when one \(and only one\) of`},
		"bad role ARN":       {[]string{`target = { kinesis = { stream_arn = "arn:aws:kinesis:us-east-1:1:stream/s", auth = { role = { role_arn = "ngrok" } } } }`}, `(?s)must be the ARN of an IAM role`},
		"no API key":         {[]string{datadogEU}, `(?s)Missing Datadog API Key`},
		"no client secret":   {[]string{azureLogs}, `(?s)Missing Client Secret`},
		"no access key":      {[]string{kinesisKey}, `(?s)Missing Secret Access Key`},
		"unused credential":  {[]string{kinesisRole, `api_key = "k"`}, `(?s)Unused Datadog API Key`},
		"key and write-only": {[]string{datadogEU, `api_key = "k"`, `api_key_wo = "k"`, `api_key_wo_version = 1`}, `(?s)cannot be configured together`},
		"no version":         {[]string{datadogEU, `api_key_wo = "k"`}, `(?s)must be configured together:\s+\[api_key_wo,api_key_wo_version\]`},
		"format":             {[]string{kinesisRole, `format = "xml"`}, `(?s)value must be one of`},
		"Datadog site":       {[]string{`target = { datadog = { ddsite = "example.com" } }`, `api_key = "k"`}, `(?s)value must be one of`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			testAccExpectPlanError(t, mock.config(testAccEventDestinationConfig(tc.attrs...)), tc.want)
		})
	}
}

func TestAccEventDestination_identity(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		TerraformVersionChecks:   requireIdentity,
		Steps: identitySteps(testEventDestinationResource, map[string]knownvalue.Check{"id": knownvalue.StringRegexp(eventDestinationIDPattern)},
			mock.config(testAccEventDestinationConfig(kinesisRole, `description = "a"`)),
			mock.config(testAccEventDestinationConfig(kinesisRole, `description = "b"`))),
	})
}

func TestAccEventDestinationDataSources(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	config := mock.config(testAccEventDestinationConfig(datadogEU, `api_key_wo = "dd-secret-key"`, `api_key_wo_version = 1`) + `
data "ngrok_event_destination" "test" {
  id = ngrok_event_destination.test.id
}

data "ngrok_event_destinations" "datadog" {
  filter     = "obj.id == '${ngrok_event_destination.test.id}'"
  depends_on = [ngrok_event_destination.test]
}
`)
	tfresource.Test(t, tfresource.TestCase{
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Config: config,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.ngrok_event_destination.test", tfjsonpath.New("target").AtMapKey("datadog").AtMapKey("ddsite"), knownvalue.StringExact("datadoghq.eu")),
				statecheck.ExpectKnownValue("data.ngrok_event_destinations.datadog", tfjsonpath.New("event_destinations"), knownvalue.ListSizeExact(1)),
				valueNotInState("dd-secret-key"),
			},
		}},
	})
}

func TestAccEventDestinationListResource(t *testing.T) {
	t.Parallel()
	mock := newTestMock(t)
	d, err := apiclient.EventDestinations.Create(context.Background(), mock.client, &apiclient.EventDestinationCreate{
		Description: "audit", Target: apiclient.EventTarget{Kinesis: &apiclient.EventTargetKinesis{
			Auth: apiclient.AWSAuth{Role: &apiclient.AWSRole{RoleARN: "arn:aws:iam::123456789012:role/r"}}, StreamARN: "arn:aws:kinesis:us-east-1:123456789012:stream/s"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	tfresource.Test(t, tfresource.TestCase{
		TerraformVersionChecks:   queryVersionChecks,
		ProtoV6ProviderFactories: testAccProtoV6ProviderFactories,
		Steps: []tfresource.TestStep{{
			Query:  true,
			Config: mock.config("") + listBlock("ngrok_event_destination", "all", "  include_resource = true\n"),
			QueryResultChecks: []querycheck.QueryResultCheck{
				querycheck.ExpectLength("ngrok_event_destination.all", 1),
				querycheck.ExpectResourceDisplayName("ngrok_event_destination.all", byID(d.ID), knownvalue.StringExact("audit: kinesis")),
			},
		}},
	})
}
