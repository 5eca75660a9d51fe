package provider

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/echoprovider"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// The ephemeral resource is observed through the echo provider, which copies
// its result into the echo resource's state: the only way a test can see
// a value that Terraform never stores.
var testAccEchoProviderFactories = map[string]func() (tfprotov6.ProviderServer, error){
	"ngrok": testAccProtoV6ProviderFactories["ngrok"],
	"echo":  echoprovider.NewProviderServer(),
}

// countingMock is a mock server that counts the user certificates created
// and deleted through it.
type countingMock struct {
	*testMock
	created, deleted atomic.Int32
}

func newCountingMock(t *testing.T) *countingMock {
	skipOnAccount(t)
	t.Helper()
	m := &countingMock{}
	inner := mockserver.New(mockserver.WithAPIKeys(testAPIKey))
	validated := specvalidate.Handler(t, inner)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		validated.ServeHTTP(rec, r)
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/ssh_user_certificates" && rec.Code == http.StatusCreated:
			m.created.Add(1)
		case r.Method == http.MethodDelete && strings.HasPrefix(r.URL.Path, "/ssh_user_certificates/") && rec.Code == http.StatusNoContent:
			m.deleted.Add(1)
		}
		maps.Copy(w.Header(), rec.Header())
		w.WriteHeader(rec.Code)
		_, _ = w.Write(rec.Body.Bytes())
	}))
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey), apiclient.WithRefreshFromLists(false))
	if err != nil {
		t.Fatal(err)
	}
	m.testMock = &testMock{server: inner, url: srv.URL, client: client}
	return m
}

func testAccEphemeralUserCertificateConfig(attrs ...string) string {
	body := ""
	for _, a := range attrs {
		body += "\n  " + a
	}
	return fmt.Sprintf(`resource "ngrok_ssh_certificate_authority" "test" {}

ephemeral "ngrok_ssh_user_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.test.id%s
}

provider "echo" {
  data = ephemeral.ngrok_ssh_user_certificate.test
}

resource "echo" "test" {}
`, body)
}

func TestAccSSHUserCertificateEphemeral_basic(t *testing.T) {
	t.Parallel()
	mock := newCountingMock(t)
	key := testSSHPublicKey(t, "ed25519")
	before := time.Now().UTC().Truncate(time.Second)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: testAccEchoProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccEphemeralUserCertificateConfig(
				fmt.Sprintf("public_key = %q", key+" ci@runner"),
				`principals = ["deploy"]`,
				`critical_options = { "force-command" = "/usr/local/bin/deploy" }`)),
			ExpectNonEmptyPlan: ephemeralOpenInPlans(t),
			ConfigPlanChecks:   expectNothingToChangeAfterApply(),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("id"), knownvalue.StringRegexp(userCertIDPattern)),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("key_type"), knownvalue.StringExact("ed25519")),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("validity"), knownvalue.StringExact("1h")),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("extensions"), knownvalue.MapExact(map[string]knownvalue.Check{
					"permit-pty": knownvalue.StringExact(""), "permit-user-rc": knownvalue.StringExact(""),
				})),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("certificate"), knownvalue.StringRegexp(
					regexp.MustCompile(`^ssh-ed25519-cert-v01@openssh\.com AAAA[0-9A-Za-z+/=]+ sucrt_`))),
				expectEphemeralCertificate(func(cert *ssh.Certificate, data map[string]any) error {
					if cert.CertType != ssh.UserCert || len(cert.ValidPrincipals) != 1 || cert.ValidPrincipals[0] != "deploy" ||
						cert.CriticalOptions["force-command"] != "/usr/local/bin/deploy" {
						return fmt.Errorf("certificate %+v", cert)
					}
					after := time.Unix(int64(cert.ValidAfter), 0)
					if after.Before(before) || after.After(time.Now()) {
						return fmt.Errorf("valid_after %s is not the time of opening (test started %s)", after, before)
					}
					if cert.ValidBefore-cert.ValidAfter != 3600 {
						return fmt.Errorf("validity %d..%d, want one hour", cert.ValidAfter, cert.ValidBefore)
					}
					if data["valid_after"] != after.UTC().Format(time.RFC3339) {
						return fmt.Errorf("valid_after %v, certificate says %s", data["valid_after"], after)
					}
					return nil
				}),
				// Terraform opened the resource (once to plan, once to
				// apply), and each Open deleted its certificate's object:
				// none is left, and the destroy that ends the test can
				// delete the authority (ERR_NGROK_1964 refuses it while a
				// certificate it signed exists).
				stateValuesCheck(func(map[string]map[string]any, map[string]any) error {
					created, deleted := mock.created.Load(), mock.deleted.Load()
					if created == 0 || created != deleted {
						return fmt.Errorf("%d certificates created, %d deleted; want every one deleted", created, deleted)
					}
					return nil
				}),
			},
			Check: func(*terraform.State) error {
				for c, err := range mock.client.ListSSHUserCertificates(context.Background(), nil) {
					if err != nil {
						return err
					}
					return fmt.Errorf("user certificate %s outlived the run", c.ID)
				}
				return nil
			},
		}},
	})
}

