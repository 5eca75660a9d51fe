package provider

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/go-version"
	"github.com/hashicorp/terraform-plugin-testing/tfversion"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// skipUnlessTerraform runs check (a tfversion check, as TestCase's
// TerraformVersionChecks) against the CLI of TF_ACC_TERRAFORM_PATH, for the
// tests that run the CLI themselves.
func skipUnlessTerraform(t *testing.T, check tfversion.TerraformVersionCheck) {
	t.Helper()
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		bin = "terraform"
	}
	out, err := exec.CommandContext(t.Context(), bin, "version", "-json").Output()
	if err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	var v struct {
		TerraformVersion string `json:"terraform_version"`
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	tv, err := version.NewVersion(v.TerraformVersion)
	if err != nil {
		t.Fatalf("%s version -json: %v", bin, err)
	}
	var resp tfversion.CheckTerraformVersionResponse
	check.CheckTerraformVersion(t.Context(), tfversion.CheckTerraformVersionRequest{TerraformVersion: tv}, &resp)
	switch {
	case resp.Error != nil:
		t.Fatal(resp.Error)
	case resp.Skip != "":
		t.Skip(resp.Skip)
	}
}

// The whole adoption round trip, as a user runs it: `terraform query
// -generate-config-out` writes an import block and a resource block for
// every object of every listable type; `terraform apply` of that file
// imports them all and changes and adds nothing; the plan after it is
// empty. The account holds every kind of object whose generated
// configuration needs care (see createListTestAccount), and text that HCL
// would otherwise read as templates.
func TestAccListResources_generatedConfigurationImportsWithNoChange(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	skipUnlessTerraform(t, tfversion.SkipBelow(tfversion.Version1_14_0))

	mock := newTestMock(t, mockserver.WithPageSize(3), mockserver.WithCertificateIssueDelay(0))
	account := createListTestAccount(t, mock)
	total := 0
	for _, ids := range account {
		total += len(ids)
	}

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
	mainTF := "terraform {\n  required_providers {\n    ngrok = { source = \"hashicorp/ngrok\" }\n  }\n}\n\n" + mock.config("")
	var query strings.Builder
	for _, typeName := range []string{"reserved_domain", "cloud_endpoint", "ssh_certificate_authority", "ssh_host_certificate", "ssh_user_certificate"} {
		query.WriteString(listBlock("ngrok_"+typeName, "all", "  include_resource = true\n"))
	}
	for name, text := range map[string]string{"main.tf": mainTF, "adopt.tfquery.hcl": query.String()} {
		if err := os.WriteFile(filepath.Join(d.dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if code, out := d.run("init", "-input=false"); code != 0 {
		t.Fatalf("terraform init: %s", out)
	}

	if code, out := d.run("query", "-generate-config-out=generated.tf"); code != 0 {
		t.Fatalf("terraform query -generate-config-out (exit %d):\n%s", code, out)
	}
	generated, err := os.ReadFile(filepath.Join(d.dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for typeName, ids := range account {
		for _, id := range ids {
			if !strings.Contains(string(generated), fmt.Sprintf("id = %q", id)) {
				t.Errorf("generated.tf has no import of %s %s", typeName, id)
			}
		}
	}
	if n := len(regexp.MustCompile(`(?m)^import \{`).FindAll(generated, -1)); n != total {
		t.Errorf("generated.tf has %d import blocks, want %d", n, total)
	}
	t.Logf("generated.tf:\n%s", generated)

	code, out := d.run("apply", "-auto-approve", "-input=false")
	want := fmt.Sprintf("Apply complete! Resources: %d imported, 0 added, 0 changed, 0 destroyed.", total)
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("terraform apply of the generated configuration (exit %d), want %q:\n%s", code, want, out)
	}

	if code, out := d.run("plan", "-detailed-exitcode", "-input=false"); code != 0 {
		t.Fatalf("the plan after the import is not empty (exit %d):\n%s", code, out)
	}
}
