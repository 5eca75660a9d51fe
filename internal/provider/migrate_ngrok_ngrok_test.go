package provider

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// The migration from ngrok/ngrok as a user runs it, with the Terraform CLI:
// the state that ngrok/ngrok v0.7.0 or v0.8.0 wrote (testdata/ngrok-ngrok),
// pointed at a mock that holds the same objects, is taken over by
// `terraform state replace-provider` and, for v0.8's ngrok_domain, `moved`
// blocks; the next plan is empty for this provider's equivalent of the
// configuration that wrote the state (tfedge.tf beside it), and the apply
// that records the moves asks the API for nothing but reads.
//
// The mock cannot take objects with the fixture's IDs, so the test creates
// the same objects (this provider applies tfedge.tf, the seeded objects of
// seed.yaml keep their IDs) and writes into the fixture's state the values
// that the server chose for them, as the fixture's own run did: IDs, uris,
// timestamps, CNAME targets, keys and certificates. Every other value is
// the other provider's, as it wrote it.

// serverChosenAttributes are the values the server chose when the fixture's
// objects were created, which the test takes from the objects it made
// again. A "" (where the server chose nothing) is kept, as the other
// provider wrote it.
var serverChosenAttributes = []string{
	"id", "uri", "created_at", "updated_at", "cname_target", "acme_challenge_cname_target", "domain_id",
	"ssh_certificate_authority_id", "public_key", "certificate", "valid_after", "valid_until",
}

const tfedgeTerraformBlock = `terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
  }
}

`

// bothProvidersTerraformBlock keeps ngrok/ngrok beside this provider.
const bothProvidersTerraformBlock = `terraform {
  required_providers {
    ngrok = {
      source = "tfedge/ngrok"
    }
    ngrok-ngrok = {
      source = "ngrok/ngrok"
    }
  }
}

`

// migration is one way to take over a fixture's state.
type migration struct {
	version string
	// replaceProvider runs `terraform state replace-provider` first;
	// without it, Terraform switches each resource to the provider that the
	// configuration names, and needs ngrok/ngrok (the stub) to read the
	// state that names it.
	replaceProvider bool
	// moved adds the fixture's moved.tf.
	moved bool
	// keep adds keptResource, a resource of a type this provider does not
	// have, which stays on ngrok/ngrok (under the local name ngrok-ngrok).
	keep bool
	// edit changes tfedge.tf before the migration, and updates lists the
	// attributes that the migration's plan then updates, by address.
	edit    func(config string) string
	updates map[string][]string
}

func TestAccNgrokNgrokMigration_v070ReplaceProvider(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0", replaceProvider: true})
}

func TestAccNgrokNgrokMigration_v070ProviderSwitchedByConfiguration(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.7.0"})
}

// After replace-provider, ngrok_domain is this provider's, and the moved
// blocks move it within the provider.
func TestAccNgrokNgrokMigration_v080ReplaceProviderThenMoved(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", replaceProvider: true, moved: true})
}

// Without replace-provider, the moved blocks move ngrok_domain from
// ngrok/ngrok, and a resource that this provider cannot take stays there.
func TestAccNgrokNgrokMigration_v080MovedAcrossProviders(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", moved: true, keep: true})
}

// keptResource is an IP policy that ngrok/ngrok v0.8 manages, and keeps
// managing: its configuration, and its state as v0.8 writes it.
const (
	keptResourceAddress = "ngrok_ip_policy.office"
	keptResourceConfig  = `provider "ngrok-ngrok" {}

resource "ngrok_ip_policy" "office" {
  provider    = ngrok-ngrok
  description = "Office"
}
`
	keptResourceState = `{"mode": "managed", "type": "ngrok_ip_policy", "name": "office",
  "provider": "provider[\"registry.terraform.io/ngrok/ngrok\"]",
  "instances": [{"schema_version": 0, "sensitive_attributes": [], "attributes": {
    "created_at": "2026-11-23T18:30:48Z", "description": "Office", "id": "ipp_2pQxB1cD3eF4gH5iJ6kL7mN8oP9",
    "metadata": "", "uri": "https://api.ngrok.com/ip_policies/ipp_2pQxB1cD3eF4gH5iJ6kL7mN8oP9"}}]}`
)