func TestAccSSHUserCertificateEphemeral_validity(t *testing.T) {
	t.Parallel()
	mock := newCountingMock(t)
	resource.Test(t, resource.TestCase{
		TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_10_0)},
		ProtoV6ProviderFactories: testAccEchoProviderFactories,
		Steps: []resource.TestStep{{
			Config: mock.config(testAccEphemeralUserCertificateConfig(
				fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "p256")),
				`validity = "90m"`, `extensions = {}`)),
			ExpectNonEmptyPlan: ephemeralOpenInPlans(t),
			ConfigPlanChecks:   expectNothingToChangeAfterApply(),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("validity"), knownvalue.StringExact("90m")),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("extensions"), knownvalue.MapSizeExact(0)),
				statecheck.ExpectKnownValue("echo.test", tfjsonpath.New("data").AtMapKey("critical_options"), knownvalue.MapSizeExact(0)),
				expectEphemeralCertificate(func(cert *ssh.Certificate, _ map[string]any) error {
					if cert.ValidBefore-cert.ValidAfter != 90*60 || len(cert.Extensions) != 0 || len(cert.ValidPrincipals) != 0 {
						return fmt.Errorf("validity %d..%d, extensions %v, principals %q", cert.ValidAfter, cert.ValidBefore, cert.Extensions, cert.ValidPrincipals)
					}
					return nil
				}),
			},
		}},
	})
}

func TestAccSSHUserCertificateEphemeral_invalidConfig(t *testing.T) {
	t.Parallel()
	keyAttr := fmt.Sprintf("public_key = %q", testSSHPublicKey(t, "ed25519"))
	for name, tc := range map[string]struct {
		attrs []string
		want  string
	}{
		"validity not a duration": {[]string{keyAttr, `validity = "an hour"`}, `(?s)Invalid Duration.*not a duration`},
		"validity too short":      {[]string{keyAttr, `validity = "30s"`}, `(?s)Invalid Duration.*shorter than the minimum of 1m`},
		"public key not a key":    {[]string{`public_key = "hello"`}, `(?s)Invalid SSH Public Key`},
		"unknown extension":       {[]string{keyAttr, `extensions = { "permit-all" = "" }`}, `(?s)Invalid Extension`},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			mock := newTestMock(t)
			resource.Test(t, resource.TestCase{
				TerraformVersionChecks:   []tfversion.TerraformVersionCheck{tfversion.RequireAbove(tfversion.Version1_10_0)},
				ProtoV6ProviderFactories: testAccEchoProviderFactories,
				Steps: []resource.TestStep{{
					Config:      mock.config(testAccEphemeralUserCertificateConfig(tc.attrs...)),
					ExpectError: regexp.MustCompile(tc.want),
				}},
			})
		})
	}
}

