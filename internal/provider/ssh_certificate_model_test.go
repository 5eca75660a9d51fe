package provider

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

func TestSSHHostCertificateModelFromAPI(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	in := &apiclient.SSHHostCertificate{
		ID: "shcrt_x", URI: "u", CreatedAt: "c", PublicKey: "k", KeyType: "ed25519", SSHCertificateAuthorityID: "sshca_x",
		Principals: nil, ValidAfter: "a", ValidUntil: "b", Certificate: "cert",
	}
	m, diags := sshHostCertificateModelFromAPI(ctx, in)
	if diags.HasError() {
		t.Fatal(diags)
	}
	// Absent principals and free text read as empty, never null: the
	// resource plans them as [] and "".
	if m.Principals.IsNull() || len(m.Principals.Elements()) != 0 || m.Description.IsNull() || m.Metadata.IsNull() {
		t.Errorf("model = %+v", m)
	}
	if m.ID.ValueString() != "shcrt_x" || m.Certificate.ValueString() != "cert" || m.SSHCertificateAuthorityID.ValueString() != "sshca_x" ||
		m.ValidAfter.ValueString() != "a" || m.ValidUntil.ValueString() != "b" || m.KeyType.ValueString() != "ed25519" {
		t.Errorf("model = %+v", m)
	}
}

func TestSSHUserCertificateModelFromAPI(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	m, diags := sshUserCertificateModelFromAPI(ctx, &apiclient.SSHUserCertificate{
		SSHCertificate:  apiclient.SSHCertificate{ID: "sucrt_x", Principals: []string{"alice"}, Certificate: "cert"},
		CriticalOptions: nil, Extensions: map[string]string{"permit-pty": ""},
	})
	if diags.HasError() {
		t.Fatal(diags)
	}
	if m.ID.ValueString() != "sucrt_x" || m.Certificate.ValueString() != "cert" {
		t.Errorf("common fields = %+v", m.sshCertificateModel)
	}
	if m.CriticalOptions.IsNull() || len(m.CriticalOptions.Elements()) != 0 {
		t.Errorf("critical_options = %v, want an empty map", m.CriticalOptions)
	}
	if !m.Extensions.Equal(types.MapValueMust(types.StringType, map[string]attr.Value{"permit-pty": types.StringValue("")})) {
		t.Errorf("extensions = %v", m.Extensions)
	}
	var principals []string
	m.Principals.ElementsAs(ctx, &principals, false)
	if !slices.Equal(principals, []string{"alice"}) {
		t.Errorf("principals = %v", principals)
	}
}

func TestSSHCertificateModelToCreate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	host := sshHostCertificateModel{sshCertificateModel{
		SSHCertificateAuthorityID: types.StringValue("sshca_x"),
		PublicKey:                 types.StringValue("ssh-ed25519 AAAA c"),
		Principals:                types.ListValueMust(types.StringType, []attr.Value{types.StringValue("web-1")}),
		ValidAfter:                types.StringUnknown(), // omitted in the configuration: computed
		ValidUntil:                types.StringValue("2030-01-01T00:00:00Z"),
		Description:               types.StringValue(""),
		Metadata:                  types.StringValue("m"),
	}}
	hc, diags := host.toCreate(ctx)
	if diags.HasError() {
		t.Fatal(diags)
	}
	if hc.ValidAfter != "" || hc.ValidUntil != "2030-01-01T00:00:00Z" || !slices.Equal(hc.Principals, []string{"web-1"}) ||
		hc.PublicKey != "ssh-ed25519 AAAA c" || hc.Metadata != "m" || hc.SSHCertificateAuthorityID != "sshca_x" {
		t.Errorf("host toCreate() = %+v", hc)
	}

	for _, tc := range []struct {
		name       string
		extensions types.Map
		want       map[string]string
	}{
		{"unknown: the API's default", types.MapUnknown(types.StringType), nil},
		{"null: the API's default", types.MapNull(types.StringType), nil},
		{"empty: no extensions", types.MapValueMust(types.StringType, map[string]attr.Value{}), map[string]string{}},
		{"set", types.MapValueMust(types.StringType, map[string]attr.Value{"permit-pty": types.StringValue("")}), map[string]string{"permit-pty": ""}},
	} {
		user := sshUserCertificateModel{
			sshCertificateModel: sshCertificateModel{
				SSHCertificateAuthorityID: types.StringValue("sshca_x"),
				PublicKey:                 types.StringValue("ssh-ed25519 AAAA c"),
				Principals:                types.ListUnknown(types.StringType),
				ValidAfter:                types.StringNull(),
				ValidUntil:                types.StringUnknown(),
				Metadata:                  types.StringValue("m"),
			},
			CriticalOptions: types.MapUnknown(types.StringType),
			Extensions:      tc.extensions,
		}
		uc, diags := user.toCreate(ctx)
		if diags.HasError() {
			t.Fatal(diags)
		}
		if (uc.Extensions == nil) != (tc.want == nil) || !maps.Equal(uc.Extensions, tc.want) {
			t.Errorf("%s: extensions = %#v, want %#v", tc.name, uc.Extensions, tc.want)
		}
		if uc.Principals != nil || uc.CriticalOptions != nil || uc.ValidAfter != "" || uc.ValidUntil != "" ||
			uc.SSHCertificateAuthorityID != "sshca_x" || uc.PublicKey != "ssh-ed25519 AAAA c" || uc.Metadata != "m" {
			t.Errorf("%s: toCreate() = %+v", tc.name, uc)
		}
	}
}

