package provider

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"math/big"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hashicorp/go-hclog"
	"github.com/hashicorp/go-plugin"
	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6/tf6server"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
	"github.com/tfedge/terraform-provider-ngrok/internal/mockserver"
	"github.com/tfedge/terraform-provider-ngrok/internal/specvalidate"
)

// serveProviderEnv, when set, makes the test binary serve the provider as
// its release binary does, instead of running tests: the migration guide's
// test installs a release archive whose executable runs it so, and the
// CLI starts it as it starts a provider it installed.
const serveProviderEnv = "NGROK_TEST_SERVE_PROVIDER"

func TestMain(m *testing.M) {
	if os.Getenv(serveProviderEnv) != "" {
		if err := providerserver.Serve(context.Background(), New("test"), providerserver.ServeOpts{Address: tfedgeNgrokAddress}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(testAccMain(m))
}

// stateCheckFunc adapts a function to statecheck.StateCheck; the function
// is given a lookup of a resource's id by address.
type stateCheckFunc func(ctx context.Context, id func(address string) (string, error)) error

func (f stateCheckFunc) CheckState(ctx context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	lookup := func(address string) (string, error) {
		if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
			return "", fmt.Errorf("no state")
		}
		for _, r := range req.State.Values.RootModule.Resources {
			if r.Address == address {
				id, _ := r.AttributeValues["id"].(string)
				return id, nil
			}
		}
		return "", fmt.Errorf("%s not in state", address)
	}
	resp.Error = f(ctx, lookup)
}

func stringValue(s string) types.String { return types.StringValue(s) }
func int64Null() types.Int64            { return types.Int64Null() }

// generateTestSigner makes a throwaway key: "ed25519", "p256", "p384",
// "p521" or "rsa2048".
func generateTestSigner(kind string) (ssh.Signer, error) {
	var key any
	var err error
	switch kind {
	case "ed25519":
		_, key, err = ed25519.GenerateKey(rand.Reader)
	case "p256":
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case "p384":
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case "p521":
		key, err = ecdsa.GenerateKey(elliptic.P521(), rand.Reader)
	case "rsa2048":
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	default:
		return nil, fmt.Errorf("unknown key kind %q", kind)
	}
	if err != nil {
		return nil, err
	}
	return ssh.NewSignerFromKey(key)
}

// Helpers shared by the SSH certificate tests.

const (
	testSSHCAResource   = "ngrok_ssh_certificate_authority.test"
	testHostCertificate = "ngrok_ssh_host_certificate.test"
	testUserCertificate = "ngrok_ssh_user_certificate.test"
)

// testCertClockStart is the mock's "now" in the certificate tests, so that
// defaulted validity periods can be asserted exactly.
var testCertClockStart = time.Date(2025, 9, 4, 10, 11, 14, 0, time.UTC)

// testClock is a mock server clock that a test can move forward.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func newTestClock() *testClock { return &testClock{now: testCertClockStart} }

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// testSSHPublicKey is a fresh public key of the given kind (see
// generateTestSigner) as an authorized-keys line without comment.
func testSSHPublicKey(t *testing.T, kind string) string {
	t.Helper()
	signer, err := generateTestSigner(kind)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(ssh.MarshalAuthorizedKey(signer.PublicKey())))
}

// testAccSSHCertificateConfig is an authority and one certificate of kind
// ("host" or "user") signed by it, with the given extra attributes.
func testAccSSHCertificateConfig(kind string, attrs ...string) string {
	return fmt.Sprintf(`resource "ngrok_ssh_certificate_authority" "test" {}

resource "ngrok_ssh_%s_certificate" "test" {
  ssh_certificate_authority_id = ngrok_ssh_certificate_authority.test.id
  %s
}
`, kind, strings.Join(attrs, "\n  "))
}

// stateValuesCheck adapts a function to statecheck.StateCheck; it is given
// every resource's attribute values by address, and the outputs' values.
type stateValuesCheck func(resources map[string]map[string]any, outputs map[string]any) error

func (f stateValuesCheck) CheckState(_ context.Context, req statecheck.CheckStateRequest, resp *statecheck.CheckStateResponse) {
	if req.State == nil || req.State.Values == nil || req.State.Values.RootModule == nil {
		resp.Error = fmt.Errorf("no state")
		return
	}
	resources := map[string]map[string]any{}
	for _, r := range req.State.Values.RootModule.Resources {
		resources[r.Address] = r.AttributeValues
	}
	outputs := map[string]any{}
	for name, o := range req.State.Values.Outputs {
		outputs[name] = o.Value
	}
	resp.Error = f(resources, outputs)
}

