package provider

import (
	"bytes"
	"context"
	"crypto/rsa"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"golang.org/x/crypto/ssh"

	"github.com/tfedge/terraform-provider-ngrok/internal/apiclient"
)

// The critical options a user certificate may carry; OpenSSH defines no
// others. The list drives both the validator and the description.
const (
	sshOptForceCommand  = "force-command"
	sshOptSourceAddress = "source-address"
)

var sshCriticalOptionNames = []string{sshOptForceCommand, sshOptSourceAddress}

// sshFlagExtensions are the extensions OpenSSH defines, each a flag whose
// value is the empty string; any other extension must be a vendor extension
// (name@domain).
var sshFlagExtensions = []string{
	"no-touch-required",
	"permit-X11-forwarding",
	"permit-agent-forwarding",
	"permit-port-forwarding",
	"permit-pty",
	"permit-user-rc",
}

// sshDefaultExtensions are the extensions of a user certificate created
// without any, the API's default [real].
var sshDefaultExtensions = []string{"permit-pty", "permit-user-rc"}

// sshCertKeyTypes are the key types the API can certify, as key_type names them.
var sshCertKeyTypes = []string{keyTypeRSA, keyTypeECDSA, keyTypeEd25519}

// minSSHRSABits is the smallest RSA key OpenSSH accepts.
const minSSHRSABits = 1024

// sshCertificateModel holds the attributes every certificate has: all of a
// host certificate's, and a user certificate's but its options.
type sshCertificateModel struct {
	ID                        types.String `tfsdk:"id"`
	URI                       types.String `tfsdk:"uri"`
	CreatedAt                 types.String `tfsdk:"created_at"`
	Description               types.String `tfsdk:"description"`
	Metadata                  types.String `tfsdk:"metadata"`
	SSHCertificateAuthorityID types.String `tfsdk:"ssh_certificate_authority_id"`
	PublicKey                 types.String `tfsdk:"public_key"`
	KeyType                   types.String `tfsdk:"key_type"`
	Principals                types.List   `tfsdk:"principals"`
	ValidAfter                types.String `tfsdk:"valid_after"`
	ValidUntil                types.String `tfsdk:"valid_until"`
	Certificate               types.String `tfsdk:"certificate"`
}

type sshHostCertificateModel struct {
	sshCertificateModel
}

type sshUserCertificateModel struct {
	sshCertificateModel
	CriticalOptions types.Map `tfsdk:"critical_options"`
	Extensions      types.Map `tfsdk:"extensions"`
}

// base is the common part of either kind's model, for code that serves both.
func (m *sshCertificateModel) base() *sshCertificateModel { return m }

func sshCertificateModelFromAPI(ctx context.Context, c *apiclient.SSHCertificate) (sshCertificateModel, diag.Diagnostics) {
	principals, diags := types.ListValueFrom(ctx, types.StringType, nonNilStrings(c.Principals))
	return sshCertificateModel{
		ID:                        types.StringValue(c.ID),
		URI:                       types.StringValue(c.URI),
		CreatedAt:                 types.StringValue(c.CreatedAt),
		Description:               types.StringValue(c.Description),
		Metadata:                  types.StringValue(c.Metadata),
		SSHCertificateAuthorityID: types.StringValue(c.SSHCertificateAuthorityID),
		PublicKey:                 types.StringValue(c.PublicKey),
		KeyType:                   types.StringValue(c.KeyType),
		Principals:                principals,
		ValidAfter:                types.StringValue(c.ValidAfter),
		ValidUntil:                types.StringValue(c.ValidUntil),
		Certificate:               types.StringValue(c.Certificate),
	}, diags
}

func sshHostCertificateModelFromAPI(ctx context.Context, c *apiclient.SSHHostCertificate) (sshHostCertificateModel, diag.Diagnostics) {
	m, diags := sshCertificateModelFromAPI(ctx, c)
	return sshHostCertificateModel{m}, diags
}

func sshUserCertificateModelFromAPI(ctx context.Context, c *apiclient.SSHUserCertificate) (sshUserCertificateModel, diag.Diagnostics) {
	m, diags := sshCertificateModelFromAPI(ctx, &c.SSHCertificate)
	// NOTE: the API always returns both maps; an absent one (another API
	// version, a proxy) reads as empty rather than null so that the state
	// never holds a null the plan did not predict.
	critical, d := types.MapValueFrom(ctx, types.StringType, nonNilStringMap(c.CriticalOptions))
	diags.Append(d...)
	extensions, d := types.MapValueFrom(ctx, types.StringType, nonNilStringMap(c.Extensions))
	diags.Append(d...)
	return sshUserCertificateModel{sshCertificateModel: m, CriticalOptions: critical, Extensions: extensions}, diags
}

// toCreate is the create body of a host certificate, and the common part of
// a user certificate's. Values the configuration leaves to the API (unknown
// in the plan) are omitted.
func (m sshCertificateModel) toCreate(ctx context.Context) (*apiclient.SSHCertificateCreate, diag.Diagnostics) {
	principals, diags := stringListValue(ctx, m.Principals)
	return &apiclient.SSHCertificateCreate{
		SSHCertificateAuthorityID: m.SSHCertificateAuthorityID.ValueString(),
		PublicKey:                 m.PublicKey.ValueString(),
		Principals:                principals,
		ValidAfter:                knownString(m.ValidAfter),
		ValidUntil:                knownString(m.ValidUntil),
		Description:               m.Description.ValueString(),
		Metadata:                  m.Metadata.ValueString(),
	}, diags
}