// ephemeralOpenInPlans reports whether the CLI that runs the acceptance
// tests lists ephemeral resources in its JSON plans. NOTE: OpenTofu lists
// each one with the action "open", since every run opens it again, so
// terraform-plugin-testing, which counts any action but no-op as a change,
// finds the plan after apply not empty; Terraform leaves them out. Where the
// CLI lists them the test says it expects a non-empty plan, and
// expectNothingToChangeAfterApply checks under both CLIs that nothing but
// the opening is planned.
func ephemeralOpenInPlans(t *testing.T) bool {
	t.Helper()
	testCLI.once.Do(func() {
		// NOTE: found as terraform-plugin-testing finds it.
		bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
		if bin == "" {
			if bin, testCLI.err = exec.LookPath("terraform"); testCLI.err != nil {
				return
			}
		}
		var out []byte
		out, testCLI.err = exec.CommandContext(t.Context(), bin, "version").Output()
		testCLI.openTofu = bytes.HasPrefix(out, []byte("OpenTofu"))
	})
	if testCLI.err != nil {
		t.Fatalf("which CLI runs the tests: %v", testCLI.err)
	}
	return testCLI.openTofu
}

var testCLI struct {
	once     sync.Once
	openTofu bool
	err      error
}

// expectNothingToChangeAfterApply checks both plans made after an apply:
// no resource and no output changes; an ephemeral resource may only be
// opened, which changes nothing.
func expectNothingToChangeAfterApply() resource.ConfigPlanChecks {
	return resource.ConfigPlanChecks{
		PostApplyPreRefresh:  []plancheck.PlanCheck{nothingToChange{}},
		PostApplyPostRefresh: []plancheck.PlanCheck{nothingToChange{}},
	}
}

type nothingToChange struct{}

func (nothingToChange) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	var changes []string
	for _, rc := range req.Plan.ResourceChanges {
		actions := make([]string, len(rc.Change.Actions))
		for i, a := range rc.Change.Actions {
			actions[i] = string(a)
		}
		opened := strings.HasPrefix(rc.Address, "ephemeral.") && slices.Equal(actions, []string{"open"})
		if !opened && !rc.Change.Actions.NoOp() {
			changes = append(changes, fmt.Sprintf("%s %v", rc.Address, actions))
		}
	}
	for name, oc := range req.Plan.OutputChanges {
		if !oc.Actions.NoOp() {
			changes = append(changes, fmt.Sprintf("output.%s %v", name, oc.Actions))
		}
	}
	if len(changes) > 0 {
		resp.Error = fmt.Errorf("the plan after apply changes %s", strings.Join(changes, ", "))
	}
}

// expectEphemeralCertificate verifies the certificate the echo resource
// captured against the test authority and hands it to check.
func expectEphemeralCertificate(check func(cert *ssh.Certificate, data map[string]any) error) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		data, ok := resources["echo.test"]["data"].(map[string]any)
		if !ok {
			return fmt.Errorf("echo.test.data is %T", resources["echo.test"]["data"])
		}
		certificate, _ := data["certificate"].(string)
		caKey, err := attrString(resources, testSSHCAResource, "public_key")
		if err != nil {
			return err
		}
		cert, err := parseTestCertificate(certificate, caKey)
		if err != nil {
			return err
		}
		if cert.KeyId != data["id"] {
			return fmt.Errorf("key ID %q, id %v", cert.KeyId, data["id"])
		}
		return check(cert, data)
	})
}

func TestEphemeralUserCertificateToCreate(t *testing.T) {
	t.Parallel()
	now := time.Date(2030, 1, 1, 12, 0, 0, 999_000_000, time.UTC)
	m := sshUserCertificateEphemeralModel{
		SSHCertificateAuthorityID: types.StringValue("sshca_x"),
		PublicKey:                 types.StringValue("ssh-ed25519 AAAA"),
		Principals:                types.ListNull(types.StringType),
		CriticalOptions:           types.MapNull(types.StringType),
		Extensions:                types.MapValueMust(types.StringType, nil),
		Validity:                  types.StringNull(),
		Description:               types.StringNull(),
		Metadata:                  types.StringValue("m"),
	}
	in, validity, diags := m.toCreate(context.Background(), now)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if validity != time.Hour || in.ValidAfter != "2030-01-01T12:00:00Z" || in.ValidUntil != "2030-01-01T13:00:00Z" {
		t.Errorf("default validity: %s, %s .. %s", validity, in.ValidAfter, in.ValidUntil)
	}
	if in.Principals != nil || in.CriticalOptions != nil || in.Extensions == nil || len(in.Extensions) != 0 || in.Metadata != "m" || in.Description != "" {
		t.Errorf("toCreate() = %+v", in)
	}

	m.Validity = types.StringValue("1h30m")
	in, validity, _ = m.toCreate(context.Background(), now)
	if validity != 90*time.Minute || in.ValidUntil != "2030-01-01T13:30:00Z" {
		t.Errorf("validity 1h30m: %s, until %s", validity, in.ValidUntil)
	}
}