// attrString reads a string attribute of a resource in state.
func attrString(resources map[string]map[string]any, address, name string) (string, error) {
	r, ok := resources[address]
	if !ok {
		return "", fmt.Errorf("%s not in state", address)
	}
	s, ok := r[name].(string)
	if !ok {
		return "", fmt.Errorf("%s.%s is %T, not a string", address, name, r[name])
	}
	return s, nil
}

// parseTestCertificate parses a certificate attribute and checks that
// caPublicKey signed it: the way an OpenSSH server or client would decide
// to trust it, with ssh.CertChecker.
func parseTestCertificate(certificate, caPublicKey string) (*ssh.Certificate, error) {
	pub, _, _, _, err := ssh.ParseAuthorizedKey([]byte(certificate))
	if err != nil {
		return nil, fmt.Errorf("certificate %.60q...: %w", certificate, err)
	}
	cert, ok := pub.(*ssh.Certificate)
	if !ok {
		return nil, fmt.Errorf("certificate parses as %T", pub)
	}
	ca, _, _, _, err := ssh.ParseAuthorizedKey([]byte(caPublicKey))
	if err != nil {
		return nil, fmt.Errorf("authority public_key: %w", err)
	}
	trusted := func(auth ssh.PublicKey) bool { return bytes.Equal(auth.Marshal(), ca.Marshal()) }
	checker := &ssh.CertChecker{
		IsUserAuthority: trusted,
		IsHostAuthority: func(auth ssh.PublicKey, _ string) bool { return trusted(auth) },
		// NOTE: inside the validity, whenever the test runs: the mock's
		// clock, not the machine's, decided it.
		Clock:                    func() time.Time { return time.Unix(int64(cert.ValidAfter), 0) },
		SupportedCriticalOptions: []string{"force-command"},
	}
	principal := "any-principal"
	if len(cert.ValidPrincipals) > 0 {
		principal = cert.ValidPrincipals[0]
	}
	switch cert.CertType {
	case ssh.HostCert:
		err = checker.CheckHostKey(net.JoinHostPort(principal, "22"), &net.TCPAddr{}, cert)
	case ssh.UserCert:
		_, err = checker.Authenticate(testConnMeta{user: principal}, cert)
	default:
		err = fmt.Errorf("unknown certificate type %d", cert.CertType)
	}
	if err != nil {
		return nil, fmt.Errorf("the certificate does not verify against the authority: %w", err)
	}
	return cert, nil
}

// testConnMeta is the little of an SSH connection CertChecker.Authenticate reads.
type testConnMeta struct{ user string }

func (c testConnMeta) User() string          { return c.user }
func (c testConnMeta) SessionID() []byte     { return nil }
func (c testConnMeta) ClientVersion() []byte { return []byte("SSH-2.0-test") }
func (c testConnMeta) ServerVersion() []byte { return []byte("SSH-2.0-test") }
func (c testConnMeta) RemoteAddr() net.Addr {
	return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 1), Port: 50000}
}
func (c testConnMeta) LocalAddr() net.Addr { return &net.TCPAddr{IP: net.IPv4(192, 0, 2, 2), Port: 22} }

// expectCertificateSignedByCA parses the certificate attribute of address
// in state, verifies it against the test authority's public_key, checks that
// it certifies the public_key attribute, and hands it to check.
func expectCertificateSignedByCA(address string, check func(cert *ssh.Certificate, attrs map[string]any) error) statecheck.StateCheck {
	return stateValuesCheck(func(resources map[string]map[string]any, _ map[string]any) error {
		certificate, err := attrString(resources, address, "certificate")
		if err != nil {
			return err
		}
		caKey, err := attrString(resources, testSSHCAResource, "public_key")
		if err != nil {
			return err
		}
		cert, err := parseTestCertificate(certificate, caKey)
		if err != nil {
			return err
		}
		publicKey, err := attrString(resources, address, "public_key")
		if err != nil {
			return err
		}
		subject, _, _, _, err := ssh.ParseAuthorizedKey([]byte(publicKey))
		if err != nil {
			return err
		}
		if !bytes.Equal(subject.Marshal(), cert.Key.Marshal()) {
			return fmt.Errorf("the certificate certifies another key than public_key")
		}
		id, _ := resources[address]["id"].(string)
		if cert.KeyId != id || !strings.HasSuffix(certificate, " "+id) {
			return fmt.Errorf("key ID %q and certificate comment should be the ID %q", cert.KeyId, id)
		}
		if check == nil {
			return nil
		}
		return check(cert, resources[address])
	})
}