func (m sshUserCertificateModel) toCreate(ctx context.Context) (*apiclient.SSHUserCertificateCreate, diag.Diagnostics) {
	common, diags := m.sshCertificateModel.toCreate(ctx)
	critical, d := stringMapValue(ctx, m.CriticalOptions)
	diags.Append(d...)
	extensions, d := stringMapValue(ctx, m.Extensions)
	diags.Append(d...)
	return &apiclient.SSHUserCertificateCreate{SSHCertificateCreate: *common, CriticalOptions: critical, Extensions: extensions}, diags
}

// toUpdate sends both fields, so that one removed from the configuration
// (planned as "") is cleared rather than left behind.
func (m sshCertificateModel) toUpdate() *apiclient.SSHCertificateUpdate {
	return &apiclient.SSHCertificateUpdate{
		Description: m.Description.ValueStringPointer(),
		Metadata:    m.Metadata.ValueStringPointer(),
	}
}

// keepEquivalentText keeps the text of public_key, valid_after and
// valid_until from prior (the plan, or the state before a refresh) wherever
// the API's text means the same: the same key however it is commented or
// spaced, the same second however the time is written. Terraform requires
// the state after apply to match the plan exactly, and a refresh must not
// turn a change of notation into a diff.
func (m *sshCertificateModel) keepEquivalentText(prior sshCertificateModel) {
	m.PublicKey = preferEquivalent(m.PublicKey, prior.PublicKey, sameSSHPublicKey)
	m.ValidAfter = preferEquivalent(m.ValidAfter, prior.ValidAfter, sameSecond)
	m.ValidUntil = preferEquivalent(m.ValidUntil, prior.ValidUntil, sameSecond)
}

func preferEquivalent(current, prior types.String, same func(a, b string) bool) types.String {
	if prior.IsNull() || prior.IsUnknown() || current.IsNull() || current.IsUnknown() {
		return current
	}
	if same(current.ValueString(), prior.ValueString()) {
		return prior
	}
	return current
}

// parseSSHPublicKey reads a public key to certify: exactly one
// authorized-keys line (a comment is fine; options are not) of a type the API
// can certify. It returns the key's key_type.
func parseSSHPublicKey(text string) (string, error) {
	if strings.TrimSpace(text) == "" {
		return "", errors.New("the public key is empty")
	}
	pub, _, options, rest, err := ssh.ParseAuthorizedKey([]byte(text))
	if err != nil {
		return "", fmt.Errorf("it is not an OpenSSH public key line (%s)", utf8Text(err.Error()))
	}
	if len(options) > 0 {
		return "", fmt.Errorf("it starts with authorized_keys options (%s); give the key alone, as in a .pub file", strings.Join(options, ","))
	}
	if strings.TrimSpace(string(rest)) != "" {
		return "", errors.New("it holds more than one line; give exactly one public key")
	}
	if _, isCert := pub.(*ssh.Certificate); isCert {
		return "", errors.New("it is a certificate, not a public key; give the key that the certificate certifies")
	}
	switch pub.Type() {
	case ssh.KeyAlgoED25519:
		return keyTypeEd25519, nil
	case ssh.KeyAlgoECDSA256, ssh.KeyAlgoECDSA384, ssh.KeyAlgoECDSA521:
		return keyTypeECDSA, nil
	case ssh.KeyAlgoRSA:
		if bits := rsaBits(pub); bits < minSSHRSABits {
			return "", fmt.Errorf("the RSA key has %d bits; OpenSSH accepts no fewer than %d", bits, minSSHRSABits)
		}
		return keyTypeRSA, nil
	}
	return "", fmt.Errorf("keys of type %s cannot be certified; use an ed25519, ecdsa or rsa key", pub.Type())
}

// sameSSHPublicKey reports whether two authorized-keys lines hold the same
// key, whatever their comments and spacing.
func sameSSHPublicKey(a, b string) bool {
	ka, _, _, _, errA := ssh.ParseAuthorizedKey([]byte(a))
	kb, _, _, _, errB := ssh.ParseAuthorizedKey([]byte(b))
	if errA != nil || errB != nil {
		return a == b
	}
	return bytes.Equal(ka.Marshal(), kb.Marshal())
}

// sameSecond reports whether two RFC 3339 timestamps name the same second,
// the precision of an SSH certificate and so of the API.
func sameSecond(a, b string) bool {
	ta, errA := time.Parse(time.RFC3339, a)
	tb, errB := time.Parse(time.RFC3339, b)
	if errA != nil || errB != nil {
		return a == b
	}
	return ta.Truncate(time.Second).Equal(tb.Truncate(time.Second))
}

func knownString(v types.String) string {
	if v.IsNull() || v.IsUnknown() {
		return ""
	}
	return v.ValueString()
}

// stringListValue is nil for a null or unknown list.
func stringListValue(ctx context.Context, l types.List) ([]string, diag.Diagnostics) {
	if l.IsNull() || l.IsUnknown() {
		return nil, nil
	}
	out := make([]string, 0, len(l.Elements()))
	diags := l.ElementsAs(ctx, &out, false)
	return out, diags
}

// stringMapValue is nil for a null or unknown map (the API's default
// applies) and a non-nil map otherwise, even an empty one.
func stringMapValue(ctx context.Context, m types.Map) (map[string]string, diag.Diagnostics) {
	if m.IsNull() || m.IsUnknown() {
		return nil, nil
	}
	out := make(map[string]string, len(m.Elements()))
	diags := m.ElementsAs(ctx, &out, false)
	return out, diags
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func nonNilStringMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func rsaBits(pub ssh.PublicKey) int {
	if cpk, ok := pub.(ssh.CryptoPublicKey); ok {
		if k, ok := cpk.CryptoPublicKey().(*rsa.PublicKey); ok {
			return k.N.BitLen()
		}
	}
	return 0
}