func TestShortDuration(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		time.Hour:                  "1h",
		30 * time.Minute:           "30m",
		90 * time.Minute:           "1h30m",
		10 * time.Hour:             "10h",
		time.Minute:                "1m",
		90 * time.Second:           "1m30s",
		time.Hour + 30*time.Second: "1h0m30s",
		24 * time.Hour:             "24h",
	} {
		if got := shortDuration(d); got != want {
			t.Errorf("shortDuration(%s) = %q, want %q", d, got, want)
		}
	}
}

// openUserCertificate calls Open of the ephemeral user certificate directly,
// for a certificate signed by the authority caID.
func openUserCertificate(t *testing.T, ctx context.Context, client *apiclient.Client, caID string) *ephemeral.OpenResponse {
	t.Helper()
	e := &sshUserCertificateEphemeralResource{client: client}
	schemaResp := &ephemeral.SchemaResponse{}
	e.Schema(ctx, ephemeral.SchemaRequest{}, schemaResp)
	typ := schemaResp.Schema.Type().TerraformType(ctx)
	cfg := tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}
	if diags := cfg.Set(ctx, sshUserCertificateEphemeralModel{
		SSHCertificateAuthorityID: types.StringValue(caID),
		PublicKey:                 types.StringValue(testSSHPublicKey(t, "ed25519")),
		Principals:                types.ListNull(types.StringType),
		CriticalOptions:           types.MapNull(types.StringType),
		Extensions:                types.MapNull(types.StringType),
	}); diags.HasError() {
		t.Fatal(diags)
	}
	resp := &ephemeral.OpenResponse{Result: tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}}
	e.Open(ctx, ephemeral.OpenRequest{Config: tfsdk.Config{Schema: schemaResp.Schema, Raw: cfg.Raw}}, resp)
	return resp
}

// Open deletes the certificate's API object as soon as it has the signed
// certificate, so that none keeps its authority from being deleted
// (ERR_NGROK_1964): the authority can go while the result is still in use.
func TestSSHUserCertificateEphemeral_openDeletesTheObject(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mock := newCountingMock(t)
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	resp := openUserCertificate(t, ctx, mock.client, ca.ID)
	if resp.Diagnostics.HasError() || len(resp.Diagnostics) != 0 {
		t.Fatalf("Open: %v", resp.Diagnostics)
	}
	var result sshUserCertificateEphemeralModel
	if diags := resp.Result.Get(ctx, &result); diags.HasError() {
		t.Fatal(diags)
	}
	if !strings.HasPrefix(result.Certificate.ValueString(), "ssh-ed25519-cert-v01@openssh.com ") {
		t.Errorf("certificate = %q", result.Certificate.ValueString())
	}
	if created, deleted := mock.created.Load(), mock.deleted.Load(); created != 1 || deleted != 1 {
		t.Errorf("%d certificates created, %d deleted; want the one created deleted by Open", created, deleted)
	}
	if err := mock.client.DeleteSSHCertificateAuthority(ctx, ca.ID); err != nil {
		t.Errorf("deleting the authority after Open: %v", err)
	}
}