// committingMock serves a mock whose first create on path is committed at
// once while its answer is held, as a real server that commits and then
// stalls (the latency is only a guard: the tests interrupt long before it
// ends), and returns it with an unpaced client for the test's own checks.
func committingMock(t *testing.T, path string) (*httptest.Server, *apiclient.Client) {
	skipOnAccount(t)
	t.Helper()
	mock := mockserver.New(mockserver.WithAPIKeys(testAPIKey), mockserver.WithCertificateIssueDelay(0))
	if _, err := mock.AddFault(mockserver.FaultRule{Method: http.MethodPost, Path: path,
		Latency: 2 * time.Minute, CommitBeforeLatency: true}); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(specvalidate.Handler(t, mock))
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

// builtProvider builds the provider and returns a Terraform CLI
// configuration whose dev_overrides run it. Terraform then starts one
// provider process per provider configuration, as it does for users; a
// reattached provider serves every configuration from one process, whose
// framework server keeps one configuration's data at a time
// (ConfigureProvider of an alias replaces what another's ephemeral resource
// is closed with, unguarded).
func builtProvider(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.CommandContext(t.Context(), "go", "build", "-o", filepath.Join(dir, "terraform-provider-ngrok"),
		"github.com/tfedge/terraform-provider-ngrok").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cliConfig := filepath.Join(dir, "terraformrc")
	if err := os.WriteFile(cliConfig, fmt.Appendf(nil,
		"provider_installation {\n  dev_overrides {\n    \"registry.terraform.io/hashicorp/ngrok\" = %q\n  }\n  direct {}\n}\n", dir), 0o600); err != nil {
		t.Fatal(err)
	}
	return cliConfig
}

// terraformDir is a working directory for Terraform CLI runs against the
// provider served by this process (reattach), or against the built provider
// (cliConfig, from builtProvider).
type terraformDir struct {
	t         *testing.T
	dir       string
	reattach  string
	cliConfig string
}

func (d *terraformDir) command(args ...string) *exec.Cmd {
	bin := os.Getenv("TF_ACC_TERRAFORM_PATH")
	if bin == "" {
		bin = "terraform"
	}
	cmd := exec.CommandContext(d.t.Context(), bin, append(args, "-no-color")...)
	cmd.Dir = d.dir
	cmd.Env = append(os.Environ(), "TF_IN_AUTOMATION=1", "CHECKPOINT_DISABLE=1")
	if d.cliConfig != "" {
		cmd.Env = append(cmd.Env, "TF_CLI_CONFIG_FILE="+d.cliConfig)
	} else {
		cmd.Env = append(cmd.Env, "TF_REATTACH_PROVIDERS="+d.reattach)
	}
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

func mustParseKey(t *testing.T, line string) ssh.PublicKey {
	t.Helper()
	k, _, _, _, err := ssh.ParseAuthorizedKey([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func mustStringSet(t *testing.T, values ...string) types.Set {
	t.Helper()
	s, diags := moduleStringSet(values)
	if diags.HasError() {
		t.Fatal(diags)
	}
	return s
}

func importBlock(address, id string) string {
	return fmt.Sprintf("import {\n  to = %s\n  id = %q\n}\n\n", address, id)
}

func TestQuotedList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{nil, ""},
		{[]string{"a"}, "`a`"},
		{[]string{"a", "b"}, "`a` or `b`"},
		{[]string{"a", "b", "c"}, "`a`, `b` or `c`"},
	} {
		if got := quotedList(tc.in); got != tc.want {
			t.Errorf("quotedList(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := strings.Count(quotedInts(caKeySizes), "`"); got != 4 {
		t.Errorf("quotedInts(%v) has %d backquotes, want 4", caKeySizes, got)
	}
}

// checkComparesEveryAttribute fails unless same, a hand-written comparison
// of two models M of resource r, sees a difference in every attribute of M
// (the struct's tfsdk tags) but those in ignored (name: why it does not
// count). It builds a model with every attribute set, then, one attribute
// at a time, copies in which only that attribute is null, and unknown, and
// compares each copy with the model both ways. An ignored attribute must
// make no difference, so the list cannot go stale either. Adding an
// attribute to M without adding it to same (or to ignored) fails here.
func checkComparesEveryAttribute[M any](t *testing.T, r resource.Resource, same func(a, b M) bool, ignored map[string]string) {
	t.Helper()
	ctx := context.Background()
	var resp resource.SchemaResponse
	r.Schema(ctx, resource.SchemaRequest{}, &resp)

	// NOTE: each field is set by reflection from its attribute's type rather
	// than by State.Get, which would also validate the sample values.
	type field struct {
		index int
		name  string
		typ   attr.Type
	}
	var fields []field
	rt := reflect.TypeFor[M]()
	for i := range rt.NumField() {
		name := rt.Field(i).Tag.Get("tfsdk")
		if name == "" || name == "-" {
			continue
		}
		typ, diags := resp.Schema.TypeAtPath(ctx, path.Root(name))
		if diags.HasError() {
			t.Fatalf("%s: %v", name, diags)
		}
		fields = append(fields, field{i, name, typ})
	}
	set := func(m *M, f field, v tftypes.Value) {
		t.Helper()
		value, err := f.typ.ValueFromTerraform(ctx, v)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		reflect.ValueOf(m).Elem().Field(f.index).Set(reflect.ValueOf(value))
	}
	var whole M
	for _, f := range fields {
		set(&whole, f, sampleTerraformValue(t, f.typ.TerraformType(ctx)))
	}
	if !same(whole, whole) {
		t.Fatalf("%T: a model differs from itself", whole)
	}

	for name := range ignored {
		if !slices.ContainsFunc(fields, func(f field) bool { return f.name == name }) {
			t.Errorf("ignored attribute %q is not an attribute of %T", name, whole)
		}
	}
	for _, f := range fields {
		tt := f.typ.TerraformType(ctx)
		for _, variant := range []tftypes.Value{tftypes.NewValue(tt, nil), tftypes.NewValue(tt, tftypes.UnknownValue)} {
			changed := whole
			set(&changed, f, variant)
			seen := !same(changed, whole) && !same(whole, changed)
			unseen := same(changed, whole) && same(whole, changed)
			switch why, isIgnored := ignored[f.name]; {
			case isIgnored && !unseen:
				t.Errorf("%s is listed as ignored (%s), but a change of it to %s counts", f.name, why, variant)
			case !isIgnored && !seen:
				t.Errorf("a change of %s to %s is not seen: compare it, or list it as ignored with the reason", f.name, variant)
			}
		}
	}
}

// sampleTerraformValue is a known value of typ with every element and
// attribute set.
func sampleTerraformValue(t *testing.T, typ tftypes.Type) tftypes.Value {
	t.Helper()
	switch tt := typ.(type) {
	case tftypes.List:
		return tftypes.NewValue(tt, []tftypes.Value{sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Set:
		return tftypes.NewValue(tt, []tftypes.Value{sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Map:
		return tftypes.NewValue(tt, map[string]tftypes.Value{"k": sampleTerraformValue(t, tt.ElementType)})
	case tftypes.Object:
		attrs := make(map[string]tftypes.Value, len(tt.AttributeTypes))
		for name, at := range tt.AttributeTypes {
			attrs[name] = sampleTerraformValue(t, at)
		}
		return tftypes.NewValue(tt, attrs)
	}
	switch {
	case typ.Is(tftypes.String):
		return tftypes.NewValue(typ, "x")
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, true)
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, big.NewFloat(1))
	}
	t.Fatalf("no sample value of type %s", typ)
	return tftypes.Value{}
}

// Seeds of the fuzz targets, taken from what users are shown: the values
// of the examples' attributes (examples/, the demo included) as Terraform
// evaluates them, and the IDs of the import examples.

const examplesDir = "../../examples"

// exampleAttributeValues is every string value of an attribute called name
// in the examples' .tf files that evaluates without variables or resources
// (literals, heredocs, jsonencode(...)), in file order.
func exampleAttributeValues(tb testing.TB, name string) []string {
	tb.Helper()
	var out []string
	walkExampleFiles(tb, ".tf", func(path string, src []byte) {
		file, diags := hclsyntax.ParseConfig(src, path, hcl.Pos{Line: 1, Column: 1})
		if diags.HasErrors() {
			tb.Fatalf("%s: %s", path, diags.Error())
		}
		var walk func(b *hclsyntax.Body)
		walk = func(b *hclsyntax.Body) {
			for _, attrName := range slices.Sorted(func(yield func(string) bool) {
				for k := range b.Attributes {
					if !yield(k) {
						return
					}
				}
			}) {
				if attrName != name {
					continue
				}
				v, diags := b.Attributes[attrName].Expr.Value(hclEvalContext)
				if !diags.HasErrors() && v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
					out = append(out, v.AsString())
				}
			}
			for _, blk := range b.Blocks {
				walk(blk.Body)
			}
		}
		walk(implementation[*hclsyntax.Body](tb, file.Body))
	})
	if len(out) == 0 {
		tb.Fatalf("no example sets %s", name)
	}
	return out
}

// exampleImportIDs is the ID of every `terraform import` line of the
// examples' import.sh files.
func exampleImportIDs(tb testing.TB) []string {
	tb.Helper()
	var out []string
	walkExampleFiles(tb, "import.sh", func(_ string, src []byte) {
		for line := range strings.Lines(string(src)) {
			if fields := strings.Fields(line); len(fields) == 4 && fields[0] == "terraform" && fields[1] == "import" {
				out = append(out, fields[3])
			}
		}
	})
	if len(out) == 0 {
		tb.Fatal("no import examples")
	}
	return out
}

func walkExampleFiles(tb testing.TB, suffix string, fn func(path string, src []byte)) {
	tb.Helper()
	err := filepath.WalkDir(examplesDir, func(path string, d fs.DirEntry, err error) error {
		// NOTE: hidden folders hold what the examples' scripts generate
		// (examples/adopt/.adopt), which is not an example.
		if err == nil && d.IsDir() && path != examplesDir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(path, suffix) {
			return err
		}
		src, err := os.ReadFile(path)
		if err == nil {
			fn(path, src)
		}
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// hclEvalContext offers the functions the examples call on literals.
var hclEvalContext = &hcl.EvalContext{Functions: map[string]function.Function{
	"jsonencode": stdlib.JSONEncodeFunc,
}}

// hclJSONEncode is what Terraform's jsonencode(expr) makes of the HCL
// expression src.
func hclJSONEncode(src string) (string, error) {
	expr, diags := hclsyntax.ParseExpression([]byte(src), "policy.tf", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		return "", diags
	}
	v, diags := expr.Value(hclEvalContext)
	if diags.HasErrors() {
		return "", diags
	}
	out, err := stdlib.JSONEncode(v)
	if err != nil {
		return "", err
	}
	return out.AsString(), nil
}

// checkDiagnosticsUTF8 fails when a diagnostic's text is not UTF-8, which
// the plugin protocol cannot carry (the provider's answer would be lost in
// a transport error).
func checkDiagnosticsUTF8(t *testing.T, input string, diags diag.Diagnostics) {
	t.Helper()
	for _, d := range diags {
		if !utf8.ValidString(d.Summary()) || !utf8.ValidString(d.Detail()) {
			t.Fatalf("for %q, a diagnostic is not UTF-8: %q / %q", input, d.Summary(), d.Detail())
		}
	}
}

// testTLSCertificate is a self-signed certificate for hosts (the first is
// its common name) and its private key, both PEM: the certificate with
// Unix line endings and a trailing newline, the key in PKCS #8.
func testTLSCertificate(t testing.TB, hosts ...string) (certPEM, keyPEM string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(time.Now().UnixNano()),
		Subject:      pkix.Name{CommonName: hosts[0], Organization: []string{"Example Org"}, Country: []string{"NL"}},
		DNSNames:     hosts,
		NotBefore:    time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:     time.Date(2036, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})),
		string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pk}))
}

// setStateValues refuses values that are not exactly the schema's
// attributes, and leaves the state as it was.
func TestSetStateValuesNeedsEveryAttributeAndNoOther(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"id":   schema.StringAttribute{Computed: true},
		"size": schema.Int64Attribute{Optional: true},
	}}
	typ := s.Type().TerraformType(ctx)
	for name, tc := range map[string]struct {
		values  map[string]attr.Value
		wantErr bool
	}{
		"every attribute": {map[string]attr.Value{"id": types.StringValue("x"), "size": types.Int64Null()}, false},
		"one missing":     {map[string]attr.Value{"id": types.StringValue("x")}, true},
		"one renamed":     {map[string]attr.Value{"id": types.StringValue("x"), "sizes": types.Int64Null()}, true},
		"one too many":    {map[string]attr.Value{"id": types.StringValue("x"), "size": types.Int64Null(), "extra": types.BoolNull()}, true},
		"a wrong type":    {map[string]attr.Value{"id": types.StringValue("x"), "size": types.StringValue("1")}, true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			st := tfsdk.State{Schema: s, Raw: tftypes.NewValue(typ, nil)}
			diags := setStateValues(ctx, &st, tc.values)
			if diags.HasError() != tc.wantErr {
				t.Fatalf("diagnostics %v, want an error: %v", diags, tc.wantErr)
			}
			if tc.wantErr && !st.Raw.IsNull() {
				t.Errorf("state written despite the error: %s", st.Raw)
			}
			if !tc.wantErr && !st.Raw.Equal(tftypes.NewValue(typ, map[string]tftypes.Value{
				"id": tftypes.NewValue(tftypes.String, "x"), "size": tftypes.NewValue(tftypes.Number, nil)})) {
				t.Errorf("state %s", st.Raw)
			}
		})
	}
}

// rawAttribute reads an attribute of any state of its value (known, null,
// unknown) as GetAttribute does, and reports an attribute the value lacks or
// of another type instead of guessing.
func TestRawAttribute(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"name": tftypes.String, "size": tftypes.Number}}
	for name, tc := range map[string]struct {
		name, size tftypes.Value
	}{
		"known":   {tftypes.NewValue(tftypes.String, "x"), tftypes.NewValue(tftypes.Number, 4096)},
		"null":    {tftypes.NewValue(tftypes.String, nil), tftypes.NewValue(tftypes.Number, nil)},
		"unknown": {tftypes.NewValue(tftypes.String, tftypes.UnknownValue), tftypes.NewValue(tftypes.Number, tftypes.UnknownValue)},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s := schema.Schema{Attributes: map[string]schema.Attribute{
				"name": schema.StringAttribute{Optional: true},
				"size": schema.Int64Attribute{Optional: true},
			}}
			raw := tftypes.NewValue(typ, map[string]tftypes.Value{"name": tc.name, "size": tc.size})
			var diags diag.Diagnostics
			attrs := rawAttributes(raw, &diags)
			gotName := rawAttribute[types.String](ctx, attrs, "name", types.StringType, &diags)
			gotSize := rawAttribute[types.Int64](ctx, attrs, "size", types.Int64Type, &diags)
			if diags.HasError() {
				t.Fatal(diags)
			}
			var wantName types.String
			var wantSize types.Int64
			st := tfsdk.State{Schema: s, Raw: raw}
			diags.Append(st.GetAttribute(ctx, path.Root("name"), &wantName)...)
			diags.Append(st.GetAttribute(ctx, path.Root("size"), &wantSize)...)
			if diags.HasError() {
				t.Fatal(diags)
			}
			if !gotName.Equal(wantName) || !gotSize.Equal(wantSize) {
				t.Errorf("rawAttribute read %s and %s, GetAttribute %s and %s", gotName, gotSize, wantName, wantSize)
			}
		})
	}
	raw := tftypes.NewValue(typ, map[string]tftypes.Value{"name": tftypes.NewValue(tftypes.String, "x"), "size": tftypes.NewValue(tftypes.Number, 1)})
	for name, read := range map[string]func(map[string]tftypes.Value, *diag.Diagnostics){
		"missing": func(a map[string]tftypes.Value, d *diag.Diagnostics) {
			rawAttribute[types.String](ctx, a, "other", types.StringType, d)
		},
		"wrong type": func(a map[string]tftypes.Value, d *diag.Diagnostics) {
			rawAttribute[types.Int64](ctx, a, "name", types.StringType, d)
		},
		"not a number": func(a map[string]tftypes.Value, d *diag.Diagnostics) {
			rawAttribute[types.Int64](ctx, a, "name", types.Int64Type, d)
		},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var diags diag.Diagnostics
			read(rawAttributes(raw, &diags), &diags)
			if !diags.HasError() {
				t.Error("no error")
			}
		})
	}
	var diags diag.Diagnostics
	if rawAttributes(tftypes.NewValue(tftypes.String, "x"), &diags); !diags.HasError() {
		t.Error("no error for a value that is not an object")
	}
}

// noneLeft is a check that list finds nothing: the objects a configuration
// made are all gone. It names the first one left.
func noneLeft[T any](list iter.Seq2[T, error], name func(T) string) func(*terraform.State) error {
	return func(*terraform.State) error {
		for obj, err := range list {
			if err != nil {
				return err
			}
			return fmt.Errorf("%s is left", name(obj))
		}
		return nil
	}
}