// ngrok/ngrok v0.8 computes description when the configuration omits it
// (it keeps what the object has); this provider manages it, and an omitted
// description is "". A configuration that omits a description the object
// has plans that one change, and nothing else.
func TestAccNgrokNgrokMigration_v080OmittedDescriptionIsTheOnlyChange(t *testing.T) {
	t.Parallel()
	testAccNgrokNgrokMigration(t, migration{version: "v0.8.0", replaceProvider: true, moved: true,
		edit: func(config string) string {
			return strings.Replace(config, "  description = \"Public entry point\"\n", "", 1)
		},
		updates: map[string][]string{"ngrok_cloud_endpoint.public": {"description"}},
	})
}

// testAccNgrokNgrokMigration runs the migration m of a fixture: a plan that
// changes nothing (but the moves), its apply, and an empty plan.
func testAccNgrokNgrokMigration(t *testing.T, m migration) {
	t.Helper()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	version := m.version
	reattach := migrationProviders(t, version)
	mock, created := createFixtureObjects(t, version, reattach)

	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattach}
	state := rewriteFixtureState(t, version, created)
	want := map[string]string{} // address → provider, after the migration
	for address := range created {
		want[address] = tfedgeNgrokAddress
	}
	if m.keep {
		state = addStateResource(t, state, keptResourceState)
		writeFile(t, d.dir, "kept.tf", []byte(keptResourceConfig))
		want[keptResourceAddress] = ngrokNgrokAddress
	}
	writeFile(t, d.dir, "terraform.tfstate", state)
	config := readTestdata(t, version, "tfedge.tf")
	if m.edit != nil {
		if config = m.edit(config); config == readTestdata(t, version, "tfedge.tf") {
			t.Fatal("the edit changed nothing")
		}
	}
	terraformBlock := tfedgeTerraformBlock
	if m.keep {
		terraformBlock = bothProvidersTerraformBlock
	}
	writeFile(t, d.dir, "main.tf", []byte(terraformBlock+mock.config(config)))
	if m.moved {
		writeFile(t, d.dir, "moved.tf", []byte(readTestdata(t, version, "moved.tf")))
	}

	if m.replaceProvider {
		t.Logf("terraform state replace-provider:\n%s", mustRun(t, d, "state", "replace-provider", "-auto-approve", ngrokNgrokAddress, tfedgeNgrokAddress))
	}
	mustRun(t, d, "init", "-input=false")
	code, out := d.run("plan", "-input=false", "-detailed-exitcode", "-out=migrate.tfplan")
	t.Logf("the plan that takes over ngrok/ngrok %s's state (exit %d):\n%s", version, code, out)
	// NOTE: -detailed-exitcode counts a move as a change.
	if wantCode := map[bool]int{false: 0, true: 2}[m.moved || len(m.updates) > 0]; code != wantCode {
		t.Fatalf("terraform plan: exit %d, want %d:\n%s", code, wantCode, out)
	}
	changes := planResourceChanges(t, d, "migrate.tfplan")
	wantMoved := map[string]string{}
	if m.moved {
		for address := range created {
			if name, ok := strings.CutPrefix(address, "ngrok_reserved_domain."); ok {
				wantMoved[address] = "ngrok_domain." + name
			}
		}
	}
	if len(changes) != len(want) {
		t.Errorf("the plan has %d resources, the configuration %d", len(changes), len(want))
	}
	for _, c := range changes {
		wantAction, wantChanged := []string{"no-op"}, []string(nil)
		if attrs, ok := m.updates[c.Address]; ok {
			wantAction, wantChanged = []string{"update"}, attrs
		}
		if !slices.Equal(c.Change.Actions, wantAction) || c.PreviousAddress != wantMoved[c.Address] {
			t.Errorf("%s: plan %v (moved from %q); want %v, moved from %q", c.Address, c.Change.Actions, c.PreviousAddress,
				wantAction, wantMoved[c.Address])
		}
		if changed := c.changedAttributes(); !slices.Equal(changed, wantChanged) {
			t.Errorf("%s: the plan changes %q, want %q", c.Address, changed, wantChanged)
		}
	}
	if len(m.updates) == 0 && !strings.Contains(out, "0 to add, 0 to change, 0 to destroy") && !strings.Contains(out, "No changes.") {
		t.Errorf("the plan changes something:\n%s", out)
	}

	mock.server.ClearJournal()
	t.Logf("terraform apply:\n%s", mustRun(t, d, "apply", "-input=false", "migrate.tfplan"))
	if code, out := d.run("plan", "-input=false", "-detailed-exitcode"); code != 0 {
		t.Errorf("the plan after the migration (exit %d):\n%s", code, out)
	}
	requests, _ := mock.server.Journal()
	writes := 0
	for _, r := range requests {
		if r.Method != http.MethodGet {
			writes++
			if r.Method != http.MethodPatch || writes > len(m.updates) {
				t.Errorf("the migration sent %s %s; want only the %d updates planned", r.Method, r.Path, len(m.updates))
			}
		}
	}

	// Every object is in the state of the provider that manages it (this
	// one at its schema version), with the ID of the object in the mock.
	st := readStateFile(t, d.dir)
	if len(st.Resources) != len(want) {
		t.Errorf("the state has %d resources, want %d", len(st.Resources), len(want))
	}
	for _, r := range st.Resources {
		address := r.Type + "." + r.Name
		if r.Provider != `provider["`+want[address]+`"]` || len(r.Instances) != 1 {
			t.Errorf("%s: provider %s, %d instances; want one of %s", address, r.Provider, len(r.Instances), want[address])
			continue
		}
		if want[address] != tfedgeNgrokAddress {
			continue
		}
		if v := r.Instances[0].SchemaVersion; v != stateSchemaVersion {
			t.Errorf("%s: schema version %d, want %d", address, v, stateSchemaVersion)
		}
		if got, want := decodeJSONNumbers(t, r.Instances[0].Attributes)["id"], created[address]["id"]; got != want {
			t.Errorf("%s: id %v, want %v", address, got, want)
		}
	}
}