// A delete that fails leaves the certificate usable: Open returns it, with
// a warning that says why the object matters.
func TestSSHUserCertificateEphemeral_failedDeleteIsAWarning(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	mock := newCountingMock(t)
	ca, err := mock.client.CreateSSHCertificateAuthority(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.AddFault(mockserver.FaultRule{Method: http.MethodDelete, Path: "/ssh_user_certificates/*", Status: http.StatusBadRequest}); err != nil {
		t.Fatal(err)
	}
	resp := openUserCertificate(t, ctx, mock.client, ca.ID)
	if resp.Diagnostics.HasError() || resp.Diagnostics.WarningsCount() != 1 ||
		!strings.Contains(fmt.Sprint(resp.Diagnostics), "ERR_NGROK_1964") {
		t.Fatalf("diagnostics = %v; want one warning naming ERR_NGROK_1964", resp.Diagnostics)
	}
	if resp.Result.Raw.IsNull() {
		t.Error("Open returned no certificate")
	}
}

func TestCleanupContextOutlivesCancellation(t *testing.T) {
	t.Parallel()
	parent, cancel := context.WithCancel(context.Background())
	cancel()
	ctx, stop := cleanupContext(parent)
	defer stop()
	if err := ctx.Err(); err != nil {
		t.Fatalf("cleanup context is done with its cancelled parent: %v", err)
	}
	if _, ok := ctx.Deadline(); !ok {
		t.Error("cleanup context has no deadline: a hung delete would hang the run")
	}
}

// Open of the ephemeral user certificate interrupted after the API signed
// it: the replay of the create names the certificate, Open deletes it, and
// nothing outlives the run.
func TestSSHUserCertificateEphemeral_interruptedOpenLeavesNothing(t *testing.T) {
	t.Parallel()
	_, client := committingMock(t, "/ssh_user_certificates")
	ca, err := client.CreateSSHCertificateAuthority(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	e := &sshUserCertificateEphemeralResource{client: client}
	schemaResp := &ephemeral.SchemaResponse{}
	e.Schema(context.Background(), ephemeral.SchemaRequest{}, schemaResp)
	typ := schemaResp.Schema.Type().TerraformType(context.Background())
	cfg := tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}
	if diags := cfg.Set(context.Background(), sshUserCertificateEphemeralModel{
		SSHCertificateAuthorityID: types.StringValue(ca.ID),
		PublicKey:                 types.StringValue(testSSHPublicKey(t, "ed25519")),
		Principals:                types.ListNull(types.StringType),
		CriticalOptions:           types.MapNull(types.StringType),
		Extensions:                types.MapNull(types.StringType),
	}); diags.HasError() {
		t.Fatal(diags)
	}

	ctx, cancel := context.WithCancel(context.Background())
	committed := make(chan struct{})
	go func() {
		defer cancel() // Ctrl-C, once the certificate is in the mock
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			ids, err := collectIDs(client.ListSSHUserCertificates(context.Background(), nil), func(c *apiclient.SSHUserCertificate) string { return c.ID })
			if err == nil && len(ids) == 1 {
				close(committed)
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	}()
	resp := &ephemeral.OpenResponse{Result: tfsdk.EphemeralResultData{Schema: schemaResp.Schema, Raw: tftypes.NewValue(typ, nil)}}
	e.Open(ctx, ephemeral.OpenRequest{Config: tfsdk.Config{Schema: schemaResp.Schema, Raw: cfg.Raw}}, resp)

	if !resp.Diagnostics.HasError() || !strings.Contains(fmt.Sprint(resp.Diagnostics), "had already signed it") {
		t.Errorf("diagnostics = %v; want the interrupted create reported", resp.Diagnostics)
	}
	if !resp.Result.Raw.IsNull() {
		t.Error("Open returned a result after the interruption")
	}
	remaining, err := collectIDs(client.ListSSHUserCertificates(context.Background(), nil), func(c *apiclient.SSHUserCertificate) string { return c.ID })
	if err != nil {
		t.Fatal(err)
	}
	if len(remaining) != 0 {
		t.Errorf("user certificates %v outlived the interrupted Open", remaining)
	}
	select {
	case <-committed:
	default:
		t.Error("the create never reached the mock")
	}
}