func TestSSHCertificateModelToUpdate(t *testing.T) {
	t.Parallel()
	u := sshCertificateModel{Description: types.StringValue(""), Metadata: types.StringValue("m")}.toUpdate()
	if u.Description == nil || *u.Description != "" || u.Metadata == nil || *u.Metadata != "m" {
		t.Errorf("toUpdate() must send both fields so that an emptied one is cleared: %+v", u)
	}
	h := sshCertificateModel{Description: types.StringValue("d"), Metadata: types.StringValue("")}.toUpdate()
	if h.Description == nil || *h.Description != "d" || h.Metadata == nil || *h.Metadata != "" {
		t.Errorf("toUpdate() = %+v", h)
	}
}

func TestSSHCertificateKeepEquivalentText(t *testing.T) {
	t.Parallel()
	key := testSSHPublicKey(t, "ed25519")
	other := testSSHPublicKey(t, "ed25519")
	api := sshCertificateModel{
		PublicKey:  types.StringValue(key),
		ValidAfter: types.StringValue("2030-01-01T00:00:00Z"),
		ValidUntil: types.StringValue("2031-01-01T00:00:00Z"),
	}
	for _, tc := range []struct {
		name                     string
		prior                    sshCertificateModel
		wantKey, wantAfter, want string
	}{
		{"same text", api, key, "2030-01-01T00:00:00Z", "2031-01-01T00:00:00Z"},
		{"same key, another comment; same instants, other offsets", sshCertificateModel{
			PublicKey:  types.StringValue(key + " root@host\n"),
			ValidAfter: types.StringValue("2030-01-01T01:00:00+01:00"),
			ValidUntil: types.StringValue("2031-01-01T00:00:00.400Z"),
		}, key + " root@host\n", "2030-01-01T01:00:00+01:00", "2031-01-01T00:00:00.400Z"},
		{"another key and other instants: the API's", sshCertificateModel{
			PublicKey:  types.StringValue(other),
			ValidAfter: types.StringValue("2030-01-01T00:00:01Z"),
			ValidUntil: types.StringValue("2031-01-01T00:00:00+01:00"),
		}, key, "2030-01-01T00:00:00Z", "2031-01-01T00:00:00Z"},
		{"nothing before (an import)", sshCertificateModel{
			PublicKey: types.StringNull(), ValidAfter: types.StringNull(), ValidUntil: types.StringUnknown(),
		}, key, "2030-01-01T00:00:00Z", "2031-01-01T00:00:00Z"},
	} {
		m := api
		m.keepEquivalentText(tc.prior)
		if m.PublicKey.ValueString() != tc.wantKey || m.ValidAfter.ValueString() != tc.wantAfter || m.ValidUntil.ValueString() != tc.want {
			t.Errorf("%s: got %q %q %q", tc.name, m.PublicKey.ValueString(), m.ValidAfter.ValueString(), m.ValidUntil.ValueString())
		}
	}

}