// createFixtureObjects serves a mock holding the objects of version's
// fixture: those of seed.yaml, seeded with their IDs, and those the
// fixture's configuration made, made again by this provider from its
// equivalent (tfedge.tf). It returns the mock and this provider's state of
// them, by address.
func createFixtureObjects(t *testing.T, version, reattach string) (*testMock, map[string]map[string]any) {
	t.Helper()
	mock := newTestMock(t, mockserver.WithCertificateIssueDelay(0))
	seed, err := mockserver.ParseSeedFile([]byte(readTestdata(t, "", "seed.yaml")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := mock.server.Seed(seed); err != nil {
		t.Fatal(err)
	}
	d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattach}
	writeFile(t, d.dir, "main.tf", []byte(tfedgeTerraformBlock+mock.config(readTestdata(t, version, "tfedge.tf"))))
	mustRun(t, d, "init", "-input=false")
	mustRun(t, d, "apply", "-input=false", "-auto-approve")
	created := map[string]map[string]any{}
	for _, r := range readStateFile(t, d.dir).Resources {
		created[r.Type+"."+r.Name] = decodeJSONNumbers(t, r.Instances[0].Attributes)
	}
	return mock, created
}

// rewriteFixtureState is version's fixture state with the values the server
// chose taken from the objects in created (by address, under this
// provider's type name).
func rewriteFixtureState(t *testing.T, version string, created map[string]map[string]any) []byte {
	t.Helper()
	raw := readTestdata(t, version, "terraform.tfstate")
	dec := json.NewDecoder(strings.NewReader(raw))
	dec.UseNumber()
	var st map[string]any
	if err := dec.Decode(&st); err != nil {
		t.Fatal(err)
	}
	resources, _ := st["resources"].([]any)
	for _, r := range resources {
		res, _ := r.(map[string]any)
		typ, _ := res["type"].(string)
		name, _ := res["name"].(string)
		if renamed, ok := renamedTypes[typ]; ok {
			typ = renamed
		}
		ours, ok := created[typ+"."+name]
		if !ok {
			t.Fatalf("%s.%s of the fixture is not in %s/tfedge.tf", typ, name, version)
		}
		instances, _ := res["instances"].([]any)
		for _, inst := range instances {
			attrs, _ := inst.(map[string]any)["attributes"].(map[string]any)
			for _, name := range serverChosenAttributes {
				theirs, isString := attrs[name].(string)
				if value, ok := ours[name].(string); ok && isString && theirs != "" {
					attrs[name] = value
				}
			}
		}
	}
	out, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// addStateResource adds a resource, as JSON, to a state file.
func addStateResource(t *testing.T, state []byte, resource string) []byte {
	t.Helper()
	var st map[string]any
	dec := json.NewDecoder(bytes.NewReader(state))
	dec.UseNumber()
	if err := dec.Decode(&st); err != nil {
		t.Fatal(err)
	}
	var r any
	if err := json.Unmarshal([]byte(resource), &r); err != nil {
		t.Fatal(err)
	}
	resources, _ := st["resources"].([]any)
	st["resources"] = append(resources, r)
	out, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// planResourceChange is one entry of resource_changes in `terraform show
// -json` of a plan.
type planResourceChange struct {
	Address         string `json:"address"`
	PreviousAddress string `json:"previous_address"`
	Change          struct {
		Actions      []string       `json:"actions"`
		Before       map[string]any `json:"before"`
		After        map[string]any `json:"after"`
		AfterUnknown map[string]any `json:"after_unknown"`
	} `json:"change"`
}

// changedAttributes are the attributes whose planned value is known and
// differs from the prior one: those a plan shows with "->", but for what
// the server sets again ("known after apply").
func (c planResourceChange) changedAttributes() []string {
	var changed []string
	for name, after := range c.Change.After {
		if unknown, _ := c.Change.AfterUnknown[name].(bool); !unknown && !reflect.DeepEqual(c.Change.Before[name], after) {
			changed = append(changed, name)
		}
	}
	slices.Sort(changed)
	return changed
}

func planResourceChanges(t *testing.T, d *terraformDir, planFile string) []planResourceChange {
	t.Helper()
	cmd := d.command("show", "-json", planFile)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("terraform show -json: %v\n%s", err, stderr.String())
	}
	var plan struct {
		ResourceChanges []planResourceChange `json:"resource_changes"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &plan); err != nil {
		t.Fatal(err)
	}
	return plan.ResourceChanges
}

func readStateFile(t *testing.T, dir string) fixtureState {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(dir, "terraform.tfstate"))
	if err != nil {
		t.Fatal(err)
	}
	var st fixtureState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	return st
}

// readTestdata reads a file of testdata/ngrok-ngrok (of version's directory
// unless version is "").
func readTestdata(t *testing.T, version, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ngrok-ngrok", version, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o600); err != nil {
		t.Fatal(err)
	}
}

func mustRun(t *testing.T, d *terraformDir, args ...string) string {
	t.Helper()
	code, out := d.run(args...)
	if code != 0 {
		t.Fatalf("terraform %s (exit %d):\n%s", strings.Join(args, " "), code, out)
	}
	return out
}
