package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
)

// committingMock serves a mock whose first create on path is committed at
// once while its answer is held, as a real server that commits and then
// stalls (the latency is only a guard: the tests interrupt long before it
// ends), and returns it with an unpaced client for the test's own checks.
func committingMock(t *testing.T, path string) (*httptest.Server, *apiclient.Client) {
	t.Helper()
	mock := mockserver.New(mockserver.WithAPIKeys(testAPIKey), mockserver.WithCertificateIssueDelay(0))
	if _, err := mock.AddFault(mockserver.FaultRule{Method: http.MethodPost, Path: path,
		Latency: 2 * time.Minute, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(mock)
	t.Cleanup(srv.Close)
	client, err := apiclient.New(apiclient.WithBaseURL(srv.URL), apiclient.WithAPIKey(testAPIKey),
		apiclient.WithRequestsPerMinute(0))
	if err != nil {
		t.Fatal(err)
	}
	return srv, client
}

// reattachedProvider serves the provider in this process for Terraform CLI
// runs started by the test, and returns the TF_REATTACH_PROVIDERS value.
func reattachedProvider(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	reattach := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	go func() {
		err := tf6server.Serve("registry.terraform.io/hashicorp/ngrok", providerserver.NewProtocol6(New("test")()),
			tf6server.WithDebug(ctx, reattach, closed), tf6server.WithGoPluginLogger(hclog.NewNullLogger()),
			tf6server.WithLoggingSink(t))
		if err != nil {
			t.Errorf("serving the provider: %v", err)
		}
	}()
	var cfg *plugin.ReattachConfig
	select {
	case cfg = <-reattach:
	case <-time.After(30 * time.Second):
		t.Fatal("the provider server did not start")
	}
	t.Cleanup(func() {
		cancel()
		<-closed
	})
	b, err := json.Marshal(map[string]any{"registry.terraform.io/hashicorp/ngrok": map[string]any{
		"Protocol": string(cfg.Protocol), "ProtocolVersion": cfg.ProtocolVersion, "Pid": cfg.Pid, "Test": true,
		"Addr": map[string]string{"Network": cfg.Addr.Network(), "String": cfg.Addr.String()},
	}})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// terraformDir is a working directory for Terraform CLI runs against the
// provider served by this process.
type terraformDir struct {
	t        *testing.T
	dir      string
	reattach string
}

func (d *terraformDir) command(args ...string) *exec.Cmd {
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		bin = "terraform"
	}
	cmd := exec.CommandContext(d.t.Context(), bin, append(args, "-no-color")...)
	cmd.Dir = d.dir
	cmd.Env = append(os.Environ(), "TF_REATTACH_PROVIDERS="+d.reattach, "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	return cmd
}

// run runs terraform with args and returns its exit code and output.
func (d *terraformDir) run(args ...string) (int, string) {
	d.t.Helper()
	out, err := d.command(args...).CombinedOutput()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, string(out)
	case errors.As(err, &exit):
		return exit.ExitCode(), string(out)
	}
	d.t.Fatalf("terraform %s: %v", strings.Join(args, " "), err)
	return 0, ""
}

// stateInstance returns the ID and status of the one instance of a
// resource in the local state file.
func (d *terraformDir) stateInstance(address string) (id, status string, err error) {
	raw, err := os.ReadFile(filepath.Join(d.dir, "terraform.tfstate"))
	if err != nil {
		return "", "", err
	}
	var st struct {
		Resources []struct {
			Type, Name string
			Instances  []struct {
				Status     string
				Attributes map[string]any
			}
		}
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		return "", "", err
	}
	for _, r := range st.Resources {
		if r.Type+"."+r.Name == address && len(r.Instances) == 1 {
			id, _ := r.Instances[0].Attributes["id"].(string)
			return id, r.Instances[0].Status, nil
		}
	}
	return "", "", fmt.Errorf("%s is not in the state", address)
}

// Ctrl-C while a create is in flight, after the API committed it: the object
// ends in the state, tainted, as well as in the mock; the next apply
// replaces it, and no object is ever left that Terraform does not know.
//
// The Terraform CLI runs as a child process against the provider served by
// the test, and gets SIGINT the moment the mock has committed the create,
// whose answer it holds: Terraform then stops the provider, which cancels
// the create's context, as a user's Ctrl-C does.
func TestAccProvider_interruptedCreateIsTracked(t *testing.T) {
	t.Parallel()
	if os.Getenv("TF_ACC") == "" {
		t.Skip("acceptance test: set TF_ACC=1")
	}
	for _, tc := range []struct {
		name, address, path string
		config              func(*testing.T) string
		count               func(context.Context, *apiclient.Client) ([]string, error)
	}{
		{
			name: "SSH certificate authority", address: "ngrok_ssh_certificate_authority.test", path: "/ssh_certificate_authorities",
			config: func(*testing.T) string { return `resource "ngrok_ssh_certificate_authority" "test" {}` },
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListSSHCertificateAuthorities(ctx, nil), func(o *apiclient.SSHCertificateAuthority) string { return o.ID })
			},
		},
		{
			// NOTE: the orphan the issue saw trip the next apply with 409.
			name: "reserved domain", address: "ngrok_reserved_domain.test", path: "/reserved_domains",
			config: func(*testing.T) string {
				return `resource "ngrok_reserved_domain" "test" {
  domain = "interrupted.ngrok.app"
}`
			},
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListReservedDomains(ctx, nil), func(o *apiclient.ReservedDomain) string { return o.ID })
			},
		},
		{
			// Both kinds of certificate share one Create.
			name: "SSH host certificate", address: "ngrok_ssh_host_certificate.test", path: "/ssh_host_certificates",
			config: func(t *testing.T) string {
				return fmt.Sprintf(`resource "ngrok_ssh_certificate_authority" "ca" {}

resource "ngrok_ssh_host_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.ca.id
  public_key                   = %q
}`, testSSHPublicKey(t, "ed25519"))
			},
			count: func(ctx context.Context, c *apiclient.Client) ([]string, error) {
				return collectIDs(c.ListSSHHostCertificates(ctx, nil), func(o *apiclient.SSHHostCertificate) string { return o.ID })
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, client := committingMock(t, tc.path)
			d := &terraformDir{t: t, dir: t.TempDir(), reattach: reattachedProvider(t)}
			// NOTE: the source names the registry host of the reattached
			// provider's address: OpenTofu would otherwise read a bare
			// "hashicorp/ngrok" as registry.opentofu.org's.
			config := `terraform {
  required_providers {
    ngrok = { source = "registry.terraform.io/hashicorp/ngrok" }
  }
}

` + (&testMock{url: srv.URL}).config(tc.config(t))
			if err := os.WriteFile(filepath.Join(d.dir, "main.tf"), []byte(config), 0o600); err != nil {
				t.Fatal(err)
			}
			if code, out := d.run("init", "-input=false"); code != 0 {
				t.Fatalf("terraform init: %s", out)
			}

			apply := d.command("apply", "-auto-approve", "-input=false")
			var out bytes.Buffer
			apply.Stdout, apply.Stderr = &out, &out
			if err := apply.Start(); err != nil {
				t.Fatal(err)
			}
			// The create is committed once its object is in the mock.
			deadline := time.Now().Add(2 * time.Minute)
			for {
				ids, err := tc.count(t.Context(), client)
				if err != nil {
					t.Fatal(err)
				}
				if len(ids) == 1 {
					break
				}
				if time.Now().After(deadline) {
					_ = apply.Process.Kill()
					t.Fatalf("the create never reached the mock:\n%s", out.String())
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err := apply.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			err := apply.Wait()
			output := out.String()
			t.Logf("interrupted apply:\n%s", output)
			if err == nil {
				t.Fatalf("the interrupted apply succeeded:\n%s", output)
			}
			if !strings.Contains(output, "Interrupt received") || !strings.Contains(output, "had already created it") {
				t.Errorf("the apply's output does not show the interrupted create:\n%s", output)
			}

			ctx := context.Background()
			inMock, err := tc.count(ctx, client)
			if err != nil {
				t.Fatal(err)
			}
			id, status, err := d.stateInstance(tc.address)
			if err != nil || status != "tainted" || len(inMock) != 1 || inMock[0] != id {
				t.Fatalf("after Ctrl-C: state has %q (%s, %v), mock has %v; want the mock's one object in the state, tainted",
					id, status, err, inMock)
			}

			// The next apply replaces the tainted object, and leaves nothing
			// behind. NOTE: OpenTofu words it "is tainted, so it must be".
			if code, out := d.run("apply", "-auto-approve", "-input=false"); code != 0 || !taintedReplaced.MatchString(out) {
				t.Fatalf("the apply after Ctrl-C (exit %d):\n%s", code, out)
			}
			newID, status, err := d.stateInstance(tc.address)
			if inMock, _ = tc.count(ctx, client); err != nil || status != "" || newID == id || len(inMock) != 1 || inMock[0] != newID {
				t.Errorf("after the next apply: state has %q (%q, %v), mock has %v; want only a new object", newID, status, err, inMock)
			}
		})
	}
}

var taintedReplaced = regexp.MustCompile(`is tainted, so (it )?must be replaced`)

func collectIDs[T any](seq iter.Seq2[*T, error], id func(*T) string) ([]string, error) {
	var ids []string
	for o, err := range seq {
		if err != nil {
			return nil, err
		}
		ids = append(ids, id(o))
	}
	return ids, nil
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