func TestParseSSHPublicKey(t *testing.T) {
	t.Parallel()
	ed := testSSHPublicKey(t, "ed25519")
	for _, tc := range []struct {
		name, text, keyType, err string
	}{
		{"ed25519 with a comment", ed + " alice@laptop", "ed25519", ""},
		{"trailing newline, as file() reads it", ed + "\n", "ed25519", ""},
		{"ecdsa p256", testSSHPublicKey(t, "p256"), "ecdsa", ""},
		{"ecdsa p521", testSSHPublicKey(t, "p521"), "ecdsa", ""},
		{"rsa", testSSHPublicKey(t, "rsa2048"), "rsa", ""},
		{"empty", " \n", "", "empty"},
		{"garbage", "ssh-ed25519 ???", "", "not an OpenSSH public key line"},
		{"options", `command="ls" ` + ed, "", "authorized_keys options"},
		{"two lines", ed + "\n" + ed, "", "more than one line"},
	} {
		keyType, err := parseSSHPublicKey(tc.text)
		switch {
		case tc.err == "" && (err != nil || keyType != tc.keyType):
			t.Errorf("%s: %q, %v; want %q", tc.name, keyType, err, tc.keyType)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
		}
	}
	text, _ := signTestCertificate(t, &ssh.Certificate{CertType: ssh.UserCert, Serial: 1, ValidBefore: ssh.CertTimeInfinity}, "ed25519")
	if _, err := parseSSHPublicKey(text); err == nil || !strings.Contains(err.Error(), "is a certificate") {
		t.Errorf("a certificate as the key: %v", err)
	}
}

func TestSameSSHPublicKeyAndSameSecond(t *testing.T) {
	t.Parallel()
	key := testSSHPublicKey(t, "p256")
	typ, data, _ := strings.Cut(key, " ")
	for a, b := range map[string]string{
		key:                    key + " comment",
		key + " one":           typ + "\t" + data + "   two\n",
		"not a key":            "not a key",
		"2030-01-01T00:00:00Z": "2030-01-01T00:00:00Z",
	} {
		if !sameSSHPublicKey(a, b) {
			t.Errorf("sameSSHPublicKey(%q, %q) = false", a, b)
		}
	}
	if sameSSHPublicKey(key, testSSHPublicKey(t, "p256")) || sameSSHPublicKey("not a key", "not a key either") {
		t.Error("different keys compare equal")
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"2030-01-01T00:00:00Z", "2030-01-01T09:00:00+09:00", true},
		{"2030-01-01T00:00:00Z", "2030-01-01T00:00:00.999Z", true},
		{"2030-01-01T00:00:00Z", "2030-01-01T00:00:01Z", false},
		{"junk", "junk", true},
		{"junk", "2030-01-01T00:00:00Z", false},
	} {
		if got := sameSecond(tc.a, tc.b); got != tc.same {
			t.Errorf("sameSecond(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}

// Every schema of this file's objects passes the framework's own checks.
func TestSSHCertificateSchemasAreValid(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, r := range []resource.Resource{NewSSHHostCertificateResource(), NewSSHUserCertificateResource()} {
		resp := &resource.SchemaResponse{}
		r.Schema(ctx, resource.SchemaRequest{}, resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() || resp.Diagnostics.HasError() {
			t.Errorf("%T: %v %v", r, resp.Diagnostics, diags)
		}
	}
	for _, d := range []datasource.DataSource{
		NewSSHHostCertificateDataSource(), NewSSHHostCertificatesDataSource(),
		NewSSHUserCertificateDataSource(), NewSSHUserCertificatesDataSource(),
	} {
		resp := &datasource.SchemaResponse{}
		d.Schema(ctx, datasource.SchemaRequest{}, resp)
		if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() || resp.Diagnostics.HasError() {
			t.Errorf("%T: %v %v", d, resp.Diagnostics, diags)
		}
	}
	resp := &ephemeral.SchemaResponse{}
	NewSSHUserCertificateEphemeralResource().Schema(ctx, ephemeral.SchemaRequest{}, resp)
	if diags := resp.Schema.ValidateImplementation(ctx); diags.HasError() || resp.Diagnostics.HasError() {
		t.Errorf("ephemeral: %v %v", resp.Diagnostics, diags)
	}
}
